package dev.kalla.viewmapper.sql;

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
