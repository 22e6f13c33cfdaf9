package dev.kalla.viewmapper.columns;

import dev.kalla.viewmapper.analysis.GraphAnalyzer;
import dev.kalla.viewmapper.analysis.Subgraph;
import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.GraphBuilder;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Traces along a chain of 10,000 views (raw.t → v0 → v1 → … → v9999). Column lineage used to
 * analyse a view by analysing each view it reads first, recursively: 1,000 views overflowed the
 * Java stack (INTERNAL java.lang.StackOverflowError). Every walk is now an explicit stack or queue.
 */
class DeepChainTest {
    private static final int DEPTH = 10_000;

    private static DependencyGraph chain(int depth) {
        List<ViewDefinition> views = new ArrayList<>();
        views.add(new ViewDefinition("hive", "s", "v0", "SELECT a, b FROM raw.t"));
        for (int k = 1; k < depth; k++) {
            views.add(new ViewDefinition("hive", "s", "v" + k, "SELECT a, b + 1 AS b FROM v" + (k - 1)));
        }
        return GraphBuilder.build(views, IdentifierCase.TRINO, "hive", "s");
    }

    private static ObjectName n(String name) {
        return name.contains(".") ? new ObjectName("hive", name.split("\\.")[0], name.split("\\.")[1]) : new ObjectName("hive", "s", name);
    }

    @Test
    void columnTraceFromTheEndOfAChainOf10000Views() {
        ColumnLineage l = new ColumnLineage(chain(DEPTH), IdentifierCase.TRINO, Map.of(n("raw.t"), List.of("a", "b")));
        ColumnLineage.ColumnGraph g = l.trace(n("v" + (DEPTH - 1)), "b", DEPTH + 10);
        assertFalse(g.truncated());
        assertEquals(List.of(), g.notes());
        assertEquals(DEPTH + 1, g.nodes().size()); // every view's b, and raw.t.b
        assertEquals(new ColumnLineage.TraceNode(n("raw.t"), "b"), g.nodes().get(DEPTH));
        assertEquals(TransformKind.EXPRESSION, g.edges().get(0).kind());
        assertEquals(TransformKind.DIRECT, g.edges().get(DEPTH - 1).kind()); // raw.t.b → v0.b
        ColumnLineage.ViewColumns last = l.columnsOf(n("v" + (DEPTH - 1)));
        assertNull(last.error());
        assertEquals(List.of("a", "b"), last.columns().stream().map(ColumnLineage.Column::name).toList());
    }

    @Test
    void columnImpactDownAChainOf10000Views() {
        ColumnLineage l = new ColumnLineage(chain(DEPTH), IdentifierCase.TRINO);
        ColumnLineage.ColumnGraph g = l.impact(n("raw.t"), "a", DEPTH + 10);
        assertFalse(g.truncated());
        assertEquals(DEPTH + 1, g.nodes().size());
        assertTrue(g.edges().stream().allMatch(e -> e.kind() == TransformKind.DIRECT && e.assumed() == null));
    }

    @Test
    void aTraceCutAtItsCapCountsTheColumnsItLeavesOut() {
        // Issue 26: the Columns panel said "(the farthest are left out)" without a count; the walk now lists the
        // nearest maxNodes and keeps counting the rest.
        ColumnLineage l = new ColumnLineage(chain(DEPTH), IdentifierCase.TRINO, Map.of(n("raw.t"), List.of("a", "b")));
        ColumnLineage.ColumnGraph up = l.trace(n("v" + (DEPTH - 1)), "b", 200);
        assertTrue(up.truncated());
        assertEquals(200, up.nodes().size());
        assertEquals(DEPTH + 1, up.total()); // every view's b, and raw.t.b
        assertEquals(DEPTH + 1 - 200, up.leftOut());
        assertFalse(up.totalIsLowerBound());
        assertEquals(199, up.edges().size()); // only between listed columns
        assertTrue(up.edges().stream().allMatch(e -> up.nodes().contains(e.from()) && up.nodes().contains(e.to())));

        ColumnLineage.ColumnGraph down = l.impact(n("raw.t"), "a", 50);
        assertTrue(down.truncated());
        assertEquals(50, down.nodes().size());
        assertEquals(DEPTH + 1, down.total());
        assertTrue(down.edges().stream().allMatch(e -> down.nodes().contains(e.from()) && down.nodes().contains(e.to())));

        ColumnLineage.ColumnGraph whole = l.impact(n("raw.t"), "a", DEPTH + 10);
        assertFalse(whole.truncated());
        assertEquals(whole.nodes().size(), whole.total());
        assertEquals(0, whole.leftOut());
    }

    @Test
    void aCycleAtTheTopOfALongChainIsNotWalkedRound() {
        List<ViewDefinition> views = new ArrayList<>();
        views.add(new ViewDefinition("hive", "s", "c0", "SELECT a FROM c1"));
        views.add(new ViewDefinition("hive", "s", "c1", "SELECT a FROM c0"));
        for (int k = 0; k < 3_000; k++) {
            views.add(new ViewDefinition("hive", "s", "w" + k, "SELECT a FROM " + (k == 0 ? "c0" : "w" + (k - 1))));
        }
        ColumnLineage l = new ColumnLineage(GraphBuilder.build(views, IdentifierCase.TRINO, "hive", "s"), IdentifierCase.TRINO);
        ColumnLineage.ColumnGraph g = l.trace(n("w2999"), "a", 10_000);
        // w2999 … w0 → c0 → c1 → c0: c1 is analysed while c0 is in progress, so c1 reads c0 as a
        // relation that cannot be traced (a cycle) whose a is taken as named; the walk stops at c0
        assertEquals(3_000 + 2, g.nodes().size());
        assertEquals(new ColumnLineage.TraceNode(n("c1"), "a"), g.nodes().get(g.nodes().size() - 1));
        assertEquals(new ColumnLineage.TraceEdge(new ColumnLineage.TraceNode(n("c0"), "a"), new ColumnLineage.TraceNode(n("c1"), "a"),
                TransformKind.DIRECT, null), g.edges().get(g.edges().size() - 1));
    }

    @Test
    void tableLevelWalksAlongAChainOf10000Views() {
        GraphAnalyzer a = new GraphAnalyzer(chain(DEPTH));
        ObjectName last = n("v" + (DEPTH - 1));
        assertEquals(DEPTH, a.lineage(last, Integer.MAX_VALUE).size()); // every view before it and raw.t
        assertEquals(DEPTH - 1, a.impact(n("v0")).size());
        Subgraph s = a.subgraph(n("v5000"), DEPTH, DEPTH, DEPTH + 10);
        assertEquals(DEPTH + 1, s.nodes().size());
        assertFalse(s.truncated());
        assertTrue(a.cycles().isEmpty());
        assertEquals("v0", a.entryPoints(1).highImpact().get(0).name());
    }

    @Test
    void aViewReadingThousandsOfViewsIsAnalysedTwiceNotOncePerSource() {
        // u = SELECT a FROM w0 UNION ALL … UNION ALL SELECT a FROM w2999: stopping u's analysis at
        // each source not analysed yet and starting again shaped its branches 4.5 million times
        List<ViewDefinition> views = new ArrayList<>();
        StringBuilder union = new StringBuilder();
        for (int k = 0; k < 3_000; k++) {
            views.add(new ViewDefinition("hive", "s", "w" + k, "SELECT a, b FROM raw.t"));
            union.append(k == 0 ? "" : " UNION ALL ").append("SELECT a FROM w").append(k);
        }
        views.add(new ViewDefinition("hive", "s", "u", union.toString()));
        ColumnLineage l = new ColumnLineage(GraphBuilder.build(views, IdentifierCase.TRINO, "hive", "s"), IdentifierCase.TRINO);
        ColumnLineage.ColumnGraph g = l.trace(n("u"), "a", 10_000);
        assertEquals(3_000 + 2, g.nodes().size());
        assertTrue(l.shapes <= 5 * 3_001, "shapes " + l.shapes);
    }
}
