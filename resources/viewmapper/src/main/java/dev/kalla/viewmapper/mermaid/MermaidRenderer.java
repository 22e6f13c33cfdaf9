package dev.kalla.viewmapper.mermaid;

import dev.kalla.viewmapper.analysis.Subgraph;
import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;

import java.util.ArrayList;
import java.util.List;

/**
 * Draws a subgraph as a Mermaid flowchart. Views are boxes, tables are cylinders; edges run
 * from the relation read to the view reading it (the direction data flows). Labels are
 * always quoted with entities for characters Mermaid would otherwise interpret.
 */
public final class MermaidRenderer {
    public static final int DEFAULT_MAX_NODES = 100;

    private MermaidRenderer() {
    }

    public static String render(DependencyGraph graph, Subgraph sub, Direction direction) {
        NodeIds ids = new NodeIds(sub.nodes(), graph.defaultCatalog(), graph.defaultSchema());
        StringBuilder out = new StringBuilder("graph ").append(direction.name()).append('\n');
        List<String> focus = new ArrayList<>();
        List<String> upstream = new ArrayList<>();
        List<String> downstream = new ArrayList<>();
        List<String> tables = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (ObjectName n : sub.nodes()) {
            Node node = graph.node(n);
            String id = ids.of(n);
            String label = escapeLabel(graph.display(n));
            out.append("    ").append(id).append(node.isView() ? "[\"" + label + "\"]" : "[(\"" + label + "\")]").append('\n');
            if (n.equals(sub.focus())) focus.add(id);
            else if (sub.upstream().contains(n)) upstream.add(id);
            else if (sub.downstream().contains(n)) downstream.add(id);
            if (!node.isView()) tables.add(id);
            if (node.unparsed()) broken.add(id);
        }
        for (ObjectName[] e : sub.edges()) {
            out.append("    ").append(ids.of(e[0])).append(" --> ").append(ids.of(e[1])).append('\n');
        }
        out.append("    classDef table fill:#eef2f7,stroke:#5b6b82\n");
        out.append("    classDef focus fill:#ffd54f,stroke:#b28704,stroke-width:3px\n");
        out.append("    classDef upstream fill:#d7ecff,stroke:#1f6fb2\n");
        out.append("    classDef downstream fill:#dff5e1,stroke:#2e7d32\n");
        out.append("    classDef unparsed stroke:#c62828,stroke-dasharray:4 3\n");
        // Later class lines win in Mermaid, so role colours are applied after the table style.
        appendClass(out, tables, "table");
        appendClass(out, upstream, "upstream");
        appendClass(out, downstream, "downstream");
        appendClass(out, focus, "focus");
        appendClass(out, broken, "unparsed");
        return out.toString();
    }

    private static void appendClass(StringBuilder out, List<String> ids, String cls) {
        if (!ids.isEmpty()) out.append("    class ").append(String.join(",", ids)).append(' ').append(cls).append('\n');
    }

    /** Makes any identifier safe inside a quoted Mermaid label. */
    public static String escapeLabel(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            switch (c) {
                case '"': b.append("#quot;"); break;
                case '#': b.append("#35;"); break;
                case '<': b.append("#lt;"); break;
                case '>': b.append("#gt;"); break;
                case '`': b.append("#96;"); break;
                case '\n': case '\r': case '\t': b.append(' '); break;
                default: b.append(c);
            }
        }
        return b.toString();
    }
}
