package dev.kalla.viewmapper.columns;

import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.GraphBuilder;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;
import dev.kalla.viewmapper.sql.SourcePosition;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26's "never silently wrong" cases: SQL whose columns used to come out with no origin and
 * no note. Origins are written "relation.column kind"; tables raw.t (a, b, c) and raw.orders
 * (id, amount) list their columns.
 */
class SilentGapsTest {
    static final Map<ObjectName, List<String>> TABLES = Map.of(
            new ObjectName("hive", "raw", "t"), List.of("a", "b", "c"),
            new ObjectName("hive", "raw", "orders"), List.of("id", "amount", "customer", "placed"));

    static ColumnLineage lineage(String... nameSqlPairs) {
        List<ViewDefinition> views = new ArrayList<>();
        for (int k = 0; k < nameSqlPairs.length; k += 2) views.add(new ViewDefinition("hive", "s", nameSqlPairs[k], nameSqlPairs[k + 1]));
        DependencyGraph g = GraphBuilder.build(views, IdentifierCase.TRINO, "hive", "s");
        return new ColumnLineage(g, IdentifierCase.TRINO, TABLES);
    }

    static ObjectName n(String name) {
        return new ObjectName("hive", "s", name);
    }

    /** The columns a view column reads without taking their value (window keys, CASE conditions), "relation.column subtype". */
    static Set<String> keyed(ColumnLineage l, String view, String column) {
        Set<String> out = new TreeSet<>();
        for (ColumnLineage.Indirect i : l.columnsOf(n(view)).column(column).indirect()) {
            out.add(l.graph().display(i.relation()) + "." + i.column() + " " + i.subtype().toLowerCase(java.util.Locale.ROOT));
        }
        return out;
    }

    static Set<String> origins(ColumnLineage l, String view, String column) {
        ColumnLineage.ViewColumns vc = l.columnsOf(n(view));
        assertNull(vc.error(), () -> view + ": " + vc.error());
        ColumnLineage.Column c = vc.column(column);
        assertNotNull(c, () -> view + " has no column " + column + "; it has " + vc.columns().stream().map(ColumnLineage.Column::name).toList());
        Set<String> out = new TreeSet<>();
        for (ColumnLineage.Origin o : c.origins()) {
            out.add(l.graph().display(o.relation()) + "." + o.column() + " " + o.kind().json() + (o.assumed() != null ? " (assumed)" : ""));
        }
        return out;
    }

    static List<String> notes(ColumnLineage l, String view, String column) {
        return l.columnsOf(n(view)).column(column).notes();
    }

    // ---- VALUES ----------------------------------------------------------------------------

    @Test
    void scalarSubqueriesInValuesRowsAreTraced() {
        ColumnLineage l = lineage("v", """
                SELECT x, y FROM (VALUES (1, 'none'), ((SELECT max(amount) FROM raw.orders), 'max')) AS v (x, y)""");
        assertEquals(Set.of("raw.orders.amount aggregate"), origins(l, "v", "x"));
        assertEquals(Set.of(), origins(l, "v", "y"));
        assertEquals(List.of(), notes(l, "v", "y"));
    }

    @Test
    void lateralValuesUnpivotsColumnsOfTheRelationBefore() {
        ColumnLineage l = lineage("v", """
                SELECT t.c AS k, u.metric, u.val
                FROM raw.t t CROSS JOIN LATERAL (VALUES ('a', t.a), ('b', t.b * 2)) AS u (metric, val)""");
        assertEquals(Set.of("raw.t.a direct", "raw.t.b expression"), origins(l, "v", "val"));
        assertEquals(Set.of(), origins(l, "v", "metric"));
        assertEquals(Set.of("raw.t.c direct"), origins(l, "v", "k"));
    }

    @Test
    void oneColumnValuesWithoutBracketsAndAsAWholeView() {
        ColumnLineage l = lineage("v", "VALUES 1, 2, (SELECT max(a) FROM raw.t)",
                "w", "SELECT _col0 AS n FROM v");
        assertEquals(List.of("_col0"), l.columnsOf(n("v")).columns().stream().map(ColumnLineage.Column::name).toList());
        assertEquals(Set.of("raw.t.a aggregate"), origins(l, "v", "_col0"));
        assertEquals(Set.of("v._col0 direct"), origins(l, "w", "n"));
        assertTrue(l.columnsOf(n("v")).column("_col0").notes().isEmpty());
    }

    // ---- named windows ---------------------------------------------------------------------

    @Test
    void aNamedWindowsColumnsAreInputsOfTheFunctionsOverIt() {
        ColumnLineage l = lineage("v", """
                SELECT o.id, rank() OVER w AS r,
                       sum(o.amount) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running
                FROM raw.orders o
                WHERE o.amount > 0
                WINDOW w AS (PARTITION BY o.customer ORDER BY o.placed)
                ORDER BY 1""");
        // The window's keys are read, not the value: OpenLineage INDIRECT/WINDOW on the column (issue 26)
        assertEquals(Set.of(), origins(l, "v", "r"));
        assertEquals(Set.of("raw.orders.customer window", "raw.orders.placed window"), keyed(l, "v", "r"));
        assertEquals(Set.of("raw.orders.amount window"), origins(l, "v", "running"));
        assertEquals(Set.of("raw.orders.customer window", "raw.orders.placed window"), keyed(l, "v", "running"));
        assertEquals(List.of(), notes(l, "v", "running"));
        // "what breaks if I drop raw.orders.customer" finds both
        ColumnLineage.ColumnGraph impact = l.impact(new ObjectName("hive", "raw", "orders"), "customer", 100);
        Set<String> hit = new TreeSet<>();
        for (ColumnLineage.TraceNode t : impact.nodes()) hit.add(l.graph().display(t.relation()) + "." + t.column());
        assertEquals(Set.of("raw.orders.customer", "v.r", "v.running"), hit);
    }

    @Test
    void aWindowDefinedFromAnotherBringsItsColumnsToo() {
        ColumnLineage l = lineage("v", """
                SELECT id, row_number() OVER w2 AS n
                FROM raw.orders
                WINDOW w1 AS (PARTITION BY customer), w2 AS (w1 ORDER BY placed DESC)""");
        assertEquals(Set.of(), origins(l, "v", "n"));
        assertEquals(Set.of("raw.orders.customer window", "raw.orders.placed window"), keyed(l, "v", "n"));
        assertEquals(List.of(), notes(l, "v", "n"));
        assertEquals(Set.of("raw.orders.id direct"), origins(l, "v", "id"));
    }

    // ---- Trino's own rules for a view's columns ----------------------------------------------

    private static ColumnLineage.ViewColumns fromFile(IdentifierCase idCase, String sql) {
        ViewDefinition def = new ViewDefinition("hive", "s", "v", sql, "mart/all.sql", new SourcePosition(4, 1));
        DependencyGraph g = GraphBuilder.build(List.of(def), idCase, "hive", "s");
        assertEquals(List.of(), g.failures());
        return new ColumnLineage(g, idCase, TABLES).columnsOf(n("v"));
    }

    @Test
    void aColumnListOfTheWrongLengthMakesTheViewInvalidWithItsFileAndLine() {
        assertEquals(ColumnLineage.REJECTED + "its column list has 2 names but its query has 3 columns (in mart/all.sql from line 4)",
                fromFile(IdentifierCase.TRINO, "CREATE VIEW v (x, y) AS SELECT a, b, c FROM raw.t").error());
        assertEquals(ColumnLineage.REJECTED + "its column list has 3 names but its query has 1 column (in mart/all.sql from line 4)",
                fromFile(IdentifierCase.TRINO, "CREATE VIEW v (x, y, z) AS SELECT a FROM raw.t").error());
        assertEquals(ColumnLineage.REJECTED + "its column list has 1 name but its query has 2 or more columns (in mart/all.sql from line 4)",
                fromFile(IdentifierCase.TRINO, "CREATE VIEW v (x) AS SELECT a, b, u.* FROM raw.t, raw.unlisted u").error());
        // a * over a table whose columns the catalog does not list: the count is unknown, the list is taken as written
        ColumnLineage.ViewColumns open = fromFile(IdentifierCase.TRINO, "CREATE VIEW v (p, q, r) AS SELECT * FROM raw.unlisted");
        assertNull(open.error());
        assertEquals(List.of("p", "q", "r"), open.columns().stream().map(ColumnLineage.Column::name).toList());
        assertNull(fromFile(IdentifierCase.TRINO, "CREATE VIEW v (x, y, z) AS SELECT * FROM raw.t").error());
    }

    /** Found by the differential generator (issue 26): after IF NOT EXISTS the list was skipped, silently. */
    @Test
    void aColumnListAfterIfNotExistsIsKept() {
        ColumnLineage.ViewColumns vc = fromFile(IdentifierCase.TRINO, "CREATE VIEW IF NOT EXISTS v (x, \"Y z\") COMMENT 'l (m)' AS SELECT a, b FROM raw.t");
        assertNull(vc.error());
        assertEquals(List.of("x", "y z"), vc.columns().stream().map(ColumnLineage.Column::name).toList());
        assertEquals(ColumnLineage.REJECTED + "its column list has 1 name but its query has 2 columns (in mart/all.sql from line 4)",
                fromFile(IdentifierCase.TRINO, "CREATE OR REPLACE MATERIALIZED VIEW IF NOT EXISTS s.v (x) AS SELECT a, b FROM raw.t").error());
    }

    @Test
    void postgresqlLetsAShorterColumnListRenameTheFirstColumns() {
        ColumnLineage.ViewColumns vc = fromFile(IdentifierCase.SQL_STANDARD, "CREATE VIEW v (x) AS SELECT a, b FROM raw.t");
        assertNull(vc.error());
        assertEquals(List.of("x", "b"), vc.columns().stream().map(ColumnLineage.Column::name).toList());
        // No column list at all (a definition PostgreSQL stored): the columns as selected, once each.
        ColumnLineage.ViewColumns plain = fromFile(IdentifierCase.SQL_STANDARD, "SELECT a, b FROM raw.t");
        assertNull(plain.error());
        assertEquals(List.of("a", "b"), plain.columns().stream().map(ColumnLineage.Column::name).toList());
        assertTrue(fromFile(IdentifierCase.SQL_STANDARD, "CREATE VIEW v (x, y, z) AS SELECT a, b FROM raw.t").error()
                .startsWith(ColumnLineage.REJECTED + "its column list has 3 names but its query has 2 columns"));
    }

    @Test
    void twoOutputColumnsOfOneNameMakeTheViewInvalid() {
        assertEquals(ColumnLineage.REJECTED + "column name 'a' specified more than once (in mart/all.sql from line 4)",
                fromFile(IdentifierCase.TRINO, "SELECT a, b AS a FROM raw.t").error());
        assertEquals(ColumnLineage.REJECTED + "column name 'x' specified more than once (in mart/all.sql from line 4)",
                fromFile(IdentifierCase.TRINO, "CREATE VIEW v (x, x) AS SELECT a, b FROM raw.t").error());
        // SELECT * over two relations that share a column name, as Trino refuses it
        ColumnLineage l = lineage("w", "SELECT a, b AS k FROM raw.t", "v", "SELECT * FROM w JOIN raw.t USING (a)",
                "dup", "SELECT * FROM w x JOIN raw.t y ON x.a = y.a", "r", "SELECT b FROM dup",
                "dup2", "SELECT * FROM raw.t JOIN raw.t t2 USING (a)");
        assertNull(l.columnsOf(n("v")).error()); // USING (a): a once, then k, b, c
        assertEquals(ColumnLineage.REJECTED + "column name 'b' specified more than once", l.columnsOf(n("dup2")).error());
        assertEquals(ColumnLineage.REJECTED + "column name 'a' specified more than once", l.columnsOf(n("dup")).error());
        // tracing into it says why it stops
        ColumnLineage.ColumnGraph g = l.trace(n("r"), "b", 50);
        assertEquals(List.of("dup: " + ColumnLineage.REJECTED + "column name 'a' specified more than once"), g.notes());
    }

    // ---- the general guard -----------------------------------------------------------------

    @Test
    void aStarOverATableFunctionSaysItsColumnsAreNotTraced() {
        ColumnLineage l = lineage("v", "SELECT * FROM TABLE(system.sequence(start => 1, stop => 3))",
                "w", "SELECT sequential_number AS n FROM v");
        ColumnLineage.ViewColumns vc = l.columnsOf(n("v"));
        assertEquals(List.of("a table function"), vc.untraced());
        assertEquals(List.of("v.sequential_number may come from a table function, which is not traced"),
                l.trace(n("v"), "sequential_number", 10).notes());
        assertEquals(List.of("'sequential_number' may come from a table function (through * in v), which is not traced"), notes(l, "w", "n"));
    }

    @Test
    void anExistsSubqueryReadsNoColumnAndSaysSo() {
        ColumnLineage l = lineage("v", "SELECT EXISTS (SELECT 1 FROM raw.orders o WHERE o.customer = t.a) AS has_orders FROM raw.t t");
        assertEquals(Set.of(), origins(l, "v", "has_orders"));
        assertEquals(List.of(ColumnLineage.SUBQUERY_OF_NO_COLUMN), notes(l, "v", "has_orders"));
    }

    @Test
    void wordsTrinoDoesNotReserveAreColumnsOrTheItemSaysItMayMissOne() {
        ColumnLineage l = lineage("v", """
                SELECT filter, local, count(a) FILTER (WHERE b > 0) AS n, coalesce(no, 0) AS x, normalize(c, NFKC) AS c2
                FROM (SELECT a, b, c, a AS filter, b AS local, c AS no FROM raw.t) s""");
        assertEquals(Set.of("raw.t.a direct"), origins(l, "v", "filter"));
        assertEquals(Set.of("raw.t.b direct"), origins(l, "v", "local"));
        assertEquals(Set.of("raw.t.a aggregate"), origins(l, "v", "n"));
        assertEquals(Set.of("raw.t.b conditional"), keyed(l, "v", "n")); // FILTER (WHERE b > 0): read, not the value
        assertEquals(Set.of("raw.t.c expression"), origins(l, "v", "c2"));
        assertEquals(List.of(), notes(l, "v", "c2"));
        assertEquals(List.of("reads no column, but 'no' was read as a keyword; if it names a column, that column is not traced"), notes(l, "v", "x"));
    }
}
