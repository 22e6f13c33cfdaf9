package dev.kalla.viewmapper.columns;

/**
 * How a column's value is made from a source column. Ordered by how much the value changes, so
 * a path through several steps (an aggregate over a CTE's expression) takes the strongest.
 */
public enum TransformKind {
    DIRECT, EXPRESSION, WINDOW, AGGREGATE;

    public TransformKind then(TransformKind next) {
        return compareTo(next) >= 0 ? this : next;
    }

    public String json() {
        return name().toLowerCase();
    }
}
