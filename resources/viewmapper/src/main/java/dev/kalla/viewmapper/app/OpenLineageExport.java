package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.columns.ColumnLineage;
import dev.kalla.viewmapper.graph.ObjectName;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Column lineage as OpenLineage {@code columnLineage} dataset facets (ColumnLineageDatasetFacet
 * 1-2-0): one dataset per view, each output column listing the columns of the relations the view
 * reads directly, with {@code transformations} typed DIRECT and a subtype from how the value is made.
 * The mapping is documented in docs/lineage-engine.md ("OpenLineage export").
 */
final class OpenLineageExport {
    static final String SCHEMA_URL = "https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json#/$defs/ColumnLineageDatasetFacet";
    /** A URI naming the producer (the app id); there is no public URL of the project to name. */
    static final String PRODUCER = "urn:dev.kalla.desktop:viewmapper:" + Engine.VERSION;

    private OpenLineageExport() {
    }

    /**
     * The dataset namespace OpenLineage's naming spec gives the connection: {@code trino://host:port}
     * for Trino, {@code postgres://host:port} for PostgreSQL; a file or bundled source keeps its URL.
     */
    static String namespace(String connection) {
        if (connection == null) return "kalla";
        var m = java.util.regex.Pattern.compile("^jdbc:(trino|postgresql)://([^/?;]+)").matcher(connection);
        if (m.find()) return (m.group(1).equals("postgresql") ? "postgres" : "trino") + "://" + m.group(2).toLowerCase(Locale.ROOT);
        return connection;
    }

    static String datasetName(ObjectName n) {
        return n.catalog() + "." + n.schema() + "." + n.name();
    }

    static Map<String, Object> dataset(String namespace, ObjectName view, ColumnLineage.ViewColumns vc) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (ColumnLineage.Column c : vc.columns()) {
            if (c.name() == null) continue;
            List<Object> inputs = new ArrayList<>();
            for (ColumnLineage.Origin o : c.origins()) {
                Map<String, Object> t = new LinkedHashMap<>();
                t.put("type", "DIRECT");
                t.put("subtype", switch (o.kind()) {
                    case DIRECT -> "IDENTITY";
                    case EXPRESSION -> "TRANSFORMATION";
                    case WINDOW, AGGREGATE -> "AGGREGATION";
                    case INDIRECT -> throw new IllegalStateException("an origin is never indirect");
                });
                String description = switch (o.kind()) {
                    case DIRECT -> "the column as it is";
                    case EXPRESSION -> "an expression over the column";
                    case WINDOW -> "a window function over the column";
                    case AGGREGATE -> "an aggregate over the column";
                    case INDIRECT -> "";
                };
                if (o.assumed() != null) description += "; assumed: " + o.assumed();
                t.put("description", description);
                Map<String, Object> in = new LinkedHashMap<>();
                in.put("namespace", namespace);
                in.put("name", datasetName(o.relation()));
                in.put("field", o.column());
                in.put("transformations", List.of(t));
                inputs.add(in);
            }
            // Read by this column without being its value: INDIRECT/WINDOW (a window's keys), INDIRECT/CONDITIONAL (CASE WHEN, IF)
            for (ColumnLineage.Indirect ind : c.indirect()) {
                Map<String, Object> in = new LinkedHashMap<>();
                in.put("namespace", namespace);
                in.put("name", datasetName(ind.relation()));
                in.put("field", ind.column());
                in.put("transformations", List.of(Engine.map("type", "INDIRECT", "subtype", ind.subtype())));
                inputs.add(in);
            }
            fields.put(c.name(), Engine.map("inputFields", inputs));
        }
        Map<String, Object> facet = new LinkedHashMap<>();
        facet.put("_producer", PRODUCER);
        facet.put("_schemaURL", SCHEMA_URL);
        facet.put("fields", fields);
        // Columns that decide which rows the view has and their order (JOIN, WHERE, GROUP BY, HAVING, ORDER BY): the dataset-level list.
        List<Object> dataset = new ArrayList<>();
        for (ColumnLineage.Indirect ind : vc.indirect()) {
            Map<String, Object> in = new LinkedHashMap<>();
            in.put("namespace", namespace);
            in.put("name", datasetName(ind.relation()));
            in.put("field", ind.column());
            in.put("transformations", List.of(Engine.map("type", "INDIRECT", "subtype", ind.subtype())));
            dataset.add(in);
        }
        if (!dataset.isEmpty()) facet.put("dataset", dataset);
        Map<String, Object> facets = Engine.map("columnLineage", facet);
        Map<String, Object> out = Engine.map("namespace", namespace, "name", datasetName(view), "facets", facets);
        if (vc.error() != null) out.put("error", vc.error());
        return out;
    }
}
