package dev.kalla.viewmapper.columns;

import dev.kalla.viewmapper.graph.GraphBuilder;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26: columns a view only joins, filters or groups on (OpenLineage INDIRECT) are listed
 * apart from its columns' origins, and "what breaks if I drop this column" includes them.
 */
class IndirectLineageTest {
    private static final Map<ObjectName, List<String>> TABLES = Map.of(
            new ObjectName("c", "raw", "orders"), List.of("id", "cust_id", "amount", "status", "placed"),
            new ObjectName("c", "raw", "customers"), List.of("id", "name", "region", "active"),
            new ObjectName("c", "raw", "blocked"), List.of("cust_id"),
            new ObjectName("c", "raw", "payments"), List.of("id", "cust_id", "paid"));

    private static ColumnLineage lineage(String... nameAndSql) {
        List<ViewDefinition> views = new java.util.ArrayList<>();
        for (int k = 0; k < nameAndSql.length; k += 2) views.add(new ViewDefinition("c", "s", nameAndSql[k], nameAndSql[k + 1]));
        return new ColumnLineage(GraphBuilder.build(views, IdentifierCase.TRINO, "c", "s"), IdentifierCase.TRINO, TABLES);
    }

    private static Set<String> indirect(ColumnLineage l, String view) {
        return l.columnsOf(new ObjectName("c", "s", view)).indirect().stream()
                .map(i -> i.relation().schema() + "." + i.relation().name() + "." + i.column() + " " + i.subtype()).collect(Collectors.toSet());
    }

    @Test
    void joinFilterGroupAndHavingColumnsAreIndirect() {
        ColumnLineage l = lineage("by_region", """
                SELECT c.region, sum(o.amount) AS total
                FROM raw.orders o JOIN raw.customers c ON o.cust_id = c.id AND c.active
                WHERE o.status = 'paid'
                GROUP BY c.region
                HAVING max(o.placed) > DATE '2026-01-01'
                """);
        assertEquals(Set.of("raw.orders.cust_id JOIN", "raw.customers.id JOIN", "raw.customers.active JOIN", "raw.orders.status FILTER",
                "raw.customers.region GROUP_BY", "raw.orders.placed FILTER"), indirect(l, "by_region"));
        // The values are unchanged: indirect columns are not origins.
        var total = l.columnsOf(new ObjectName("c", "s", "by_region")).column("total");
        assertEquals(Set.of("amount"), total.origins().stream().map(ColumnLineage.Origin::column).collect(Collectors.toSet()));
    }

    @Test
    void filtersInsideCtesSubqueriesAndThroughOtherViewsResolveToTheRelationsRead() {
        ColumnLineage l = lineage(
                "paid", "SELECT id, cust_id, amount, status FROM raw.orders",
                "v", """
                        WITH recent AS (SELECT * FROM paid WHERE status = 'paid')
                        SELECT r.amount FROM recent r
                        WHERE r.cust_id NOT IN (SELECT b.cust_id FROM raw.blocked b)
                        """);
        assertEquals(Set.of("s.paid.status FILTER", "s.paid.cust_id FILTER", "raw.blocked.cust_id FILTER"), indirect(l, "v"));
    }

    @Test
    void impactOfDroppingAFilterColumnIncludesEveryColumnOfTheViewAndItsReaders() {
        ColumnLineage l = lineage(
                "paid", "SELECT id, amount FROM raw.orders WHERE status = 'paid'",
                "report", "SELECT sum(amount) AS revenue FROM paid");
        var g = l.impact(new ObjectName("c", "raw", "orders"), "status", 100);
        Set<String> edges = g.edges().stream().map(e -> e.from().relation().name() + "." + e.from().column() + " -" + e.kind().json() + "-> "
                + e.to().relation().name() + "." + e.to().column()).collect(Collectors.toSet());
        assertEquals(Set.of("orders.status -indirect-> paid.id", "orders.status -indirect-> paid.amount",
                "paid.amount -aggregate-> report.revenue"), edges);
        // A column read directly keeps its direct edge (no second, indirect one to the same column).
        var amount = l.impact(new ObjectName("c", "raw", "orders"), "amount", 100);
        assertTrue(amount.edges().stream().noneMatch(e -> e.kind() == TransformKind.INDIRECT), amount.edges().toString());
    }

    private static Set<String> edges(ColumnLineage.ColumnGraph g) {
        return g.edges().stream().map(e -> e.from().relation().name() + "." + e.from().column() + " -" + e.kind().json() + "-> "
                + e.to().relation().name() + "." + e.to().column()).collect(Collectors.toSet());
    }

    @Test
    void orderByIsSortAndReachesEveryColumnWhenDropped() {
        ColumnLineage l = lineage("latest", "SELECT id, amount * 2 AS dbl FROM raw.orders ORDER BY placed DESC, dbl LIMIT 10");
        assertEquals(Set.of("raw.orders.placed SORT", "raw.orders.amount SORT"), indirect(l, "latest"));
        assertEquals(Set.of("orders.placed -indirect-> latest.id", "orders.placed -indirect-> latest.dbl"),
                edges(l.impact(new ObjectName("c", "raw", "orders"), "placed", 100)));
    }

    @Test
    void aCaseConditionIsConditionalOnItsColumnOnly() {
        ColumnLineage l = lineage("v", "SELECT id, CASE WHEN status = 'paid' THEN amount ELSE 0 END AS paid_amount FROM raw.orders");
        var col = l.columnsOf(new ObjectName("c", "s", "v")).column("paid_amount");
        assertEquals(Set.of("amount"), col.origins().stream().map(ColumnLineage.Origin::column).collect(Collectors.toSet()));
        assertEquals(List.of(new ColumnLineage.Indirect(new ObjectName("c", "raw", "orders"), "status", "CONDITIONAL")), col.indirect());
        assertEquals(Set.of(), indirect(l, "v"));
        // Dropping status breaks paid_amount, not id; the upstream trace shows it as an indirect edge.
        assertEquals(Set.of("orders.status -indirect-> v.paid_amount"), edges(l.impact(new ObjectName("c", "raw", "orders"), "status", 100)));
        assertEquals(Set.of("orders.amount -expression-> v.paid_amount", "orders.status -indirect-> v.paid_amount"),
                edges(l.trace(new ObjectName("c", "s", "v"), "paid_amount", 100)));
    }

    @Test
    void aWindowsKeysAreWindowOnItsColumnAndAFilterOnItIsAFilterOnThem() {
        ColumnLineage l = lineage("latest", """
                SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY cust_id ORDER BY placed DESC) AS rn FROM raw.orders) t
                WHERE rn = 1""");
        assertEquals(Set.of("raw.orders.cust_id FILTER", "raw.orders.placed FILTER"), indirect(l, "latest"));
        ColumnLineage w = lineage("ranked", "SELECT id, sum(amount) OVER (PARTITION BY cust_id) AS running FROM raw.orders");
        var running = w.columnsOf(new ObjectName("c", "s", "ranked")).column("running");
        assertEquals(Set.of("amount"), running.origins().stream().map(ColumnLineage.Origin::column).collect(Collectors.toSet()));
        assertEquals(List.of(new ColumnLineage.Indirect(new ObjectName("c", "raw", "orders"), "cust_id", "WINDOW")), running.indirect());
    }

    @Test
    void aViewWithoutConditionsHasNoIndirectColumns() {
        ColumnLineage l = lineage("plain", "SELECT id, upper(name) AS n FROM raw.customers");
        assertEquals(Set.of(), indirect(l, "plain"));
    }

    @Test
    void usingJoinKeysAreJoinColumnsOfBothSides() {
        // issue 26e: the blind held-out set found no JOIN facts at all for USING, while ON works
        assertEquals(Set.of("raw.orders.id JOIN", "raw.customers.id JOIN"),
                indirect(lineage("v", "SELECT o.amount, c.name FROM raw.orders o JOIN raw.customers c USING (id)"), "v"));
        assertEquals(Set.of("raw.orders.id JOIN", "raw.orders.cust_id JOIN", "raw.payments.id JOIN", "raw.payments.cust_id JOIN"),
                indirect(lineage("v", "SELECT amount, paid FROM raw.orders LEFT JOIN raw.payments USING (id, cust_id)"), "v"));
        assertEquals(Set.of("raw.orders.id JOIN", "raw.customers.id JOIN"),
                indirect(lineage("v", "SELECT * FROM raw.orders FULL OUTER JOIN raw.customers USING (id)"), "v"));
        // a key renamed in a subquery is the column behind it; a key only one side has is not joined on
        assertEquals(Set.of("raw.orders.id JOIN", "raw.payments.cust_id JOIN"), indirect(lineage("v", """
                SELECT o.amount, p.paid FROM raw.orders o JOIN (SELECT cust_id AS id, paid FROM raw.payments) p USING (id)"""), "v"));
        // three relations: the second USING joins the first two (both have id) to the third
        assertEquals(Set.of("raw.orders.id JOIN", "raw.payments.id JOIN", "raw.customers.id JOIN"), indirect(lineage("v", """
                SELECT amount FROM raw.orders JOIN raw.payments USING (id) JOIN raw.customers USING (id)"""), "v"));
        // nested (a JOIN b JOIN c USING … USING …) and a bracketed join under an alias
        assertEquals(Set.of("raw.payments.cust_id JOIN", "raw.blocked.cust_id JOIN", "raw.customers.id JOIN", "raw.payments.id JOIN"),
                indirect(lineage("v", """
                        SELECT name FROM raw.customers JOIN raw.payments JOIN raw.blocked USING (cust_id) USING (id)"""), "v"));
        assertEquals(Set.of("raw.orders.id JOIN", "raw.payments.id JOIN", "raw.orders.status FILTER"), indirect(lineage("v", """
                SELECT x.paid FROM (raw.orders JOIN raw.payments USING (id)) AS x WHERE x.status = 'paid'"""), "v"));
        // NATURAL (PostgreSQL; Trino refuses it): the names both sides share
        assertEquals(Set.of("raw.orders.id JOIN", "raw.customers.id JOIN", "raw.payments.id JOIN", "raw.orders.cust_id JOIN", "raw.payments.cust_id JOIN"),
                indirect(lineage("v", "SELECT amount FROM raw.orders NATURAL JOIN raw.customers JOIN raw.payments USING (id, cust_id)"), "v"));
        // dropping a USING key breaks every column of the view, as an ON key does
        assertEquals(Set.of("payments.cust_id -indirect-> v.amount", "payments.cust_id -indirect-> v.paid"), edges(lineage("v",
                "SELECT amount, paid FROM raw.orders LEFT JOIN raw.payments USING (id, cust_id)").impact(new ObjectName("c", "raw", "payments"), "cust_id", 100)));
    }

    @Test
    void anOrderByPositionWithADirectionIsSort() {
        // issue 26e: ORDER BY 2 gave SORT, ORDER BY 2 DESC (the usual top-N form) gave nothing
        Set<String> amount = Set.of("raw.orders.amount SORT");
        Set<String> both = Set.of("raw.orders.amount SORT", "raw.orders.id SORT");
        Map<String, Set<String>> cases = Map.of("2 DESC LIMIT 10", amount, "2 ASC", amount, "2 NULLS LAST", amount,
                "2 DESC NULLS FIRST, 1 OFFSET 5 LIMIT 10", both, "1, 2 desc", both, "2 desc FETCH FIRST 3 ROWS ONLY", amount);
        cases.forEach((order, expected) -> assertEquals(expected,
                indirect(lineage("top", "SELECT id, amount * 2 AS dbl FROM raw.orders ORDER BY " + order), "top"), order));
        assertEquals(Set.of("raw.orders.amount SORT"), indirect(lineage("top", """
                WITH t AS (SELECT cust_id, sum(amount) AS total FROM raw.orders GROUP BY 1 ORDER BY 2 DESC LIMIT 10)
                SELECT cust_id FROM t"""), "top").stream().filter(f -> f.endsWith("SORT")).collect(Collectors.toSet()));
    }

    @Test
    void anAggregatesFilterConditionIsConditionalLikeTheSameCase() {
        // issue 26e: sum(x) FILTER (WHERE c) is sum(CASE WHEN c THEN x END); c is read, never the value
        ColumnLineage l = lineage("v", """
                SELECT sum(amount) FILTER (WHERE status = 'paid') AS paid, sum(CASE WHEN status = 'paid' THEN amount END) AS paid2,
                       count(*) FILTER (WHERE amount > 100) AS big, count(cust_id) FILTER (WHERE cust_id > 0 AND placed IS NOT NULL) AS both
                FROM raw.orders""");
        var cols = l.columnsOf(new ObjectName("c", "s", "v"));
        for (String paid : List.of("paid", "paid2")) {
            assertEquals(Set.of("amount aggregate"), cols.column(paid).origins().stream().map(o -> o.column() + " " + o.kind().json()).collect(Collectors.toSet()), paid);
            assertEquals(List.of(new ColumnLineage.Indirect(new ObjectName("c", "raw", "orders"), "status", "CONDITIONAL")), cols.column(paid).indirect(), paid);
        }
        assertEquals(Set.of(), cols.column("big").origins());
        assertEquals(List.of(new ColumnLineage.Indirect(new ObjectName("c", "raw", "orders"), "amount", "CONDITIONAL")), cols.column("big").indirect());
        assertEquals(Set.of("cust_id"), cols.column("both").origins().stream().map(ColumnLineage.Origin::column).collect(Collectors.toSet()));
        assertEquals(List.of(new ColumnLineage.Indirect(new ObjectName("c", "raw", "orders"), "cust_id", "CONDITIONAL"),
                new ColumnLineage.Indirect(new ObjectName("c", "raw", "orders"), "placed", "CONDITIONAL")), cols.column("both").indirect());
        assertEquals(Set.of(), indirect(l, "v"));
    }
}
