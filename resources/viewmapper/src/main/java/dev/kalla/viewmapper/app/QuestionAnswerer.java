package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.analysis.EntryPoints;
import dev.kalla.viewmapper.analysis.GraphAnalyzer;
import dev.kalla.viewmapper.analysis.RankedNode;
import dev.kalla.viewmapper.analysis.Subgraph;
import dev.kalla.viewmapper.columns.ColumnLineage;
import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.mermaid.ColumnMermaid;
import dev.kalla.viewmapper.mermaid.Direction;
import dev.kalla.viewmapper.mermaid.MermaidRenderer;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Answers common lineage questions without an LLM: the question is matched against a small
 * set of intents (keywords plus the position of a mentioned view relative to the verb), and
 * each intent maps to one graph query. Same question, same answer.
 */
final class QuestionAnswerer {
    private static final int MAX_FOCUS_NODES = 50;
    private static final int MAX_LISTED = 50;
    private static final Set<String> STOP_WORDS = Set.of("the", "a", "an", "of", "on", "in", "is", "are", "what", "which",
            "who", "show", "me", "view", "views", "table", "tables", "depends", "depend", "upstream", "downstream",
            "levels", "level", "explain", "diagram", "full", "all", "and", "to", "from", "for", "does", "do", "read",
            "reads", "uses", "use", "entry", "points", "leaf", "it", "with", "lineage", "impact", "graph", "whole",
            // Words of upstream ViewMapper's README questions ("the dependency diagram", "in this schema").
            "this", "schema", "dependency", "dependencies", "dependents", "chain", "everything", "most", "have", "high-impact");
    private static final String[] NUMBER_WORDS = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};

    private final GraphAnalyzer analyzer;
    private final DependencyGraph graph;
    private final ObjectResolver resolver;
    private final ColumnLineage columns;

    QuestionAnswerer(GraphAnalyzer analyzer, ColumnLineage columns) {
        this.analyzer = analyzer;
        this.graph = analyzer.graph();
        this.resolver = new ObjectResolver(graph);
        this.columns = columns;
    }

    Answer answer(String question, Direction direction) {
        String q = " " + question.toLowerCase(Locale.ROOT).replaceAll("[?!,;:]", " ") + " ";
        ColumnMention cm = findColumnMention(question);
        if (cm != null) return column(cm, q, direction);
        Mention m = findMention(question);
        if (m == null && containsAny(q, COLUMN_QUESTION_CUES)) {
            List<ColumnMention> bare = bareColumnMentions(question);
            if (bare.size() == 1) return column(bare.get(0), q, direction);
            if (bare.size() > 1) return whichColumn(bare);
            String named = identifierLikeWord(question);
            if (named != null) {
                try {
                    resolver.resolve(named);
                } catch (RequestException e) { // names nothing: say so rather than answer another question
                    throw new RequestException(e.code(), e.getMessage().replace("no view or table named", "no view, table or column named"));
                }
            }
        }
        if (containsAny(q, " column ", " columns ", " field ", " fields ")) return cannotAnswerColumns(m);
        if (q.contains("entry point") || q.contains("where should i start") || q.contains("where to start")) return entryPoints();
        if (q.contains(" leaf ") || q.contains(" leaves ") || q.contains("leaf views")
                || containsAny(q, " final output", " final views ", " output views ", " end views ")) return leafViews();
        if (q.contains("cycle") || q.contains("circular")) return cycles();
        if (m == null && containsAny(q, "high-impact", "high impact", "most dependents", "most depended", "central hub", " hubs ",
                " hub views ", "most important")) {
            return entryPoints();
        }
        if (m == null) {
            String missing = lastNameLikeWord(question);
            if (missing != null && containsAny(q, "explain", "show me", "focus on", "depend", "upstream", "downstream",
                    "impact", " read", " use", "lineage")) {
                resolver.resolve(missing); // throws NOT_FOUND with similar names
            }
            if (q.contains("base table") || q.contains("source table") || q.contains(" tables ")) return baseTables();
            if (containsAny(q, " full ", " whole ", " entire ", " everything ", " all ", " diagram ", " graph ")) return full(direction);
            return summary();
        }
        int depth = depth(q);
        int up = depthNamed(q, "upstream");
        int down = depthNamed(q, "downstream");
        if (up >= 0 && down >= 0) return focus(m.name, up, down, direction); // "2 levels upstream and 1 level downstream from X"
        int verb;
        if ((verb = indexOfAny(q, " depends on ", " depend on ", " rely on ", " relies on ")) >= 0) {
            return m.position > verb ? downstream(m.name, depth, direction) : upstream(m.name, depth, direction);
        }
        if ((verb = indexOfAny(q, " feeds ", " feed ")) >= 0) {
            // "what feeds X" asks for inputs; "what does X feed" asks for consumers.
            return m.position > verb ? upstream(m.name, depth, direction) : downstream(m.name, depth, direction);
        }
        if (containsAny(q, "upstream", "sources of", "lineage", "comes from", "come from", "inputs of")) {
            return upstream(m.name, depth, direction);
        }
        if (containsAny(q, "downstream", "impact", "affected", " break", "dependents", "consumers")) {
            return downstream(m.name, depth, direction);
        }
        if ((verb = indexOfAny(q, " read ", " reads ", " use ", " uses ", " query ", " queries ", " reference ", " references ", " select from ")) >= 0) {
            return m.position > verb ? readers(m.name, direction) : upstream(m.name, 1, direction);
        }
        if (containsAny(q, " sql ", " definition ", " source code ")) {
            return new Answer("view_sql", "SQL of " + graph.display(m.name) + ":\n\n" + String.valueOf(graph.node(m.name).sql()), null,
                    Map.of("name", graph.display(m.name)));
        }
        int each = depth == Integer.MAX_VALUE ? 2 : depth;
        return focus(m.name, each, each, direction);
    }

    // ---- intents -------------------------------------------------------------------------

    /** "where does daily_revenue.booked come from" (upstream) or "what breaks if I drop raw.orders.discount" (downstream). */
    private Answer column(ColumnMention cm, String q, Direction direction) {
        boolean down = containsAny(q, " drop", " break", "impact", "affected", " rename", " remove", "downstream", " used by ",
                " who uses ", " what uses ", " reads ", " read ", "depends on", "depend on", "consumers");
        boolean table = !graph.node(cm.relation).isView();
        if (table) down = true; // a table column has no upstream
        ColumnLineage.ColumnGraph g = down ? columns.impact(cm.relation, cm.column, 200) : columns.trace(cm.relation, cm.column, 200);
        String col = graph.display(cm.relation) + "." + cm.column;
        StringBuilder b = new StringBuilder();
        int others = g.nodes().size() - 1;
        if (down) {
            b.append(others == 0 ? "No view column reads " + col + ": dropping it breaks nothing in this catalog."
                    : others + " view columns read " + col + " (dropping or changing it affects them):");
        } else {
            b.append(col).append(" is made from ").append(others).append(others == 1 ? " column:" : " columns:");
        }
        for (ColumnLineage.TraceEdge e : g.edges()) {
            b.append("\n- ").append(graph.display(e.from().relation())).append('.').append(e.from().column()).append(" → ")
                    .append(graph.display(e.to().relation())).append('.').append(e.to().column()).append(" (").append(e.kind().json())
                    .append(e.assumed() != null ? "; assumed: " + e.assumed() : "").append(')');
        }
        if (!g.notes().isEmpty()) {
            b.append("\n\nNot followed with certainty:");
            for (String n : g.notes()) b.append("\n- ").append(n);
        }
        String mermaid = g.edges().isEmpty() ? null : ColumnMermaid.render(graph, g, direction == Direction.TB ? Direction.LR : direction);
        return new Answer(down ? "column_impact" : "column_lineage", b.toString(), mermaid,
                Map.of("column", col, "direction", down ? "downstream" : "upstream", "nodes", g.nodes().size()));
    }

    /** A column named without its relation, found in several: ask which, never guess. */
    private Answer whichColumn(List<ColumnMention> candidates) {
        List<String> names = candidates.stream().map(c -> graph.display(c.relation) + "." + c.column).toList();
        String shown = String.join(", ", names.subList(0, Math.min(names.size(), 12))) + (names.size() > 12 ? ", …" : "");
        return new Answer("cannot_answer", "'" + candidates.get(0).column + "' is a column of " + names.size() + " views and tables: " + shown
                + ". Name one as view.column, e.g. \"where does " + names.get(0) + " come from\".", null, Map.of("candidates", names));
    }

    /** A question about columns without a column the engine can find: say so, and how to ask. */
    private Answer cannotAnswerColumns(Mention m) {
        String example = "daily_revenue.booked";
        if (m != null && graph.node(m.name).isView()) {
            ColumnLineage.ViewColumns vc = columns.columnsOf(m.name);
            if (vc != null && !vc.columns().isEmpty()) example = graph.display(m.name) + "." + vc.columns().get(0).name();
            String list = vc == null || vc.columns().isEmpty() ? "" : " Its columns: "
                    + String.join(", ", vc.columns().stream().map(ColumnLineage.Column::name).limit(30).toList()) + ".";
            return new Answer("cannot_answer", "I can't tell which column of " + graph.display(m.name) + " you mean. Name it as view.column, "
                    + "e.g. \"where does " + example + " come from\" or \"what breaks if I drop " + example + "\"." + list, null, Map.of());
        }
        return new Answer("cannot_answer", "I can't answer that about columns: I need a column named as view.column or table.column, "
                + "e.g. \"where does " + example + " come from\" or \"what breaks if I drop raw.orders.discount\".", null, Map.of());
    }

    private Answer entryPoints() {
        EntryPoints e = analyzer.entryPoints(Engine.DEFAULT_LIMIT);
        StringBuilder b = new StringBuilder(summaryLine()).append("\n\nSuggested entry points:");
        section(b, "High impact (most views depend on them)", e.highImpact());
        section(b, "Leaf views (nothing depends on them)", e.leafViews());
        section(b, "Central hubs (on many dependency paths)", e.centralHubs());
        return new Answer("entry_points", b.toString(), null, e);
    }

    private Answer leafViews() {
        List<ObjectName> leaves = analyzer.leafViews();
        return new Answer("leaf_views", leaves.size() + " leaf views (nothing depends on them):\n" + bullets(leaves),
                null, Map.of("leafViews", names(leaves)));
    }

    private Answer cycles() {
        List<List<ObjectName>> cycles = analyzer.cycles();
        List<Object> data = new ArrayList<>();
        StringBuilder b = new StringBuilder(cycles.isEmpty() ? "No dependency cycles." : cycles.size() + " dependency cycles:");
        for (List<ObjectName> c : cycles) {
            data.add(names(c));
            b.append("\n- ").append(String.join(" ↔ ", names(c)));
        }
        return new Answer("cycles", b.toString(), null, Map.of("cycles", data));
    }

    private Answer baseTables() {
        List<ObjectName> tables = analyzer.baseTables();
        return new Answer("base_tables", tables.size() + " base tables (read by views, not views themselves):\n" + bullets(tables),
                null, Map.of("tables", names(tables)));
    }

    private Answer summary() {
        EntryPoints e = analyzer.entryPoints(Engine.DEFAULT_LIMIT);
        StringBuilder b = new StringBuilder(summaryLine());
        if (!graph.failures().isEmpty()) {
            b.append("\n").append(graph.failures().size()).append(" views could not be parsed:");
            graph.failures().forEach(f -> b.append("\n- ").append(graph.display(f.view())).append(": ").append(f.reason()));
        }
        section(b, "High impact", e.highImpact());
        section(b, "Central hubs", e.centralHubs());
        b.append("\n\nAsk e.g. \"what depends on X\", \"upstream of X two levels\" or \"show the full diagram\".");
        return new Answer("summary", b.toString(), null, Map.of("viewCount", graph.viewCount(),
                "complexity", analyzer.complexity().name(), "entryPoints", e));
    }

    private Answer full(Direction direction) {
        Subgraph s = analyzer.full();
        if (s.nodes().size() > MermaidRenderer.DEFAULT_MAX_NODES) {
            Answer e = entryPoints();
            return new Answer("too_large", "The full graph has " + s.nodes().size() + " nodes, too many to draw (limit "
                    + MermaidRenderer.DEFAULT_MAX_NODES + "). Pick one of these to focus on.\n\n" + e.text(), null,
                    Engine.tooLarge(analyzer, s.nodes().size(), MermaidRenderer.DEFAULT_MAX_NODES));
        }
        return new Answer("full_diagram", summaryLine(), MermaidRenderer.render(graph, s, direction), Engine.subgraphJson(graph, s));
    }

    private Answer upstream(ObjectName name, int depth, Direction direction) {
        Subgraph s = analyzer.subgraph(name, depth, 0, MAX_FOCUS_NODES);
        Map<ObjectName, Integer> found = analyzer.lineage(name, depth);
        String text = graph.display(name) + " reads " + found.size() + " relations" + depthText(depth) + ":\n"
                + depthBullets(found) + truncatedText(s);
        return new Answer("upstream", text, MermaidRenderer.render(graph, s, direction),
                Map.of("name", graph.display(name), "upstream", Engine.rankedByDepth(graph, found)));
    }

    private Answer downstream(ObjectName name, int depth, Direction direction) {
        Subgraph s = analyzer.subgraph(name, 0, depth, MAX_FOCUS_NODES);
        Map<ObjectName, Integer> found = analyzer.impact(name);
        found.values().removeIf(d -> d > depth);
        String text = found.size() + " views depend on " + graph.display(name) + depthText(depth) + ":\n"
                + depthBullets(found) + truncatedText(s);
        return new Answer("downstream", text, MermaidRenderer.render(graph, s, direction),
                Map.of("name", graph.display(name), "dependents", Engine.rankedByDepth(graph, found)));
    }

    private Answer readers(ObjectName name, Direction direction) {
        Subgraph s = analyzer.subgraph(name, 0, 1, MAX_FOCUS_NODES);
        List<ObjectName> readers = new ArrayList<>(graph.node(name).dependents());
        readers.sort(null);
        String text = readers.size() + " views read " + graph.display(name) + " directly:\n" + bullets(readers) + truncatedText(s);
        return new Answer("readers", text, MermaidRenderer.render(graph, s, direction),
                Map.of("name", graph.display(name), "readers", names(readers)));
    }

    private Answer focus(ObjectName name, int up, int down, Direction direction) {
        Subgraph s = analyzer.subgraph(name, up, down, MAX_FOCUS_NODES);
        var node = graph.node(name);
        String text = graph.display(name) + " is a " + (node.isView() ? "view" : "table") + ". It reads "
                + node.dependencies().size() + " relations directly (" + analyzer.lineage(name, Integer.MAX_VALUE).size()
                + " transitively) and " + node.dependents().size() + " views read it directly ("
                + analyzer.impact(name).size() + " transitively)."
                + (node.unparsed() ? "\nIts SQL could not be parsed (" + failureReason(name) + "), so its inputs are unknown." : "")
                + "\nDiagram: " + (up == down ? up + " levels each way" : up + " levels upstream, " + down + " downstream") + truncatedText(s);
        return new Answer("focus", text, MermaidRenderer.render(graph, s, direction), Engine.subgraphJson(graph, s));
    }

    // ---- helpers -------------------------------------------------------------------------

    private record Mention(ObjectName name, int position) {
    }

    private record ColumnMention(ObjectName relation, String column) {
    }

    /** Words of a question that asks about a column's origin or its readers. */
    private static final String[] COLUMN_QUESTION_CUES = {" come from", " comes from", " made from", " made of", " derived", " calculated",
            " computed", " feed", " drop", " break", " rename", " remove", " column", " field", "impact", "affect", "lineage", "upstream",
            "downstream", " source of", " sources of", " used by", " reads ", " read "};
    /** Words of such questions that are never taken for a column's name. */
    private static final Set<String> QUESTION_WORDS = Set.of("where", "does", "do", "did", "come", "comes", "from", "made", "of", "what",
            "which", "who", "how", "is", "are", "the", "a", "an", "if", "i", "we", "you", "drop", "dropped", "break", "breaks", "rename",
            "remove", "column", "columns", "field", "fields", "feed", "feeds", "derived", "calculated", "computed", "impact", "affect",
            "affects", "affected", "lineage", "upstream", "downstream", "source", "sources", "used", "by", "reads", "read", "uses", "use",
            "to", "in", "on", "and", "or", "get", "gets", "its", "it", "this", "that");

    /**
     * A column named without its relation ("where does net_revenue come from"): every view column
     * and listed table column with that name, for the first word of the question that names one.
     */
    private List<ColumnMention> bareColumnMentions(String question) {
        for (String raw : question.split("\\s+")) {
            String w = word(raw);
            if (w.length() < 2 || w.contains(".") || QUESTION_WORDS.contains(w.toLowerCase(Locale.ROOT))) continue;
            String column = columns.columnName(w);
            List<ColumnMention> found = new ArrayList<>();
            for (Node n : graph.nodes()) {
                if (n.isView()) {
                    ColumnLineage.ViewColumns vc = columns.columnsOf(n.name());
                    if (vc != null && vc.error() == null && vc.column(column) != null) found.add(new ColumnMention(n.name(), column));
                } else {
                    List<String> listed = columns.tableColumns(n.name());
                    if (listed != null && listed.contains(column)) found.add(new ColumnMention(n.name(), column));
                }
            }
            if (!found.isEmpty()) return found;
        }
        return List.of();
    }

    /**
     * A word written relation.column ("daily_revenue.booked", "raw.orders.discount"): the part before
     * the last dot names a view or table, and the whole word names none. For a view, the column must be
     * one of its columns (or pass through its *), so "orders.total" never becomes a column by accident.
     */
    private ColumnMention findColumnMention(String question) {
        for (String raw : question.split("\\s+")) {
            String w = word(raw);
            int dot = w.lastIndexOf('.');
            if (dot <= 0 || dot == w.length() - 1) continue;
            if (resolver.tryResolve(w) != null) continue;
            ObjectName rel = resolver.tryResolve(w.substring(0, dot));
            if (rel == null) continue;
            String column = columns.columnName(w.substring(dot + 1));
            ColumnLineage.ViewColumns vc = columns.columnsOf(rel);
            if (vc != null && vc.error() == null && vc.column(column) == null && vc.openVia().isEmpty()) {
                throw new RequestException("NOT_FOUND", graph.display(rel) + " has no column '" + column + "'; its columns are "
                        + vc.columns().stream().map(ColumnLineage.Column::name).limit(30).toList() + vc.untracedReason());
            }
            return new ColumnMention(rel, column);
        }
        return null;
    }

    /** The first word of the question that names a node; words with '.' or '_' are tried first. */
    private Mention findMention(String question) {
        List<String> words = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        int k = 0;
        while (k < question.length()) {
            while (k < question.length() && Character.isWhitespace(question.charAt(k))) k++;
            int start = k;
            boolean quoted = false;
            while (k < question.length() && (quoted || !Character.isWhitespace(question.charAt(k)))) {
                if (question.charAt(k) == '"') quoted = !quoted;
                k++;
            }
            if (k > start) {
                String w = word(question.substring(start, k));
                if (!w.isEmpty() && !STOP_WORDS.contains(w.toLowerCase(Locale.ROOT))) {
                    words.add(w);
                    positions.add(start + 1); // +1: offsets are compared against the space-padded question
                }
            }
        }
        // Names written as words ("customer orders" is customer_orders) first: a run of words is more specific than one of them.
        for (int len = Math.min(3, words.size()); len >= 2; len--) {
            for (int i = 0; i + len <= words.size(); i++) {
                ObjectName n = resolver.tryResolve(String.join("_", words.subList(i, i + len)));
                if (n != null) return new Mention(n, positions.get(i));
            }
        }
        Set<Integer> order = new LinkedHashSet<>();
        for (int i = 0; i < words.size(); i++) if (words.get(i).contains(".") || words.get(i).contains("_")) order.add(i);
        for (int i = 0; i < words.size(); i++) order.add(i);
        for (int i : order) {
            ObjectName n = resolver.tryResolve(words.get(i));
            if (n != null) return new Mention(n, positions.get(i));
        }
        // Nothing by name: typos and singular/plural ("custmer_orders", "product sale"), longest run of words first; never a tie.
        for (int len = Math.min(3, words.size()); len >= 1; len--) {
            for (int i = 0; i + len <= words.size(); i++) {
                ObjectName n = resolver.tryResolveLoosely(String.join("_", words.subList(i, i + len)));
                if (n != null) return new Mention(n, positions.get(i));
            }
        }
        return null;
    }

    /** A word of a question without the punctuation around it ("(daily_revenue)?" is daily_revenue; quotes stay). */
    private static String word(String raw) {
        return raw.replaceAll("^[`'(\\[]+|[`'?!,;:)\\].]+$", "");
    }

    /** The first word written like an identifier (net_revenue, q3_sales) that is not a question word. */
    private static String identifierLikeWord(String question) {
        for (String raw : question.split("\\s+")) {
            String w = word(raw);
            if (w.matches("[\\p{L}_][\\p{L}\\p{N}_]*") && (w.contains("_") || w.matches(".*\\p{N}.*"))
                    && !QUESTION_WORDS.contains(w.toLowerCase(Locale.ROOT))) {
                return w;
            }
        }
        return null;
    }

    /** The last word that is not a stop word or a number: most likely the object asked about. */
    private static String lastNameLikeWord(String question) {
        String[] words = question.split("\\s+");
        for (int i = words.length - 1; i >= 0; i--) {
            String w = word(words[i]);
            String lw = w.toLowerCase(Locale.ROOT);
            if (w.isEmpty() || STOP_WORDS.contains(lw) || lw.matches("\\d+|levels?|hops?|deep|one|two|three|four|five|me|x")) continue;
            return w;
        }
        return null;
    }

    private String failureReason(ObjectName name) {
        return graph.failures().stream().filter(f -> f.view().equals(name)).map(f -> f.reason()).findFirst().orElse("unknown reason");
    }

    /** "2 levels upstream", "one hop downstream": the count before "level(s) DIRECTION", or -1. */
    private static int depthNamed(String q, String direction) {
        String[] w = q.trim().split("\\s+");
        for (int i = 0; i + 2 < w.length; i++) {
            if (!w[i + 1].matches("levels?|hops?|steps?") || !w[i + 2].equals(direction)) continue;
            if (w[i].matches("\\d{1,3}")) return Integer.parseInt(w[i]);
            for (int n = 0; n < NUMBER_WORDS.length; n++) if (NUMBER_WORDS[n].equals(w[i])) return n;
        }
        return -1;
    }

    private static int depth(String q) {
        String[] w = q.trim().split("\\s+");
        for (int i = 0; i < w.length; i++) {
            boolean unitNext = i + 1 < w.length && w[i + 1].matches("levels?|hops?|steps?|deep");
            boolean depthBefore = i > 0 && w[i - 1].matches("depth|levels?");
            if (!unitNext && !depthBefore) continue;
            if (w[i].matches("\\d{1,3}")) return Integer.parseInt(w[i]);
            for (int n = 0; n < NUMBER_WORDS.length; n++) if (NUMBER_WORDS[n].equals(w[i])) return n;
        }
        if (q.contains(" directly ") || q.contains(" direct ")) return 1;
        return Integer.MAX_VALUE;
    }

    private String summaryLine() {
        return graph.viewCount() + " views, " + analyzer.baseTables().size() + " base tables, " + graph.edgeCount()
                + " dependencies; complexity " + analyzer.complexity()
                + (graph.failures().isEmpty() ? "" : "; " + graph.failures().size() + " views could not be parsed") + ".";
    }

    private static void section(StringBuilder b, String title, List<RankedNode> nodes) {
        if (nodes.isEmpty()) return;
        b.append("\n\n").append(title).append(':');
        for (RankedNode n : nodes) b.append("\n- ").append(n.name()).append(" — ").append(n.why());
    }

    private List<String> names(List<ObjectName> list) {
        return list.stream().map(graph::display).toList();
    }

    private String bullets(List<ObjectName> list) {
        StringBuilder b = new StringBuilder();
        for (ObjectName n : list.subList(0, Math.min(list.size(), MAX_LISTED))) b.append("- ").append(graph.display(n)).append('\n');
        return b.append(more(list.size())).toString().stripTrailing();
    }

    private String depthBullets(Map<ObjectName, Integer> found) {
        StringBuilder b = new StringBuilder();
        List<Object> ranked = Engine.rankedByDepth(graph, found);
        for (Object o : ranked.subList(0, Math.min(ranked.size(), MAX_LISTED))) {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) o;
            b.append("- ").append(m.get("name")).append(" (").append(m.get("kind")).append(", level ").append(m.get("depth")).append(")\n");
        }
        return b.append(more(ranked.size())).toString().stripTrailing();
    }

    /** Prose lists stop at MAX_LISTED; the data field always carries the complete list. */
    private static String more(int total) {
        return total > MAX_LISTED ? "- … and " + (total - MAX_LISTED) + " more (see data)\n" : "";
    }

    private static String depthText(int depth) {
        return depth == Integer.MAX_VALUE ? "" : " within " + depth + (depth == 1 ? " level" : " levels");
    }

    private static String truncatedText(Subgraph s) {
        return s.truncated() ? "\n(Diagram limited to the " + s.nodes().size() + " nearest of " + s.total() + " nodes: "
                + s.leftOut() + " farthest left out.)" : "";
    }

    private static boolean containsAny(String q, String... needles) {
        return indexOfAny(q, needles) >= 0;
    }

    private static int indexOfAny(String q, String... needles) {
        for (String n : needles) {
            int i = q.indexOf(n);
            if (i >= 0) return i;
        }
        return -1;
    }
}
