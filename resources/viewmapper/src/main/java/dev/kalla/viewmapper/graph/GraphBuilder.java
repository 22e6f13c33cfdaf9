package dev.kalla.viewmapper.graph;

import dev.kalla.viewmapper.sql.IdentifierCase;
import dev.kalla.viewmapper.sql.QualifiedName;
import dev.kalla.viewmapper.sql.RelationParser;
import dev.kalla.viewmapper.sql.SqlParseException;

import java.util.List;
import java.util.function.BiFunction;
import java.util.Set;

/**
 * Parses every view and links the references. A view that fails to parse is recorded with
 * its reason and kept as a node, so one bad view never breaks the rest of the graph.
 */
public final class GraphBuilder {
    private static final int PARALLEL_THRESHOLD = 500;

    private GraphBuilder() {
    }

    public static DependencyGraph build(List<ViewDefinition> views, IdentifierCase identifierCase,
                                        String defaultCatalog, String defaultSchema) {
        return build(views, identifierCase, defaultCatalog, defaultSchema, null);
    }

    /**
     * As above; {@code ownSqlCheck} (may be null) returns why a view that parsed is still invalid
     * from its own SQL alone (Trino's rule for a view's column list), or null, and such a view is
     * recorded as a failure like SQL that does not parse.
     */
    public static DependencyGraph build(List<ViewDefinition> views, IdentifierCase identifierCase,
                                        String defaultCatalog, String defaultSchema,
                                        BiFunction<String, IdentifierCase, String> ownSqlCheck) {
        // Parsing dominates large loads and is independent per view, so it runs in parallel;
        // linking stays sequential to keep the graph deterministic.
        Object[] parsed = new Object[views.size()];
        var indexes = java.util.stream.IntStream.range(0, views.size());
        if (views.size() >= PARALLEL_THRESHOLD) indexes = indexes.parallel();
        indexes.forEach(k -> {
            Object p = parse(views.get(k).sql(), identifierCase);
            if (ownSqlCheck != null && !(p instanceof String)) {
                String problem = ownSqlCheck.apply(views.get(k).sql(), identifierCase);
                if (problem != null) p = problem;
            }
            parsed[k] = p;
        });

        DependencyGraph graph = new DependencyGraph(defaultCatalog, defaultSchema);
        for (int k = 0; k < views.size(); k++) {
            ViewDefinition v = views.get(k);
            boolean failed = parsed[k] instanceof String;
            graph.addView(v.objectName(), v.sql(), failed).definition = v;
            if (failed) graph.addFailure(new ParseFailure(v.objectName(), v.locate((String) parsed[k])));
        }
        for (int k = 0; k < views.size(); k++) {
            if (!(parsed[k] instanceof Set<?> refs)) continue;
            ViewDefinition v = views.get(k);
            for (Object ref : refs) {
                graph.addEdge(v.objectName(), ObjectName.resolve((QualifiedName) ref, v.catalog(), v.schema()));
            }
        }
        return graph;
    }

    /** Returns the relation set, or the failure reason as a String. */
    private static Object parse(String sql, IdentifierCase identifierCase) {
        try {
            return RelationParser.extract(sql, identifierCase);
        } catch (SqlParseException e) {
            return e.getMessage();
        } catch (StackOverflowError e) {
            // Pathological nesting must cost one view, not the whole graph.
            return "query nesting too deep to parse";
        } catch (RuntimeException e) {
            return "internal parser error: " + e;
        }
    }
}
