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

    public EntryPoints entryPoints(int limit) {
        Centrality c = centrality();
        List<RankedNode> impact = new ArrayList<>();
        List<RankedNode> hubs = new ArrayList<>();
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < c.names.length; k++) order.add(k);

        order.sort(Comparator.<Integer>comparingInt(k -> -c.reach[k]).thenComparing(k -> c.names[k]));
        for (int k : order) {
            if (impact.size() >= limit || c.reach[k] == 0) break;
            Node n = graph.node(c.names[k]);
            if (!n.isView()) continue;
            impact.add(new RankedNode(graph.display(n.name()), "view", c.reach[k],
                    c.reach[k] + " views depend on it (" + n.dependents().size() + " directly)"));
        }

        order.sort(Comparator.<Integer>comparingDouble(k -> -c.betweenness[k]).thenComparing(k -> c.names[k]));
        for (int k : order) {
            if (hubs.size() >= limit || c.betweenness[k] <= 0) break;
            Node n = graph.node(c.names[k]);
            hubs.add(new RankedNode(graph.display(n.name()), kind(n), c.betweenness[k],
                    "lies on many dependency paths (" + n.dependencies().size() + " in, " + n.dependents().size() + " out)"));
        }

        List<RankedNode> leaves = new ArrayList<>();
        graph.nodes().stream()
                .filter(n -> n.isView() && !n.unparsed() && n.dependents().isEmpty())
                .sorted(Comparator.<Node>comparingInt(n -> -n.dependencies().size()).thenComparing(Node::name))
                .limit(limit)
                .forEach(n -> leaves.add(new RankedNode(graph.display(n.name()), "view", n.dependencies().size(),
                        "nothing depends on it; reads " + n.dependencies().size() + " relations directly")));
        return new EntryPoints(impact, leaves, hubs);
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
        boolean truncated = ordered.size() > maxNodes;
        if (truncated) ordered = new ArrayList<>(ordered.subList(0, Math.max(1, maxNodes)));
        Set<ObjectName> kept = new LinkedHashSet<>(ordered);
        Set<ObjectName> upstream = new LinkedHashSet<>();
        Set<ObjectName> downstream = new LinkedHashSet<>();
        for (ObjectName n : kept) {
            if (n.equals(focus)) continue;
            if (up.containsKey(n)) upstream.add(n);
            if (down.containsKey(n)) downstream.add(n);
        }
        return new Subgraph(List.copyOf(kept), edgesWithin(kept), focus, upstream, downstream, truncated);
    }

    /** The whole graph as a subgraph without focus. */
    public Subgraph full() {
        Set<ObjectName> all = new LinkedHashSet<>();
        for (Node n : graph.nodes()) all.add(n.name());
        return new Subgraph(List.copyOf(all), edgesWithin(all), null, Set.of(), Set.of(), false);
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
