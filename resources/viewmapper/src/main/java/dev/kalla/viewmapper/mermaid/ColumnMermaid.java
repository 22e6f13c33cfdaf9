package dev.kalla.viewmapper.mermaid;

import dev.kalla.viewmapper.columns.ColumnLineage.ColumnGraph;
import dev.kalla.viewmapper.columns.ColumnLineage.TraceEdge;
import dev.kalla.viewmapper.columns.ColumnLineage.TraceNode;
import dev.kalla.viewmapper.columns.TransformKind;
import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws a column graph: one box per view or table (a Mermaid subgraph) holding the columns
 * that take part, edges from source column to the column made from it. Edges say how the value
 * is made unless it is copied as is; an assumed edge is dotted and says "assumed".
 */
public final class ColumnMermaid {
    private ColumnMermaid() {
    }

    public static String render(DependencyGraph graph, ColumnGraph g, Direction direction) {
        Map<TraceNode, String> ids = new HashMap<>();
        Map<ObjectName, List<TraceNode>> byRelation = new LinkedHashMap<>();
        for (TraceNode n : g.nodes()) {
            ids.put(n, "c" + ids.size());
            byRelation.computeIfAbsent(n.relation(), r -> new java.util.ArrayList<>()).add(n);
        }
        StringBuilder out = new StringBuilder("graph ").append(direction.name()).append('\n');
        int box = 0;
        for (var e : byRelation.entrySet()) {
            Node node = graph.node(e.getKey());
            boolean table = node == null || !node.isView();
            String label = MermaidRenderer.escapeLabel(graph.display(e.getKey()) + (table ? " (table)" : ""));
            out.append("    subgraph r").append(box).append("[\"").append(label).append("\"]\n");
            for (TraceNode n : e.getValue()) {
                out.append("        ").append(ids.get(n)).append("[\"").append(MermaidRenderer.escapeLabel(n.column())).append("\"]\n");
            }
            out.append("    end\n");
            if (table) out.append("    class r").append(box).append(" table\n");
            box++;
        }
        java.util.Set<String> drawn = new java.util.HashSet<>();
        for (TraceEdge e : g.edges()) {
            String from = ids.get(e.from());
            String to = ids.get(e.to());
            if (from == null || to == null) continue;
            String label = e.kind() == TransformKind.DIRECT ? "" : e.kind().json();
            if (e.assumed() != null) label = label.isEmpty() ? "assumed" : label + ", assumed";
            String line = from + (e.assumed() != null || e.kind() == TransformKind.INDIRECT ? " -.->" : " -->") + (label.isEmpty() ? "" : "|" + label + "|") + " " + to;
            if (drawn.add(line)) out.append("    ").append(line).append('\n');
        }
        out.append("    classDef focus fill:#ffd54f,stroke:#b28704,stroke-width:3px\n");
        out.append("    classDef table fill:#eef2f7,stroke:#5b6b82\n");
        out.append("    class ").append(ids.get(g.start())).append(" focus\n");
        return out.toString();
    }
}
