package dev.kalla.viewmapper.connect;

import dev.kalla.viewmapper.graph.ObjectName;

import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;
import dev.kalla.viewmapper.sql.NameParser;
import dev.kalla.viewmapper.sql.QualifiedName;
import dev.kalla.viewmapper.sql.SourcePosition;
import dev.kalla.viewmapper.sql.SqlParseException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * An in-memory list of views with their naming defaults, as used by the bundled datasets and
 * file:// sources. Names written with dots ("sales.orders") are split like SQL names, so a
 * view file can place views in other schemas.
 */
final class ViewCollection {
    static final IdentifierCase CASE = IdentifierCase.TRINO;

    final String catalog;
    final String schema;
    final List<ViewDefinition> views = new ArrayList<>();
    final Map<ObjectName, List<String>> tables = new java.util.LinkedHashMap<>();

    ViewCollection(String catalog, String schema) {
        this.catalog = catalog;
        this.schema = schema;
    }

    void add(String rawName, String sql) {
        add(rawName, sql, null, null);
    }

    /** Adds a view read from {@code sourceFile} (a name for messages) whose SQL starts at {@code start}. */
    void add(String rawName, String sql, String sourceFile, SourcePosition start) {
        QualifiedName q;
        try {
            q = NameParser.parse(rawName, CASE);
        } catch (SqlParseException e) {
            q = QualifiedName.of(rawName);
        }
        var p = q.parts();
        switch (p.size()) {
            case 1 -> views.add(new ViewDefinition(catalog, schema, p.get(0), sql, sourceFile, start));
            case 2 -> views.add(new ViewDefinition(catalog, p.get(0), p.get(1), sql, sourceFile, start));
            default -> views.add(new ViewDefinition(p.get(0), p.get(1), p.get(2), sql, sourceFile, start));
        }
    }

    /** A table's columns (CREATE TABLE in a .sql file, "tables" in JSON); its name resolves like a view's. */
    void addTable(String rawName, List<String> columns) {
        QualifiedName q;
        try {
            q = NameParser.parse(rawName, CASE);
        } catch (SqlParseException e) {
            q = QualifiedName.of(rawName);
        }
        tables.put(ObjectName.resolve(q, catalog, schema), List.copyOf(columns));
    }

    /** Reads {"catalog"?, "schema"?, "views":[{"name","sql","catalog"?,"schema"?}], "tables"?:[{"name","columns":[…]}]}. */
    @SuppressWarnings("unchecked")
    static ViewCollection fromJson(Object json, String defaultCatalog, String defaultSchema) throws ConnectionException {
        return fromJson(json, defaultCatalog, defaultSchema, null);
    }

    /** As above; {@code sourceFile} (may be null) names the file in parse errors, with the view's index. */
    static ViewCollection fromJson(Object json, String defaultCatalog, String defaultSchema, String sourceFile) throws ConnectionException {
        if (!(json instanceof Map<?, ?> root) || !(root.get("views") instanceof List<?> list)) {
            throw new ConnectionException("BAD_SOURCE", "expected a JSON object with a \"views\" array");
        }
        String catalog = root.get("catalog") instanceof String s ? s : defaultCatalog;
        String schema = root.get("schema") instanceof String s ? s : defaultSchema;
        ViewCollection c = new ViewCollection(catalog, schema);
        int index = 0;
        for (Object item : list) {
            index++;
            if (!(item instanceof Map<?, ?> v) || !(v.get("name") instanceof String name) || !(v.get("sql") instanceof String sql)) {
                throw new ConnectionException("BAD_SOURCE", "every view needs string \"name\" and \"sql\" fields");
            }
            String vc = v.get("catalog") instanceof String s ? s : null;
            String vs = v.get("schema") instanceof String s ? s : null;
            String where = sourceFile == null ? null : sourceFile + " (views[" + (index - 1) + "], \"" + name + "\")";
            if (vc != null || vs != null) {
                c.views.add(new ViewDefinition(vc != null ? vc : catalog, vs != null ? vs : schema,
                        NameParser.parse(name, CASE).last(), sql, where, null));
            } else {
                c.add(name, sql, where, null);
            }
        }
        if (root.get("tables") instanceof List<?> tables) {
            for (Object item : tables) {
                if (!(item instanceof Map<?, ?> t) || !(t.get("name") instanceof String name) || !(t.get("columns") instanceof List<?> cols)
                        || !cols.stream().allMatch(x -> x instanceof String)) {
                    throw new ConnectionException("BAD_SOURCE", "every entry of \"tables\" needs a string \"name\" and a \"columns\" array of strings");
                }
                c.addTable(name, cols.stream().map(x -> CASE.unquoted((String) x)).toList());
            }
        }
        return c;
    }

    List<String> catalogs() {
        TreeSet<String> s = new TreeSet<>();
        for (ViewDefinition v : views) s.add(v.catalog());
        return List.copyOf(s);
    }

    List<String> schemas(String catalogFilter) {
        TreeSet<String> s = new TreeSet<>();
        for (ViewDefinition v : views) {
            if (catalogFilter == null || v.catalog().equals(catalogFilter)) s.add(v.schema());
        }
        return List.copyOf(s);
    }

    LoadedViews select(String catalogFilter, String schemaFilter) throws ConnectionException {
        if (catalogFilter != null && !catalogs().contains(catalogFilter)) {
            throw new ConnectionException("NOT_FOUND", "catalog '" + catalogFilter + "' not found; available: " + catalogs());
        }
        if (schemaFilter != null && !schemas(catalogFilter).contains(schemaFilter)) {
            throw new ConnectionException("NOT_FOUND", "schema '" + schemaFilter + "' not found; available: " + schemas(catalogFilter));
        }
        List<ViewDefinition> out = new ArrayList<>();
        for (ViewDefinition v : views) {
            if ((catalogFilter == null || v.catalog().equals(catalogFilter))
                    && (schemaFilter == null || v.schema().equals(schemaFilter))) {
                out.add(v);
            }
        }
        return new LoadedViews(out, catalogFilter != null ? catalogFilter : catalog,
                schemaFilter != null ? schemaFilter : schema, CASE, tables);
    }
}
