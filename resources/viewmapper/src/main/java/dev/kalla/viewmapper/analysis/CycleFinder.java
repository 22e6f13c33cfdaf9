package dev.kalla.viewmapper.analysis;

import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Cycles: strongly connected components of more than one node, or a node reading itself. Tarjan
 * runs iteratively on int arrays ({@link Centrality#components}), because a long chain of views
 * would overflow the Java stack with the recursive form, and because name-keyed maps made it cost
 * 0.9 s at 100,000 views.
 */
final class CycleFinder {
    private final DependencyGraph graph;

    CycleFinder(DependencyGraph graph) {
        this.graph = graph;
    }

    List<List<ObjectName>> find() {
        List<Node> nodes = List.copyOf(graph.nodes());
        int n = nodes.size();
        Map<ObjectName, Integer> index = new HashMap<>(n * 2);
        for (int k = 0; k < n; k++) index.put(nodes.get(k).name(), k);
        int[][] reads = new int[n][];
        for (int k = 0; k < n; k++) {
            var deps = nodes.get(k).dependencies();
            reads[k] = new int[deps.size()];
            int j = 0;
            for (ObjectName d : deps) reads[k][j++] = index.get(d);
        }
        List<List<ObjectName>> cycles = new ArrayList<>();
        for (int[] members : Centrality.components(reads, n, new int[n])) {
            Node first = nodes.get(members[0]);
            if (members.length == 1 && !first.dependencies().contains(first.name())) continue;
            List<ObjectName> component = new ArrayList<>(members.length);
            for (int m : members) component.add(nodes.get(m).name());
            Collections.sort(component);
            cycles.add(component);
        }
        cycles.sort((a, b) -> a.get(0).compareTo(b.get(0)));
        return cycles;
    }
}
