package dev.kalla.viewmapper.graph;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Views, the relations they read, and the views that failed to parse. Nodes are kept in
 * name order so every listing and diagram is deterministic.
 */
public final class DependencyGraph {
    private final Map<ObjectName, Node> nodes = new TreeMap<>();
    private final List<ParseFailure> failures = new ArrayList<>();
    private final String defaultCatalog;
    private final String defaultSchema;

    public DependencyGraph(String defaultCatalog, String defaultSchema) {
        this.defaultCatalog = defaultCatalog;
        this.defaultSchema = defaultSchema;
    }

    Node addView(ObjectName name, String sql, boolean unparsed) {
        Node node = nodes.computeIfAbsent(name, n -> new Node(n, NodeKind.VIEW));
        node.becomeView(sql, unparsed);
        return node;
    }

    void addEdge(ObjectName view, ObjectName source) {
        Node target = nodes.computeIfAbsent(source, n -> new Node(n, NodeKind.TABLE));
        nodes.get(view).dependencies.add(source);
        target.dependents.add(view);
    }

    void addFailure(ParseFailure failure) {
        failures.add(failure);
    }

    public Node node(ObjectName name) {
        return nodes.get(name);
    }

    public Collection<Node> nodes() {
        return Collections.unmodifiableCollection(nodes.values());
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
}
