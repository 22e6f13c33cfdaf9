package dev.kalla.viewmapper.columns;

import dev.kalla.viewmapper.graph.GraphBuilder;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** What the benchmark-query tests ask of a column trace. */
final class TraceChecks {
    private TraceChecks() {
    }

    /** Queries as views of catalog hive, schema {@code schema}, over tables whose columns are listed. */
    record QueryCatalog(ColumnLineage lineage, String schema, List<ObjectName> views) {
        static QueryCatalog of(String schema, String[][] queries, Map<String, List<String>> tableColumns) {
            List<ViewDefinition> defs = new ArrayList<>();
            List<ObjectName> views = new ArrayList<>();
            for (String[] q : queries) {
                defs.add(new ViewDefinition("hive", schema, q[0], q[1]));
                views.add(new ObjectName("hive", schema, q[0]));
            }
            Map<ObjectName, List<String>> tables = new LinkedHashMap<>();
            tableColumns.forEach((name, columns) -> tables.put(new ObjectName("hive", schema, name), columns));
            ColumnLineage lineage = new ColumnLineage(GraphBuilder.build(defs, IdentifierCase.TRINO, "hive", schema), IdentifierCase.TRINO, tables);
            return new QueryCatalog(lineage, schema, views);
        }

        ObjectName n(String name) {
            return new ObjectName("hive", schema, name);
        }

        Set<String> bases(String view, String column) {
            return TraceChecks.bases(lineage, n(view), column);
        }

        List<String> problems() {
            return TraceChecks.problems(lineage, views);
        }
    }

    /**
     * The base-table columns a view column is made from (its whole upstream trace), written
     * "table.column kind" with the strongest kind on the way from that table column.
     */
    static Set<String> bases(ColumnLineage lineage, ObjectName view, String column) {
        ColumnLineage.ColumnGraph g = lineage.trace(view, column, 500);
        Set<String> out = new TreeSet<>();
        for (ColumnLineage.TraceEdge e : g.edges()) {
            if (lineage.columnsOf(e.from().relation()) != null) continue; // a view: the walk goes on through it
            out.add(e.from().relation().name() + "." + e.from().column() + " " + strongest(g, e.to(), e.kind()).json());
        }
        return out;
    }

    private static TransformKind strongest(ColumnLineage.ColumnGraph g, ColumnLineage.TraceNode node, TransformKind kind) {
        TransformKind best = kind;
        for (ColumnLineage.TraceEdge e : g.edges()) {
            if (e.from().equals(node)) best = best.then(strongest(g, e.to(), kind.then(e.kind())));
        }
        return best;
    }

    /** Every view that cannot be read, and every column whose trace has a note or an assumed link. */
    static List<String> problems(ColumnLineage lineage, List<ObjectName> views) {
        List<String> problems = new ArrayList<>();
        for (ObjectName view : views) {
            ColumnLineage.ViewColumns vc = lineage.columnsOf(view);
            if (vc.error() != null) {
                problems.add(view.name() + ": " + vc.error());
                continue;
            }
            for (ColumnLineage.Column c : vc.columns()) {
                ColumnLineage.ColumnGraph g = lineage.trace(view, c.name(), 500);
                if (!g.notes().isEmpty()) problems.add(view.name() + "." + c.name() + " notes " + g.notes());
                for (ColumnLineage.TraceEdge e : g.edges()) {
                    if (e.assumed() != null) problems.add(view.name() + "." + c.name() + " assumes " + e.from() + ": " + e.assumed());
                }
            }
        }
        return problems;
    }
}
