package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.analysis.GraphAnalyzer;
import dev.kalla.viewmapper.analysis.Subgraph;
import dev.kalla.viewmapper.columns.ColumnLineage;
import dev.kalla.viewmapper.connect.ConnectionException;
import dev.kalla.viewmapper.connect.ConnectionOptions;
import dev.kalla.viewmapper.connect.SourceFactory;
import dev.kalla.viewmapper.connect.ViewSource;
import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.mermaid.ColumnMermaid;
import dev.kalla.viewmapper.mermaid.Direction;
import dev.kalla.viewmapper.mermaid.MermaidRenderer;
import dev.kalla.viewmapper.sql.IdentifierCase;
import dev.kalla.viewmapper.sql.QualifiedName;
import dev.kalla.viewmapper.sql.RelationParser;
import dev.kalla.viewmapper.sql.SqlParseException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The protocol methods, shared by serve (JSON lines) and run (CLI). Each takes a params map
 * and returns a JSON-ready map, or throws {@link RequestException}.
 */
public final class Engine {
    public static final String VERSION = "1.0.0";
    static final int DEFAULT_LIMIT = 5;

    private final GraphCache cache = new GraphCache();
    private final ConnectionOptions defaults;

    public Engine(ConnectionOptions defaults) {
        this.defaults = defaults;
    }

    public Map<String, Object> handle(String method, Map<String, Object> rawParams) {
        Params p = new Params(rawParams == null ? Map.of() : rawParams);
        try {
            return switch (method) {
                case "ping" -> map("pong", true, "version", VERSION);
                case "list_catalogs" -> map("catalogs", source(p).listCatalogs());
                case "list_schemas" -> map("schemas", source(p).listSchemas(p.string("catalog")));
                case "analyze" -> analyze(p);
                case "entry_points" -> map("entryPoints", analyzer(p).entryPoints(p.integer("limit", DEFAULT_LIMIT)));
                case "subgraph" -> subgraph(p);
                case "impact" -> impact(p);
                case "mermaid" -> mermaid(p);
                case "explain" -> new QuestionAnswerer(entry(p).analyzer(), entry(p).columns()).answer(p.required("question"),
                        Direction.parse(p.string("direction"))).toJson();
                case "view_sql" -> viewSql(p);
                case "names" -> names(p);
                case "view_columns" -> viewColumns(p);
                case "trace_column" -> traceColumn(p);
                case "extract" -> extract(p);
                case "openlineage" -> openLineage(p);
                default -> throw new RequestException("UNKNOWN_METHOD", "unknown method '" + method + "'");
            };
        } catch (ConnectionException e) {
            throw new RequestException(e.code(), e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new RequestException("BAD_REQUEST", e.getMessage());
        }
    }

    // ---- methods -------------------------------------------------------------------------

    private Map<String, Object> analyze(Params p) throws ConnectionException {
        GraphCache.Entry before = cache.peek(cacheKey(p));
        GraphCache.Entry entry = entry(p);
        boolean wasCached = entry == before;
        GraphAnalyzer a = entry.analyzer();
        if (p.flag("exactCentrality")) a.useExactCentrality(); // for the benchmark's baseline
        DependencyGraph g = a.graph();
        List<List<String>> cycles = new ArrayList<>();
        for (List<ObjectName> c : a.cycles()) cycles.add(c.stream().map(g::display).toList());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("connection", p.required("connection"));
        m.put("catalog", g.defaultCatalog());
        m.put("schema", g.defaultSchema());
        m.put("viewCount", g.viewCount());
        m.put("tableCount", a.baseTables().size());
        m.put("edgeCount", g.edgeCount());
        m.put("complexity", a.complexity());
        m.put("failures", g.failures());
        m.put("cycles", cycles);
        m.put("entryPoints", a.entryPoints(p.integer("limit", DEFAULT_LIMIT)));
        m.put("loadMillis", entry.loadMillis());
        m.put("cached", wasCached);
        return m;
    }

    /** The neighbourhood of {@code focus}; without a focus the whole graph, or "too large" past {@code maxNodes}. */
    private Map<String, Object> subgraph(Params p) throws ConnectionException {
        GraphAnalyzer a = analyzer(p);
        if (p.string("focus") == null) {
            Subgraph all = a.full();
            int limit = p.integer("maxNodes", 50);
            if (all.nodes().size() > limit) {
                Map<String, Object> m = tooLarge(a, all.nodes().size(), limit);
                m.put("focus", null);
                m.put("nodes", List.of());
                m.put("edges", List.of());
                m.put("truncated", true);
                m.put("total", all.nodes().size());
                return m;
            }
            return subgraphJson(a.graph(), all);
        }
        ObjectName focus = new ObjectResolver(a.graph()).resolve(p.required("focus"));
        Subgraph s = a.subgraph(focus, p.integer("upstreamDepth", 2), p.integer("downstreamDepth", 2), p.integer("maxNodes", 50));
        return subgraphJson(a.graph(), s);
    }

    static Map<String, Object> subgraphJson(DependencyGraph g, Subgraph s) {
        List<Object> nodes = new ArrayList<>();
        for (ObjectName n : s.nodes()) {
            String role = n.equals(s.focus()) ? "focus" : s.upstream().contains(n) ? "upstream"
                    : s.downstream().contains(n) ? "downstream" : "node";
            nodes.add(map("name", g.display(n), "kind", g.node(n).isView() ? "view" : "table", "role", role, "schema", g.displaySchema(n)));
        }
        List<Object> edges = new ArrayList<>();
        for (ObjectName[] e : s.edges()) edges.add(List.of(g.display(e[0]), g.display(e[1])));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("focus", s.focus() == null ? null : g.display(s.focus()));
        m.put("nodes", nodes);
        m.put("edges", edges);
        m.put("truncated", s.truncated());
        m.put("total", s.total());
        return m;
    }

    private Map<String, Object> impact(Params p) throws ConnectionException {
        GraphAnalyzer a = analyzer(p);
        ObjectName name = new ObjectResolver(a.graph()).resolve(p.required("name"));
        return map("name", a.graph().display(name), "dependents", rankedByDepth(a.graph(), a.impact(name)),
                "count", a.impact(name).size());
    }

    static List<Object> rankedByDepth(DependencyGraph g, Map<ObjectName, Integer> found) {
        List<Map.Entry<ObjectName, Integer>> entries = new ArrayList<>(found.entrySet());
        entries.sort(Map.Entry.<ObjectName, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()));
        List<Object> out = new ArrayList<>();
        for (var e : entries) {
            out.add(map("name", g.display(e.getKey()), "kind", g.node(e.getKey()).isView() ? "view" : "table", "depth", e.getValue()));
        }
        return out;
    }

    private Map<String, Object> mermaid(Params p) throws ConnectionException {
        GraphAnalyzer a = analyzer(p);
        Direction direction = Direction.parse(p.string("direction"));
        String focusText = p.string("focus");
        Subgraph s = focusText == null ? a.full()
                : a.subgraph(new ObjectResolver(a.graph()).resolve(focusText),
                p.integer("upstreamDepth", 2), p.integer("downstreamDepth", 2), p.integer("maxNodes", 50));
        int limit = p.integer("maxDiagramNodes", MermaidRenderer.DEFAULT_MAX_NODES);
        if (s.nodes().size() > limit) return tooLarge(a, s.nodes().size(), limit);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mermaid", MermaidRenderer.render(a.graph(), s, direction));
        m.put("nodeCount", s.nodes().size());
        m.put("edgeCount", s.edges().size());
        m.put("truncated", s.truncated());
        m.put("total", s.total());
        return m;
    }

    static Map<String, Object> tooLarge(GraphAnalyzer a, int nodeCount, int limit) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tooLarge", true);
        m.put("nodeCount", nodeCount);
        m.put("message", nodeCount + " nodes is too many to draw (limit " + limit
                + "); pick a focus from the suggestions");
        m.put("suggestions", a.entryPoints(DEFAULT_LIMIT));
        return m;
    }

    /**
     * Names of the graph's views (and with {@code tables: true} its tables too) for argument
     * completion: those whose displayed name, or its last part, starts with {@code prefix}
     * (case-insensitive) first, then those containing it; alphabetical within each; at most
     * {@code limit} (default 100), with the total.
     */
    private Map<String, Object> names(Params p) throws ConnectionException {
        DependencyGraph g = analyzer(p).graph();
        String prefix = p.string("prefix") == null ? "" : p.string("prefix").toLowerCase(Locale.ROOT);
        boolean tables = p.flag("tables");
        List<String> starts = new ArrayList<>();
        List<String> contains = new ArrayList<>();
        for (Node n : g.nodes()) {
            if (!n.isView() && !tables) continue;
            String shown = g.display(n.name());
            String lower = shown.toLowerCase(Locale.ROOT);
            String last = lower.substring(lower.lastIndexOf('.') + 1);
            if (lower.startsWith(prefix) || last.startsWith(prefix)) starts.add(shown);
            else if (lower.contains(prefix)) contains.add(shown);
        }
        starts.sort(null);
        contains.sort(null);
        List<String> all = new ArrayList<>(starts);
        all.addAll(contains);
        int limit = p.integer("limit", 100);
        return map("names", all.subList(0, Math.min(limit, all.size())), "total", all.size());
    }

    private Map<String, Object> viewSql(Params p) throws ConnectionException {
        GraphAnalyzer a = analyzer(p);
        ObjectName name = new ObjectResolver(a.graph()).resolve(p.required("name"));
        Node n = a.graph().node(name);
        return map("name", a.graph().display(name), "kind", n.isView() ? "view" : "table", "sql", n.sql());
    }

    /**
     * OpenLineage columnLineage facets: of one view ({@code name}), or of every view of the catalog
     * (at most {@code limit}, default 100,000, in name order). {@code namespace} overrides the one
     * derived from the connection.
     */
    private Map<String, Object> openLineage(Params p) throws ConnectionException {
        GraphCache.Entry e = entry(p);
        DependencyGraph g = e.analyzer().graph();
        String namespace = p.string("namespace") != null ? p.string("namespace") : OpenLineageExport.namespace(p.string("connection"));
        List<ObjectName> views = new ArrayList<>();
        if (p.string("name") != null) {
            views.add(new ObjectResolver(g).resolve(p.required("name")));
        } else {
            for (Node n : g.nodes()) if (n.isView()) views.add(n.name());
            views.sort(null);
        }
        int limit = p.integer("limit", 100_000);
        List<Object> datasets = new ArrayList<>();
        for (ObjectName v : views.subList(0, Math.min(limit, views.size()))) {
            ColumnLineage.ViewColumns vc = e.columns().columnsOf(v);
            if (vc == null) throw new RequestException("NOT_A_VIEW", g.display(v) + " is a table: it has no column lineage of its own");
            datasets.add(OpenLineageExport.dataset(namespace, v, vc));
        }
        return map("datasets", datasets, "total", views.size(), "truncated", views.size() > limit);
    }

    /** A view's columns, each with the columns of the relations it reads directly. */
    private Map<String, Object> viewColumns(Params p) throws ConnectionException {
        GraphCache.Entry e = entry(p);
        DependencyGraph g = e.analyzer().graph();
        ObjectName name = new ObjectResolver(g).resolve(p.required("name"));
        ColumnLineage.ViewColumns vc = e.columns().columnsOf(name);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", g.display(name));
        m.put("kind", vc == null ? "table" : "view");
        List<Object> columns = new ArrayList<>();
        if (vc != null) {
            for (ColumnLineage.Column c : vc.columns()) {
                List<Object> origins = new ArrayList<>();
                for (ColumnLineage.Origin o : c.origins()) {
                    Map<String, Object> om = map("relation", g.display(o.relation()), "column", o.column(), "kind", o.kind().json());
                    if (o.assumed() != null) om.put("assumed", o.assumed());
                    origins.add(om);
                }
                Map<String, Object> cm = map("name", c.name(), "origins", origins, "notes", c.notes());
                if (!c.indirect().isEmpty()) { // read by this column only: a window's keys, a CASE/IF condition
                    List<Object> keyed = new ArrayList<>();
                    for (ColumnLineage.Indirect ind : c.indirect()) {
                        keyed.add(map("relation", g.display(ind.relation()), "column", ind.column(), "subtype", ind.subtype().toLowerCase(Locale.ROOT)));
                    }
                    cm.put("indirect", keyed);
                }
                columns.add(cm);
            }
            m.put("passesThrough", vc.openVia().stream().map(g::display).toList());
            m.put("untraced", vc.untraced());
            List<Object> indirect = new ArrayList<>();
            for (ColumnLineage.Indirect ind : vc.indirect()) {
                indirect.add(map("relation", g.display(ind.relation()), "column", ind.column(), "subtype", ind.subtype().toLowerCase(Locale.ROOT)));
            }
            m.put("indirect", indirect);
            if (vc.error() != null) m.put("error", vc.error());
        } else if (e.columns().tableColumns(name) != null) {
            for (String c : e.columns().tableColumns(name)) columns.add(map("name", c, "origins", List.of(), "notes", List.of()));
            m.put("passesThrough", List.of());
        } else {
            m.put("passesThrough", List.of());
            m.put("error", "the catalog does not list the columns of this table; name the column to see what reads it");
        }
        m.put("columns", columns);
        return m;
    }

    /**
     * Column lineage of one column: upstream to base tables (default) or downstream ("impact":
     * what reads it). {@code name} is the view or table; {@code column} the column, or it is
     * the last part of {@code name} ("raw.orders.discount").
     */
    private Map<String, Object> traceColumn(Params p) throws ConnectionException {
        GraphCache.Entry e = entry(p);
        DependencyGraph g = e.analyzer().graph();
        String nameText = p.required("name");
        String columnText = p.string("column");
        if (columnText == null || columnText.isBlank()) {
            int dot = lastDotOutsideQuotes(nameText);
            if (dot < 0) throw new RequestException("BAD_REQUEST", "say which column: 'view.column', or name and column apart");
            columnText = nameText.substring(dot + 1);
            nameText = nameText.substring(0, dot);
        }
        ObjectName relation = new ObjectResolver(g).resolve(nameText);
        String column = e.columns().columnName(columnText);
        String direction = p.string("direction") == null ? "upstream" : p.string("direction").toLowerCase(Locale.ROOT);
        int maxNodes = p.integer("maxNodes", 200);
        ColumnLineage.ColumnGraph cg;
        if (direction.equals("upstream")) {
            ColumnLineage.ViewColumns vc = e.columns().columnsOf(relation);
            if (vc == null) {
                throw new RequestException("BAD_REQUEST", g.display(relation) + " is a table: it has no upstream; ask for its impact (direction downstream)");
            }
            if (vc.error() == null && vc.column(column) == null && vc.openVia().isEmpty()) {
                throw new RequestException("NOT_FOUND", g.display(relation) + " has no column '" + column + "'; its columns are "
                        + vc.columns().stream().map(ColumnLineage.Column::name).limit(30).toList() + vc.untracedReason());
            }
            cg = e.columns().trace(relation, column, maxNodes);
        } else if (direction.equals("downstream")) {
            List<String> listed = e.columns().tableColumns(relation);
            if (listed != null && !listed.contains(column)) {
                throw new RequestException("NOT_FOUND", g.display(relation) + " has no column '" + column + "'; its columns are "
                        + listed.stream().limit(30).toList());
            }
            cg = e.columns().impact(relation, column, maxNodes);
        } else {
            throw new RequestException("BAD_REQUEST", "direction must be upstream or downstream, not '" + direction + "'");
        }
        List<Object> nodes = new ArrayList<>();
        for (ColumnLineage.TraceNode n : cg.nodes()) {
            Node node = g.node(n.relation());
            nodes.add(map("relation", g.display(n.relation()), "column", n.column(), "kind", node != null && node.isView() ? "view" : "table"));
        }
        List<Object> edges = new ArrayList<>();
        for (ColumnLineage.TraceEdge ed : cg.edges()) {
            Map<String, Object> em = map("from", columnDisplay(g, ed.from()), "to", columnDisplay(g, ed.to()), "kind", ed.kind().json());
            if (ed.assumed() != null) em.put("assumed", ed.assumed());
            edges.add(em);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("column", columnDisplay(g, cg.start()));
        m.put("direction", direction);
        m.put("nodes", nodes);
        m.put("edges", edges);
        m.put("notes", cg.notes());
        m.put("truncated", cg.truncated());
        m.put("total", cg.total());
        if (cg.totalIsLowerBound()) m.put("totalIsLowerBound", true);
        m.put("mermaid", ColumnMermaid.render(g, cg, Direction.parse(p.string("diagramDirection") == null ? "LR" : p.string("diagramDirection"))));
        return m;
    }

    private static String columnDisplay(DependencyGraph g, ColumnLineage.TraceNode n) {
        return g.display(n.relation()) + "." + n.column();
    }

    private static int lastDotOutsideQuotes(String s) {
        boolean quoted = false;
        int last = -1;
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == '"') quoted = !quoted;
            else if (c == '.' && !quoted) last = k;
        }
        return last;
    }

    /** Relations of one SQL text as written (unresolved parts); used by the differential test. */
    private Map<String, Object> extract(Params p) {
        IdentifierCase idCase = "sql_standard".equalsIgnoreCase(p.string("identifierCase")) ? IdentifierCase.SQL_STANDARD : IdentifierCase.TRINO;
        try {
            List<Object> rels = new ArrayList<>();
            String sql = p.required("sql");
            String head = sql.stripLeading().toLowerCase(java.util.Locale.ROOT);
            if (head.startsWith("insert") || head.startsWith("merge")) {
                // A write statement reads what its defining query reads; the target is written, not read.
                var statements = dev.kalla.viewmapper.sql.CreateViewSplitter.split(sql, idCase);
                if (statements.isEmpty()) return map("relations", rels);
                sql = statements.get(0).query();
            }
            for (QualifiedName q : RelationParser.extract(sql, idCase)) rels.add(q.parts());
            return map("relations", rels);
        } catch (SqlParseException e) {
            throw new RequestException("PARSE_ERROR", e.getMessage());
        } catch (StackOverflowError e) {
            throw new RequestException("PARSE_ERROR", "query nesting too deep to parse");
        }
    }

    // ---- plumbing ------------------------------------------------------------------------

    GraphAnalyzer analyzer(Params p) throws ConnectionException {
        return entry(p).analyzer();
    }

    private GraphCache.Entry entry(Params p) throws ConnectionException {
        return cache.get(cacheKey(p), source(p), p.string("catalog"), p.string("schema"), p.flag("refresh"));
    }

    private ViewSource source(Params p) throws ConnectionException {
        ConnectionOptions o = new ConnectionOptions(
                p.string("user") != null ? p.string("user") : defaults.user(),
                p.string("password") != null ? p.string("password") : defaults.password(),
                p.string("drivers") != null ? p.string("drivers") : defaults.driversDir());
        return SourceFactory.open(p.required("connection"), o);
    }

    private static String cacheKey(Params p) {
        return p.required("connection") + "|" + p.string("catalog") + "|" + p.string("schema") + "|" + p.string("user");
    }

    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int k = 0; k < kv.length; k += 2) m.put((String) kv[k], kv[k + 1]);
        return m;
    }
}
