package dev.kalla.viewmapper.graph;

/** A view as delivered by a connection: where it lives and the SQL of its query. */
public record ViewDefinition(String catalog, String schema, String name, String sql) {
    public ObjectName objectName() {
        return new ObjectName(catalog, schema, name);
    }
}
