package dev.kalla.viewmapper.sql;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Set;

/**
 * A position in a token list and the reading steps both SQL parsers share ({@link RelationParser}
 * for relations and validity, the column parser for column lineage): so that Trino's rules about
 * non-reserved clause words, join keywords and where a query starts are written once.
 */
public abstract class TokenCursor {
    protected static final Set<String> JOIN_START = Set.of("join", "inner", "left", "right", "full", "cross", "natural");

    protected final String sql;
    protected final List<Token> tokens;
    protected int i;

    protected TokenCursor(String sql, IdentifierCase identifierCase) {
        this.sql = sql;
        this.tokens = SqlTokenizer.tokenize(sql, identifierCase);
    }

    protected Token cur() {
        return tokens.get(i);
    }

    protected Token peek(int ahead) {
        return tokens.get(Math.min(i + ahead, tokens.size() - 1));
    }

    protected boolean accept(String keyword) {
        if (cur().isWord(keyword)) {
            i++;
            return true;
        }
        return false;
    }

    protected boolean acceptSymbol(String symbol) {
        if (cur().isSymbol(symbol)) {
            i++;
            return true;
        }
        return false;
    }

    protected void expectWord(String keyword) {
        if (!accept(keyword)) throw unexpected(keyword.toUpperCase());
    }

    protected void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) throw unexpected("'" + symbol + "'");
    }

    /** Skips "( … )" with everything nested in it. */
    protected void skipBalanced() {
        expectSymbol("(");
        int depth = 1;
        while (depth > 0) {
            Token t = cur();
            if (t.type() == TokenType.EOF) throw unexpected(")");
            if (t.isSymbol("(")) depth++;
            else if (t.isSymbol(")")) depth--;
            i++;
        }
    }

    /**
     * LIMIT, OFFSET and FETCH are non-reserved in Trino: they open a clause only when followed
     * by what the clause needs (LIMIT n|?|ALL, OFFSET n|?, FETCH FIRST|NEXT); otherwise they are
     * names. A word right after a dot or AS is always a name.
     */
    protected boolean startsClause(int j) {
        Token t = tokens.get(j);
        if (t.type() != TokenType.WORD) return false;
        if (j > 0 && (tokens.get(j - 1).isSymbol(".") || tokens.get(j - 1).isWord("as"))) return false;
        Token next = tokens.get(Math.min(j + 1, tokens.size() - 1));
        return switch (t.text()) {
            case "limit" -> next.type() == TokenType.NUMBER || next.isSymbol("?") || next.isWord("all");
            case "offset" -> next.type() == TokenType.NUMBER || next.isSymbol("?");
            case "fetch" -> next.isWord("first") || next.isWord("next");
            default -> false;
        };
    }

    /** Date-time fields: keywords in EXTRACT(field FROM …) and after an interval literal, names elsewhere. */
    private static final Set<String> DATETIME_FIELDS = Set.of(
            "year", "quarter", "month", "week", "day", "hour", "minute", "second", "millisecond", "dow", "doy",
            "year_of_week", "yow", "timezone_hour", "timezone_minute");
    /** Clause words of the JSON functions (json_value, json_query, json_object, …): keywords only inside them. */
    private static final Set<String> JSON_CLAUSE_WORDS = Set.of(
            "wrapper", "conditional", "unconditional", "keep", "omit", "quotes", "scalar", "error", "empty",
            "returning", "format", "json", "encoding", "utf8", "utf16", "utf32", "lax", "strict", "passing", "value",
            "default", "key", "unique", "absent");
    private static final Set<String> OTHER_CONTEXTUAL = Set.of(
            "date", "timestamp", "time", "zone", "first", "last", "rows", "row", "range", "groups", "current", "partition");

    /**
     * Words Trino does not reserve although its grammar uses them as keywords somewhere: {@code year},
     * {@code value}, {@code date}, {@code first}, {@code range} are ordinary column names. For these,
     * {@link #contextualKeywordAt} decides; a column taken for a keyword would lose its lineage, and a
     * keyword taken for a column would reject valid SQL.
     */
    protected static boolean isContextual(String word) {
        return DATETIME_FIELDS.contains(word) || JSON_CLAUSE_WORDS.contains(word) || OTHER_CONTEXTUAL.contains(word);
    }

    /** Whether the contextual word at {@code j} is the keyword of its clause here (else it is a name). */
    protected boolean contextualKeywordAt(int j) {
        Token t = tokens.get(j);
        String w = t.text();
        if (t.type() != TokenType.WORD) return false;
        if (j > 0 && (tokens.get(j - 1).isSymbol(".") || tokens.get(j - 1).isWord("as") && !enclosingCall(j).equals("cast"))) return false;
        Token prev = tokens.get(Math.max(0, j - 1));
        Token next = tokens.get(Math.min(j + 1, tokens.size() - 1));
        if (JSON_CLAUSE_WORDS.contains(w)) return enclosingCall(j).startsWith("json_");
        if (DATETIME_FIELDS.contains(w)) {
            return (prev.isSymbol("(") && enclosingCall(j).equals("extract")) // EXTRACT(year FROM x)
                    || prev.type() == TokenType.STRING // INTERVAL '1' YEAR
                    || prev.isWord("to"); // YEAR TO MONTH
        }
        return switch (w) {
            case "date", "timestamp" -> next.type() == TokenType.STRING;
            case "time" -> next.type() == TokenType.STRING || prev.isWord("at") || prev.isWord("with") || prev.isWord("without");
            case "zone" -> prev.isWord("time");
            case "first", "last" -> prev.isWord("nulls") || prev.isWord("fetch");
            case "rows", "row", "range", "groups" -> next.isWord("between") || next.isWord("unbounded") || next.isWord("current")
                    || next.isWord("only") || next.isWord("with") || next.type() == TokenType.NUMBER
                    || prev.type() == TokenType.NUMBER || prev.isWord("current") || prev.isWord("first") || prev.isWord("next");
            case "current" -> next.isWord("row");
            case "partition" -> next.isWord("by");
            default -> true;
        };
    }

    /** Per token, the call it is inside (see enclosingCall); computed once, on first use. */
    private String[] enclosingCalls;

    /**
     * The word before the innermost unclosed {@code (} before {@code j} (a function's name, OVER, …),
     * or "". One pass over the tokens answers every position: a backward scan per question made a
     * select list of 8,000 items that use {@code value} take 618 ms to read.
     */
    protected String enclosingCall(int j) {
        if (enclosingCalls == null) {
            enclosingCalls = new String[tokens.size()];
            ArrayDeque<String> open = new ArrayDeque<>();
            for (int k = 0; k < tokens.size(); k++) {
                enclosingCalls[k] = open.isEmpty() ? "" : open.peek();
                Token t = tokens.get(k);
                if (t.isSymbol("(")) open.push(k > 0 && tokens.get(k - 1).type() == TokenType.WORD ? tokens.get(k - 1).text() : "");
                else if (t.isSymbol(")") && !open.isEmpty()) open.pop();
            }
        }
        return enclosingCalls[j];
    }

    /** Words that continue a type name: character varying, double precision, timestamp without time zone. */
    private static final Set<String> TYPE_NAME_WORDS = Set.of("varying", "precision", "with", "without", "time", "zone");
    private static final Set<String> NOT_A_TYPE = Set.of("from", "where", "group", "having", "order", "union", "intersect", "except",
            "join", "on", "and", "or", "as", "select");

    /**
     * After PostgreSQL's {@code ::} (views read back from PostgreSQL are full of them): the type, a
     * (schema-qualified) name, its parameters, more words of it and array brackets. A type is
     * neither a column nor a keyword between operands.
     */
    protected void skipTypeName() {
        if (!cur().isIdentifier() || NOT_A_TYPE.contains(cur().text()) && cur().type() == TokenType.WORD) throw unexpected("a type after ::");
        i++;
        while (cur().isSymbol(".") && peek(1).isIdentifier()) i += 2;
        if (cur().isSymbol("(")) skipBalanced();
        while (cur().type() == TokenType.WORD && TYPE_NAME_WORDS.contains(cur().text())) {
            i++;
            if (cur().isSymbol("(")) skipBalanced();
        }
        while (cur().isSymbol("[") && peek(1).isSymbol("]")) i += 2;
    }

    protected boolean isJoinStart() {
        Token t = cur();
        if (t.type() != TokenType.WORD || !JOIN_START.contains(t.text())) return false;
        // LEFT(...) and RIGHT(...) are string functions in some dialects, never join keywords.
        return !((t.isWord("left") || t.isWord("right")) && peek(1).isSymbol("("));
    }

    /** True if a query (possibly wrapped in extra parentheses) starts at index j. */
    protected boolean startsQuery(int j) {
        while (tokens.get(j).isSymbol("(")) j++;
        return startsQueryDirectly(j);
    }

    protected boolean startsQueryDirectly(int j) {
        Token t = tokens.get(j);
        return t.isWord("select") || t.isWord("with") || t.isWord("values")
                || (t.isWord("table") && tokens.get(Math.min(j + 1, tokens.size() - 1)).isIdentifier());
    }

    protected SqlParseException unexpected(String expected) {
        return new SqlParseException("expected " + expected + " but found " + cur() + " at " + where(cur()));
    }

    protected String where(Token t) {
        return SourcePosition.of(sql, t.offset()).toString();
    }
}
