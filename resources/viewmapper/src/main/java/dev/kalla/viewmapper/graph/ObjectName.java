package dev.kalla.viewmapper.graph;

import dev.kalla.viewmapper.sql.QualifiedName;

import java.util.List;

/** Fully qualified name of a view or table: the identity of a graph node. */
public record ObjectName(String catalog, String schema, String name) implements Comparable<ObjectName> {

    /**
     * Resolves a reference the way Trino does: missing parts are taken from the catalog and
     * schema of the view that contains the reference, so unqualified names link up.
     */
    public static ObjectName resolve(QualifiedName ref, String catalog, String schema) {
        List<String> p = ref.parts();
        return switch (p.size()) {
            case 1 -> new ObjectName(catalog, schema, p.get(0));
            case 2 -> new ObjectName(catalog, p.get(0), p.get(1));
            default -> new ObjectName(p.get(0), p.get(1), p.get(2));
        };
    }

    /** Dotted form; parts that contain dots, quotes or spaces are double-quoted so it stays unambiguous. */
    @Override
    public String toString() {
        return part(catalog) + "." + part(schema) + "." + part(name);
    }

    /** The shortest unambiguous form relative to the graph's default catalog and schema. */
    public String display(String defaultCatalog, String defaultSchema) {
        if (catalog.equals(defaultCatalog)) {
            return schema.equals(defaultSchema) ? part(name) : part(schema) + "." + part(name);
        }
        return toString();
    }

    /** The schema part, qualified by the catalog only when it is not the default one. */
    public String displaySchema(String defaultCatalog) {
        return catalog.equals(defaultCatalog) ? part(schema) : part(catalog) + "." + part(schema);
    }

    static String part(String s) {
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (!(Character.isLetterOrDigit(c) || c == '_')) return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }

    @Override
    public int compareTo(ObjectName o) {
        int c = catalog.compareTo(o.catalog);
        if (c != 0) return c;
        c = schema.compareTo(o.schema);
        return c != 0 ? c : name.compareTo(o.name);
    }
}
