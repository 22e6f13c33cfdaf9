package dev.kalla.viewmapper.analysis;

import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Tarjan's strongly connected components, written iteratively because a long chain of views
 * would overflow the Java stack with the recursive form.
 */
final class CycleFinder {
    private final DependencyGraph graph;
    private final Map<ObjectName, Integer> index = new HashMap<>();
    private final Map<ObjectName, Integer> low = new HashMap<>();
    private final Deque<ObjectName> stack = new ArrayDeque<>();
    private final java.util.Set<ObjectName> onStack = new java.util.HashSet<>();
    private final List<List<ObjectName>> cycles = new ArrayList<>();
    private int counter;

    CycleFinder(DependencyGraph graph) {
        this.graph = graph;
    }

    List<List<ObjectName>> find() {
        for (Node n : graph.nodes()) {
            if (!index.containsKey(n.name())) strongConnect(n.name());
        }
        cycles.sort((a, b) -> a.get(0).compareTo(b.get(0)));
        return cycles;
    }

    private void strongConnect(ObjectName root) {
        Deque<Object[]> work = new ArrayDeque<>();
        visit(root);
        work.push(new Object[]{root, graph.node(root).dependencies().iterator()});
        while (!work.isEmpty()) {
            Object[] frame = work.peek();
            ObjectName v = (ObjectName) frame[0];
            @SuppressWarnings("unchecked")
            Iterator<ObjectName> it = (Iterator<ObjectName>) frame[1];
            if (it.hasNext()) {
                ObjectName w = it.next();
                if (!index.containsKey(w)) {
                    visit(w);
                    work.push(new Object[]{w, graph.node(w).dependencies().iterator()});
                } else if (onStack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
                continue;
            }
            work.pop();
            if (!work.isEmpty()) {
                ObjectName parent = (ObjectName) work.peek()[0];
                low.put(parent, Math.min(low.get(parent), low.get(v)));
            }
            if (low.get(v).equals(index.get(v))) {
                List<ObjectName> component = new ArrayList<>();
                ObjectName w;
                do {
                    w = stack.pop();
                    onStack.remove(w);
                    component.add(w);
                } while (!w.equals(v));
                boolean selfLoop = graph.node(v).dependencies().contains(v);
                if (component.size() > 1 || selfLoop) {
                    Collections.sort(component);
                    cycles.add(component);
                }
            }
        }
    }

    private void visit(ObjectName v) {
        index.put(v, counter);
        low.put(v, counter);
        counter++;
        stack.push(v);
        onStack.add(v);
    }
}
