package dev.kalla.viewmapper.graph;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Views, the relations they read, and the views that failed to parse. Nodes are listed in
 * name order so every listing and diagram is deterministic. They are found by hash while the graph
 * is linked and sorted once when first listed: a TreeMap's lookups cost about half of linking
 * 100,000 views.
 */
public final class DependencyGraph {
    private final Map<ObjectName, Node> nodes = new HashMap<>();
    /** The nodes in name order; rebuilt when a node was added since. */
    private List<Node> sorted;
    private final List<ParseFailure> failures = new ArrayList<>();
    private final String defaultCatalog;
    private final String defaultSchema;

    public DependencyGraph(String defaultCatalog, String defaultSchema) {
        this.defaultCatalog = defaultCatalog;
        this.defaultSchema = defaultSchema;
    }

    Node addView(ObjectName name, String sql, boolean unparsed) {
        Node node = nodes.get(name);
        if (node == null) {
            node = new Node(name, NodeKind.VIEW);
            nodes.put(name, node);
            sorted = null;
        }
        node.becomeView(sql, unparsed);
        return node;
    }

    void addEdge(ObjectName view, ObjectName source) {
        Node target = nodes.get(source);
        if (target == null) {
            target = new Node(source, NodeKind.TABLE);
            nodes.put(source, target);
            sorted = null;
        }
        nodes.get(view).dependencies.add(source);
        target.dependents.add(view);
    }

    void addFailure(ParseFailure failure) {
        failures.add(failure);
    }

    public Node node(ObjectName name) {
        return nodes.get(name);
    }

    public synchronized Collection<Node> nodes() {
        if (sorted == null) {
            List<Node> all = new ArrayList<>(nodes.values());
            all.sort(Comparator.comparing(Node::name));
            sorted = Collections.unmodifiableList(all);
        }
        return sorted;
    }

    public int viewCount() {
        int n = 0;
        for (Node node : nodes.values()) if (node.isView()) n++;
        return n;
    }

    public int edgeCount() {
        int n = 0;
        for (Node node : nodes.values()) n += node.dependencies.size();
        return n;
    }

    public List<ParseFailure> failures() {
        return Collections.unmodifiableList(failures);
    }

    public String defaultCatalog() {
        return defaultCatalog;
    }

    public String defaultSchema() {
        return defaultSchema;
    }

    public String display(ObjectName name) {
        return name.display(defaultCatalog, defaultSchema);
    }

    /**
     * The schema a node is in, as its displayed names write it: {@code schema} in the default
     * catalog, {@code catalog.schema} in another, even where {@link #display} leaves it out.
     */
    public String displaySchema(ObjectName name) {
        return name.displaySchema(defaultCatalog);
    }
}
