package dev.kalla.viewmapper.analysis;

import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Brandes betweenness centrality on the directed graph (edges run from a relation to the views
 * that read it), and each node's count of transitive dependents ({@code reach}), on int arrays.
 *
 * <p>Exact Brandes costs one breadth-first search per node, each as long as what that node
 * reaches: on deep catalogs (long chains, views reading views reading views) that grows with the
 * square of the view count (a 10,000-view chain: 1.9 s; 100,000 views with deep reach: minutes).
 * So the work is first estimated in linear time: strongly connected components (iterative
 * Tarjan), then per component a k-minimum-values sketch of everything it reaches, merged from its
 * successors in reverse topological order (O(edges × {@value #SKETCH})). A node reaching fewer than
 * {@value #SKETCH} nodes gets its exact count from the sketch. When the summed search work stays
 * under {@link #EXACT_WORK}, betweenness and reach are computed exactly as before (same numbers);
 * above it, betweenness is estimated from a fixed-seed uniform sample of source nodes, scaled by
 * sources / sampled (Brandes and Pich 2007), sized to that budget, and reach is the sketch's
 * estimate (about ±13 %), made exact by a search for every node an answer shows.
 */
final class Centrality {
    /** Breadth-first node visits allowed for the exact computation; above it, sampling. */
    static final long EXACT_WORK = 20_000_000L;
    static final int SKETCH = 64;
    private static final long SEED = 20_261_126L;

    final ObjectName[] names;
    final double[] betweenness;
    /** Transitive dependents: exact unless {@link #estimated}, then exact only below {@value #SKETCH}; see {@link #exactReach}. */
    final int[] reach;
    /** Whether betweenness was sampled and large reach counts are estimates. */
    final boolean estimated;
    final int sources;
    final int sampledSources;
    /** Nodes taken off a breadth-first queue so far (Brandes and exact counts): the work done, for tests. */
    long visits;
    private final int[][] out;
    private final int[] exact;
    /** Per node, whether the sketch held everything it reaches (then its count is exact). */
    private final boolean[] sketchExact;
    private final Map<ObjectName, Integer> index = new HashMap<>();

    Centrality(DependencyGraph graph) {
        this(graph, EXACT_WORK);
    }

    Centrality(DependencyGraph graph, long exactWork) {
        List<Node> nodes = List.copyOf(graph.nodes());
        int n = nodes.size();
        names = new ObjectName[n];
        for (int k = 0; k < n; k++) {
            names[k] = nodes.get(k).name();
            index.put(names[k], k);
        }
        out = new int[n][];
        for (int k = 0; k < n; k++) {
            var deps = nodes.get(k).dependents();
            out[k] = new int[deps.size()];
            int j = 0;
            for (ObjectName d : deps) out[k][j++] = index.get(d);
        }
        betweenness = new double[n];
        sketchExact = new boolean[n];
        int[] estimate = estimateReach(out, n, sketchExact);
        long work = 0;
        int withOut = 0;
        for (int s = 0; s < n; s++) {
            if (out[s].length == 0) continue;
            withOut++;
            work += estimate[s] + 1L;
        }
        sources = withOut;
        if (work <= exactWork) {
            reach = new int[n];
            int[] all = new int[withOut];
            int j = 0;
            for (int s = 0; s < n; s++) if (out[s].length > 0) all[j++] = s;
            brandes(all, 1.0, true);
            estimated = false;
            sampledSources = withOut;
            exact = reach;
        } else {
            reach = estimate;
            int[] all = new int[withOut];
            int j = 0;
            for (int s = 0; s < n; s++) if (out[s].length > 0) all[j++] = s;
            // Fisher-Yates with a fixed seed: the same graph always gives the same sample
            Random rnd = new Random(SEED);
            for (int k = all.length - 1; k > 0; k--) {
                int r = rnd.nextInt(k + 1);
                int t = all[k];
                all[k] = all[r];
                all[r] = t;
            }
            int take = (int) Math.max(Math.min(64, withOut), Math.min(withOut, exactWork * withOut / work));
            int[] sample = Arrays.copyOf(all, take);
            Arrays.sort(sample);
            brandes(sample, (double) withOut / take, false);
            estimated = true;
            sampledSources = take;
            exact = new int[n];
            Arrays.fill(exact, -1);
        }
    }

    int indexOf(ObjectName name) {
        Integer k = index.get(name);
        return k == null ? -1 : k;
    }

    /** The exact count of node {@code k}'s transitive dependents (one search when it was only estimated). */
    int exactReach(int k) {
        if (!estimated || sketchExact[k]) return reach[k];
        if (exact[k] < 0) {
            if (mark == null) {
                mark = new int[names.length];
                bfs = new int[names.length];
            }
            int stamp = ++stampCounter;
            int head = 0;
            int tail = 0;
            bfs[tail++] = k;
            mark[k] = stamp;
            while (head < tail) {
                int v = bfs[head++];
                visits++;
                for (int w : out[v]) {
                    if (mark[w] != stamp) {
                        mark[w] = stamp;
                        bfs[tail++] = w;
                    }
                }
            }
            exact[k] = tail - 1;
        }
        return exact[k];
    }

    private int[] mark;
    private int[] bfs;
    private int stampCounter;

    /**
     * The nodes with the most transitive dependents, exactly, in order (most first, then by name),
     * keeping those {@code shown} accepts, at most {@code limit}; nodes reaching nothing are left out.
     * A node reaches strictly more than anything that reads it (a cycle: as much), so the best node
     * not yet taken always has every relation it reads taken already: a best-first walk from the
     * nodes that read nothing, over components, finds the order with an exact count (one search)
     * only for the nodes it meets, not for the whole graph.
     */
    List<Integer> topByReach(int limit, java.util.function.IntPredicate shown) {
        int n = names.length;
        int[] comp = new int[n];
        int[][] members = components(out, n, comp);
        int[] waiting = new int[members.length];
        for (int v = 0; v < n; v++) for (int w : out[v]) if (comp[w] != comp[v]) waiting[comp[w]]++;
        int[] left = new int[members.length];
        java.util.PriorityQueue<Integer> queue = new java.util.PriorityQueue<>((x, y) -> {
            int rx = exactReach(x);
            int ry = exactReach(y);
            return rx != ry ? Integer.compare(ry, rx) : Integer.compare(x, y); // node order is name order
        });
        for (int c = 0; c < members.length; c++) {
            left[c] = members[c].length;
            if (waiting[c] == 0) for (int v : members[c]) queue.add(v);
        }
        List<Integer> result = new java.util.ArrayList<>();
        while (!queue.isEmpty() && result.size() < limit) {
            int v = queue.poll();
            if (exactReach(v) == 0) break;
            if (shown.test(v)) result.add(v);
            if (--left[comp[v]] > 0) continue;
            for (int u : members[comp[v]]) {
                for (int w : out[u]) {
                    int d = comp[w];
                    if (d != comp[v] && --waiting[d] == 0) for (int m : members[d]) queue.add(m);
                }
            }
        }
        return result;
    }

    /** Brandes from the given sources; each source's dependencies are added {@code scale} times. */
    private void brandes(int[] sourceList, double scale, boolean recordReach) {
        int n = names.length;
        int[] dist = new int[n];
        long[] sigma = new long[n];
        double[] delta = new double[n];
        int[] stack = new int[n];
        int[][] preds = new int[n][];
        int[] predCount = new int[n];
        Arrays.fill(dist, -1);
        int[] queue = new int[n];
        for (int s : sourceList) {
            int top = 0;
            int head = 0;
            int tail = 0;
            dist[s] = 0;
            sigma[s] = 1;
            queue[tail++] = s;
            while (head < tail) {
                int v = queue[head++];
                stack[top++] = v;
                visits++;
                for (int w : out[v]) {
                    if (dist[w] < 0) {
                        dist[w] = dist[v] + 1;
                        queue[tail++] = w;
                    }
                    if (dist[w] == dist[v] + 1) {
                        sigma[w] += sigma[v];
                        if (preds[w] == null) preds[w] = new int[4];
                        if (predCount[w] == preds[w].length) preds[w] = Arrays.copyOf(preds[w], predCount[w] * 2);
                        preds[w][predCount[w]++] = v;
                    }
                }
            }
            if (recordReach) reach[s] = top - 1;
            for (int k = top - 1; k >= 0; k--) {
                int w = stack[k];
                for (int p = 0; p < predCount[w]; p++) {
                    int v = preds[w][p];
                    delta[v] += ((double) sigma[v] / sigma[w]) * (1 + delta[w]);
                }
                if (w != s) betweenness[w] += scale == 1.0 ? delta[w] : delta[w] * scale;
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

    /**
     * Per node, how many nodes it reaches (itself excluded): exact below {@value #SKETCH}, else a
     * k-minimum-values estimate. Linear in the edges: components in reverse topological order, each
     * sketch merged from its successors' and freed once its last predecessor has read it.
     */
    static int[] estimateReach(int[][] out, int n, boolean[] exactOut) {
        int[] comp = new int[n];
        int[][] members = components(out, n, comp);
        int c = members.length;
        int[] pending = new int[c];
        for (int v = 0; v < n; v++) for (int w : out[v]) if (comp[w] != comp[v]) pending[comp[w]]++;
        long[][] sketch = new long[c][];
        int[] result = new int[n];
        long[] buffer = new long[2 * SKETCH + 1];
        for (int k = 0; k < c; k++) { // Tarjan emits a component after every component it reaches
            long[] s = new long[0];
            for (int v : members[k]) s = merge(s, new long[]{hash(v)}, buffer);
            for (int v : members[k]) {
                for (int w : out[v]) {
                    int d = comp[w];
                    if (d == k) continue;
                    s = merge(s, sketch[d], buffer);
                    if (--pending[d] == 0) sketch[d] = null;
                }
            }
            sketch[k] = s;
            int count = s.length < SKETCH ? s.length
                    : (int) Math.min(n, Math.round((SKETCH - 1) / ((double) s[SKETCH - 1] / Long.MAX_VALUE)));
            for (int v : members[k]) {
                result[v] = Math.max(0, count - 1);
                exactOut[v] = s.length < SKETCH;
            }
            if (pending[k] == 0) sketch[k] = null;
        }
        return result;
    }

    /** The {@value #SKETCH} smallest distinct values of two ascending arrays. */
    private static long[] merge(long[] a, long[] b, long[] buffer) {
        int i = 0;
        int j = 0;
        int m = 0;
        while (m < SKETCH && (i < a.length || j < b.length)) {
            long x;
            if (j >= b.length || (i < a.length && a[i] < b[j])) x = a[i++];
            else if (i >= a.length || b[j] < a[i]) x = b[j++];
            else {
                x = a[i++];
                j++;
            }
            buffer[m++] = x;
        }
        return Arrays.copyOf(buffer, m);
    }

    /** A well-mixed positive 63-bit hash of a node index (SplitMix64's finaliser). */
    private static long hash(int v) {
        long z = (v + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) >>> 1;
    }

    /**
     * Strongly connected components by iterative Tarjan, in the order Tarjan completes them (a
     * component after every component reachable from it); {@code comp} gets each node's component.
     */
    static int[][] components(int[][] out, int n, int[] comp) {
        int[] idx = new int[n];
        int[] low = new int[n];
        Arrays.fill(idx, -1);
        boolean[] onStack = new boolean[n];
        int[] stack = new int[n];
        int sp = 0;
        int[] callNode = new int[n];
        int[] callEdge = new int[n];
        int counter = 0;
        java.util.ArrayList<int[]> out2 = new java.util.ArrayList<>();
        for (int root = 0; root < n; root++) {
            if (idx[root] >= 0) continue;
            int depth = 0;
            callNode[0] = root;
            callEdge[0] = 0;
            idx[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            while (depth >= 0) {
                int v = callNode[depth];
                if (callEdge[depth] < out[v].length) {
                    int w = out[v][callEdge[depth]++];
                    if (idx[w] < 0) {
                        idx[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        depth++;
                        callNode[depth] = w;
                        callEdge[depth] = 0;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], idx[w]);
                    }
                    continue;
                }
                if (low[v] == idx[v]) {
                    int start = sp;
                    do {
                        start--;
                    } while (stack[start] != v);
                    int[] members = Arrays.copyOfRange(stack, start, sp);
                    for (int m : members) {
                        onStack[m] = false;
                        comp[m] = out2.size();
                    }
                    sp = start;
                    out2.add(members);
                }
                depth--;
                if (depth >= 0) {
                    int parent = callNode[depth];
                    low[parent] = Math.min(low[parent], low[v]);
                }
            }
        }
        return out2.toArray(new int[0][]);
    }
}
