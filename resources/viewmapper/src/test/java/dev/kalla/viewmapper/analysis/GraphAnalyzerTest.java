package dev.kalla.viewmapper.analysis;

import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.GraphBuilder;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GraphAnalyzerTest {
    /**
     * raw.a → s1 → hub → r1, r2; raw.b → s2 → hub; s1 → side
     */
    private static GraphAnalyzer sample() {
        return analyzer(List.of(
                v("s1", "SELECT * FROM raw.a"),
                v("s2", "SELECT * FROM raw.b"),
                v("hub", "SELECT * FROM s1 JOIN s2 ON true"),
                v("r1", "SELECT * FROM hub"),
                v("r2", "SELECT * FROM hub WHERE x IN (SELECT x FROM s1)"),
                v("side", "SELECT * FROM s1")));
    }

    private static ViewDefinition v(String name, String sql) {
        return new ViewDefinition("c", "s", name, sql);
    }

    private static GraphAnalyzer analyzer(List<ViewDefinition> views) {
        DependencyGraph g = GraphBuilder.build(views, IdentifierCase.TRINO, "c", "s");
        return new GraphAnalyzer(g);
    }

    private static ObjectName n(String name) {
        return name.contains(".") ? new ObjectName("c", name.split("\\.")[0], name.split("\\.")[1]) : new ObjectName("c", "s", name);
    }

    @Test
    void complexityUsesUpstreamThresholds() {
        assertEquals(ComplexityLevel.SIMPLE, ComplexityLevel.of(19));
        assertEquals(ComplexityLevel.MODERATE, ComplexityLevel.of(20));
        assertEquals(ComplexityLevel.MODERATE, ComplexityLevel.of(99));
        assertEquals(ComplexityLevel.COMPLEX, ComplexityLevel.of(100));
        assertEquals(ComplexityLevel.COMPLEX, ComplexityLevel.of(499));
        assertEquals(ComplexityLevel.VERY_COMPLEX, ComplexityLevel.of(500));
        assertEquals(ComplexityLevel.SIMPLE, sample().complexity());
    }

    @Test
    void entryPointsRankImpactLeavesAndHubs() {
        EntryPoints e = sample().entryPoints(3);
        assertEquals("s1", e.highImpact().get(0).name()); // hub, r1, r2, side
        assertEquals(4.0, e.highImpact().get(0).score());
        assertEquals(List.of("r2", "r1", "side"), e.leafViews().stream().map(RankedNode::name).toList());
        assertEquals("hub", e.centralHubs().get(0).name());
    }

    @Test
    void betweennessMatchesHandComputedValues() {
        // chain a → b → c plus a → c: b lies on the only shortest path of no pair (a→c is direct)
        // chain x → y → z: y lies on the x→z path once
        GraphAnalyzer a = analyzer(List.of(
                v("b", "SELECT * FROM a"), v("c", "SELECT * FROM b, a"),
                v("y", "SELECT * FROM x"), v("z", "SELECT * FROM y")));
        Centrality c = a.centrality();
        assertEquals(0.0, c.betweenness[c.indexOf(n("b"))]);
        assertEquals(1.0, c.betweenness[c.indexOf(n("y"))]);
        assertEquals(2, c.reach[c.indexOf(n("x"))]);
    }

    @Test
    void impactListsAllTransitiveDependentsWithDepth() {
        Map<ObjectName, Integer> impact = sample().impact(n("raw.a"));
        assertEquals(Map.of(n("s1"), 1, n("hub"), 2, n("side"), 2, n("r2"), 2, n("r1"), 3), impact);
    }

    @Test
    void subgraphHonoursDepthsAndRoles() {
        Subgraph s = sample().subgraph(n("hub"), 1, 1, 50);
        assertEquals(Set.of(n("hub"), n("s1"), n("s2"), n("r1"), n("r2")), Set.copyOf(s.nodes()));
        assertEquals(Set.of(n("s1"), n("s2")), s.upstream());
        assertEquals(Set.of(n("r1"), n("r2")), s.downstream());
        assertFalse(s.truncated());
        // edge s1 → r2 exists between kept nodes
        assertTrue(s.edges().stream().anyMatch(e -> e[0].equals(n("s1")) && e[1].equals(n("r2"))));
    }

    @Test
    void nodeCapKeepsTheNearestNodes() {
        List<ViewDefinition> views = new ArrayList<>();
        views.add(v("center", "SELECT * FROM up1"));
        views.add(v("up1", "SELECT * FROM up2"));
        views.add(v("up2", "SELECT * FROM up3"));
        views.add(v("up3", "SELECT 1"));
        views.add(v("down1", "SELECT * FROM center"));
        views.add(v("down2", "SELECT * FROM down1"));
        Subgraph s = analyzer(views).subgraph(n("center"), 5, 5, 3);
        assertTrue(s.truncated());
        assertEquals(Set.of(n("center"), n("up1"), n("down1")), Set.copyOf(s.nodes()));
    }

    @Test
    void cyclesAreFoundWithTarjan() {
        GraphAnalyzer a = analyzer(List.of(
                v("a", "SELECT * FROM b"), v("b", "SELECT * FROM c"), v("c", "SELECT * FROM a"),
                v("self", "SELECT * FROM s.self"), v("ok", "SELECT * FROM a")));
        assertEquals(List.of(List.of(n("a"), n("b"), n("c")), List.of(n("self"))), a.cycles());
        assertTrue(sample().cycles().isEmpty());
    }

    @Test
    void longChainsDoNotOverflowTheStack() {
        List<ViewDefinition> views = new ArrayList<>();
        for (int k = 0; k < 20_000; k++) views.add(v("v" + k, "SELECT * FROM v" + (k + 1)));
        GraphAnalyzer a = analyzer(views);
        assertTrue(a.cycles().isEmpty());
        assertEquals(20_000, a.impact(n("v20000")).size());
    }

    @Test
    void baseTablesAndLeafViews() {
        GraphAnalyzer a = sample();
        assertEquals(List.of(n("raw.a"), n("raw.b")), a.baseTables());
        assertEquals(List.of(n("r1"), n("r2"), n("side")), a.leafViews());
    }

    /** v0 reads raw.t; each later view reads the one before it and a random earlier one: deep, wide reach. */
    private static GraphAnalyzer deep(int views, long seed) {
        java.util.Random r = new java.util.Random(seed);
        List<ViewDefinition> defs = new ArrayList<>();
        for (int k = 0; k < views; k++) {
            defs.add(v("v" + k, k == 0 ? "SELECT a FROM raw.t" : "SELECT a FROM v" + (k - 1) + " JOIN v" + r.nextInt(k) + " USING (a)"));
        }
        return analyzer(defs);
    }

    @Test
    void deepCatalogsAreAnalysedInBoundedWorkWithExactImpactCounts() {
        // exact Brandes would visit sum(reach) ≈ 30,000² / 2 = 450 million nodes; the budget is 20 million
        GraphAnalyzer a = deep(30_000, 1);
        EntryPoints e = a.entryPoints(5);
        Centrality c = a.centrality();
        assertTrue(c.estimated);
        assertTrue(c.visits <= Centrality.EXACT_WORK * 11 / 10, "visits " + c.visits); // sampled Brandes + exact counts of the top
        assertEquals(List.of("v0", "v1", "v2", "v3", "v4"), e.highImpact().stream().map(RankedNode::name).toList());
        assertEquals(29_999, (int) e.highImpact().get(0).score()); // every other view: exact, not estimated
        assertEquals("29999 views depend on it (" + a.graph().node(n("v0")).dependents().size() + " directly)", e.highImpact().get(0).why());
        assertTrue(e.centralHubs().get(0).why().contains("estimated from "), e.centralHubs().get(0).why());
    }

    @Test
    void estimatedReachRanksExactlyAsTheExactComputation() {
        for (long seed = 1; seed <= 3; seed++) {
            GraphAnalyzer a = deep(1_500, seed);
            Centrality exact = new Centrality(a.graph(), Long.MAX_VALUE);
            Centrality sampled = new Centrality(a.graph(), 10_000);
            assertFalse(exact.estimated);
            assertTrue(sampled.estimated);
            List<Integer> byExact = new ArrayList<>();
            for (int k = 0; k < exact.names.length; k++) if (exact.reach[k] > 0) byExact.add(k);
            byExact.sort(java.util.Comparator.<Integer>comparingInt(k -> -exact.reach[k]).thenComparing(k -> k));
            assertEquals(byExact.subList(0, 200), sampled.topByReach(200, k -> true));
            for (int k = 0; k < exact.names.length; k++) {
                assertEquals(exact.reach[k], sampled.exactReach(k));
                // the sketch: exact below 64, else within 40 % (its standard error is about 13 %)
                if (exact.reach[k] < Centrality.SKETCH - 1) assertEquals(exact.reach[k], sampled.reach[k]);
                else assertTrue(Math.abs(sampled.reach[k] - exact.reach[k]) <= 0.4 * exact.reach[k], k + ": " + sampled.reach[k] + " vs " + exact.reach[k]);
            }
        }
    }

    @Test
    void reachAndCyclesWithCyclesInTheEstimatedMode() {
        GraphAnalyzer a = analyzer(List.of(
                v("x", "SELECT * FROM y UNION ALL SELECT * FROM raw.a"),
                v("y", "SELECT * FROM x"),
                v("z", "SELECT * FROM y"),
                v("self", "SELECT * FROM self")));
        Centrality sampled = new Centrality(a.graph(), 0);
        Centrality exact = new Centrality(a.graph(), Long.MAX_VALUE);
        for (int k = 0; k < exact.names.length; k++) assertEquals(exact.reach[k], sampled.exactReach(k), exact.names[k].toString());
        assertEquals(List.of(exact.indexOf(n("raw.a")), exact.indexOf(n("x")), exact.indexOf(n("y"))), sampled.topByReach(5, k -> true));
        assertEquals(List.of(List.of(n("self")), List.of(n("x"), n("y"))), a.cycles());
    }
}
