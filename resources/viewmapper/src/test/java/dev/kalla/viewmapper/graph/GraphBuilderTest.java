package dev.kalla.viewmapper.graph;

import dev.kalla.viewmapper.sql.IdentifierCase;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GraphBuilderTest {
    private static ViewDefinition view(String schema, String name, String sql) {
        return new ViewDefinition("hive", schema, name, sql);
    }

    @Test
    void unqualifiedReferencesResolveAgainstTheViewsOwnSchema() {
        DependencyGraph g = GraphBuilder.build(List.of(
                view("sales", "orders_clean", "SELECT * FROM raw.orders"),
                view("sales", "daily", "SELECT * FROM orders_clean"),
                view("finance", "revenue", "SELECT * FROM sales.daily JOIN hive.fx.rates ON true")
        ), IdentifierCase.TRINO, "hive", "sales");

        ObjectName daily = new ObjectName("hive", "sales", "daily");
        assertEquals(Set.of(new ObjectName("hive", "sales", "orders_clean")), g.node(daily).dependencies());
        assertEquals(Set.of(new ObjectName("hive", "finance", "revenue")), g.node(daily).dependents());
        assertFalse(g.node(new ObjectName("hive", "raw", "orders")).isView());
        assertFalse(g.node(new ObjectName("hive", "fx", "rates")).isView());
        assertEquals(3, g.viewCount());
        assertEquals(4, g.edgeCount());
    }

    @Test
    void oneBadViewIsReportedAndTheRestStillBuilds() {
        DependencyGraph g = GraphBuilder.build(List.of(
                view("s", "good", "SELECT * FROM t"),
                view("s", "broken", "SELECT sum(x FROM t"),
                view("s", "reader", "SELECT * FROM broken")
        ), IdentifierCase.TRINO, "hive", "s");

        assertEquals(1, g.failures().size());
        ParseFailure f = g.failures().get(0);
        assertEquals(new ObjectName("hive", "s", "broken"), f.view());
        assertTrue(f.reason().contains("expected ')'"), f.reason());
        Node broken = g.node(new ObjectName("hive", "s", "broken"));
        assertTrue(broken.isView() && broken.unparsed() && broken.dependencies().isEmpty());
        // the view reading the broken one still links to it as a view
        assertEquals(Set.of(broken.name()), g.node(new ObjectName("hive", "s", "reader")).dependencies());
        assertEquals(Set.of(new ObjectName("hive", "s", "good")), g.node(new ObjectName("hive", "s", "t")).dependents());
    }

    @Test
    void absurdNestingFailsOnlyThatView() {
        String deep = "SELECT " + "(".repeat(200_000) + "1" + ")".repeat(200_000) + " FROM t";
        DependencyGraph g = GraphBuilder.build(List.of(view("s", "deep", deep), view("s", "fine", "SELECT * FROM t")),
                IdentifierCase.TRINO, "hive", "s");
        assertEquals(1, g.failures().size());
        assertEquals(1, g.node(new ObjectName("hive", "s", "t")).dependents().size());
    }

    @Test
    void displayNamesAreShortestUnambiguousForm() {
        ObjectName n = new ObjectName("hive", "sales", "a.b");
        assertEquals("\"a.b\"", n.display("hive", "sales"));
        assertEquals("sales.\"a.b\"", n.display("hive", "other"));
        assertEquals("hive.sales.\"a.b\"", n.display("iceberg", "sales"));
    }

    @Test
    void largeInputsParseInParallelWithTheSameResult() {
        List<ViewDefinition> views = new java.util.ArrayList<>();
        for (int k = 0; k < 1200; k++) views.add(view("s", "v" + k, k == 0 ? "SELECT 1" : "SELECT * FROM v" + (k - 1)));
        DependencyGraph g = GraphBuilder.build(views, IdentifierCase.TRINO, "hive", "s");
        assertEquals(1199, g.edgeCount());
        assertEquals(Set.of(new ObjectName("hive", "s", "v599")), g.node(new ObjectName("hive", "s", "v600")).dependencies());
    }
}
