package dev.kalla.viewmapper.columns;

import dev.kalla.viewmapper.columns.QueryModel.ColumnRef;
import dev.kalla.viewmapper.columns.QueryModel.Derived;
import dev.kalla.viewmapper.columns.QueryModel.Item;
import dev.kalla.viewmapper.columns.QueryModel.Named;
import dev.kalla.viewmapper.columns.QueryModel.Opaque;
import dev.kalla.viewmapper.columns.QueryModel.Query;
import dev.kalla.viewmapper.columns.QueryModel.Select;
import dev.kalla.viewmapper.columns.QueryModel.SetOperation;
import dev.kalla.viewmapper.columns.QueryModel.Sorted;
import dev.kalla.viewmapper.columns.QueryModel.Source;
import dev.kalla.viewmapper.columns.QueryModel.Unnest;
import dev.kalla.viewmapper.columns.QueryModel.Values;
import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.Node;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.sql.IdentifierCase;
import dev.kalla.viewmapper.sql.NameParser;
import dev.kalla.viewmapper.sql.SqlParseException;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Column-level lineage over a {@link DependencyGraph}: for each view column, the columns of the
 * views and tables it reads, through aliases, CTEs, subqueries, {@code *}, joins and set
 * operations, with how the value is made ({@link TransformKind}).
 *
 * <p>Never silently wrong: a column is only tied to a source when the query says so. When the
 * catalog does not list a relation's columns ({@code SELECT * FROM raw.orders} where raw.orders is
 * a table), or a bare name could come from more than one relation, the origin is kept but marked
 * {@code assumed} with the reason, and a view that failed to parse says it cannot be traced.
 * Views are analysed on first use and remembered for the life of the graph.
 */
public final class ColumnLineage {
    /** A source column of a view column; {@code assumed} carries the reason when the SQL alone does not prove it. */
    public record Origin(ObjectName relation, String column, TransformKind kind, String assumed) {
    }

    /**
     * A view column: its value's origins, and {@code indirect}, the columns it reads without taking
     * their value (OpenLineage INDIRECT at field level): WINDOW (a window's PARTITION BY / ORDER BY)
     * and CONDITIONAL (a CASE WHEN or IF condition).
     */
    public record Column(String name, Set<Origin> origins, List<String> notes, List<Indirect> indirect) {
        public Column(String name, Set<Origin> origins, List<String> notes) {
            this(name, origins, notes, List.of());
        }
    }

    /**
     * A column of a relation the view reads that decides which rows the view has without being a
     * value of any of its columns (OpenLineage INDIRECT): {@code subtype} JOIN (a join condition),
     * FILTER (WHERE, HAVING), GROUP_BY or SORT (ORDER BY). Read anywhere in the view's SQL (its CTEs
     * and subqueries too), so it is listed for the view as a whole. On a {@link Column}, subtype
     * WINDOW or CONDITIONAL: read by that column's expression only.
     */
    public record Indirect(ObjectName relation, String column, String subtype) {
    }

    /**
     * A view's columns. {@code openVia} lists relations whose unlisted columns pass through a
     * {@code *} (their columns are not in the catalog); {@code error} is set when the view cannot be traced.
     */
    public record ViewColumns(ObjectName view, List<Column> columns, Set<ObjectName> openVia, String error, List<String> untraced,
                              List<Indirect> indirect) {
        public ViewColumns(ObjectName view, List<Column> columns, Set<ObjectName> openVia, String error) {
            this(view, columns, openVia, error, List.of(), List.of());
        }

        public Column column(String name) {
            for (Column c : columns) if (c.name().equals(name)) return c;
            return null;
        }

        /**
         * Why a column not listed may still exist: a {@code *} over something the tracer does not
         * follow (a table function, an UNNEST without names, MATCH_RECOGNIZE); "" when nothing.
         */
        public String untracedReason() {
            return untraced.isEmpty() ? "" : "; its * also reads " + String.join(", ", untraced) + ", which is not traced";
        }
    }

    public record TraceNode(ObjectName relation, String column) {
    }

    public record TraceEdge(TraceNode from, TraceNode to, TransformKind kind, String assumed) {
    }

    /**
     * Upstream (trace) or downstream (impact) column graph; {@code notes} say where it could not be followed.
     * {@code nodes} are the nearest {@code maxNodes} columns (the start first) and {@code edges} run between them.
     * {@code total} counts every column the walk reaches, the start included, so {@code total - nodes.size()} were
     * left out; when the count itself stopped at {@link #COUNT_LIMIT}, {@code totalIsLowerBound} says so.
     */
    public record ColumnGraph(TraceNode start, List<TraceNode> nodes, List<TraceEdge> edges, List<String> notes, boolean truncated,
                              int total, boolean totalIsLowerBound) {
        public int leftOut() {
            return total - nodes.size();
        }
    }

    /** A trace past its node cap keeps walking to count what it leaves out, up to this many columns. */
    public static final int COUNT_LIMIT = 200_000;

    private final DependencyGraph graph;
    private final IdentifierCase identifierCase;
    private final Map<ObjectName, List<String>> tableColumns;
    private final Map<ObjectName, ViewColumns> memo = new HashMap<>();
    private final Set<ObjectName> inProgress = new HashSet<>();
    /** True while {@link #drive} runs: a view not analysed yet is then pushed on its stack, never analysed in place. */
    private boolean driving;
    /** During a first pass over a view: the views its analysis asks for that are not known yet. */
    private Set<ObjectName> collecting;

    public ColumnLineage(DependencyGraph graph, IdentifierCase identifierCase) {
        this(graph, identifierCase, Map.of());
    }

    /** {@code tableColumns}: the columns of tables as the source lists them (may be empty). */
    public ColumnLineage(DependencyGraph graph, IdentifierCase identifierCase, Map<ObjectName, List<String>> tableColumns) {
        this.graph = graph;
        this.identifierCase = identifierCase;
        this.tableColumns = tableColumns;
    }

    /** A table's columns as the source lists them, or null when it does not. */
    public List<String> tableColumns(ObjectName table) {
        return tableColumns.get(table);
    }

    public DependencyGraph graph() {
        return graph;
    }

    /** A column name as a person typed it, normalised the way this source's SQL normalises identifiers. */
    public String columnName(String typed) {
        try {
            return NameParser.parse(typed.trim(), identifierCase).last();
        } catch (SqlParseException e) {
            return typed.trim().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The columns of a view with their direct origins; null for a table (its columns are not in the catalog). */
    public synchronized ViewColumns columnsOf(ObjectName view) {
        Node node = graph.node(view);
        if (node == null || !node.isView()) return null;
        ViewColumns known = memo.get(view);
        if (known != null) return known;
        if (inProgress.contains(view)) {
            return new ViewColumns(view, List.of(), Set.of(), "the view is part of a cycle");
        }
        if (collecting != null) { // a first pass over a reader: note the view, answer anything
            collecting.add(view);
            return new ViewColumns(view, List.of(), Set.of(), "not analysed yet");
        }
        if (driving) throw new NeedsFirst(view); // cannot happen after a first pass; kept as a safety net
        return drive(view);
    }

    /** One view on the driver's stack: the views its analysis asks for, in the order it asks, and how far it got. */
    private static final class Frame {
        final ObjectName view;
        List<ObjectName> sources;
        int next;

        Frame(ObjectName view) {
            this.view = view;
        }
    }

    /**
     * Analyses {@code start} and, first, every view it reads that is not known yet, with an
     * explicit stack instead of recursion, so a chain of any length fits (a chain of 1,000 views
     * overflowed the Java stack when each view's analysis called its sources' analyses). A first
     * pass over a view lists the views its analysis asks for, in order, answering each with a
     * placeholder; each not known yet is pushed and analysed in that order, then the view is
     * analysed for real. So a view is analysed while exactly its readers on the current path are in
     * progress, as the recursion did, and what a cycle reports is unchanged; each view is analysed
     * twice at most, whatever it reads (a UNION ALL of 5,000 views).
     */
    private ViewColumns drive(ObjectName start) {
        ArrayDeque<Frame> stack = new ArrayDeque<>();
        Map<ObjectName, Object> parsedViews = new HashMap<>();
        stack.push(new Frame(start));
        inProgress.add(start);
        driving = true;
        try {
            outer:
            while (!stack.isEmpty()) {
                Frame f = stack.peek();
                if (f.sources == null) {
                    collecting = new LinkedHashSet<>();
                    try {
                        analyse(f.view, graph.node(f.view), parsedViews);
                        f.sources = new ArrayList<>(collecting);
                    } finally {
                        collecting = null;
                    }
                }
                while (f.next < f.sources.size()) {
                    ObjectName source = f.sources.get(f.next++);
                    if (memo.containsKey(source) || inProgress.contains(source)) continue;
                    stack.push(new Frame(source));
                    inProgress.add(source);
                    continue outer;
                }
                try {
                    ViewColumns result = analyse(f.view, graph.node(f.view), parsedViews);
                    memo.put(f.view, result);
                    inProgress.remove(f.view);
                    stack.pop();
                    parsedViews.remove(f.view);
                } catch (NeedsFirst first) {
                    stack.push(new Frame(first.view));
                    inProgress.add(first.view);
                }
            }
        } finally {
            driving = false;
            collecting = null;
            for (Frame f : stack) inProgress.remove(f.view);
        }
        return memo.get(start);
    }

    /** Thrown inside an analysis that reads a view whose columns are not known yet; carries no stack trace. */
    private static final class NeedsFirst extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient ObjectName view;

        NeedsFirst(ObjectName view) {
            super(null, null, false, false);
            this.view = view;
        }
    }

    /** {@code parsedViews} keeps a view's parse (or the message of its failure) while it waits for its sources. */
    private ViewColumns analyse(ObjectName view, Node node, Map<ObjectName, Object> parsedViews) {
        if (node.unparsed()) return new ViewColumns(view, List.of(), Set.of(), "its SQL could not be parsed, so its columns cannot be traced");
        Object p = parsedViews.get(view);
        if (p == null) {
            try {
                p = ColumnQueryParser.parse(node.sql(), identifierCase);
            } catch (SqlParseException | IndexOutOfBoundsException | StackOverflowError e) {
                p = "its columns could not be read: " + e.getMessage();
            }
            parsedViews.put(view, p);
        }
        if (p instanceof String error) return new ViewColumns(view, List.of(), Set.of(), error);
        ColumnQueryParser.ParsedView parsed = (ColumnQueryParser.ParsedView) p;
        Set<Indirect> outerSink = indirectSink;
        Set<Indirect> indirect = new LinkedHashSet<>();
        indirectSink = indirect;
        Shape body;
        try {
            body = shapeOf(parsed.query(), null, view);
        } finally {
            indirectSink = outerSink;
        }
        String invalid = columnListProblem(body, parsed.columnNames());
        // Without a column list there is nothing to rename (renameFirst with no names doubled every
        // column: a PostgreSQL view read over JDBC was "invalid, 'name' specified more than once").
        Shape shape = identifierCase == IdentifierCase.SQL_STANDARD && !parsed.columnNames().isEmpty() && parsed.columnNames().size() < body.columns.size()
                ? renameFirst(body, parsed.columnNames()) // PostgreSQL: the columns not named keep their names
                : rename(body, parsed.columnNames());
        if (invalid == null) invalid = duplicateName(shape);
        if (invalid != null) return new ViewColumns(view, List.of(), Set.of(), node.locate(REJECTED + invalid));
        Set<ObjectName> open = new LinkedHashSet<>();
        Set<String> untraced = new LinkedHashSet<>();
        for (Open o : shape.open) {
            if (o.relation != null) open.add(o.relation);
            else untraced.add(o.why);
        }
        List<Column> columns = new ArrayList<>();
        for (Col c : shape.columns) columns.add(new Column(c.name, c.origins, c.notes, List.copyOf(c.indirect)));
        return new ViewColumns(view, columns, open, null, List.copyOf(untraced), List.copyOf(indirect));
    }

    /** Where the select being shaped puts the columns of its JOIN/WHERE/GROUP BY/HAVING (null: nowhere). */
    private Set<Indirect> indirectSink;

    /** The note on a value made from a subquery whose own value reads no column: EXISTS (SELECT 1 …), (SELECT count(*) …). */
    static final String SUBQUERY_OF_NO_COLUMN = "made from a subquery whose value reads no column (EXISTS, count(*), a constant):"
            + " the columns that decide which rows it finds are not traced as origins";

    /** How a view's error starts when Trino itself would refuse the view (not a limit of this engine). */
    public static final String REJECTED = "is invalid, Trino rejects it: ";

    /**
     * Trino's rule for a column list: one name per column of the query (PostgreSQL allows fewer
     * names; the rest keep theirs). Where a {@code *} over a relation whose columns the catalog does
     * not list makes the count unknown, only a list shorter than the columns known is wrong.
     */
    private String columnListProblem(Shape body, List<String> names) {
        if (names.isEmpty()) return null;
        int known = body.columns.size();
        boolean countKnown = body.open.isEmpty();
        boolean tooMany = countKnown && names.size() > known;
        boolean tooFew = names.size() < known && identifierCase != IdentifierCase.SQL_STANDARD;
        if (!tooMany && !tooFew) return null;
        return "its column list has " + names.size() + (names.size() == 1 ? " name" : " names") + " but its query has "
                + known + (countKnown ? "" : " or more") + (known == 1 ? " column" : " columns");
    }

    /**
     * For the load: what Trino refuses that a view's own SQL already proves, else null. Only views
     * written with a column list ({@code CREATE VIEW v (a, b) AS …}) are read: a name twice in the
     * list, or a list whose length differs from the query's columns where those can be counted
     * without the catalog (no {@code *}). The rest is checked when the view's columns are analysed.
     */
    public static String ownColumnListProblem(String sql, IdentifierCase identifierCase) {
        if (!sql.stripLeading().regionMatches(true, 0, "create", 0, 6)) return null;
        ColumnQueryParser.ParsedView parsed;
        try {
            parsed = ColumnQueryParser.parse(sql, identifierCase);
        } catch (RuntimeException | StackOverflowError e) {
            return null; // left to the column analysis, which says why
        }
        List<String> names = parsed.columnNames();
        if (names.isEmpty()) return null;
        Set<String> seen = new HashSet<>();
        for (String n : names) if (!seen.add(n)) return REJECTED_AT_LOAD + "column name '" + n + "' specified more than once";
        Query q = parsed.query();
        while (q instanceof SetOperation || q instanceof Sorted) q = q instanceof Sorted st ? st.query() : ((SetOperation) q).branches().get(0);
        int width;
        if (q instanceof Values v) {
            width = v.width();
        } else {
            Select s = (Select) q;
            for (QueryModel.Item item : s.items()) if (item.star()) return null;
            width = s.items().size();
        }
        boolean tooMany = names.size() > width;
        boolean tooFew = names.size() < width && identifierCase != IdentifierCase.SQL_STANDARD;
        if (!tooMany && !tooFew) return null;
        return REJECTED_AT_LOAD + "its column list has " + names.size() + (names.size() == 1 ? " name" : " names")
                + " but its query has " + width + (width == 1 ? " column" : " columns");
    }

    /** How a failure found at load starts (it follows the view's name in the failures list). */
    static final String REJECTED_AT_LOAD = "invalid view, Trino rejects it: ";

    /** Trino (and PostgreSQL) refuse a view with two columns of one name: "Column name 'x' specified more than once". */
    private static String duplicateName(Shape shape) {
        Set<String> seen = new HashSet<>();
        for (Col c : shape.columns) {
            if (c.name != null && !seen.add(c.name)) return "column name '" + c.name + "' specified more than once";
        }
        return null;
    }

    /** A shorter column list renames the first columns only (PostgreSQL). */
    private static Shape renameFirst(Shape shape, List<String> names) {
        List<Col> cols = new ArrayList<>(rename(shape, names).columns);
        cols.addAll(shape.columns.subList(names.size(), shape.columns.size()));
        return new Shape(cols, shape.open);
    }

    // ---- trace and impact ----------------------------------------------------------------

    /**
     * Every column upstream of {@code view.column}, to base tables: the nearest {@code maxNodes} listed (breadth
     * first), the rest counted ({@link ColumnGraph#total}) but not listed.
     */
    public ColumnGraph trace(ObjectName view, String column, int maxNodes) {
        TraceNode start = new TraceNode(view, column);
        Walk w = new Walk(start, maxNodes);
        while (w.more()) {
            TraceNode n = w.next();
            List<String> notes = w.notesFor(n);
            ViewColumns vc = columnsOf(n.relation());
            if (vc == null) continue; // a table: the end of the line
            if (vc.error() != null) {
                notes.add(graph.display(n.relation()) + ": " + vc.error());
                continue;
            }
            Set<Origin> origins = new LinkedHashSet<>(originsOf(vc, n.column(), notes));
            // A window key or a CASE/IF condition of the column: an indirect edge (not its value), followed upstream too
            Column col = vc.column(n.column());
            if (col != null) {
                Set<TraceNode> valued = new HashSet<>();
                for (Origin o : origins) valued.add(new TraceNode(o.relation(), o.column()));
                for (Indirect ind : col.indirect()) {
                    if (!valued.contains(new TraceNode(ind.relation(), ind.column()))) {
                        origins.add(new Origin(ind.relation(), ind.column(), TransformKind.INDIRECT, null));
                    }
                }
            }
            for (Origin o : origins) {
                TraceNode up = new TraceNode(o.relation(), o.column());
                w.reach(up, new TraceEdge(up, n, o.kind(), o.assumed()));
            }
        }
        return w.graph();
    }

    /**
     * What reads {@code relation.column}, directly or through other views: "what breaks if I drop it". The nearest
     * {@code maxNodes} are listed, the rest counted.
     */
    public ColumnGraph impact(ObjectName relation, String column, int maxNodes) {
        TraceNode start = new TraceNode(relation, column);
        Walk w = new Walk(start, maxNodes);
        while (w.more()) {
            TraceNode n = w.next();
            List<String> notes = w.notesFor(n);
            Node node = graph.node(n.relation());
            if (node == null) continue;
            for (ObjectName dependent : node.dependents()) {
                ViewColumns vc = columnsOf(dependent);
                if (vc == null) continue;
                if (vc.error() != null) {
                    notes.add(graph.display(dependent) + " reads " + graph.display(n.relation()) + " but " + vc.error());
                    continue;
                }
                List<TraceEdge> found = new ArrayList<>();
                for (Column c : vc.columns()) {
                    for (Origin o : c.origins()) {
                        if (o.relation().equals(n.relation()) && o.column().equals(n.column())) {
                            found.add(new TraceEdge(n, new TraceNode(dependent, c.name()), o.kind(), o.assumed()));
                        }
                    }
                }
                // A window key or a condition of one column: dropping it breaks that column.
                for (Column c : vc.columns()) {
                    TraceNode to = new TraceNode(dependent, c.name());
                    for (Indirect ind : c.indirect()) {
                        if (ind.relation().equals(n.relation()) && ind.column().equals(n.column())
                                && found.stream().noneMatch(e -> e.to().equals(to))) {
                            found.add(new TraceEdge(n, to, TransformKind.INDIRECT, null));
                        }
                    }
                }
                // A column the view joins, filters, groups or sorts on: dropping it breaks the whole view.
                for (Indirect ind : vc.indirect()) {
                    if (!ind.relation().equals(n.relation()) || !ind.column().equals(n.column())) continue;
                    for (Column c : vc.columns()) {
                        TraceNode to = new TraceNode(dependent, c.name());
                        if (found.stream().noneMatch(e -> e.to().equals(to))) found.add(new TraceEdge(n, to, TransformKind.INDIRECT, null));
                    }
                    break;
                }
                if (found.isEmpty() && vc.openVia().contains(n.relation()) && vc.column(n.column()) == null) {
                    found.add(new TraceEdge(n, new TraceNode(dependent, n.column()), TransformKind.DIRECT,
                            "passes through * (the catalog does not list " + graph.display(n.relation()) + "'s columns)"));
                }
                for (TraceEdge e : found) w.reach(e.to(), e);
            }
        }
        return w.graph();
    }

    /**
     * A breadth-first column walk that lists the nearest {@code maxNodes} columns with the edges between them and
     * only counts the ones past that (to {@link #COUNT_LIMIT}), so a cut trace can say how many it left out.
     * Notes are kept for listed columns only.
     */
    private static final class Walk {
        private final TraceNode start;
        private final int maxNodes;
        private final Set<TraceNode> listed = new LinkedHashSet<>();
        private final Set<TraceNode> seen = new HashSet<>();
        private final ArrayDeque<TraceNode> queue = new ArrayDeque<>();
        private final List<TraceEdge> edges = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();

        Walk(TraceNode start, int maxNodes) {
            this.start = start;
            this.maxNodes = Math.max(1, maxNodes);
            listed.add(start);
            seen.add(start);
            queue.add(start);
        }

        boolean more() {
            return !queue.isEmpty() && seen.size() < COUNT_LIMIT;
        }

        TraceNode next() {
            return queue.poll();
        }

        List<String> notesFor(TraceNode n) {
            return listed.contains(n) ? notes : new ArrayList<>();
        }

        void reach(TraceNode to, TraceEdge edge) {
            if (seen.add(to)) {
                if (listed.size() < maxNodes) listed.add(to);
                queue.add(to);
            }
            if (listed.contains(edge.from()) && listed.contains(edge.to())) edges.add(edge);
        }

        ColumnGraph graph() {
            boolean cut = seen.size() > listed.size();
            return new ColumnGraph(start, new ArrayList<>(listed), edges, notes, cut, seen.size(), !queue.isEmpty());
        }
    }

    /** A view column's origins; a column only reachable through an open * is assumed to pass through. */
    private Set<Origin> originsOf(ViewColumns vc, String column, List<String> notes) {
        Column c = vc.column(column);
        if (c != null) {
            for (String note : c.notes()) notes.add(graph.display(vc.view()) + "." + column + ": " + note);
            return c.origins();
        }
        Set<Origin> out = new LinkedHashSet<>();
        for (ObjectName r : vc.openVia()) {
            out.add(new Origin(r, column, TransformKind.DIRECT, vc.openVia().size() == 1 ? null
                    : "through * over several relations whose columns are not listed; any of them may hold it"));
        }
        for (String why : vc.untraced()) notes.add(graph.display(vc.view()) + "." + column + " may come from " + why + ", which is not traced");
        if (out.isEmpty() && vc.untraced().isEmpty()) notes.add(graph.display(vc.view()) + " has no column '" + column + "'");
        else if (vc.openVia().size() == 1) {
            notes.add(graph.display(vc.view()) + " does not list '" + column + "'; it is taken to come through its * from "
                    + graph.display(vc.openVia().iterator().next()) + ", whose columns the catalog does not list");
        }
        return out;
    }

    // ---- shapes --------------------------------------------------------------------------

    /** A column while a query is shaped; {@code indirect} as on {@link Column} (window keys, conditions). */
    private record Col(String name, Set<Origin> origins, List<String> notes, Set<Indirect> indirect) {
        Col(String name, Set<Origin> origins, List<String> notes) {
            this(name, origins, notes, Set.of());
        }

        Col named(String newName) {
            return new Col(newName, origins, notes, indirect);
        }
    }

    /** A column not listed may come from {@code relation} (null: from something untraceable, e.g. a table function). */
    private record Open(ObjectName relation, String why) {
    }

    private record Shape(List<Col> columns, List<Open> open) {
        Col column(String name) {
            for (Col c : columns) if (c.name != null && c.name.equals(name)) return c;
            return null;
        }
    }

    private record Scope(List<Source> sources, List<Shape> shapes, Set<String> using, Scope parent) {
    }

    /** Queries and subqueries shaped so far: the work done, for tests. */
    long shapes;

    private Shape shapeOf(Query q, Scope parent, ObjectName view) {
        shapes++;
        if (q instanceof Values v) {
            // column k is made from the k-th cell of every row, as a set operation's from each branch
            List<Col> cols = new ArrayList<>();
            for (int k = 0; k < v.width(); k++) {
                List<Col> cells = new ArrayList<>();
                for (List<Item> row : v.rows()) if (k < row.size()) cells.add(itemValue(row.get(k), TransformKind.DIRECT, parent, view));
                cols.add(merged("_col" + k, cells));
            }
            return new Shape(cols, List.of());
        }
        if (q instanceof SetOperation s) {
            {
                List<Shape> branches = new ArrayList<>();
                for (Query b : s.branches()) branches.add(shapeOf(b, parent, view));
                Shape first = branches.get(0);
                List<Col> cols = new ArrayList<>();
                List<Open> open = new ArrayList<>();
                for (int p = 0; p < first.columns.size(); p++) {
                    Set<Origin> origins = new LinkedHashSet<>();
                    List<String> notes = new ArrayList<>();
                    Set<Indirect> indirect = new LinkedHashSet<>();
                    for (Shape b : branches) {
                        if (p < b.columns.size()) {
                            origins.addAll(b.columns.get(p).origins);
                            notes.addAll(b.columns.get(p).notes);
                            indirect.addAll(b.columns.get(p).indirect);
                        } else {
                            notes.add("a branch of the set operation has columns the catalog does not list; position " + (p + 1) + " of it is not traced");
                        }
                    }
                    cols.add(new Col(first.columns.get(p).name, origins, notes, indirect));
                }
                for (Shape b : branches) open.addAll(b.open);
                return new Shape(cols, open);
            }
        }
        if (q instanceof Sorted sorted) {
            if (sorted.query() instanceof Select s) return selectShape(s, parent, view, sorted.keys());
            Shape shape = shapeOf(sorted.query(), parent, view); // a set operation or VALUES: ORDER BY names its output
            if (indirectSink != null) {
                Scope output = new Scope(List.of(new Opaque("", List.of(), "the query's output")), List.of(new Shape(shape.columns, List.of())), Set.of(), parent);
                for (QueryModel.Clause c : sorted.keys()) toSink(c, shape.columns, output, view);
            }
            return shape;
        }
        return selectShape((Select) q, parent, view, List.of());
    }

    private Shape selectShape(Select s, Scope parent, ObjectName view, List<QueryModel.Clause> keys) {
        List<Shape> shapes = new ArrayList<>();
        for (Source src : s.sources()) {
            boolean lateral = src instanceof Unnest || (src instanceof Derived d && d.lateral());
            Scope seen = lateral ? new Scope(s.sources().subList(0, shapes.size()), List.copyOf(shapes), s.using(), parent) : parent;
            shapes.add(sourceShape(src, seen, view));
        }
        Scope scope = new Scope(s.sources(), shapes, s.using(), parent);
        List<Col> cols = new ArrayList<>();
        List<Open> open = new ArrayList<>();
        for (Item item : s.items()) {
            if (item.star()) {
                List<Col> starCols = new ArrayList<>();
                Set<String> joinedOn = item.starQualifier() == null ? joinColumns(shapes, s.using()) : Set.of();
                // SELECT * over USING / NATURAL joins: each join column once, first, from both sides; then the rest
                for (String name : joinedOn) {
                    List<Col> sides = new ArrayList<>();
                    for (Shape shape : shapes) if (shape.column(name) != null) sides.add(shape.column(name));
                    starCols.add(merged(name, sides));
                }
                for (int k = 0; k < shapes.size(); k++) {
                    if (item.starQualifier() != null && !matches(s.sources().get(k), item.starQualifier())) continue;
                    for (Col c : shapes.get(k).columns) if (!joinedOn.contains(c.name)) starCols.add(c);
                    open.addAll(shapes.get(k).open);
                }
                if (!item.starAliases().isEmpty()) starCols = rename(new Shape(starCols, List.of()), item.starAliases()).columns;
                cols.addAll(starCols);
                continue;
            }
            Col value = itemValue(item, TransformKind.DIRECT, scope, view);
            cols.add(value.named(item.name() != null ? item.name() : "_col" + cols.size()));
        }
        if (indirectSink != null) {
            for (QueryModel.Clause c : s.clauses()) toSink(c, cols, scope, view);
            // ORDER BY names an output column first (an alias, a position), else a column of the FROM clause
            Scope output = new Scope(List.of(new Opaque("", List.of(), "the select's output")), List.of(new Shape(cols, List.of())), Set.of(), scope);
            for (QueryModel.Clause c : keys) toSink(c, cols, output, view);
        }
        return new Shape(cols, open);
    }

    /** A JOIN/WHERE/GROUP BY/HAVING/ORDER BY clause's columns into the view's indirect list, with the columns its value is keyed on. */
    private void toSink(QueryModel.Clause c, List<Col> cols, Scope scope, ObjectName view) {
        if (c.using() != null) {
            usingToSink(c.using(), scope);
            return;
        }
        Col value;
        if (c.ordinal() > 0) {
            if (c.ordinal() > cols.size()) return;
            value = cols.get(c.ordinal() - 1);
        } else {
            value = itemValue(c.item(), TransformKind.DIRECT, scope, view);
        }
        for (Origin o : value.origins) indirectSink.add(new Indirect(o.relation(), o.column(), c.subtype()));
        for (Indirect i : value.indirect) indirectSink.add(new Indirect(i.relation(), i.column(), c.subtype()));
    }

    /**
     * A USING / NATURAL join: each joined name's column on the left side and on the right side is a
     * JOIN column, with what it is keyed on. On a side of several relations the name is looked up in
     * those that list it; when none lists it, in those whose columns the catalog does not list (Trino
     * requires the name on both sides, so it comes from one of them).
     */
    private void usingToSink(QueryModel.JoinUsing join, Scope scope) {
        List<Shape> left = sideShapes(join.left(), scope);
        List<Shape> right = sideShapes(join.right(), scope);
        Collection<String> names = join.columns();
        if (join.natural()) {
            Set<String> shared = new LinkedHashSet<>();
            for (Shape l : left) for (Col c : l.columns) for (Shape r : right) if (c.name != null && r.column(c.name) != null) shared.add(c.name);
            names = shared;
        }
        for (String name : names) {
            for (List<Shape> side : List.of(left, right)) {
                List<Shape> from = new ArrayList<>();
                for (Shape shape : side) if (shape.column(name) != null) from.add(shape);
                if (from.isEmpty()) for (Shape shape : side) if (!shape.open.isEmpty()) from.add(shape);
                for (Shape shape : from) {
                    Set<Indirect> behind = new LinkedHashSet<>();
                    for (Origin o : lookup(shape, name, new ArrayList<>(), null, behind)) indirectSink.add(new Indirect(o.relation(), o.column(), "JOIN"));
                    for (Indirect b : behind) indirectSink.add(new Indirect(b.relation(), b.column(), "JOIN"));
                }
            }
        }
    }

    /** The shapes of {@code sources} in {@code scope}, found by identity (the parser's own objects). */
    private static List<Shape> sideShapes(List<Source> sources, Scope scope) {
        List<Shape> out = new ArrayList<>();
        for (Source src : sources) {
            for (int k = 0; k < scope.sources.size(); k++) if (scope.sources.get(k) == src) out.add(scope.shapes.get(k));
        }
        return out;
    }

    /** Where an expression's value comes from (a select item, an UNNEST array); {@code then} is applied on top of its own kind. */
    private Col itemValue(Item item, TransformKind then, Scope scope, ObjectName view) {
        Set<Origin> origins = new LinkedHashSet<>();
        List<String> notes = new ArrayList<>();
        Set<Indirect> indirect = new LinkedHashSet<>();
        TransformKind kind = item.kind().then(then);
        for (ColumnRef ref : item.refs()) {
            for (Origin o : resolve(ref, scope, notes, view, indirect)) origins.add(compose(kind, o));
        }
        for (QueryModel.Keyed k : item.keyed()) {
            // a window key or a condition: read, not the value; what that column is keyed on counts too
            Set<Indirect> behind = new LinkedHashSet<>();
            for (Origin o : resolve(k.ref(), scope, notes, view, behind)) indirect.add(new Indirect(o.relation(), o.column(), k.subtype()));
            for (Indirect b : behind) indirect.add(new Indirect(b.relation(), b.column(), k.subtype()));
        }
        for (Query sub : item.subqueries()) {
            Shape inner = shapeOf(sub, scope, view);
            if (!inner.columns.isEmpty()) {
                Col first = inner.columns.get(0);
                for (Origin o : first.origins) origins.add(compose(kind.then(TransformKind.EXPRESSION), o));
                notes.addAll(first.notes);
                indirect.addAll(first.indirect);
                if (first.origins.isEmpty() && first.notes.isEmpty()) notes.add(SUBQUERY_OF_NO_COLUMN);
            }
        }
        notes.addAll(item.notes());
        return new Col(item.name(), origins, notes, indirect);
    }

    /**
     * An UNNEST's columns. An element is an expression of its array. With one name per array
     * (and one more for WITH ORDINALITY) names and arrays pair by position; one array may give
     * several columns (its elements are rows, or a map's keys and values); several arrays with a
     * different count of names cannot be paired from the SQL alone, so every array is assumed.
     */
    private Shape unnestShape(Unnest u, Scope scope, ObjectName view) {
        List<String> names = u.columnAliases();
        if (names.isEmpty()) return new Shape(List.of(), List.of(new Open(null, "UNNEST without column names")));
        List<Col> arrays = new ArrayList<>();
        for (Item a : u.arrays()) arrays.add(itemValue(a, TransformKind.EXPRESSION, scope, view));
        int valueColumns = names.size() - (u.ordinality() ? 1 : 0);
        List<Col> cols = new ArrayList<>();
        for (int k = 0; k < names.size(); k++) {
            if (k >= valueColumns) {
                cols.add(new Col(names.get(k), Set.of(), List.of()));
            } else if (valueColumns == arrays.size()) {
                cols.add(arrays.get(k).named(names.get(k)));
            } else if (arrays.size() == 1) {
                cols.add(arrays.get(0).named(names.get(k)));
            } else {
                Col all = merged(names.get(k), arrays);
                cols.add(new Col(all.name, assume(all.origins, "UNNEST of " + arrays.size() + " arrays into " + valueColumns
                        + " columns: which array gives '" + all.name + "' depends on their element types"), all.notes));
            }
        }
        return new Shape(cols, List.of());
    }

    /** One column made from all of {@code cols}: every origin and every note of each. */
    private static Col merged(String name, List<Col> cols) {
        Set<Origin> origins = new LinkedHashSet<>();
        List<String> notes = new ArrayList<>();
        Set<Indirect> indirect = new LinkedHashSet<>();
        for (Col c : cols) {
            origins.addAll(c.origins);
            notes.addAll(c.notes);
            indirect.addAll(c.indirect);
        }
        return new Col(name, origins, notes, indirect);
    }

    /** The columns USING names, or for NATURAL every name two relations share, in the order they come. */
    private static Set<String> joinColumns(List<Shape> shapes, Set<String> using) {
        Set<String> out = new LinkedHashSet<>();
        if (using.contains(ColumnQueryParser.NATURAL)) {
            Set<String> seen = new HashSet<>();
            for (Shape shape : shapes) {
                for (Col c : shape.columns) if (c.name != null && !seen.add(c.name)) out.add(c.name);
            }
        } else {
            for (String name : using) {
                int sides = 0;
                for (Shape shape : shapes) if (shape.column(name) != null) sides++;
                if (sides > 1) out.add(name);
            }
        }
        return out;
    }

    private static Origin compose(TransformKind outer, Origin o) {
        return new Origin(o.relation(), o.column(), o.kind().then(outer), o.assumed());
    }

    /** The columns a FROM item offers, each with origins in real views and tables. */
    private Shape sourceShape(Source src, Scope parent, ObjectName view) {
        if (src instanceof Named n) {
            {
                ObjectName name = ObjectName.resolve(n.name(), view.catalog(), view.schema());
                ViewColumns vc = columnsOf(name);
                Shape shape;
                if (vc != null && vc.error() == null) {
                    List<Col> cols = new ArrayList<>();
                    for (Column c : vc.columns()) cols.add(new Col(c.name(), Set.of(new Origin(name, c.name(), TransformKind.DIRECT, null)), List.of()));
                    List<Open> open = new ArrayList<>();
                    if (!vc.openVia().isEmpty()) open.add(new Open(name, "through * in " + graph.display(name)));
                    for (String why : vc.untraced()) open.add(new Open(null, why + " (through * in " + graph.display(name) + ")"));
                    shape = new Shape(cols, open);
                } else if (vc == null && tableColumns.containsKey(name)) {
                    List<Col> cols = new ArrayList<>();
                    for (String c : tableColumns.get(name)) cols.add(new Col(c, Set.of(new Origin(name, c, TransformKind.DIRECT, null)), List.of()));
                    shape = new Shape(cols, List.of());
                } else {
                    String why = vc == null ? "the catalog does not list " + graph.display(name) + "'s columns"
                            : graph.display(name) + " cannot be traced: " + vc.error();
                    shape = new Shape(List.of(), List.of(new Open(name, why)));
                }
                return rename(shape, n.columnAliases());
            }
        }
        if (src instanceof Derived d) return rename(shapeOf(d.query(), parent, view), d.columnAliases());
        if (src instanceof Unnest u) return unnestShape(u, parent, view);
        Opaque o = (Opaque) src;
        List<Col> cols = new ArrayList<>();
        for (String c : o.columnAliases()) cols.add(new Col(c, Set.of(), List.of("comes from " + o.what() + ", which is not traced")));
        return new Shape(cols, o.columnAliases().isEmpty() ? List.of(new Open(null, o.what())) : List.of());
    }

    /** Applies a column alias list ({@code AS x (a, b)}, a CTE's or a view's own list) by position. */
    private static Shape rename(Shape shape, List<String> names) {
        if (names.isEmpty()) return shape;
        List<Col> cols = new ArrayList<>();
        for (int k = 0; k < names.size(); k++) {
            if (k < shape.columns.size()) {
                cols.add(shape.columns.get(k).named(names.get(k)));
            } else {
                cols.add(new Col(names.get(k), Set.of(), List.of("renamed by position, but the columns behind it are not listed in the catalog")));
            }
        }
        return new Shape(cols, List.of());
    }

    private static boolean matches(Source src, List<String> qualifier) {
        if (qualifier.size() == 1) return qualifier.get(0).equals(src.alias());
        if (src instanceof Named n && n.alias().equals(n.name().last())) {
            List<String> parts = n.name().parts();
            return parts.size() >= qualifier.size() && parts.subList(parts.size() - qualifier.size(), parts.size()).equals(qualifier);
        }
        return false;
    }

    /** Where a column reference in a select item points, by Trino's scoping rules (inner scope first). */
    private Set<Origin> resolve(ColumnRef ref, Scope scope, List<String> notes, ObjectName view, Set<Indirect> keyedOn) {
        String column = ref.column();
        List<String> qualifier = ref.qualifier();
        for (Scope sc = scope; sc != null; sc = sc.parent) {
            if (!qualifier.isEmpty()) {
                for (int k = 0; k < sc.sources.size(); k++) {
                    if (matches(sc.sources.get(k), qualifier)) return lookup(sc.shapes.get(k), column, notes, String.join(".", qualifier), keyedOn);
                }
                continue;
            }
            List<Integer> listed = new ArrayList<>();
            List<Integer> open = new ArrayList<>();
            for (int k = 0; k < sc.shapes.size(); k++) {
                if (sc.shapes.get(k).column(column) != null) listed.add(k);
                else if (!sc.shapes.get(k).open.isEmpty()) open.add(k);
            }
            if (listed.size() == 1 && open.isEmpty()) return lookup(sc.shapes.get(listed.get(0)), column, notes, null, keyedOn);
            if (listed.size() > 1) {
                Set<Origin> all = new LinkedHashSet<>();
                for (int k : listed) all.addAll(lookup(sc.shapes.get(k), column, notes, null, keyedOn));
                boolean joinedOn = sc.using.contains(column) || sc.using.contains(ColumnQueryParser.NATURAL);
                if (joinedOn) return all;
                return assume(all, "'" + column + "' is in more than one relation of the FROM clause (the query is ambiguous)");
            }
            if (listed.size() == 1) { // listed in one relation, but others do not list their columns
                return assume(lookup(sc.shapes.get(listed.get(0)), column, notes, null, keyedOn),
                        "'" + column + "' is listed only in this relation; other relations in the FROM clause have unlisted columns");
            }
            if (open.size() == 1) return lookup(sc.shapes.get(open.get(0)), column, notes, null, keyedOn);
            if (open.size() > 1) {
                Set<Origin> all = new LinkedHashSet<>();
                for (int k : open) all.addAll(lookup(sc.shapes.get(k), column, notes, null, keyedOn));
                return assume(all, "unqualified '" + column + "' could come from any of " + open.size()
                        + " relations whose columns the catalog does not list");
            }
        }
        if (!qualifier.isEmpty()) {
            // t.f where t is no relation: a field of a ROW column t (and t.r.f: field f of column r of relation t)
            Set<Origin> viaRow = resolve(new ColumnRef(qualifier, ref.offset()), scope, new ArrayList<>(), view, keyedOn);
            if (!viaRow.isEmpty()) {
                Set<Origin> out = new LinkedHashSet<>();
                for (Origin o : viaRow) out.add(new Origin(o.relation(), o.column(), o.kind().then(TransformKind.EXPRESSION), o.assumed()));
                return out;
            }
        }
        notes.add("'" + String.join(".", ref.parts()) + "' does not name a column of any relation in scope");
        return Set.of();
    }

    /**
     * Column {@code column} of one FROM item. When it is not listed but the item passes through
     * a {@code *} over exactly one relation whose columns the catalog does not list, the SQL
     * still says where it comes from; over several, it could be any of them (assumed).
     */
    private Set<Origin> lookup(Shape shape, String column, List<String> notes, String qualifier, Set<Indirect> keyedOn) {
        Col c = shape.column(column);
        if (c != null) {
            notes.addAll(c.notes);
            keyedOn.addAll(c.indirect);
            return c.origins;
        }
        List<Open> real = new ArrayList<>();
        for (Open o : shape.open) {
            if (o.relation == null) notes.add("'" + column + "' may come from " + o.why + ", which is not traced");
            else real.add(o);
        }
        Set<Origin> out = new LinkedHashSet<>();
        for (Open o : real) {
            String assumed = real.size() == 1 && real.size() == shape.open.size() ? null
                    : "could come from any of " + shape.open.size() + " relations behind a * whose columns the catalog does not list";
            out.add(new Origin(o.relation, column, TransformKind.DIRECT, assumed));
        }
        if (shape.open.isEmpty()) notes.add((qualifier != null ? qualifier : "the relation") + " has no column '" + column + "'");
        return out;
    }

    private static Set<Origin> assume(Set<Origin> origins, String why) {
        Set<Origin> out = new LinkedHashSet<>();
        for (Origin o : origins) out.add(new Origin(o.relation(), o.column(), o.kind(), o.assumed() != null ? o.assumed() : why));
        return out;
    }

    /** For tests and the bench: forget what was analysed. */
    synchronized void clear() {
        memo.clear();
    }
}
