package dev.kalla.viewmapper.sql;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Recursive-descent parser for the FROM structure of a query. It follows every place a
 * relation can appear (FROM lists, joins, subqueries in any expression, set operations,
 * CTE bodies, LATERAL, table-function arguments) and returns the external relations the
 * query reads, with CTE references removed according to their scope.
 *
 * <p>Expressions are scanned rather than parsed: only parentheses matter inside them, since
 * a relation can only hide in a parenthesised subquery. That keeps the parser small and fast
 * while still being exact about the structure that defines lineage.
 */
public final class RelationParser extends TokenCursor {
    /**
     * Words that never start an alias here. LIMIT, OFFSET, FETCH and WINDOW are missing on purpose:
     * they are non-reserved in Trino ({@code SELECT t.offset}, {@code FROM t AS limit} are legal), so
     * {@link #startsClause} decides from what follows whether one opens a clause or names something.
     */
    private static final Set<String> NOT_AN_ALIAS = Set.of(
            "join", "inner", "left", "right", "full", "cross", "natural", "on", "using", "where",
            "group", "having", "order", "union", "intersect",
            "except", "from", "select", "for", "tablesample", "match_recognize", "with", "lateral");
    /**
     * Words allowed between two operands of an expression (keywords of CASE, CAST, IS, BETWEEN,
     * LIKE, window frames, intervals, typed literals, ordering...). Only two adjacent operands
     * <em>outside</em> this list make an expression invalid ({@code SELECT * FORM users}); the
     * list errs on the side of accepting, since rejecting valid SQL would hide a whole view.
     */
    private static final Set<String> CONNECTORS = Set.of(
            "and", "or", "not", "is", "like", "ilike", "escape", "in", "between", "exists", "distinct", "from",
            "case", "when", "then", "else", "cast", "try_cast", "as", "at", "time", "zone", "over", "filter",
            "within", "partition", "by", "order", "rows", "range", "groups", "unbounded", "preceding",
            "following", "current", "row", "asc", "desc", "nulls", "first", "last", "next", "only", "ties",
            "interval", "year", "month", "day", "hour", "minute", "second", "to", "array", "map", "all", "any",
            "some", "with", "without", "local", "grouping", "sets", "rollup", "cube", "on", "respect", "ignore",
            "precision", "varying", "unknown", "uescape", "date", "timestamp", "of", "exclude", "others", "no");
    /** Reserved words that start an operand, so never follow one: {@code WHERE status EXISTS (...)}. */
    private static final Set<String> PREFIX_ONLY = Set.of("exists", "case", "cast");
    /**
     * Reserved words that cannot occur inside a parenthesised expression (only a query, which
     * starts right after the parenthesis, may hold them). Seeing one means a parenthesis is
     * missing: {@code count(* AS n FROM a JOIN b ...}. WHERE, ORDER BY, FROM stay legal there
     * (FILTER (WHERE ..), OVER (ORDER BY ..), EXTRACT(YEAR FROM ..)).
     */
    private static final Set<String> NEVER_IN_PARENTHESES = Set.of(
            "select", "join", "inner", "cross", "natural", "union", "intersect", "except", "having");
    /** Words that end an operand although they are keywords: {@code CASE ... END x}, {@code IS NULL}. */
    private static final Set<String> OPERAND_KEYWORDS = Set.of("end", "null", "true", "false");

    private final Set<QualifiedName> relations = new LinkedHashSet<>();

    private RelationParser(String sql, IdentifierCase identifierCase) {
        super(sql, identifierCase);
    }

    /** Relations read by one query (optionally wrapped in CREATE VIEW ... AS), in order of appearance. */
    public static Set<QualifiedName> extract(String sql, IdentifierCase identifierCase) {
        return new RelationParser(sql, identifierCase).parseStatement();
    }

    public static Set<QualifiedName> extract(String sql) {
        return extract(sql, IdentifierCase.TRINO);
    }

    private Set<QualifiedName> parseStatement() {
        skipCreateViewHeader();
        parseQuery(null);
        while (cur().isSymbol(";")) i++;
        if (cur().type() != TokenType.EOF) throw unexpected("end of query");
        return relations;
    }

    /** Accepts "CREATE [OR REPLACE] VIEW name [...] AS" so whole DDL statements can be fed in. */
    private void skipCreateViewHeader() {
        if (cur().isWord("insert")) {
            i += 2;
            accept("table");
            i++;
            while (cur().isSymbol(".")) i += 2;
            if (cur().isSymbol("(") && !startsQuery(i)) skipBalanced();
            return;
        }
        if (!cur().isWord("create")) return;
        while (cur().type() != TokenType.EOF) {
            if (cur().isWord("as") && startsQuery(i + 1)) {
                i++;
                return;
            }
            i++;
        }
        throw unexpected("AS followed by a query");
    }

    // ---- queries -------------------------------------------------------------------------

    private void parseQuery(CteScope outer) {
        CteScope scope = outer;
        if (cur().isWord("with")) {
            i++;
            boolean recursive = accept("recursive");
            CteScope withScope = new CteScope(outer);
            do {
                String name = expectIdentifier("a CTE name").text();
                if (cur().isSymbol("(")) skipBalanced();
                expectWord("as");
                accept("not");
                accept("materialized");
                // A recursive CTE sees itself; a plain one sees only the CTEs declared before it,
                // so "WITH orders AS (SELECT * FROM orders)" still reads the real table.
                if (recursive) withScope.declare(name);
                expectSymbol("(");
                parseQuery(withScope);
                expectSymbol(")");
                withScope.declare(name);
            } while (acceptSymbol(","));
            scope = withScope;
        }
        parseQueryTerm(scope);
        while ((cur().isWord("order") && peek(1).isWord("by")) || startsClause(i)) {
            i++;
            scanExpression(scope, ExpressionContext.QUERY_TAIL);
        }
    }

    private void parseQueryTerm(CteScope scope) {
        parseQueryPrimary(scope);
        while (cur().isWord("union") || cur().isWord("intersect") || cur().isWord("except")) {
            i++;
            if (!accept("all")) accept("distinct");
            parseQueryPrimary(scope);
        }
    }

    private void parseQueryPrimary(CteScope scope) {
        Token t = cur();
        if (t.isWord("select")) {
            parseQuerySpecification(scope);
        } else if (t.isWord("values")) {
            i++;
            scanExpression(scope, ExpressionContext.QUERY_TAIL);
        } else if (t.isWord("table") && peek(1).isIdentifier()) {
            i++;
            reference(parseQualifiedName(), scope);
        } else if (t.isSymbol("(")) {
            i++;
            parseQuery(scope);
            expectSymbol(")");
        } else {
            throw unexpected("SELECT, VALUES, TABLE or (");
        }
    }

    private void parseQuerySpecification(CteScope scope) {
        i++; // SELECT
        if (!accept("distinct")) accept("all");
        // An empty select list ("SELECT FROM t") is an error: scanExpression checks each item.
        scanExpression(scope, ExpressionContext.SELECT_LIST);
        if (accept("from")) parseRelationList(scope);
        while (true) {
            Token t = cur();
            if (t.isWord("where") || t.isWord("having")) {
                i++;
            } else if (t.isWord("group") && peek(1).isWord("by")) {
                i += 2;
            } else if (t.isWord("window") && peek(1).isIdentifier() && peek(2).isWord("as")) {
                i++;
            } else {
                return;
            }
            scanExpression(scope, ExpressionContext.CLAUSE);
        }
    }

    // ---- relations -----------------------------------------------------------------------

    private void parseRelationList(CteScope scope) {
        do {
            parseRelation(scope);
        } while (acceptSymbol(","));
    }

    private void parseRelation(CteScope scope) {
        parsePrimaryRelation(scope);
        parseJoins(scope);
    }

    /**
     * Trino's joinedRelation: {@code CROSS JOIN r}, {@code NATURAL [type] JOIN r}, or
     * {@code [type] JOIN relation (ON ... | USING (...))}. The right side of a qualified join may
     * itself be a join ({@code a JOIN b JOIN c ON x ON y} is {@code a JOIN (b JOIN c ON x) ON y}),
     * so a join without its own criteria first takes the joins that follow, then needs ON/USING.
     */
    private void parseJoins(CteScope scope) {
        while (isJoinStart()) {
            boolean criteriaFree = cur().isWord("cross") || cur().isWord("natural");
            parseJoinKeywords();
            parsePrimaryRelation(scope);
            if (criteriaFree) continue;
            if (isJoinStart()) parseJoins(scope);
            if (accept("on")) {
                scanExpression(scope, ExpressionContext.JOIN_CONDITION);
            } else if (accept("using")) {
                if (!cur().isSymbol("(")) throw unexpected("( after USING");
                skipBalanced();
            } else {
                throw unexpected("ON or USING after the joined relation");
            }
        }
    }

    /** CROSS JOIN | NATURAL [type] JOIN | [INNER | LEFT|RIGHT|FULL [OUTER]] JOIN. */
    private void parseJoinKeywords() {
        if (accept("cross")) {
            expectWord("join");
            return;
        }
        accept("natural");
        if (!accept("inner") && (accept("left") || accept("right") || accept("full"))) accept("outer");
        expectWord("join");
    }

    private void parsePrimaryRelation(CteScope scope) {
        Token t = cur();
        if (t.isWord("lateral") && peek(1).isSymbol("(")) {
            i += 2;
            parseQuery(scope);
            expectSymbol(")");
        } else if (t.isWord("unnest") && peek(1).isSymbol("(")) {
            i++;
            parseParenthesised(scope);
            if (cur().isWord("with") && peek(1).isWord("ordinality")) i += 2;
        } else if (t.isWord("table") && peek(1).isSymbol("(")) {
            parseTableFunction(scope);
        } else if (t.isSymbol("(")) {
            i++;
            if (!startsQuery(i) || !tryParenthesisedQuery(scope)) parseRelation(scope);
            expectSymbol(")");
        } else if (t.isIdentifier() && !(t.type() == TokenType.WORD && NOT_AN_ALIAS.contains(t.text()))) {
            QualifiedName name = parseQualifiedName();
            if (cur().isSymbol("(")) {
                // A bare function call in FROM (PostgreSQL generate_series, JSON_TABLE): no relation.
                parseParenthesised(scope);
            } else {
                reference(name, scope);
                skipTimeTravel(scope);
            }
        } else {
            throw unexpected("a table name or subquery");
        }
        parseAliasAndModifiers(scope);
    }

    /**
     * "((SELECT ...) x JOIN u ON ...)" starts like a query but is a bracketed join whose first
     * relation is a subquery. Parse it as a query; if the query does not end at ')', rewind and
     * let the caller parse it as a relation. Relations found on the abandoned path are dropped.
     */
    private boolean tryParenthesisedQuery(CteScope scope) {
        int start = i;
        Set<QualifiedName> before = new LinkedHashSet<>(relations);
        try {
            parseQuery(scope);
            if (cur().isSymbol(")")) return true;
        } catch (SqlParseException e) {
            // fall through: not a plain query either way; the relation parse reports the error
        }
        i = start;
        relations.clear();
        relations.addAll(before);
        return false;
    }

    /** TABLE(fn(...)) — table arguments written TABLE(name) or TABLE(query) are real inputs. */
    private void parseTableFunction(CteScope scope) {
        i += 2;
        parseQualifiedName();
        expectSymbol("(");
        int depth = 0;
        while (true) {
            Token t = cur();
            if (t.type() == TokenType.EOF) throw unexpected(")");
            if (t.isWord("table") && peek(1).isSymbol("(")) {
                i += 2;
                if (startsQuery(i)) parseQuery(scope);
                else reference(parseQualifiedName(), scope);
                expectSymbol(")");
            } else if (t.isSymbol("(")) {
                if (startsQuery(i + 1)) {
                    parseParenthesised(scope);
                } else {
                    depth++;
                    i++;
                }
            } else if (t.isSymbol(")")) {
                i++;
                if (depth-- == 0) break;
            } else {
                i++;
            }
        }
        expectSymbol(")");
    }

    private void skipTimeTravel(CteScope scope) {
        if (!(cur().isWord("for") && (peek(1).isWord("version") || peek(1).isWord("timestamp") || peek(1).isWord("system_time")))) {
            return;
        }
        i += 2;
        expectWord("as");
        expectWord("of");
        if (cur().isSymbol("(")) {
            parseParenthesised(scope);
        } else {
            if (cur().type() == TokenType.WORD && peek(1).type() == TokenType.STRING) i++; // TIMESTAMP '...'
            i++;
        }
    }

    private void parseAliasAndModifiers(CteScope scope) {
        if (accept("as")) {
            expectIdentifier("an alias");
            if (cur().isSymbol("(")) skipBalanced();
        } else if (cur().type() == TokenType.QUOTED
                || (cur().type() == TokenType.WORD && !NOT_AN_ALIAS.contains(cur().text()) && !startsClause(i)
                    && !(cur().isWord("window") && peek(1).isIdentifier() && peek(2).isWord("as")))) {
            i++;
            if (cur().isSymbol("(")) skipBalanced();
        }
        if (cur().isWord("tablesample")) {
            i += 2; // TABLESAMPLE BERNOULLI|SYSTEM
            parseParenthesised(scope);
        }
        if (cur().isWord("match_recognize") && peek(1).isSymbol("(")) {
            i++;
            parseParenthesised(scope);
            parseAliasAndModifiers(scope);
        }
    }

    private QualifiedName parseQualifiedName() {
        List<String> parts = new java.util.ArrayList<>(3);
        parts.add(expectIdentifier("a name").text());
        while (cur().isSymbol(".") && peek(1).isIdentifier()) {
            i++;
            parts.add(cur().text());
            i++;
        }
        if (parts.size() > 3) {
            throw new SqlParseException("name " + String.join(".", parts) + " has more than 3 parts at " + where(cur()));
        }
        return new QualifiedName(parts);
    }

    private void reference(QualifiedName name, CteScope scope) {
        if (scope == null || !scope.isCte(name)) relations.add(name);
    }

    // ---- expressions ---------------------------------------------------------------------

    /**
     * Skims an expression (or comma list of them), descending into every parenthesised group.
     * Outside parentheses it also checks the shape that a typo breaks: every comma-separated item
     * is non-empty, and two operands never follow each other without an operator or keyword
     * between them, except one alias per select item ({@code SELECT a b}, not {@code SELECT * b}).
     */
    private void scanExpression(CteScope scope, ExpressionContext context) {
        boolean checked = context != ExpressionContext.PARENTHESISED;
        boolean empty = true;        // nothing read yet in the current item
        boolean operand = false;     // the last token read ends an operand
        boolean star = false;        // the current select item is * or t.*
        boolean aliased = false;     // the current select item has its alias
        while (!isStop(context)) {
            Token t = cur();
            if (checked && t.isSymbol(",")) {
                if (empty) throw unexpected(context == ExpressionContext.SELECT_LIST ? "a select item" : "an expression");
                i++;
                empty = true;
                operand = star = aliased = false;
                continue;
            }
            if (checked && aliased) throw unexpected(context == ExpressionContext.SELECT_LIST ? "',' or FROM" : "an operator");
            if (!checked && t.type() == TokenType.WORD && NEVER_IN_PARENTHESES.contains(t.text())) throw unexpected("')'");
            if (checked && operand && t.type() == TokenType.WORD && PREFIX_ONLY.contains(t.text())) {
                throw unexpected("an operator before " + t.text().toUpperCase());
            }
            empty = false;
            if (t.isSymbol(":") && peek(1).isSymbol(":")) {
                i += 2;
                skipTypeName();
                operand = true;
            } else if (t.isWord("extract") && peek(1).isSymbol("(")) {
                // EXTRACT(field FROM value): the one call whose inside has a fixed shape, so a typo there is caught
                i += 2;
                if (cur().type() != TokenType.WORD) throw unexpected("a date-time field after EXTRACT(");
                i++;
                expectWord("from");
                scanExpression(scope, ExpressionContext.PARENTHESISED);
                expectSymbol(")");
                operand = true;
            } else if (t.isSymbol("(")) {
                parseParenthesised(scope);
                operand = true;
            } else if (t.isSymbol("[")) {
                scanBrackets(scope);
                operand = true;
            } else if (t.isSymbol(".") && (peek(1).isIdentifier() || peek(1).isSymbol("*"))) {
                // "t.offset", "t.*": after a dot every word is a name, never a keyword.
                star = peek(1).isSymbol("*");
                i += 2;
                operand = true;
            } else if (t.isSymbol("*") && !operand) {
                i++;
                star = operand = true;
            } else if (t.isWord("is")) {
                // "a IS [NOT] DISTINCT FROM b" must not end a select list at FROM.
                i++;
                accept("not");
                if (accept("distinct")) accept("from");
                operand = false;
            } else if (checked && context == ExpressionContext.SELECT_LIST && t.isWord("as")) {
                i++;
                if (cur().isSymbol("(") && star) skipBalanced(); // t.* AS (a, b)
                else expectIdentifier("an alias after AS");
                aliased = true;
            } else if (t.type() == TokenType.SYMBOL) {
                i++;
                operand = false;
            } else if (t.type() == TokenType.STRING) {
                i++; // typed literals (DATE '...', INTERVAL '1' DAY) put a word before a string
                operand = true;
            } else if (t.type() == TokenType.WORD && CONNECTORS.contains(t.text()) && (!isContextual(t.text()) || contextualKeywordAt(i))) {
                i++;
                operand = false;
            } else if (t.type() == TokenType.WORD && OPERAND_KEYWORDS.contains(t.text())) {
                i++;
                operand = true;
            } else {
                // an identifier, quoted name or number
                if (checked && operand) {
                    boolean aliasAllowed = context == ExpressionContext.SELECT_LIST && !star && t.isIdentifier();
                    if (!aliasAllowed) throw unexpected("an operator, ',' or a clause");
                    aliased = true;
                }
                i++;
                operand = true;
            }
        }
        if (checked && empty && context != ExpressionContext.QUERY_TAIL) {
            throw unexpected(context == ExpressionContext.SELECT_LIST ? "a select item" : "an expression");
        }
    }

    private void parseParenthesised(CteScope scope) {
        expectSymbol("(");
        if (startsQueryDirectly(i)) {
            parseQuery(scope);
        } else {
            scanExpression(scope, ExpressionContext.PARENTHESISED);
        }
        expectSymbol(")");
    }

    private void scanBrackets(CteScope scope) {
        i++;
        while (!cur().isSymbol("]")) {
            if (cur().type() == TokenType.EOF) throw unexpected("]");
            if (cur().isSymbol("(")) parseParenthesised(scope);
            else if (cur().isSymbol("[")) scanBrackets(scope);
            else i++;
        }
        i++;
    }

    private boolean isStop(ExpressionContext context) {
        Token t = cur();
        if (t.type() == TokenType.EOF || t.isSymbol(")") || t.isSymbol(";") || t.isSymbol("]")) return true;
        if (context == ExpressionContext.PARENTHESISED) return false;
        if (t.isSymbol(",")) return context == ExpressionContext.JOIN_CONDITION;
        if (t.type() != TokenType.WORD) return false;
        switch (t.text()) {
            case "from":
                return context == ExpressionContext.SELECT_LIST;
            case "where": case "having": case "union": case "intersect": case "except":
                return true;
            case "limit": case "offset": case "fetch":
                return startsClause(i);
            case "group": case "order":
                return peek(1).isWord("by");
            case "window":
                return peek(1).isIdentifier() && peek(2).isWord("as");
            default:
                return context == ExpressionContext.JOIN_CONDITION
                        && (isJoinStart() || t.isWord("on") || t.isWord("using"));
        }
    }

    // ---- helpers -------------------------------------------------------------------------

    private Token expectIdentifier(String what) {
        Token t = cur();
        if (!t.isIdentifier()) throw unexpected(what);
        i++;
        return t;
    }
}
