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
        List<String> similar = new ArrayList<>(closest(q.last()).stream().map(graph::display).toList());
        graph.nodes().stream().map(Node::name).filter(n -> n.name().toLowerCase(Locale.ROOT).contains(needle)).map(graph::display)
                .filter(d -> !similar.contains(d)).limit(8 - Math.min(8, similar.size())).forEach(similar::add);
        throw new RequestException("NOT_FOUND", "no view or table named '" + text + "'"
                + (similar.isEmpty() ? "" : "; did you mean " + similar + "?"));
    }

    /**
     * A name as people type it in a question ("customer order", "cust_orders", "order") resolved to
     * the one object it most plausibly means: exact or suffix first, then the same letters without
     * separators, a plural/singular away, or one or two typos away (two only for names of 8+ letters).
     * Returns null when nothing is that close or when two objects are equally close: a guess between
     * two would be silently wrong, so the caller asks instead.
     */
    ObjectName tryResolveLoosely(String text) {
        ObjectName exact = tryResolve(text);
        if (exact != null) return exact;
        List<ObjectName> best = closest(text);
        if (best.size() == 1) return best.get(0);
        List<ObjectName> views = best.stream().filter(n -> graph.node(n).isView()).toList();
        return views.size() == 1 ? views.get(0) : null;
    }

    /** The objects whose last name part is nearest to {@code text} within the tolerance above (ties all returned). */
    private List<ObjectName> closest(String text) {
        String want = squash(text);
        if (want.length() < 3) return List.of();
        int tolerance = want.length() >= 8 ? 2 : want.length() >= 4 ? 1 : 0;
        int bestScore = Integer.MAX_VALUE;
        List<ObjectName> best = new ArrayList<>();
        for (Node n : graph.nodes()) {
            String have = squash(n.name().name());
            int score = have.equals(want) ? 0
                    : have.equals(want + "s") || want.equals(have + "s") || have.equals(want + "es") || want.equals(have + "es") ? 1
                    : 1 + typos(want, have, tolerance);
            if (score > tolerance + 1) continue;
            if (score < bestScore) {
                bestScore = score;
                best.clear();
            }
            if (score == bestScore) best.add(n.name());
        }
        return best;
    }

    /** Lower case, letters and digits only: "Customer Orders", "customer_orders" and "customer-orders" are one name. */
    private static String squash(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]", "");
    }

    /** Optimal string alignment distance (a swap of two letters is one typo), or limit+1 when it is above limit. */
    private static int typos(String a, String b, int limit) {
        if (Math.abs(a.length() - b.length()) > limit) return limit + 1;
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
            }
        }
        return Math.min(d[a.length()][b.length()], limit + 1);
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
