package dev.kalla.viewmapper.sql;

/** Raised for SQL the relation parser cannot follow; the message names the position. */
public class SqlParseException extends RuntimeException {
    public SqlParseException(String message) {
        super(message);
    }
}
