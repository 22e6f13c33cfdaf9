package dev.kalla.viewmapper.graph;

/** A node is a view (its SQL is known) or anything else it reads, which we call a table. */
public enum NodeKind {
    VIEW,
    TABLE
}
