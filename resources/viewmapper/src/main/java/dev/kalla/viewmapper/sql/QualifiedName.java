package dev.kalla.viewmapper.sql;

import java.util.List;

/** A relation name as written in SQL: one to three normalised parts (catalog.schema.table). */
public record QualifiedName(List<String> parts) {

    public QualifiedName {
        if (parts.isEmpty() || parts.size() > 3) {
            throw new IllegalArgumentException("a relation name has 1 to 3 parts, got " + parts);
        }
        parts = List.copyOf(parts);
    }

    public static QualifiedName of(String... parts) {
        return new QualifiedName(List.of(parts));
    }

    public String last() {
        return parts.get(parts.size() - 1);
    }

    @Override
    public String toString() {
        return String.join(".", parts);
    }
}
