package dev.kalla.viewmapper.columns;

import dev.kalla.viewmapper.columns.QueryModel.Clause;
import dev.kalla.viewmapper.columns.QueryModel.ColumnRef;
import dev.kalla.viewmapper.columns.QueryModel.Derived;
import dev.kalla.viewmapper.columns.QueryModel.Item;
import dev.kalla.viewmapper.columns.QueryModel.Keyed;
import dev.kalla.viewmapper.columns.QueryModel.Named;
import dev.kalla.viewmapper.columns.QueryModel.Opaque;
import dev.kalla.viewmapper.columns.QueryModel.Query;
import dev.kalla.viewmapper.columns.QueryModel.Select;
import dev.kalla.viewmapper.columns.QueryModel.SetOperation;
import dev.kalla.viewmapper.columns.QueryModel.Sorted;
import dev.kalla.viewmapper.columns.QueryModel.Source;
import dev.kalla.viewmapper.columns.QueryModel.Unnest;
import dev.kalla.viewmapper.columns.QueryModel.Values;
import dev.kalla.viewmapper.sql.IdentifierCase;
import dev.kalla.viewmapper.sql.QualifiedName;
import dev.kalla.viewmapper.sql.SqlParseException;
import dev.kalla.viewmapper.sql.TokenCursor;
import dev.kalla.viewmapper.sql.Token;
import dev.kalla.viewmapper.sql.TokenType;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a view's query into a {@link QueryModel}. It runs only on SQL that
 * {@link dev.kalla.viewmapper.sql.RelationParser} has already accepted, so it checks little and
 * concentrates on what lineage needs: which names in a select item are columns (not functions,
 * keywords, types or literals), what each item is called, and which relations are in scope.
 */
final class ColumnQueryParser extends TokenCursor {
    /**
     * Words that are never a column in an expression: operators, clause words, literals, special
     * values. Words Trino uses as keywords only in some clauses (year, date, value, first, range, …)
     * are not here: TokenCursor.contextualKeywordAt decides those.
     */
    private static final Set<String> NOT_A_COLUMN = Set.of(
            "and", "or", "not", "is", "like", "ilike", "escape", "in", "between", "exists", "distinct", "from",
            "case", "when", "then", "else", "end", "cast", "try_cast", "as", "at", "over", "filter",
            "within", "by", "order", "unbounded", "preceding", "following", "asc", "desc", "nulls", "next", "only", "ties",
            "interval", "to", "array", "map", "all", "any", "some", "with", "without", "local", "grouping", "sets", "rollup",
            "cube", "on", "respect", "ignore", "precision", "varying", "unknown", "uescape", "of", "exclude", "others", "no",
            "null", "true", "false", "where", "leading", "trailing", "both", "current_date", "current_time",
            "current_timestamp", "localtime", "localtimestamp", "current_user", "current_catalog", "current_schema",
            "current_path", "current_role", "similar", "using", "for", "placing");
    static final Set<String> AGGREGATES = Set.of(
            "count", "sum", "avg", "min", "max", "count_if", "approx_distinct", "approx_percentile", "approx_set",
            "approx_most_frequent", "array_agg", "string_agg", "listagg", "arbitrary", "any_value", "bool_and",
            "bool_or", "every", "max_by", "min_by", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop",
            "var_samp", "corr", "covar_pop", "covar_samp", "map_agg", "map_union", "multimap_agg", "histogram",
            "checksum", "geometric_mean", "group_concat", "median", "percentile_cont", "percentile_disc",
            "regr_slope", "regr_intercept", "kurtosis", "skewness", "bitwise_and_agg", "bitwise_or_agg",
            "bitwise_xor_agg", "set_agg", "set_union", "merge", "numeric_histogram", "reduce_agg", "tdigest_agg",
            "json_agg", "jsonb_agg", "json_object_agg", "xmlagg", "mode", "first_value_agg");
    /** Trino's reserved words (its documentation's list): never a column unless quoted. The other keywords can name columns. */
    private static final Set<String> TRINO_RESERVED = Set.of(
            "alter", "and", "as", "between", "by", "case", "cast", "constraint", "create", "cross", "cube", "current_catalog",
            "current_date", "current_path", "current_role", "current_schema", "current_time", "current_timestamp", "current_user",
            "deallocate", "delete", "describe", "distinct", "drop", "else", "end", "escape", "except", "execute", "exists",
            "extract", "false", "for", "from", "full", "group", "grouping", "having", "in", "inner", "insert", "intersect", "into",
            "is", "join", "json_array", "json_exists", "json_object", "json_query", "json_table", "json_value", "left", "like",
            "listagg", "localtime", "localtimestamp", "natural", "normalize", "not", "null", "on", "or", "order", "outer",
            "prepare", "recursive", "right", "rollup", "select", "skip", "table", "then", "trim", "true", "uescape", "union",
            "unnest", "using", "values", "when", "where", "with");
    private static final Set<String> NORMAL_FORMS = Set.of("nfc", "nfd", "nfkc", "nfkd");
    /** Words that open a window specification's parts; any other word first inside OVER ( … ) names a window. */
    private static final Set<String> WINDOW_SPEC_WORDS = Set.of("partition", "order", "rows", "range", "groups", "measures");
    private static final Set<String> NOT_AN_ALIAS = Set.of(
            "join", "inner", "left", "right", "full", "cross", "natural", "on", "using", "where",
            "group", "having", "order", "union", "intersect", "except", "from", "select", "for", "tablesample",
            "match_recognize", "with", "lateral", "window");

    private ColumnQueryParser(String sql, IdentifierCase identifierCase) {
        super(sql, identifierCase);
    }

    /** The query of a view (a bare query, or CREATE VIEW … AS query) and the view's own column list, if it has one. */
    record ParsedView(Query query, List<String> columnNames) {
    }

    static ParsedView parse(String sql, IdentifierCase identifierCase) {
        ColumnQueryParser p = new ColumnQueryParser(sql, identifierCase);
        List<String> names = p.skipCreateViewHeader();
        Query q = p.parseQuery(Map.of());
        return new ParsedView(q, names);
    }

    private List<String> skipCreateViewHeader() {
        if (cur().isWord("insert")) {
            // INSERT INTO|OVERWRITE [TABLE] name [(a, b)] query: the list names the written columns.
            i += 2;
            accept("table");
            i++;
            while (cur().isSymbol(".")) i += 2;
            return cur().isSymbol("(") && !startsQuery(i) ? identifierList() : List.of();
        }
        if (!cur().isWord("create")) return List.of();
        List<String> names = List.of();
        while (cur().type() != TokenType.EOF) {
            if (cur().isWord("as") && startsQuery(i + 1)) {
                i++;
                return names;
            }
            if (cur().isWord("view")) {
                i++;
                // CREATE VIEW IF NOT EXISTS (Spark, DuckDB, Snowflake; the splitter accepts it): the name comes after
                if (cur().isWord("if") && peek(1).isWord("not") && peek(2).isWord("exists")) i += 3;
                while (peek(1).isSymbol(".")) i += 2;
                i++;
                if (cur().isSymbol("(")) names = identifierList();
                continue;
            }
            i++;
        }
        throw new SqlParseException("expected AS followed by a query");
    }

    // ---- queries -------------------------------------------------------------------------

    /** A CTE in scope: its query, its column list, or null for a recursive self-reference. */
    private record Cte(Query query, List<String> columns) {
    }

    private Query parseQuery(Map<String, Cte> outer) {
        Map<String, Cte> ctes = outer;
        if (cur().isWord("with")) {
            i++;
            boolean recursive = accept("recursive");
            ctes = new HashMap<>(outer);
            do {
                String name = cur().text();
                i++;
                List<String> columns = cur().isSymbol("(") ? identifierList() : List.of();
                expectWord("as");
                accept("not");
                accept("materialized");
                if (recursive) ctes.put(name, new Cte(null, columns));
                expectSymbol("(");
                Query q = parseQuery(ctes);
                expectSymbol(")");
                ctes.put(name, new Cte(q, columns));
            } while (acceptSymbol(","));
        }
        Query q = parseQueryTerm(ctes);
        if (cur().isWord("order") && peek(1).isWord("by")) {
            // ORDER BY keys decide the order (and, with LIMIT, which rows): OpenLineage's INDIRECT SORT
            i += 2;
            List<Clause> outerClauses = clauses;
            clauses = new ArrayList<>();
            try {
                do {
                    readClause("SORT", ctes);
                    skipAtDepthZeroUntil(() -> cur().isSymbol(",") || ((cur().isWord("limit") || cur().isWord("offset")
                            || cur().isWord("fetch")) && startsClause(i)));
                } while (acceptSymbol(","));
                if (!clauses.isEmpty()) q = new Sorted(q, List.copyOf(clauses));
            } finally {
                clauses = outerClauses;
            }
        }
        skipToQueryEnd(); // LIMIT, OFFSET, FETCH
        return q;
    }

    private Query parseQueryTerm(Map<String, Cte> ctes) {
        List<Query> branches = new ArrayList<>();
        branches.add(parseQueryPrimary(ctes));
        while (cur().isWord("union") || cur().isWord("intersect") || cur().isWord("except")) {
            i++;
            if (!accept("all")) accept("distinct");
            branches.add(parseQueryPrimary(ctes));
        }
        return branches.size() == 1 ? branches.get(0) : new SetOperation(branches);
    }

    private Query parseQueryPrimary(Map<String, Cte> ctes) {
        if (cur().isWord("select")) return parseSelect(ctes);
        if (cur().isWord("values")) {
            i++;
            // VALUES (a, b), (c, d) or VALUES a, b (one column): each cell is read like a select item,
            // so a scalar subquery or, under LATERAL, a column of an earlier relation is traced
            List<List<Item>> rows = new ArrayList<>();
            do {
                List<Item> row = new ArrayList<>();
                if (cur().isSymbol("(") && !startsQueryDirectly(i + 1) && lambdaBody(i, 0, new HashMap<>()) < 0) {
                    i++;
                    do {
                        row.add(parseItem(ctes));
                    } while (acceptSymbol(","));
                    expectSymbol(")");
                } else {
                    row.add(parseItem(ctes));
                }
                rows.add(row);
            } while (acceptSymbol(","));
            skipClauses();
            return new Values(rows);
        }
        if (cur().isWord("table")) {
            i++;
            Source s = namedOrCte(qualifiedName(), null, List.of(), ctes);
            return new Select(List.of(new Item(null, true, null, List.of(), List.of(), List.of(), TransformKind.DIRECT)), List.of(s), Set.of());
        }
        expectSymbol("(");
        Query q = parseQuery(ctes);
        expectSymbol(")");
        return q;
    }

    private Select parseSelect(Map<String, Cte> ctes) {
        i++;
        if (!accept("distinct")) accept("all");
        List<Item> items = new ArrayList<>();
        do {
            items.add(parseItem(ctes));
        } while (acceptSymbol(","));
        List<Source> sources = new ArrayList<>();
        Set<String> using = new LinkedHashSet<>();
        List<Clause> outerClauses = clauses;
        clauses = new ArrayList<>();
        try {
            if (accept("from")) {
                do {
                    parseRelation(ctes, sources, using);
                } while (acceptSymbol(","));
            }
            if (accept("where")) readClause("FILTER", ctes);
            if (cur().isWord("group") && peek(1).isWord("by")) {
                i += 2;
                if (!accept("all")) accept("distinct");
                do {
                    readClause("GROUP_BY", ctes);
                } while (acceptSymbol(","));
            }
            if (accept("having")) readClause("FILTER", ctes);
            Map<String, Item> windowClause = skipClausesReadingWindows(ctes);
            return new Select(withWindowColumns(items, windowClause), sources, using, List.copyOf(clauses));
        } finally {
            clauses = outerClauses;
        }
    }

    /** The JOIN conditions, WHERE, GROUP BY and HAVING of the select being read (INDIRECT lineage). */
    private List<Clause> clauses = new ArrayList<>();
    /** While a JOIN condition is read: where it ends (a next join, ON, USING), besides where any item ends. */
    private java.util.function.BooleanSupplier itemStop = () -> false;

    /**
     * Reads one condition or key like a select item. What it cannot read is skipped as before (the
     * clause's remaining tokens are skipped by the caller), so its columns are only missing from
     * the indirect list, never a reason to fail the view.
     */
    private void readClause(String subtype, Map<String, Cte> ctes) {
        int start = i;
        try {
            Token t = cur();
            int after = i + 1;
            if (subtype.equals("SORT")) { // ORDER BY 2 DESC NULLS LAST: a direction does not make the position an expression
                if (tokens.get(after).isWord("asc") || tokens.get(after).isWord("desc")) after++;
                if (tokens.get(after).isWord("nulls") && (tokens.get(after + 1).isWord("first") || tokens.get(after + 1).isWord("last"))) after += 2;
            }
            if (t.type() == TokenType.NUMBER && t.text().chars().allMatch(Character::isDigit) && endsItemAt(after)) {
                i = after; // GROUP BY 1, ORDER BY 2: the output column at that position
                clauses.add(new Clause(subtype, new Item(null, false, null, List.of(), List.of(), List.of(), TransformKind.DIRECT),
                        Integer.parseInt(t.text())));
                return;
            }
            Item item = parseItem(ctes);
            if (!item.refs().isEmpty() || !item.subqueries().isEmpty() || !item.keyed().isEmpty()) clauses.add(new Clause(subtype, item));
        } catch (SqlParseException | IndexOutOfBoundsException e) {
            i = start;
        }
    }

    /**
     * Skips WHERE, GROUP BY, HAVING like {@link #skipClauses}, but reads {@code WINDOW w AS (…), …}:
     * each window's specification, read like a select item (its PARTITION BY and ORDER BY columns).
     */
    private Map<String, Item> skipClausesReadingWindows(Map<String, Cte> ctes) {
        Map<String, Item> windows = new HashMap<>();
        while (true) {
            skipAtDepthZeroUntil(() -> cur().isWord("union") || cur().isWord("intersect") || cur().isWord("except")
                    || (cur().isWord("order") && peek(1).isWord("by"))
                    || ((cur().isWord("limit") || cur().isWord("offset") || cur().isWord("fetch")) && startsClause(i))
                    || isWindowClause());
            if (!isWindowClause()) return windows;
            i++;
            do {
                String name = cur().text();
                i += 2; // name AS
                windows.put(name, parseItem(ctes));
            } while (acceptSymbol(","));
        }
    }

    private boolean isWindowClause() {
        return cur().isWord("window") && peek(1).isIdentifier() && peek(2).isWord("as") && peek(3).isSymbol("(");
    }

    /**
     * Items using named windows get the windows' columns as references of their own, so
     * {@code rank() OVER w} is made from w's PARTITION BY and ORDER BY columns, as an inline
     * {@code OVER (…)} is. A window defined from another ({@code w2 AS (w1 ORDER BY x)}) brings w1's too.
     */
    private static List<Item> withWindowColumns(List<Item> items, Map<String, Item> windowClause) {
        List<Item> out = new ArrayList<>(items.size());
        for (Item it : items) {
            if (it.windows().isEmpty()) {
                out.add(it);
                continue;
            }
            List<ColumnRef> refs = new ArrayList<>(it.refs());
            List<Keyed> keyed = new ArrayList<>(it.keyed());
            List<Query> subqueries = new ArrayList<>(it.subqueries());
            ArrayDeque<String> todo = new ArrayDeque<>(it.windows());
            Set<String> seen = new HashSet<>();
            while (!todo.isEmpty()) {
                String w = todo.poll();
                Item spec = windowClause.get(w);
                if (spec == null || !seen.add(w)) continue;
                for (ColumnRef r : spec.refs()) {
                    if (r.parts().size() == 1 && windowClause.containsKey(r.column())) todo.add(r.column());
                    else keyed.add(new Keyed("WINDOW", r)); // the window's keys: read, not taken as the value
                }
                keyed.addAll(spec.keyed());
                todo.addAll(spec.windows());
                subqueries.addAll(spec.subqueries());
            }
            out.add(new Item(it.name(), it.star(), it.starQualifier(), it.starAliases(), refs, subqueries, it.kind(), it.windows(), it.notes(), keyed));
        }
        return out;
    }

    // ---- select items --------------------------------------------------------------------

    private Item parseItem(Map<String, Cte> ctes) {
        int start = i;
        // * or q.*, optionally AS (a, b)
        int k = i;
        List<String> qualifier = new ArrayList<>();
        while (tokens.get(k).isIdentifier() && tokens.get(k + 1).isSymbol(".")) {
            qualifier.add(tokens.get(k).text());
            k += 2;
        }
        if (tokens.get(k).isSymbol("*") && (qualifier.isEmpty() || tokens.get(k - 1).isSymbol("."))) {
            i = k + 1;
            List<String> aliases = List.of();
            if (accept("as")) aliases = identifierList();
            return new Item(null, true, qualifier.isEmpty() ? null : qualifier, aliases, List.of(), List.of(), TransformKind.DIRECT);
        }
        List<ColumnRef> refs = new ArrayList<>();
        List<Query> subqueries = new ArrayList<>();
        boolean aggregate = false;
        boolean window = false;
        boolean onlyOneRef = true;
        String alias = null;
        int depth = 0;
        int operands = 0;
        Map<String, Integer> lambdaParams = new HashMap<>(); // name → depth where its lambda was written
        List<String> windows = new ArrayList<>();
        Set<String> keywordsTaken = new LinkedHashSet<>(); // words Trino does not reserve, read as keywords here
        // Columns read without taking their value (OpenLineage INDIRECT at field level): the parts of
        // the item inside a CASE condition, IF's first argument or an aggregate's FILTER (WHERE …)
        // (CONDITIONAL), inside OVER ( … ) (WINDOW)
        List<Keyed> keyed = new ArrayList<>();
        ArrayDeque<int[]> cases = new ArrayDeque<>(); // {depth, 1 while in a condition}
        ArrayDeque<Integer> ifConditions = new ArrayDeque<>(); // depth inside if( … ) until its first ',', or inside FILTER ( … )
        ArrayDeque<Integer> windowSpecs = new ArrayDeque<>(); // depth inside OVER ( … )
        while (true) {
            Token t = cur();
            if (t.type() == TokenType.EOF || t.isSymbol(";")) break;
            if (depth == 0 && (t.isSymbol(",") || t.isSymbol(")") || endsSelectList() || itemStop.getAsBoolean())) break;
            if (t.isWord("case")) {
                cases.push(new int[] {depth, 1}); // a simple CASE's operand is compared, like a condition
                onlyOneRef = false;
                i++;
                continue;
            }
            if (!cases.isEmpty() && cases.peek()[0] == depth && (t.isWord("when") || t.isWord("then") || t.isWord("else") || t.isWord("end"))) {
                if (t.isWord("end")) cases.pop();
                else cases.peek()[1] = t.isWord("when") ? 1 : 0;
                i++;
                if (t.isWord("end")) operands++;
                continue;
            }
            if (t.isSymbol(",") && !ifConditions.isEmpty() && ifConditions.peek() == depth) ifConditions.pop();
            if (t.isWord("filter") && isKeywordAt(i)) {
                // sum(x) FILTER (WHERE c) is sum(CASE WHEN c THEN x END): c decides which rows count, it is not the value
                ifConditions.push(depth + 1);
                onlyOneRef = false;
                i++;
                continue;
            }
            if (t.isSymbol(":") && peek(1).isSymbol(":")) { // PostgreSQL's x::numeric(10,2): a type, not a column
                i += 2;
                skipTypeName();
                onlyOneRef = false;
                continue;
            }
            if (t.isSymbol("(")) {
                int body = lambdaBody(i, depth, lambdaParams);
                if (body >= 0) { // (acc, x) -> …: the names are the lambda's, not columns
                    i = body;
                    onlyOneRef = false;
                    continue;
                }
            }
            if (t.isSymbol("(") || t.isSymbol("[")) {
                if (t.isSymbol("(") && startsQueryDirectly(i + 1)) {
                    i++;
                    subqueries.add(parseQuery(ctes));
                    expectSymbol(")");
                    onlyOneRef = false;
                    continue;
                }
                depth++;
                i++;
                onlyOneRef = false;
                continue;
            }
            if (t.isSymbol(")") || t.isSymbol("]")) {
                depth--;
                final int outer = depth;
                lambdaParams.values().removeIf(d -> d > outer);
                while (!ifConditions.isEmpty() && ifConditions.peek() > depth) ifConditions.pop();
                while (!windowSpecs.isEmpty() && windowSpecs.peek() > depth) windowSpecs.pop();
                i++;
                continue;
            }
            if (t.isWord("as")) {
                i++;
                if (depth == 0) {
                    alias = cur().text();
                    i++;
                    continue;
                }
                skipToCloseOfCurrentParenthesis(); // CAST(x AS decimal(10, 2)): a type, not columns
                depth--;
                continue;
            }
            if (t.isWord("over")) {
                window = true;
                i++;
                if (cur().isIdentifier() && !cur().isSymbol("(")) { // OVER w: a window of the WINDOW clause
                    windows.add(cur().text());
                    i++;
                } else if (cur().isSymbol("(") && peek(1).isIdentifier() && !WINDOW_SPEC_WORDS.contains(peek(1).text())) {
                    windows.add(peek(1).text()); // OVER (w ORDER BY x): w's partitioning and order, refined
                    depth++;
                    windowSpecs.push(depth);
                    i += 2;
                } else if (cur().isSymbol("(")) {
                    windowSpecs.push(depth + 1);
                }
                continue;
            }
            if (t.isWord("is") && peek(1).isWord("distinct")) {
                i += 3; // IS DISTINCT FROM
                continue;
            }
            if (t.isWord("is") && peek(1).isWord("not") && peek(2).isWord("distinct")) {
                i += 4;
                continue;
            }
            if (t.isIdentifier() && !tokens.get(Math.max(0, i - 1)).isSymbol(".")) {
                if (t.type() == TokenType.WORD && peek(1).type() == TokenType.STRING) { // DATE '2024-01-01'
                    i += 2;
                    onlyOneRef = false;
                    continue;
                }
                if (depth == 0 && operands > 0 && isAliasPosition()) {
                    alias = t.text();
                    i++;
                    continue;
                }
                int at = t.offset();
                List<String> parts = new ArrayList<>();
                parts.add(t.text());
                i++;
                while (cur().isSymbol(".") && peek(1).isIdentifier()) {
                    parts.add(peek(1).text());
                    i += 2;
                }
                if (cur().isSymbol("(")) { // a function call
                    if (AGGREGATES.contains(parts.get(parts.size() - 1))) aggregate = true;
                    if (parts.size() == 1 && parts.get(0).equals("if")) ifConditions.push(depth + 1); // if(condition, then, else)
                    onlyOneRef = false;
                    operands++;
                    continue;
                }
                if (cur().isSymbol("-") && peek(1).isSymbol(">")) { // a lambda parameter: x -> x + 1
                    lambdaParams.put(parts.get(0), depth);
                    i += 2;
                    onlyOneRef = false;
                    continue;
                }
                if (lambdaParams.containsKey(parts.get(0))) { // x.qty inside x -> …: the lambda's input, not a column
                    onlyOneRef = false;
                    operands++;
                    continue;
                }
                boolean unreserved = parts.size() == 1 && !TRINO_RESERVED.contains(parts.get(0));
                if (unreserved && i - 1 == start && endsItemAt(i)) { // SELECT local, ties FROM …: alone, a word Trino does not reserve is a column
                    addRef(new ColumnRef(parts, at), refs, keyed, cases, ifConditions, windowSpecs);
                    operands++;
                    continue;
                }
                if (parts.size() == 1 && isKeywordAt(i - 1)) {
                    if (unreserved) keywordsTaken.add(parts.get(0));
                    onlyOneRef = false;
                    continue;
                }
                addRef(new ColumnRef(parts, at), refs, keyed, cases, ifConditions, windowSpecs);
                operands++;
                continue;
            }
            onlyOneRef = false;
            operands++;
            i++;
        }
        boolean direct = onlyOneRef && refs.size() == 1 && subqueries.isEmpty();
        TransformKind kind = window ? TransformKind.WINDOW : aggregate ? TransformKind.AGGREGATE
                : direct ? TransformKind.DIRECT : TransformKind.EXPRESSION;
        String name = alias != null ? alias : direct ? refs.get(0).column() : null;
        if (i == start) throw new SqlParseException("expected a select item");
        // The guard: an item that reads no column although it holds a word that could name one says so
        List<String> notes = refs.isEmpty() && subqueries.isEmpty() && windows.isEmpty() && keyed.isEmpty() && !keywordsTaken.isEmpty()
                ? List.of("reads no column, but " + String.join(", ", keywordsTaken.stream().map(w -> "'" + w + "'").toList())
                + (keywordsTaken.size() == 1 ? " was" : " were") + " read as a keyword; if it names a column, that column is not traced")
                : List.of();
        return new Item(name, false, null, List.of(), refs, subqueries, kind, windows, notes, keyed);
    }

    /** A column reference of an item: its value, or (in a condition or a window's keys) only read. */
    private static void addRef(ColumnRef ref, List<ColumnRef> refs, List<Keyed> keyed, ArrayDeque<int[]> cases,
                               ArrayDeque<Integer> ifConditions, ArrayDeque<Integer> windowSpecs) {
        boolean condition = !ifConditions.isEmpty();
        for (int[] c : cases) condition |= c[1] == 1;
        if (condition) keyed.add(new Keyed("CONDITIONAL", ref));
        else if (!windowSpecs.isEmpty()) keyed.add(new Keyed("WINDOW", ref));
        else refs.add(ref);
    }

    /** Whether a select item ends before token {@code j} (a ',', ')', the end, AS alias, or the next clause). */
    private boolean endsItemAt(int j) {
        Token t = tokens.get(j);
        return t.isSymbol(",") || t.isSymbol(")") || t.isSymbol(";") || t.type() == TokenType.EOF || t.isWord("as")
                || endsSelectListAt(j);
    }

    /** Whether the word at {@code j} is a keyword here rather than a column. */
    private boolean isKeywordAt(int j) {
        Token t = tokens.get(j);
        if (t.type() != TokenType.WORD) return false;
        if (t.isWord("filter")) return tokens.get(j + 1).isSymbol("(") && tokens.get(j - 1).isSymbol(")"); // count(x) FILTER (WHERE …)
        if (NORMAL_FORMS.contains(t.text())) return enclosingCall(j).equals("normalize"); // normalize(s, NFKC)
        if (tokens.get(Math.max(0, j - 1)).isWord("returning")) return enclosingCall(j).startsWith("json_"); // RETURNING varchar: a type
        if (isContextual(t.text())) return contextualKeywordAt(j);
        return NOT_A_COLUMN.contains(t.text());
    }

    /**
     * At {@code (}: when it opens a lambda's parameter list ({@code (acc, x) -> …}), records the
     * names at {@code depth} and returns the index after the arrow; otherwise -1.
     */
    private int lambdaBody(int open, int depth, Map<String, Integer> params) {
        List<String> names = new ArrayList<>();
        int k = open + 1;
        while (tokens.get(k).isIdentifier()) {
            names.add(tokens.get(k).text());
            k++;
            if (tokens.get(k).isSymbol(",")) k++;
            else break;
        }
        if (names.isEmpty() || !tokens.get(k).isSymbol(")") || !tokens.get(k + 1).isSymbol("-") || !tokens.get(k + 2).isSymbol(">")) return -1;
        for (String name : names) params.put(name, depth);
        return k + 3;
    }

    /** {@code amount total}: a bare word right after a complete operand names the item. */
    private boolean isAliasPosition() {
        Token prev = tokens.get(i - 1);
        boolean prevEndsOperand = prev.type() == TokenType.QUOTED || prev.type() == TokenType.NUMBER
                || prev.type() == TokenType.STRING || prev.isSymbol(")") || prev.isSymbol("]")
                || (prev.type() == TokenType.WORD && (!isKeywordAt(i - 1) || prev.isWord("end")
                || prev.isWord("null") || prev.isWord("true") || prev.isWord("false")));
        if (!prevEndsOperand) return false;
        Token t = cur();
        if (isKeywordAt(i)) return false;
        Token next = peek(1);
        return next.isSymbol(",") || next.isSymbol(")") || next.type() == TokenType.EOF || next.isSymbol(";")
                || next.isWord("from") || endsSelectListAt(i + 1);
    }

    private boolean endsSelectList() {
        return endsSelectListAt(i);
    }

    private boolean endsSelectListAt(int j) {
        Token t = tokens.get(j);
        if (t.type() != TokenType.WORD) return false;
        return switch (t.text()) {
            case "from", "where", "having", "union", "intersect", "except" -> true;
            case "group", "order" -> tokens.get(Math.min(j + 1, tokens.size() - 1)).isWord("by");
            case "limit", "offset", "fetch" -> startsClause(j);
            case "window" -> tokens.get(Math.min(j + 1, tokens.size() - 1)).isIdentifier()
                    && tokens.get(Math.min(j + 2, tokens.size() - 1)).isWord("as");
            default -> false;
        };
    }

    // ---- relations -----------------------------------------------------------------------

    /**
     * A relation and its joins. The nesting of joins ({@code a JOIN b JOIN c ON x ON y}) does not
     * change which relations are in scope, so joins are read flat: relations, ON conditions
     * (skipped) and USING / NATURAL columns (which name both sides) in whatever order they come.
     */
    private void parseRelation(Map<String, Cte> ctes, List<Source> out, Set<String> using) {
        int first = out.size();
        // where the right side of each join still waiting for its ON / USING starts: in
        // a JOIN b JOIN c USING (x) USING (y), USING (x) joins b to c, USING (y) a to b and c
        ArrayDeque<Integer> pending = new ArrayDeque<>();
        parsePrimaryRelation(ctes, out, using);
        while (true) {
            if (isJoinStart()) {
                if (accept("cross")) {
                    expectWord("join");
                    parsePrimaryRelation(ctes, out, using);
                } else {
                    boolean natural = accept("natural");
                    if (natural) using.add(NATURAL);
                    if (!accept("inner") && (accept("left") || accept("right") || accept("full"))) accept("outer");
                    expectWord("join");
                    int right = out.size();
                    parsePrimaryRelation(ctes, out, using);
                    if (natural) { // its right side is one relation, and it has no condition to wait for
                        clauses.add(usingClause(List.of(), true, out, pending.isEmpty() ? first : pending.peek(), right));
                    } else {
                        pending.push(right);
                    }
                }
            } else if (accept("on")) {
                if (!pending.isEmpty()) pending.pop();
                var outerStop = itemStop;
                itemStop = () -> isJoinStart() || cur().isWord("on") || cur().isWord("using");
                try {
                    readClause("JOIN", ctes);
                } finally {
                    itemStop = outerStop;
                }
                skipJoinCondition();
            } else if (accept("using")) {
                List<String> columns = identifierList();
                using.addAll(columns);
                int right = pending.isEmpty() ? out.size() - 1 : pending.pop();
                clauses.add(usingClause(columns, false, out, pending.isEmpty() ? first : pending.peek(), right));
            } else {
                return;
            }
        }
    }

    /** The JOIN clause of a USING / NATURAL join of {@code out[left, right)} to {@code out[right, end)}. */
    private static Clause usingClause(List<String> columns, boolean natural, List<Source> out, int left, int right) {
        Item none = new Item(null, false, null, List.of(), List.of(), List.of(), TransformKind.DIRECT);
        return new Clause("JOIN", none, 0, new QueryModel.JoinUsing(columns, natural,
                List.copyOf(out.subList(left, right)), List.copyOf(out.subList(right, out.size()))));
    }

    /** Marks a NATURAL join in a select's USING set: every shared column names both sides. */
    static final String NATURAL = "*natural*";

    private void parsePrimaryRelation(Map<String, Cte> ctes, List<Source> out, Set<String> using) {
        Token t = cur();
        Source s;
        if (t.isWord("lateral") && peek(1).isSymbol("(")) {
            i += 2;
            Query q = parseQuery(ctes);
            expectSymbol(")");
            s = withAlias(new Derived(q, null, List.of(), Derived.LATERAL));
        } else if (t.isWord("unnest") && peek(1).isSymbol("(")) {
            i += 2;
            List<Item> arrays = new ArrayList<>();
            if (!cur().isSymbol(")")) {
                do {
                    arrays.add(parseItem(ctes));
                } while (acceptSymbol(","));
            }
            expectSymbol(")");
            boolean ordinality = false;
            if (cur().isWord("with") && peek(1).isWord("ordinality")) {
                i += 2;
                ordinality = true;
            }
            s = withAlias(new Unnest(arrays, ordinality, null, List.of()));
        } else if (t.isWord("table") && peek(1).isSymbol("(")) {
            i++;
            skipBalanced();
            s = withAlias(new Opaque(null, List.of(), "a table function"));
        } else if (t.isSymbol("(")) {
            int start = i;
            i++;
            if (startsQuery(i)) {
                try {
                    Query q = parseQuery(ctes);
                    if (cur().isSymbol(")")) {
                        i++;
                        out.add(withAlias(new Derived(q, null, List.of(), "subquery")));
                        return;
                    }
                } catch (SqlParseException | IndexOutOfBoundsException e) {
                    // a bracketed join that starts with a subquery: parse it as relations below
                }
                i = start + 1;
            }
            List<Source> inner = new ArrayList<>();
            Set<String> innerUsing = new LinkedHashSet<>();
            List<Clause> outerClauses = clauses;
            clauses = new ArrayList<>();
            List<Clause> innerClauses;
            try {
                parseRelation(ctes, inner, innerUsing);
            } finally {
                innerClauses = clauses;
                clauses = outerClauses;
            }
            expectSymbol(")");
            if (cur().isWord("as") || (cur().isIdentifier() && !NOT_AN_ALIAS.contains(cur().text()) && !startsClause(i))) {
                // (a JOIN b) AS x: only x is in scope, with every column of a and b; its ON / USING see a and b
                accept("as");
                String alias = cur().text();
                i++;
                List<String> columns = cur().isSymbol("(") ? identifierList() : List.of();
                Item all = new Item(null, true, null, List.of(), List.of(), List.of(), TransformKind.DIRECT);
                out.add(new Derived(new Select(List.of(all), inner, innerUsing, List.copyOf(innerClauses)), alias, columns, "bracketed join"));
            } else {
                out.addAll(inner);
                using.addAll(innerUsing);
                clauses.addAll(innerClauses);
            }
            return;
        } else {
            QualifiedName name = qualifiedName();
            if (cur().isSymbol("(")) {
                skipBalanced();
                s = withAlias(new Opaque(null, List.of(), "function " + name));
            } else {
                skipTimeTravel();
                s = withAlias(namedOrCte(name, null, List.of(), ctes));
            }
        }
        out.add(s);
    }

    private Source namedOrCte(QualifiedName name, String alias, List<String> columnAliases, Map<String, Cte> ctes) {
        Cte cte = name.parts().size() == 1 ? ctes.get(name.last()) : null;
        String as = alias != null ? alias : name.last();
        if (cte == null) return new Named(name, as, columnAliases);
        if (cte.query() == null) return new Opaque(as, columnAliases.isEmpty() ? cte.columns() : columnAliases, "recursive CTE " + name);
        return new Derived(cte.query(), as, columnAliases.isEmpty() ? cte.columns() : columnAliases, "CTE " + name);
    }

    /** Reads "[AS] alias [(columns)]" after a relation and returns the relation under that name. */
    private Source withAlias(Source s) {
        String alias = null;
        List<String> columns = List.of();
        if (accept("as")) {
            alias = cur().text();
            i++;
        } else if (cur().type() == TokenType.QUOTED || (cur().type() == TokenType.WORD && !NOT_AN_ALIAS.contains(cur().text()) && !startsClause(i))) {
            alias = cur().text();
            i++;
        }
        if (alias != null && cur().isSymbol("(")) columns = identifierList();
        if (cur().isWord("tablesample")) {
            i += 2;
            skipBalanced();
        }
        if (cur().isWord("match_recognize") && peek(1).isSymbol("(")) {
            i++;
            skipBalanced();
            return withAlias(new Opaque(alias, columns, "MATCH_RECOGNIZE"));
        }
        if (alias == null && columns.isEmpty()) return s;
        if (s instanceof Named n) return new Named(n.name(), alias != null ? alias : n.alias(), columns.isEmpty() ? n.columnAliases() : columns);
        if (s instanceof Derived d) return new Derived(d.query(), alias, columns.isEmpty() ? d.columnAliases() : columns, d.what());
        if (s instanceof Unnest u) return new Unnest(u.arrays(), u.ordinality(), alias, columns);
        return new Opaque(alias, columns, ((Opaque) s).what());
    }

    private void skipTimeTravel() {
        if (!(cur().isWord("for") && (peek(1).isWord("version") || peek(1).isWord("timestamp") || peek(1).isWord("system_time")))) {
            return;
        }
        i += 4; // FOR VERSION AS OF
        if (cur().isSymbol("(")) {
            skipBalanced();
        } else {
            if (cur().type() == TokenType.WORD && peek(1).type() == TokenType.STRING) i++;
            i++;
        }
    }

    /** Skips an ON condition: up to the next join, comma, ON/USING or clause of the select. */
    private void skipJoinCondition() {
        skipAtDepthZeroUntil(() -> cur().isSymbol(",") || isJoinStart() || endsSelectList() || cur().isWord("on") || cur().isWord("using"));
    }

    /** Skips WHERE, GROUP BY, HAVING, WINDOW up to the end of the select (a set operator, ORDER BY, LIMIT, ')'). */
    private void skipClauses() {
        skipAtDepthZeroUntil(() -> cur().isWord("union") || cur().isWord("intersect") || cur().isWord("except")
                || (cur().isWord("order") && peek(1).isWord("by"))
                || ((cur().isWord("limit") || cur().isWord("offset") || cur().isWord("fetch")) && startsClause(i)));
    }

    /** Skips a query's ORDER BY / LIMIT / OFFSET / FETCH tail, and nothing else. */
    private void skipToQueryEnd() {
        boolean tail = (cur().isWord("order") && peek(1).isWord("by"))
                || ((cur().isWord("limit") || cur().isWord("offset") || cur().isWord("fetch")) && startsClause(i));
        if (tail) skipAtDepthZeroUntil(() -> false); // anything else is not part of this query: "((SELECT …) x JOIN u …)"
    }

    /** Moves on to the first token outside parentheses where {@code stop} holds, or the ')' or ';' that ends the text. */
    private void skipAtDepthZeroUntil(java.util.function.BooleanSupplier stop) {
        int depth = 0;
        while (true) {
            Token t = cur();
            if (t.type() == TokenType.EOF || t.isSymbol(";")) return;
            if (t.isSymbol("(")) {
                depth++;
            } else if (t.isSymbol(")")) {
                if (depth == 0) return;
                depth--;
            } else if (depth == 0 && stop.getAsBoolean()) {
                return;
            }
            i++;
        }
    }

    private void skipToCloseOfCurrentParenthesis() {
        int depth = 0;
        while (cur().type() != TokenType.EOF) {
            if (cur().isSymbol("(")) depth++;
            else if (cur().isSymbol(")")) {
                if (depth == 0) {
                    i++;
                    return;
                }
                depth--;
            }
            i++;
        }
    }

    // ---- helpers -------------------------------------------------------------------------

    private QualifiedName qualifiedName() {
        List<String> parts = new ArrayList<>(3);
        parts.add(cur().text());
        i++;
        while (cur().isSymbol(".") && peek(1).isIdentifier()) {
            parts.add(peek(1).text());
            i += 2;
        }
        return new QualifiedName(parts.size() > 3 ? parts.subList(parts.size() - 3, parts.size()) : parts);
    }

    private List<String> identifierList() {
        expectSymbol("(");
        List<String> names = new ArrayList<>();
        int depth = 0;
        boolean expectName = true;
        while (true) {
            Token t = cur();
            if (t.type() == TokenType.EOF) throw new SqlParseException("expected ')'");
            if (t.isSymbol("(")) depth++;
            else if (t.isSymbol(")")) {
                if (depth == 0) {
                    i++;
                    return names;
                }
                depth--;
            } else if (depth == 0 && t.isSymbol(",")) {
                expectName = true;
            } else if (depth == 0 && expectName && t.isIdentifier()) {
                names.add(t.text()); // "(a varchar, b)" in PostgreSQL: the name, then its type
                expectName = false;
            }
            i++;
        }
    }
}
