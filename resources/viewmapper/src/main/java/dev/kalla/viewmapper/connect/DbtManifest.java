package dev.kalla.viewmapper.connect;

import dev.kalla.viewmapper.graph.ViewDefinition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A dbt project's {@code target/manifest.json} as a catalog: every model and snapshot with compiled
 * SQL is a relation defined by that SQL (named database.schema.alias, as dbt materialises it), and
 * every source or seed with documented columns is a table with those columns. Ephemeral models are
 * not relations (dbt inlines them as CTEs into the compiled SQL of their readers), so they are
 * skipped; tests and other nodes have no lineage.
 */
final class DbtManifest {
    private DbtManifest() {
    }

    static boolean looksLikeManifest(Object json) {
        return json instanceof Map<?, ?> root && root.get("nodes") instanceof Map<?, ?> && root.get("metadata") instanceof Map<?, ?> m
                && m.get("dbt_schema_version") != null;
    }

    static ViewCollection read(Object json, String shown) throws ConnectionException {
        Map<?, ?> root = (Map<?, ?>) json;
        ViewCollection c = null;
        List<String> notCompiled = new ArrayList<>();
        for (Object o : ((Map<?, ?>) root.get("nodes")).values()) {
            if (!(o instanceof Map<?, ?> node)) continue;
            String type = str(node.get("resource_type"));
            String database = low(str(node.get("database")));
            String schema = low(str(node.get("schema")));
            String name = low(str(node.get("alias")) != null ? str(node.get("alias")) : str(node.get("name")));
            if (schema == null || name == null) continue;
            String catalog = database != null ? database : FileSource.CATALOG;
            if (c == null) c = new ViewCollection(catalog, schema);
            if ("model".equals(type) || "snapshot".equals(type)) {
                if (node.get("config") instanceof Map<?, ?> cfg && "ephemeral".equals(cfg.get("materialized"))) continue;
                String sql = str(node.get("compiled_code")) != null ? str(node.get("compiled_code")) : str(node.get("compiled_sql"));
                if (sql == null || sql.isBlank()) {
                    notCompiled.add(str(node.get("unique_id")) != null ? str(node.get("unique_id")) : name);
                    continue;
                }
                String file = str(node.get("original_file_path"));
                c.views.add(new ViewDefinition(catalog, schema, name, sql,
                        shown + " (" + (file != null ? file : name) + ", compiled)", null));
            } else if ("seed".equals(type)) {
                addTable(c, catalog, schema, name, node);
            }
        }
        if (root.get("sources") instanceof Map<?, ?> sources) {
            for (Object o : sources.values()) {
                if (!(o instanceof Map<?, ?> src)) continue;
                String schema = low(str(src.get("schema")));
                String name = low(str(src.get("identifier")) != null ? str(src.get("identifier")) : str(src.get("name")));
                if (schema == null || name == null) continue;
                String catalog = low(str(src.get("database"))) != null ? low(str(src.get("database"))) : FileSource.CATALOG;
                if (c == null) c = new ViewCollection(catalog, schema);
                addTable(c, catalog, schema, name, src);
            }
        }
        if (c == null || c.views.isEmpty()) {
            throw new ConnectionException("BAD_SOURCE", shown + " is a dbt manifest without compiled SQL"
                    + (notCompiled.isEmpty() ? "" : " (" + notCompiled.size() + " models not compiled, e.g. " + notCompiled.get(0) + ")")
                    + "; run `dbt compile` (or `dbt run`) in the project and choose its target/ folder again.");
        }
        return c;
    }

    private static void addTable(ViewCollection c, String catalog, String schema, String name, Map<?, ?> node) {
        if (!(node.get("columns") instanceof Map<?, ?> cols) || cols.isEmpty()) return;
        List<String> names = new ArrayList<>();
        for (Object col : cols.values()) {
            if (col instanceof Map<?, ?> m && m.get("name") instanceof String n) names.add(ViewCollection.CASE.unquoted(n));
        }
        c.addTable("\"" + catalog.replace("\"", "\"\"") + "\".\"" + schema.replace("\"", "\"\"") + "\".\"" + name.replace("\"", "\"\"") + "\"", names);
    }

    /** dbt names as the warehouse folds them: unquoted names in compiled SQL are read case-insensitively (lower case). */
    private static String str(Object o) {
        return o instanceof String s ? s : null;
    }

    private static String low(String s) {
        return s == null ? null : s.toLowerCase(java.util.Locale.ROOT);
    }
}
