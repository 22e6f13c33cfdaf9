package dev.kalla.viewmapper.columns;

import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.GraphBuilder;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Column lineage, case by case. Origins are written "relation.column kind", with " (assumed)"
 * when the SQL alone does not prove the link. Relations are shown relative to hive.s.
 */
class ColumnLineageTest {
    private static ColumnLineage lineage(String... nameSqlPairs) {
        List<ViewDefinition> views = new ArrayList<>();
        for (int k = 0; k < nameSqlPairs.length; k += 2) views.add(new ViewDefinition("hive", "s", nameSqlPairs[k], nameSqlPairs[k + 1]));
        DependencyGraph g = GraphBuilder.build(views, IdentifierCase.TRINO, "hive", "s");
        return new ColumnLineage(g, IdentifierCase.TRINO);
    }

    private static ObjectName n(String name) {
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

    private static Set<String> origins(ColumnLineage l, String view, String column) {
        ColumnLineage.ViewColumns vc = l.columnsOf(n(view));
        assertNotNull(vc, view + " is a view");
        assertNull(vc.error(), () -> view + ": " + vc.error());
        ColumnLineage.Column c = vc.column(column);
        assertNotNull(c, () -> view + " has no column " + column + "; it has " + vc.columns().stream().map(ColumnLineage.Column::name).toList());
        Set<String> out = new TreeSet<>();
        for (ColumnLineage.Origin o : c.origins()) {
            out.add(l.graph().display(o.relation()) + "." + o.column() + " " + o.kind().json() + (o.assumed() != null ? " (assumed)" : ""));
        }
        return out;
    }

    private static List<String> columns(ColumnLineage l, String view) {
        return l.columnsOf(n(view)).columns().stream().map(ColumnLineage.Column::name).toList();
    }

    @Test
    void aliasesQualifiersAndTransformKinds() {
        ColumnLineage l = lineage("v", """
                SELECT o.id, o.amount AS gross, o.amount - o.fee net, upper(c.name) AS customer,
                       sum(o.amount) AS total, rank() OVER (PARTITION BY c.country ORDER BY o.amount) AS r,
                       CAST(o.placed AS date) placed_on, 42 AS answer, o.offset
                FROM raw.orders o JOIN raw.customers AS c ON c.id = o.customer_id
                GROUP BY 1, 2, 3, 4""");
        assertEquals(List.of("id", "gross", "net", "customer", "total", "r", "placed_on", "answer", "offset"), columns(l, "v"));
        assertEquals(Set.of("raw.orders.id direct"), origins(l, "v", "id"));
        assertEquals(Set.of("raw.orders.amount direct"), origins(l, "v", "gross"));
        assertEquals(Set.of("raw.orders.amount expression", "raw.orders.fee expression"), origins(l, "v", "net"));
        assertEquals(Set.of("raw.customers.name expression"), origins(l, "v", "customer"));
        assertEquals(Set.of("raw.orders.amount aggregate"), origins(l, "v", "total"));
        assertEquals(Set.of(), origins(l, "v", "r")); // rank() takes no column's value; its window's keys are indirect
        assertEquals(Set.of("raw.customers.country window", "raw.orders.amount window"), keyed(l, "v", "r"));
        assertEquals(Set.of("raw.orders.placed expression"), origins(l, "v", "placed_on"));
        assertEquals(Set.of(), origins(l, "v", "answer"));
        assertEquals(Set.of("raw.orders.offset direct"), origins(l, "v", "offset"));
    }

    @Test
    void unnamedExpressionsAreCalledLikeTrinoDoes() {
        ColumnLineage l = lineage("v", "SELECT a + 1, b FROM raw.t");
        assertEquals(List.of("_col0", "b"), columns(l, "v"));
        assertEquals(Set.of("raw.t.a expression"), origins(l, "v", "_col0"));
    }

    @Test
    void ctesAndSubqueriesAreFollowedToTheRealTables() {
        ColumnLineage l = lineage("v", """
                WITH totals AS (SELECT customer_id, sum(amount) AS spent FROM raw.orders GROUP BY 1),
                     ranked (cid, amount_spent) AS (SELECT customer_id, spent FROM totals)
                SELECT x.cid, x.amount_spent * 2 AS doubled, (SELECT max(level) FROM raw.tiers) AS top_tier
                FROM (SELECT * FROM ranked) AS x""");
        assertEquals(Set.of("raw.orders.customer_id direct"), origins(l, "v", "cid"));
        assertEquals(Set.of("raw.orders.amount aggregate"), origins(l, "v", "doubled"));
        assertEquals(Set.of("raw.tiers.level aggregate"), origins(l, "v", "top_tier"));
    }

    @Test
    void aCteNamedLikeATableShadowsItOnlyAfterItsDeclaration() {
        ColumnLineage l = lineage("v", "WITH orders AS (SELECT id, amount * 100 AS cents FROM orders) SELECT cents FROM orders");
        assertEquals(Set.of("orders.amount expression"), origins(l, "v", "cents"));
    }

    @Test
    void aNestedWithStillSeesTheOuterCtes() {
        // The inner WITH adds to the CTEs in scope; it does not start from none (a mutant that dropped
        // the outer CTEs here passed every other JUnit test: only the TS-vs-Java differential caught it).
        ColumnLineage l = lineage("v", """
                WITH paid AS (SELECT id, amount AS gross FROM raw.payments)
                SELECT s.net FROM (WITH fees AS (SELECT id, gross - 1 AS net FROM paid) SELECT net FROM fees) AS s""");
        assertEquals(Set.of("raw.payments.amount expression"), origins(l, "v", "net"));
    }

    @Test
    void starExpandsOverViewsWhoseColumnsAreKnown() {
        ColumnLineage l = lineage(
                "base", "SELECT id, amount FROM raw.orders",
                "enriched", "SELECT b.*, c.name FROM base b JOIN raw.customers c ON c.id = b.id",
                "top", "SELECT * FROM enriched WHERE amount > 100");
        assertEquals(List.of("id", "amount", "name"), columns(l, "top"));
        assertEquals(Set.of("enriched.amount direct"), origins(l, "top", "amount"));
        assertEquals(Set.of("base.amount direct"), origins(l, "enriched", "amount"));
        ColumnLineage.ColumnGraph trace = l.trace(n("top"), "amount", 100);
        assertEquals(Set.of("top.amount", "enriched.amount", "base.amount", "raw.orders.amount"), names(l, trace));
    }

    @Test
    void starOverATableWhoseColumnsAreUnknownPassesColumnsThroughWithANote() {
        ColumnLineage l = lineage(
                "staged", "SELECT * FROM raw.events",
                "report", "SELECT s.kind, count(*) AS n FROM staged s GROUP BY 1");
        assertEquals(List.of(), columns(l, "staged"));
        assertEquals(Set.of(n("raw", "events")), l.columnsOf(n("staged")).openVia());
        assertEquals(Set.of("staged.kind direct"), origins(l, "report", "kind"));
        ColumnLineage.ColumnGraph trace = l.trace(n("report"), "kind", 100);
        assertEquals(Set.of("report.kind", "staged.kind", "raw.events.kind"), names(l, trace));
        assertTrue(trace.notes().stream().anyMatch(s -> s.contains("does not list 'kind'")), trace.notes()::toString);

        ColumnLineage.ColumnGraph impact = l.impact(new ObjectName("hive", "raw", "events"), "kind", 100);
        // GROUP BY 1 groups on kind, so count(*) breaks too (OpenLineage INDIRECT/GROUP_BY)
        assertEquals(Set.of("raw.events.kind", "staged.kind", "report.kind", "report.n"), names(l, impact));
    }

    @Test
    void anAmbiguousBareNameIsKeptButMarkedAssumed() {
        ColumnLineage l = lineage("v", "SELECT status FROM raw.a JOIN raw.b ON a.id = b.id");
        assertEquals(Set.of("raw.a.status direct (assumed)", "raw.b.status direct (assumed)"), origins(l, "v", "status"));
    }

    @Test
    void usingColumnsNameBothSidesWithoutDoubt() {
        ColumnLineage l = lineage(
                "a", "SELECT id, x FROM raw.a",
                "b", "SELECT id, y FROM raw.b",
                "v", "SELECT id, x, y FROM a JOIN b USING (id)");
        assertEquals(Set.of("a.id direct", "b.id direct"), origins(l, "v", "id"));
        assertEquals(Set.of("a.x direct"), origins(l, "v", "x"));
        assertEquals(Set.of("b.y direct"), origins(l, "v", "y"));
    }

    @Test
    void aBareNameListedByOneViewIsResolvedThere() {
        ColumnLineage l = lineage(
                "a", "SELECT id, x FROM raw.a",
                "b", "SELECT id, y FROM raw.b",
                "v", "SELECT x, y FROM a JOIN b ON a.id = b.id");
        assertEquals(Set.of("a.x direct"), origins(l, "v", "x"));
        assertEquals(Set.of("b.y direct"), origins(l, "v", "y"));
    }

    @Test
    void setOperationsTakeNamesFromTheFirstBranchAndValuesFromAll() {
        ColumnLineage l = lineage("v", "SELECT id, amount AS value FROM raw.sales UNION ALL SELECT ref, -refund FROM raw.returns");
        assertEquals(List.of("id", "value"), columns(l, "v"));
        assertEquals(Set.of("raw.sales.id direct", "raw.returns.ref direct"), origins(l, "v", "id"));
        assertEquals(Set.of("raw.sales.amount direct", "raw.returns.refund expression"), origins(l, "v", "value"));
    }

    @Test
    void bracketedJoinsLateralAndUnnest() {
        ColumnLineage l = lineage("v", """
                SELECT x.a, u.b, tag, l.m
                FROM ((SELECT a FROM raw.t) x JOIN raw.u u ON true)
                CROSS JOIN UNNEST(u.tags) AS t (tag)
                CROSS JOIN LATERAL (SELECT max(v) AS m FROM raw.w WHERE w.k = x.a) l""");
        assertEquals(Set.of("raw.t.a direct"), origins(l, "v", "a"));
        assertEquals(Set.of("raw.u.b direct"), origins(l, "v", "b"));
        assertEquals(Set.of("raw.u.tags expression (assumed)"), origins(l, "v", "tag")); // raw.u lists no columns: it could hold a tag too
        assertEquals(Set.of("raw.w.v aggregate"), origins(l, "v", "m"));
    }

    @Test
    void unnestElementsComeFromTheirArrays() {
        ColumnLineage l = lineage(
                "paired", """
                        SELECT o.id, l.item, l.qty, l.n
                        FROM raw.orders o
                        CROSS JOIN UNNEST(o.items, transform(o.lines, x -> x.qty)) WITH ORDINALITY AS l (item, qty, n)""",
                "rows", "SELECT e.id, a.k, a.v FROM raw.events e CROSS JOIN UNNEST(e.attributes) AS a (k, v)",
                "unpaired", "SELECT x.p, x.q, x.r FROM raw.t CROSS JOIN UNNEST(t.a, t.b) AS x (p, q, r)");
        assertEquals(Set.of("raw.orders.items expression"), origins(l, "paired", "item"));
        assertEquals(Set.of("raw.orders.lines expression"), origins(l, "paired", "qty"));
        assertEquals(Set.of(), origins(l, "paired", "n"));
        assertEquals(Set.of("raw.events.attributes expression"), origins(l, "rows", "k"));
        assertEquals(Set.of("raw.events.attributes expression"), origins(l, "rows", "v"));
        assertEquals(Set.of("raw.t.a expression (assumed)", "raw.t.b expression (assumed)"), origins(l, "unpaired", "q"));
        ColumnLineage.ColumnGraph impact = l.impact(new ObjectName("hive", "raw", "orders"), "items", 50);
        assertTrue(impact.nodes().contains(new ColumnLineage.TraceNode(n("paired"), "item")), () -> impact.nodes().toString());
    }

    @Test
    void anAliasOverABracketedJoinHidesTheNamesInside() {
        ColumnLineage l = lineage(
                "a", "SELECT id, amount FROM raw.orders",
                "b", "SELECT id AS customer_id, name FROM raw.customers",
                "v", "SELECT j.amount, j.name, a.id FROM (a JOIN b ON a.id = b.customer_id) AS j",
                "w", "SELECT j.total, j.who FROM (a CROSS JOIN b) j (oid, total, cid, who)");
        assertEquals(Set.of("a.amount direct"), origins(l, "v", "amount"));
        assertEquals(Set.of("b.name direct"), origins(l, "v", "name"));
        assertEquals(Set.of(), origins(l, "v", "id")); // a is not in scope outside the brackets
        assertTrue(l.trace(n("v"), "id", 50).notes().stream().anyMatch(s -> s.contains("'a.id' does not name a column")));
        assertEquals(Set.of("a.amount direct"), origins(l, "w", "total"));
        assertEquals(Set.of("b.name direct"), origins(l, "w", "who"));
    }

    @Test
    void lateralSubqueriesSeeTheRelationsBeforeThem() {
        ColumnLineage l = lineage("v", """
                SELECT o.id, d.doubled
                FROM raw.orders o CROSS JOIN LATERAL (SELECT o.amount * 2 AS doubled) d""");
        assertEquals(Set.of("raw.orders.amount expression"), origins(l, "v", "doubled"));
    }

    @Test
    void createViewWithAColumnListRenamesByPosition() {
        ColumnLineage l = lineage("v", "CREATE VIEW v (order_id, total) AS SELECT id, sum(amount) FROM raw.orders GROUP BY 1");
        assertEquals(List.of("order_id", "total"), columns(l, "v"));
        assertEquals(Set.of("raw.orders.amount aggregate"), origins(l, "v", "total"));
    }

    @Test
    void keywordsTypesAndLiteralsAreNotColumns() {
        ColumnLineage l = lineage("v", """
                SELECT CASE WHEN status IS NOT NULL THEN 'x' ELSE 'y' END AS flag,
                       date_trunc('month', created) AS month, DATE '2024-01-01' AS d, current_date AS today,
                       extract(YEAR FROM created) AS yr, trim(BOTH ' ' FROM name) AS nm,
                       CAST(price AS decimal(10, 2)) AS price, count(*) FILTER (WHERE kind = 'a') AS n_a,
                       transform(items, i -> i * 2) AS doubled
                FROM raw.t""");
        assertEquals(Set.of(), origins(l, "v", "flag")); // the CASE condition is read, not the value
        assertEquals(Set.of("raw.t.status conditional"), keyed(l, "v", "flag"));
        assertEquals(Set.of("raw.t.created expression"), origins(l, "v", "month"));
        assertEquals(Set.of(), origins(l, "v", "d"));
        assertEquals(Set.of(), origins(l, "v", "today"));
        assertEquals(Set.of("raw.t.created expression"), origins(l, "v", "yr"));
        assertEquals(Set.of("raw.t.name expression"), origins(l, "v", "nm"));
        assertEquals(Set.of("raw.t.price expression"), origins(l, "v", "price"));
        assertEquals(Set.of(), origins(l, "v", "n_a")); // FILTER (WHERE kind = 'a') picks the rows counted: read, not the value
        assertEquals(Set.of("raw.t.kind conditional"), keyed(l, "v", "n_a"));
        assertEquals(Set.of("raw.t.items expression"), origins(l, "v", "doubled"));
    }

    @Test
    void nonReservedWordsAreColumnsOutsideTheirClauses() {
        // Trino reserves none of these: year, value, date, first, range… are ordinary column names.
        String[] words = {"year", "quarter", "month", "week", "day", "hour", "minute", "second", "date", "time", "timestamp",
                "zone", "value", "format", "error", "empty", "json", "first", "last", "rows", "range", "groups", "current",
                "row", "partition", "default"};
        ColumnLineage l = lineage("v", "SELECT " + String.join(", ", words) + ", t.month AS m2 FROM raw.t");
        assertEquals(List.of(words), columns(l, "v").subList(0, words.length));
        for (String w : words) assertEquals(Set.of("raw.t." + w + " direct"), origins(l, "v", w), w);
        assertEquals(Set.of("raw.t.month direct"), origins(l, "v", "m2"));

        ColumnLineage k = lineage("k", """
                SELECT extract(year FROM created) AS y, created + INTERVAL '1' MONTH AS next_month,
                       INTERVAL '1-2' YEAR TO MONTH AS span, ts AT TIME ZONE 'UTC' AS utc,
                       json_value(payload, 'lax $.a' RETURNING varchar DEFAULT 'x' ON EMPTY ERROR ON ERROR) AS a,
                       lag(amount) IGNORE NULLS OVER (PARTITION BY year ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS prev,
                       array_agg(x ORDER BY day DESC NULLS LAST) AS xs, amount year_total, CAST(ROW(a, b) AS ROW(p int, q date)) AS r
                FROM raw.t""");
        assertEquals(List.of("y", "next_month", "span", "utc", "a", "prev", "xs", "year_total", "r"), columns(k, "k"));
        assertEquals(Set.of("raw.t.created expression"), origins(k, "k", "y"));
        assertEquals(Set.of("raw.t.created expression"), origins(k, "k", "next_month"));
        assertEquals(Set.of(), origins(k, "k", "span"));
        assertEquals(Set.of("raw.t.ts expression"), origins(k, "k", "utc"));
        assertEquals(Set.of("raw.t.payload expression"), origins(k, "k", "a"));
        assertEquals(Set.of("raw.t.amount window"), origins(k, "k", "prev"));
        assertEquals(Set.of("raw.t.year window", "raw.t.day window"), keyed(k, "k", "prev"));
        assertEquals(Set.of("raw.t.x aggregate", "raw.t.day aggregate"), origins(k, "k", "xs"));
        assertEquals(Set.of("raw.t.amount direct"), origins(k, "k", "year_total"));
        assertEquals(Set.of("raw.t.a expression", "raw.t.b expression"), origins(k, "k", "r"));
    }

    @Test
    void starOverUsingOrNaturalJoinsListsEachJoinColumnOnceAndFirst() {
        ColumnLineage l = lineage(
                "a", "SELECT id, amount FROM raw.orders",
                "b", "SELECT id, name FROM raw.customers",
                "u", "SELECT * FROM a JOIN b USING (id)",
                "renamed", "CREATE VIEW renamed (k, p, q) AS SELECT * FROM a JOIN b USING (id)",
                "n", "SELECT * FROM a NATURAL JOIN b");
        assertEquals(List.of("id", "amount", "name"), columns(l, "u"));
        assertEquals(Set.of("a.id direct", "b.id direct"), origins(l, "u", "id"));
        assertEquals(Set.of("b.name direct"), origins(l, "renamed", "q")); // positions as Trino numbers them (was b.id)
        assertEquals(List.of("id", "amount", "name"), columns(l, "n"));
    }

    @Test
    void postgresCastsNameTypesNotColumns() {
        // View definitions read back from PostgreSQL are rewritten with :: casts.
        ColumnLineage l = lineage("v", """
                SELECT (o.amount)::numeric AS a, o.id::text AS b, o.total::numeric(10,2) AS c,
                       o.placed::timestamp without time zone AS d, o.note::character varying(20) AS e, o.tags::text[] AS f,
                       o.x::pg_catalog.text AS g, o.amount::double precision * 2 AS h
                FROM raw.orders o""");
        assertEquals(List.of("a", "b", "c", "d", "e", "f", "g", "h"), columns(l, "v"));
        assertEquals(Set.of("raw.orders.amount expression"), origins(l, "v", "a"));
        assertEquals(Set.of("raw.orders.id expression"), origins(l, "v", "b"));
        assertEquals(Set.of("raw.orders.placed expression"), origins(l, "v", "d"));
        assertEquals(Set.of("raw.orders.note expression"), origins(l, "v", "e"));
        assertEquals(Set.of("raw.orders.x expression"), origins(l, "v", "g"));
        assertEquals(Set.of("raw.orders.amount expression"), origins(l, "v", "h"));
    }

    @Test
    void fieldsOfRowColumnsComeFromTheColumn() {
        ColumnLineage l = lineage("v", "SELECT t.r.x AS rx, r.y AS ry, s.t.r.z AS rz FROM s.t");
        assertEquals(Set.of("t.r expression"), origins(l, "v", "rx"));
        assertEquals(Set.of("t.r expression"), origins(l, "v", "ry"));
        assertEquals(Set.of("t.r expression"), origins(l, "v", "rz"));
    }

    @Test
    void lambdaParametersAreNotColumns() {
        ColumnLineage l = lineage("v", """
                SELECT reduce(lines, 0, (s, x) -> s + x.amount, s -> s) AS lines_total,
                       filter(tags, t -> t <> status) AS other_tags,
                       transform(items, x -> x.qty) AS qtys, x
                FROM raw.t""");
        assertEquals(Set.of("raw.t.lines expression"), origins(l, "v", "lines_total"));
        assertEquals(Set.of("raw.t.tags expression", "raw.t.status expression"), origins(l, "v", "other_tags"));
        assertEquals(Set.of("raw.t.items expression"), origins(l, "v", "qtys"));
        assertEquals(Set.of("raw.t.x direct"), origins(l, "v", "x")); // a column outside the lambda keeps its name
    }

    @Test
    void aBrokenViewSaysItCannotBeTracedAndIsNeverAnEmptyAnswer() {
        ColumnLineage l = lineage(
                "broken", "SELECT a, FROM raw.t",
                "reader", "SELECT a FROM broken");
        assertNotNull(l.columnsOf(n("broken")).error());
        ColumnLineage.ColumnGraph trace = l.trace(n("reader"), "a", 100);
        assertTrue(trace.notes().stream().anyMatch(s -> s.contains("broken") && s.contains("could not be parsed")), trace.notes()::toString);
    }

    @Test
    void impactFollowsEveryReaderOfAColumn() {
        ColumnLineage l = lineage(
                "clean", "SELECT id, discount, amount FROM raw.orders",
                "net", "SELECT id, amount - discount AS net_amount FROM clean",
                "summary", "SELECT sum(net_amount) AS total FROM net",
                "other", "SELECT id FROM clean");
        ColumnLineage.ColumnGraph impact = l.impact(new ObjectName("hive", "raw", "orders"), "discount", 100);
        assertEquals(Set.of("raw.orders.discount", "clean.discount", "net.net_amount", "summary.total"), names(l, impact));
    }

    /** TPC-H Q1 and Q3 as views (Q3 with the aliases most dbt projects write), checked by hand. */
    @Test
    void tpchPricingSummaryAndShippingPriority() {
        ColumnLineage l = lineage(
                "q1", """
                        SELECT l_returnflag, l_linestatus, sum(l_quantity) AS sum_qty, sum(l_extendedprice) AS sum_base_price,
                               sum(l_extendedprice * (1 - l_discount)) AS sum_disc_price,
                               sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)) AS sum_charge,
                               avg(l_quantity) AS avg_qty, count(*) AS count_order
                        FROM tpch.lineitem
                        WHERE l_shipdate <= DATE '1998-12-01' - INTERVAL '90' DAY
                        GROUP BY l_returnflag, l_linestatus ORDER BY l_returnflag, l_linestatus""",
                "q3", """
                        SELECT l.l_orderkey, sum(l.l_extendedprice * (1 - l.l_discount)) AS revenue, o.o_orderdate, o.o_shippriority
                        FROM tpch.customer c, tpch.orders o, tpch.lineitem l
                        WHERE c.c_mktsegment = 'BUILDING' AND c.c_custkey = o.o_custkey AND l.l_orderkey = o.o_orderkey
                          AND o.o_orderdate < DATE '1995-03-15' AND l.l_shipdate > DATE '1995-03-15'
                        GROUP BY l.l_orderkey, o.o_orderdate, o.o_shippriority ORDER BY revenue DESC, o.o_orderdate LIMIT 10""");
        assertEquals(List.of("l_returnflag", "l_linestatus", "sum_qty", "sum_base_price", "sum_disc_price", "sum_charge", "avg_qty", "count_order"), columns(l, "q1"));
        assertEquals(Set.of("tpch.lineitem.l_returnflag direct"), origins(l, "q1", "l_returnflag"));
        assertEquals(Set.of("tpch.lineitem.l_extendedprice aggregate", "tpch.lineitem.l_discount aggregate", "tpch.lineitem.l_tax aggregate"),
                origins(l, "q1", "sum_charge"));
        assertEquals(Set.of(), origins(l, "q1", "count_order"));
        assertEquals(List.of("l_orderkey", "revenue", "o_orderdate", "o_shippriority"), columns(l, "q3"));
        assertEquals(Set.of("tpch.lineitem.l_extendedprice aggregate", "tpch.lineitem.l_discount aggregate"), origins(l, "q3", "revenue"));
        assertEquals(Set.of("tpch.orders.o_orderdate direct"), origins(l, "q3", "o_orderdate"));
    }

    /** With the tables' columns from the catalog, * expands and bare names over several tables resolve exactly. */
    @Test
    void tableColumnsFromTheCatalogResolveBareNamesAndExpandStar() {
        List<ViewDefinition> views = List.of(
                new ViewDefinition("hive", "s", "q3", """
                        SELECT l_orderkey, sum(l_extendedprice * (1 - l_discount)) AS revenue, o_orderdate
                        FROM tpch.customer, tpch.orders, tpch.lineitem
                        WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey GROUP BY 1, 3"""),
                new ViewDefinition("hive", "s", "wide", "SELECT * FROM tpch.orders o JOIN tpch.customer c ON c.c_custkey = o.o_custkey"));
        DependencyGraph g = GraphBuilder.build(views, IdentifierCase.TRINO, "hive", "s");
        ColumnLineage l = new ColumnLineage(g, IdentifierCase.TRINO, java.util.Map.of(
                n("tpch", "customer"), List.of("c_custkey", "c_name"),
                n("tpch", "orders"), List.of("o_orderkey", "o_custkey", "o_orderdate"),
                n("tpch", "lineitem"), List.of("l_orderkey", "l_extendedprice", "l_discount")));
        assertEquals(Set.of("tpch.lineitem.l_orderkey direct"), origins(l, "q3", "l_orderkey"));
        assertEquals(Set.of("tpch.lineitem.l_extendedprice aggregate", "tpch.lineitem.l_discount aggregate"), origins(l, "q3", "revenue"));
        assertEquals(Set.of("tpch.orders.o_orderdate direct"), origins(l, "q3", "o_orderdate"));
        assertEquals(List.of("o_orderkey", "o_custkey", "o_orderdate", "c_custkey", "c_name"), columns(l, "wide"));
        assertEquals(Set.of("tpch.customer.c_name direct"), origins(l, "wide", "c_name"));
        assertTrue(l.columnsOf(n("wide")).openVia().isEmpty());
    }

    private static ObjectName n(String schema, String name) {
        return new ObjectName("hive", schema, name);
    }

    private static Set<String> names(ColumnLineage l, ColumnLineage.ColumnGraph g) {
        Set<String> out = new TreeSet<>();
        for (ColumnLineage.TraceNode t : g.nodes()) out.add(l.graph().display(t.relation()) + "." + t.column());
        return out;
    }
}
