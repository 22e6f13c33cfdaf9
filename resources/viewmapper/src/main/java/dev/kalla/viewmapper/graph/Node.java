package dev.kalla.viewmapper.graph;

import java.util.LinkedHashSet;
import java.util.Set;

/** One view or table with its edges in both directions. */
public final class Node {
    private final ObjectName name;
    private NodeKind kind;
    private String sql;
    private boolean unparsed;
    final Set<ObjectName> dependencies = new LinkedHashSet<>();
    final Set<ObjectName> dependents = new LinkedHashSet<>();
    /** Where the view came from (file and line for file sources); null for tables. */
    ViewDefinition definition;

    Node(ObjectName name, NodeKind kind) {
        this.name = name;
        this.kind = kind;
    }

    public ObjectName name() {
        return name;
    }

    public NodeKind kind() {
        return kind;
    }

    public boolean isView() {
        return kind == NodeKind.VIEW;
    }

    public String sql() {
        return sql;
    }

    /**
     * A message about this view with where it is written: "(in mart/all.sql from line 4)" for
     * views read from files, as parse errors say; unchanged for other sources.
     */
    public String locate(String message) {
        return definition == null ? message : definition.locate(message);
    }

    public boolean unparsed() {
        return unparsed;
    }

    /** What this node reads. */
    public Set<ObjectName> dependencies() {
        return dependencies;
    }

    /** What reads this node directly. */
    public Set<ObjectName> dependents() {
        return dependents;
    }

    void becomeView(String sql, boolean unparsed) {
        this.kind = NodeKind.VIEW;
        this.sql = sql;
        this.unparsed = unparsed;
    }
}
