package dev.kalla.viewmapper.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL into tokens, dropping whitespace and comments. It understands exactly the
 * lexical rules that could otherwise hide or fake a table name: quoted identifiers with
 * {@code ""} escapes, string literals with {@code ''} escapes, line and block comments.
 */
public final class SqlTokenizer {
    private final String sql;
    private final IdentifierCase identifierCase;
    private int pos;

    private SqlTokenizer(String sql, IdentifierCase identifierCase) {
        this.sql = sql;
        this.identifierCase = identifierCase;
    }

    public static List<Token> tokenize(String sql, IdentifierCase identifierCase) {
        return new SqlTokenizer(sql, identifierCase).run();
    }

    private List<Token> run() {
        List<Token> tokens = new ArrayList<>(Math.max(16, sql.length() / 4));
        while (true) {
            skipSpaceAndComments();
            if (pos >= sql.length()) {
                tokens.add(new Token(TokenType.EOF, "", pos));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private void skipSpaceAndComments() {
        while (pos < sql.length()) {
            char c = sql.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (c == '-' && peek(1) == '-') {
                while (pos < sql.length() && sql.charAt(pos) != '\n') pos++;
            } else if (c == '/' && peek(1) == '*') {
                int end = sql.indexOf("*/", pos + 2);
                if (end < 0) throw new SqlParseException("unterminated /* comment at " + SourcePosition.of(sql, pos));
                pos = end + 2;
            } else {
                return;
            }
        }
    }

    private Token next() {
        int start = pos;
        char c = sql.charAt(pos);
        if (c == '"' || c == '`') {
            return new Token(TokenType.QUOTED, identifierCase.quoted(readQuoted(c, "quoted identifier")), start);
        }
        if (c == '\'') {
            return new Token(TokenType.STRING, readQuoted('\'', "string literal"), start);
        }
        if (isWordStart(c)) {
            // U&'...' and X'...' literals start like words; the quote is then read as a string.
            while (pos < sql.length() && isWordPart(sql.charAt(pos))) pos++;
            return new Token(TokenType.WORD, identifierCase.unquoted(sql.substring(start, pos)), start);
        }
        if (Character.isDigit(c) || (c == '.' && Character.isDigit(peek(1)))) {
            return new Token(TokenType.NUMBER, readNumber(), start);
        }
        pos++;
        return new Token(TokenType.SYMBOL, String.valueOf(c), start);
    }

    private String readQuoted(char quote, String what) {
        int start = pos;
        StringBuilder out = new StringBuilder();
        pos++;
        while (true) {
            if (pos >= sql.length()) throw new SqlParseException("unterminated " + what + " at " + SourcePosition.of(sql, start));
            char c = sql.charAt(pos++);
            if (c == quote) {
                if (pos < sql.length() && sql.charAt(pos) == quote) {
                    out.append(quote);
                    pos++;
                } else {
                    return out.toString();
                }
            } else {
                out.append(c);
            }
        }
    }

    private String readNumber() {
        int start = pos;
        while (pos < sql.length()) {
            char c = sql.charAt(pos);
            boolean exponentSign = (c == '+' || c == '-') && (sql.charAt(pos - 1) == 'e' || sql.charAt(pos - 1) == 'E');
            if (Character.isLetterOrDigit(c) || c == '.' || c == '_' || exponentSign) pos++;
            else break;
        }
        return sql.substring(start, pos);
    }

    private char peek(int ahead) {
        int i = pos + ahead;
        return i < sql.length() ? sql.charAt(i) : '\0';
    }

    private static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '@';
    }
}
