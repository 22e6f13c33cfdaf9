package dev.kalla.viewmapper.analysis;

import dev.kalla.viewmapper.graph.ObjectName;

import java.util.List;
import java.util.Set;

/**
 * A slice of the graph to draw. Edges point from a relation to the view that reads it.
 * {@code truncated} tells that the node cap dropped the farthest nodes.
 */
public record Subgraph(List<ObjectName> nodes, List<ObjectName[]> edges, ObjectName focus,
                       Set<ObjectName> upstream, Set<ObjectName> downstream, boolean truncated) {
}
