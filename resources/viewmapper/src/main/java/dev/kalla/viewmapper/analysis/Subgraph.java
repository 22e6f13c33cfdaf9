package dev.kalla.viewmapper.analysis;

import dev.kalla.viewmapper.graph.ObjectName;

import java.util.List;
import java.util.Set;

/**
 * A slice of the graph to draw. Edges point from a relation to the view that reads it.
 * {@code truncated} tells that the node cap dropped the farthest nodes; {@code total} is how many
 * nodes there were before the cap (so {@code total - nodes.size()} were left out).
 */
public record Subgraph(List<ObjectName> nodes, List<ObjectName[]> edges, ObjectName focus,
                       Set<ObjectName> upstream, Set<ObjectName> downstream, boolean truncated, int total) {

    /** How many nodes the cap left out. */
    public int leftOut() {
        return total - nodes.size();
    }
}
