package dev.kalla.viewmapper.sql;

import java.util.Locale;

/**
 * How identifiers are normalised before names are compared.
 *
 * <p>Trino folds every identifier to lower case, quoted or not, so {@code "Orders"} and
 * {@code orders} are the same table there; that is the default because the engine maps Trino
 * views. PostgreSQL keeps quoted identifiers exactly, so JDBC connections to it use
 * {@link #SQL_STANDARD}.
 */
public enum IdentifierCase {
    TRINO,
    SQL_STANDARD;

    public String unquoted(String raw) {
        return raw.toLowerCase(Locale.ROOT);
    }

    public String quoted(String raw) {
        return this == TRINO ? raw.toLowerCase(Locale.ROOT) : raw;
    }
}
