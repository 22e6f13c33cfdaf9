package dev.kalla.viewmapper.analysis;

import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** Read-only questions about one dependency graph. Centrality is computed once, on first use. */
public final class GraphAnalyzer {
    private final DependencyGraph graph;
    private Centrality centrality;

    public GraphAnalyzer(DependencyGraph graph) {
        this.graph = graph;
    }

    public DependencyGraph graph() {
        return graph;
    }

    public ComplexityLevel complexity() {
        return ComplexityLevel.of(graph.viewCount());
    }

    public synchronized Centrality centrality() {
        if (centrality == null) centrality = new Centrality(graph);
        return centrality;
    }

    /** The benchmark's baseline: exact Brandes from every source whatever it costs (the algorithm before issue 26). */
    public synchronized void useExactCentrality() {
        if (centrality == null || centrality.estimated) centrality = new Centrality(graph, Long.MAX_VALUE);
    }

    /**
     * The views most depended on, the central hubs and the leaf views with the most inputs, each at
     * most {@code limit}. Only the top of each list is ordered (a bounded heap), not the whole graph.
     * On graphs where centrality is estimated ({@link Centrality}), the impact ranking stays exact
     * (a best-first walk counts only the nodes it meets); hub scores are then estimates, and say so.
     */
    public EntryPoints entryPoints(int limit) {
        Centrality c = centrality();
        int n = c.names.length;
        List<Node> nodes = List.copyOf(graph.nodes());
        List<RankedNode> impact = new ArrayList<>();
        List<Integer> ranked = !c.estimated
                ? top(n, limit, k -> nodes.get(k).isView() && c.reach[k] > 0,
                Comparator.<Integer>comparingInt(k -> -c.reach[k]).thenComparing(k -> c.names[k]))
                : c.topByReach(limit, k -> nodes.get(k).isView());
        for (int k : ranked) {
            Node node = nodes.get(k);
            int r = c.exactReach(k);
            impact.add(new RankedNode(graph.display(node.name()), "view", r,
                    r + " views depend on it (" + node.dependents().size() + " directly)"));
        }

        List<RankedNode> hubs = new ArrayList<>();
        String estimate = c.estimated ? "; estimated from " + c.sampledSources + " of " + c.sources + " source nodes" : "";
        for (int k : top(n, limit, k -> c.betweenness[k] > 0,
                Comparator.<Integer>comparingDouble(k -> -c.betweenness[k]).thenComparing(k -> c.names[k]))) {
            Node node = nodes.get(k);
            hubs.add(new RankedNode(graph.display(node.name()), kind(node), c.betweenness[k],
                    "lies on many dependency paths (" + node.dependencies().size() + " in, " + node.dependents().size() + " out" + estimate + ")"));
        }

        List<RankedNode> leaves = new ArrayList<>();
        for (int k : top(n, limit, k -> nodes.get(k).isView() && !nodes.get(k).unparsed() && nodes.get(k).dependents().isEmpty(),
                Comparator.<Integer>comparingInt(k -> -nodes.get(k).dependencies().size()).thenComparing(k -> nodes.get(k).name()))) {
            Node node = nodes.get(k);
            leaves.add(new RankedNode(graph.display(node.name()), "view", node.dependencies().size(),
                    "nothing depends on it; reads " + node.dependencies().size() + " relations directly"));
        }
        return new EntryPoints(impact, leaves, hubs);
    }

    /** The first {@code m} of {@code 0..n-1} kept by {@code keep}, in {@code order}, through a heap of m. */
    private static List<Integer> top(int n, int m, java.util.function.IntPredicate keep, Comparator<Integer> order) {
        if (m <= 0) return List.of();
        java.util.PriorityQueue<Integer> heap = new java.util.PriorityQueue<>(m + 1, order.reversed());
        for (int k = 0; k < n; k++) {
            if (!keep.test(k)) continue;
            heap.add(k);
            if (heap.size() > m) heap.poll();
        }
        List<Integer> out = new ArrayList<>(heap);
        out.sort(order);
        return out;
    }

    /**
     * All views nothing depends on, sorted by name. Views that failed to parse are left out: what
     * they read is unknown, so calling them anything would be a guess (they are listed as failures).
     */
    public List<ObjectName> leafViews() {
        List<ObjectName> out = new ArrayList<>();
        for (Node n : graph.nodes()) if (n.isView() && !n.unparsed() && n.dependents().isEmpty()) out.add(n.name());
        return out;
    }

    public List<ObjectName> baseTables() {
        List<ObjectName> out = new ArrayList<>();
        for (Node n : graph.nodes()) if (!n.isView()) out.add(n.name());
        return out;
    }

    /** Everything that reads the node, directly or transitively, with its distance. */
    public Map<ObjectName, Integer> impact(ObjectName name) {
        Map<ObjectName, Integer> out = walk(name, Integer.MAX_VALUE, Node::dependents);
        out.remove(name);
        return out;
    }

    /** Everything the node reads, directly or transitively, with its distance. */
    public Map<ObjectName, Integer> lineage(ObjectName name, int depth) {
        Map<ObjectName, Integer> out = walk(name, depth, Node::dependencies);
        out.remove(name);
        return out;
    }

    public Subgraph subgraph(ObjectName focus, int upstreamDepth, int downstreamDepth, int maxNodes) {
        Map<ObjectName, Integer> up = walk(focus, upstreamDepth, Node::dependencies);
        Map<ObjectName, Integer> down = walk(focus, downstreamDepth, Node::dependents);
        Map<ObjectName, Integer> distance = new LinkedHashMap<>(up);
        down.forEach((n, d) -> distance.merge(n, d, Math::min));
        List<ObjectName> ordered = new ArrayList<>(distance.keySet());
        // Nearest first, so the cap drops the periphery and keeps the context around the focus.
        ordered.sort(Comparator.<ObjectName>comparingInt(distance::get).thenComparing(Function.identity()));
        int total = ordered.size();
        boolean truncated = total > maxNodes;
        if (truncated) ordered = new ArrayList<>(ordered.subList(0, Math.max(1, maxNodes)));
        Set<ObjectName> kept = new LinkedHashSet<>(ordered);
        Set<ObjectName> upstream = new LinkedHashSet<>();
        Set<ObjectName> downstream = new LinkedHashSet<>();
        for (ObjectName n : kept) {
            if (n.equals(focus)) continue;
            if (up.containsKey(n)) upstream.add(n);
            if (down.containsKey(n)) downstream.add(n);
        }
        return new Subgraph(List.copyOf(kept), edgesWithin(kept), focus, upstream, downstream, truncated, total);
    }

    /** The whole graph as a subgraph without focus. */
    public Subgraph full() {
        Set<ObjectName> all = new LinkedHashSet<>();
        for (Node n : graph.nodes()) all.add(n.name());
        return new Subgraph(List.copyOf(all), edgesWithin(all), null, Set.of(), Set.of(), false, all.size());
    }

    /** Strongly connected components with more than one node, or a node reading itself (Tarjan). */
    public List<List<ObjectName>> cycles() {
        return new CycleFinder(graph).find();
    }

    public List<ObjectName[]> edgesWithin(Set<ObjectName> kept) {
        List<ObjectName[]> edges = new ArrayList<>();
        for (ObjectName n : kept) {
            for (ObjectName dep : graph.node(n).dependencies()) {
                if (kept.contains(dep)) edges.add(new ObjectName[]{dep, n});
            }
        }
        return edges;
    }

    private Map<ObjectName, Integer> walk(ObjectName start, int depth, Function<Node, Set<ObjectName>> next) {
        Map<ObjectName, Integer> seen = new LinkedHashMap<>();
        seen.put(start, 0);
        ArrayDeque<ObjectName> queue = new ArrayDeque<>();
        queue.add(start);
        while (!queue.isEmpty()) {
            ObjectName n = queue.poll();
            int d = seen.get(n);
            if (d >= depth) continue;
            for (ObjectName m : next.apply(graph.node(n))) {
                if (!seen.containsKey(m)) {
                    seen.put(m, d + 1);
                    queue.add(m);
                }
            }
        }
        return seen;
    }

    static String kind(Node n) {
        return n.isView() ? "view" : "table";
    }
}
