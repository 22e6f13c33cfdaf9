package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.sql.IdentifierCase;
import dev.kalla.viewmapper.sql.NameParser;
import dev.kalla.viewmapper.sql.QualifiedName;
import dev.kalla.viewmapper.sql.SqlParseException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns what a user typed ("orders", "raw.orders", "test.raw.orders") into a graph node:
 * first as SQL would resolve it, then by unique suffix, and otherwise an error that lists
 * the candidates.
 */
final class ObjectResolver {
    private final DependencyGraph graph;

    ObjectResolver(DependencyGraph graph) {
        this.graph = graph;
    }

    ObjectName resolve(String text) {
        QualifiedName q;
        try {
            // Quoted case is kept so "Big Spenders" can match exactly; unquoted input is compared
            // case-insensitively below anyway.
            q = NameParser.parse(text.trim(), IdentifierCase.SQL_STANDARD);
        } catch (SqlParseException e) {
            q = QualifiedName.of(text.trim());
        }
        ObjectName exact = ObjectName.resolve(q, graph.defaultCatalog(), graph.defaultSchema());
        if (graph.node(exact) != null) return exact;
        List<ObjectName> matches = new ArrayList<>();
        for (Node n : graph.nodes()) if (endsWith(n.name(), q.parts())) matches.add(n.name());
        if (matches.size() > 1) {
            List<ObjectName> views = matches.stream().filter(m -> graph.node(m).isView()).toList();
            if (views.size() == 1) return views.get(0);
            throw new RequestException("AMBIGUOUS", "'" + text + "' matches several objects: "
                    + matches.stream().limit(10).map(graph::display).toList());
        }
        if (matches.size() == 1) return matches.get(0);
        String needle = q.last().toLowerCase(Locale.ROOT);
        List<String> similar = graph.nodes().stream().map(Node::name)
                .filter(n -> n.name().toLowerCase(Locale.ROOT).contains(needle)).limit(8).map(graph::display).toList();
        throw new RequestException("NOT_FOUND", "no view or table named '" + text + "'"
                + (similar.isEmpty() ? "" : "; did you mean " + similar + "?"));
    }

    /** Like {@link #resolve} but returns null when nothing matches (ambiguity still throws). */
    ObjectName tryResolve(String text) {
        try {
            return resolve(text);
        } catch (RequestException e) {
            if (e.code().equals("NOT_FOUND")) return null;
            throw e;
        }
    }

    private static boolean endsWith(ObjectName n, List<String> parts) {
        String[] full = {n.catalog(), n.schema(), n.name()};
        for (int k = 0; k < parts.size(); k++) {
            if (!full[3 - parts.size() + k].equalsIgnoreCase(parts.get(k))) return false;
        }
        return true;
    }
}
