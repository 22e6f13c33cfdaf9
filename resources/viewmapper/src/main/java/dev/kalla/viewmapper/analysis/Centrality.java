package dev.kalla.viewmapper.analysis;

import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Brandes betweenness centrality on the directed graph (edges run from a relation to the
 * views that read it), computed on int arrays. The same breadth-first searches also give
 * each node's transitive-dependent count, so impact ranking costs nothing extra.
 */
final class Centrality {
    final ObjectName[] names;
    final double[] betweenness;
    final int[] reach;
    private final Map<ObjectName, Integer> index = new HashMap<>();

    Centrality(DependencyGraph graph) {
        List<Node> nodes = List.copyOf(graph.nodes());
        int n = nodes.size();
        names = new ObjectName[n];
        for (int k = 0; k < n; k++) {
            names[k] = nodes.get(k).name();
            index.put(names[k], k);
        }
        int[][] out = new int[n][];
        for (int k = 0; k < n; k++) {
            var deps = nodes.get(k).dependents();
            out[k] = new int[deps.size()];
            int j = 0;
            for (ObjectName d : deps) out[k][j++] = index.get(d);
        }
        betweenness = new double[n];
        reach = new int[n];
        compute(out, n);
    }

    int indexOf(ObjectName name) {
        Integer k = index.get(name);
        return k == null ? -1 : k;
    }

    private void compute(int[][] out, int n) {
        int[] dist = new int[n];
        long[] sigma = new long[n];
        double[] delta = new double[n];
        int[] stack = new int[n];
        int[][] preds = new int[n][];
        int[] predCount = new int[n];
        Arrays.fill(dist, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int s = 0; s < n; s++) {
            if (out[s].length == 0) continue; // reaches nobody: contributes nothing
            int top = 0;
            dist[s] = 0;
            sigma[s] = 1;
            queue.add(s);
            while (!queue.isEmpty()) {
                int v = queue.poll();
                stack[top++] = v;
                for (int w : out[v]) {
                    if (dist[w] < 0) {
                        dist[w] = dist[v] + 1;
                        queue.add(w);
                    }
                    if (dist[w] == dist[v] + 1) {
                        sigma[w] += sigma[v];
                        if (preds[w] == null) preds[w] = new int[4];
                        if (predCount[w] == preds[w].length) preds[w] = Arrays.copyOf(preds[w], predCount[w] * 2);
                        preds[w][predCount[w]++] = v;
                    }
                }
            }
            reach[s] = top - 1;
            for (int k = top - 1; k >= 0; k--) {
                int w = stack[k];
                for (int p = 0; p < predCount[w]; p++) {
                    int v = preds[w][p];
                    delta[v] += ((double) sigma[v] / sigma[w]) * (1 + delta[w]);
                }
                if (w != s) betweenness[w] += delta[w];
            }
            // Reset only what this search touched, keeping each source O(reached edges).
            for (int k = 0; k < top; k++) {
                int w = stack[k];
                dist[w] = -1;
                sigma[w] = 0;
                delta[w] = 0;
                predCount[w] = 0;
            }
        }
    }
}
