package dev.kalla.viewmapper.columns;

import dev.kalla.viewmapper.sql.QualifiedName;

import java.util.List;
import java.util.Set;

/**
 * The part of a query's structure that decides where each output column comes from: select
 * items (their column references, how they combine them, scalar subqueries), the relations in
 * scope with their aliases, CTEs inlined as derived relations, and set operations.
 */
final class QueryModel {
    private QueryModel() {
    }

    sealed interface Query permits Select, SetOperation, Values, Sorted {
    }

    /**
     * One SELECT; {@code using} holds USING/NATURAL join columns, which name both sides at once.
     * {@code clauses} are the conditions and keys that decide which rows there are without being
     * a value of any column (OpenLineage's INDIRECT lineage): JOIN … ON, WHERE, GROUP BY, HAVING.
     */
    record Select(List<Item> items, List<Source> sources, Set<String> using, List<Clause> clauses) implements Query {
        Select(List<Item> items, List<Source> sources, Set<String> using) {
            this(items, sources, using, List.of());
        }
    }

    /**
     * A JOIN condition, WHERE, GROUP BY key, HAVING or ORDER BY key, read like a select item;
     * {@code subtype} is OpenLineage's (JOIN, FILTER, GROUP_BY, SORT). {@code ordinal} is the
     * output column a bare number names ({@code GROUP BY 1}, {@code ORDER BY 2}), else 0.
     */
    record Clause(String subtype, Item item, int ordinal, JoinUsing using) {
        Clause(String subtype, Item item, int ordinal) {
            this(subtype, item, ordinal, null);
        }

        Clause(String subtype, Item item) {
            this(subtype, item, 0, null);
        }
    }

    /**
     * A USING (or NATURAL) join's condition: the named columns (for NATURAL, every name both sides
     * share) are compared, so each side's column of that name is a JOIN column. {@code left} and
     * {@code right} are the relations on each side, the same objects as in the select's sources.
     */
    record JoinUsing(List<String> columns, boolean natural, List<Source> left, List<Source> right) {
    }

    /** A query with ORDER BY: its keys (SORT) name output columns first, then the columns of a select's FROM clause. */
    record Sorted(Query query, List<Clause> keys) implements Query {
    }

    /**
     * A column an expression reads without taking its value (OpenLineage INDIRECT at field level):
     * WINDOW for a window's PARTITION BY / ORDER BY, CONDITIONAL for a CASE WHEN or IF condition
     * (and a simple CASE's operand and WHEN values).
     */
    record Keyed(String subtype, ColumnRef ref) {
    }

    /** UNION / INTERSECT / EXCEPT: names from the first branch, values from every branch by position. */
    record SetOperation(List<Query> branches) implements Query {
    }

    /** VALUES rows: each cell read like a select item (constants, scalar subqueries, columns of a LATERAL's outer relations). */
    record Values(List<List<Item>> rows) implements Query {
        int width() {
            return rows.isEmpty() ? 0 : rows.get(0).size();
        }
    }

    /**
     * A select item. For {@code *} or {@code t.*}, {@code star} is set and {@code starQualifier}
     * names the relation (null for all); otherwise {@code name} is the output name (alias, the
     * column's own name, or null when Trino would call it {@code _colN}). {@code windows} names the
     * windows of the select's WINDOW clause it uses ({@code rank() OVER w}, {@code OVER (w ORDER BY x)});
     * once the clause is read, their columns are among {@code refs}. {@code notes} say what the parser
     * did not follow (a word Trino does not reserve, read as a keyword, in an item that reads no column).
     * {@code keyed} are the columns it reads without taking their value (window keys, CASE conditions).
     */
    record Item(String name, boolean star, List<String> starQualifier, List<String> starAliases,
                List<ColumnRef> refs, List<Query> subqueries, TransformKind kind, List<String> windows, List<String> notes,
                List<Keyed> keyed) {
        Item(String name, boolean star, List<String> starQualifier, List<String> starAliases,
             List<ColumnRef> refs, List<Query> subqueries, TransformKind kind) {
            this(name, star, starQualifier, starAliases, refs, subqueries, kind, List.of(), List.of(), List.of());
        }
    }

    record ColumnRef(List<String> parts, int offset) {
        String column() {
            return parts.get(parts.size() - 1);
        }

        List<String> qualifier() {
            return parts.subList(0, parts.size() - 1);
        }
    }

    /** A relation in a FROM clause, under the name it can be referred to by. */
    sealed interface Source permits Named, Derived, Unnest, Opaque {
        String alias();

        List<String> columnAliases();
    }

    /** A view or table of the catalog. */
    record Named(QualifiedName name, String alias, List<String> columnAliases) implements Source {
    }

    /** A subquery, LATERAL or CTE reference: its columns are computed from its query. */
    record Derived(Query query, String alias, List<String> columnAliases, String what) implements Source {
        static final String LATERAL = "LATERAL subquery";

        /** LATERAL sees the relations before it in the FROM clause; other subqueries do not. */
        boolean lateral() {
            return LATERAL.equals(what);
        }
    }

    /**
     * UNNEST(a, b, …) [WITH ORDINALITY]: each array is an expression over the relations before it
     * in the FROM clause (read like a select item), its elements become the named columns.
     */
    record Unnest(List<Item> arrays, boolean ordinality, String alias, List<String> columnAliases) implements Source {
    }

    /** A table function, MATCH_RECOGNIZE, a recursive CTE's self-reference: no source columns to follow. */
    record Opaque(String alias, List<String> columnAliases, String what) implements Source {
    }
}
