package dev.kalla.viewmapper.columns;

/**
 * How a column's value is made from a source column. Ordered by how much the value changes, so
 * a path through several steps (an aggregate over a CTE's expression) takes the strongest.
 */
public enum TransformKind {
    DIRECT, EXPRESSION, WINDOW, AGGREGATE,
    /**
     * Not a source of the value: the column decides which rows there are (a JOIN condition, WHERE,
     * GROUP BY, HAVING), OpenLineage's INDIRECT. Only on impact edges (what breaks if it is dropped);
     * a view's own list is {@code ColumnLineage.ViewColumns.indirect}.
     */
    INDIRECT;

    public TransformKind then(TransformKind next) {
        return compareTo(next) >= 0 ? this : next;
    }

    public String json() {
        return name().toLowerCase();
    }
}
