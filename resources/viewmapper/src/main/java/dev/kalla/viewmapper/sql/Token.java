package dev.kalla.viewmapper.sql;

/**
 * One lexical token. {@code text} is normalised (words lower-cased, quotes removed) so the
 * parser compares keywords with plain equals; {@code offset} points into the original SQL
 * for error messages.
 */
public record Token(TokenType type, String text, int offset) {

    public boolean isWord(String keyword) {
        return type == TokenType.WORD && text.equals(keyword);
    }

    public boolean isSymbol(String symbol) {
        return type == TokenType.SYMBOL && text.equals(symbol);
    }

    /** Identifiers may be written bare or quoted; both can name a relation or an alias. */
    public boolean isIdentifier() {
        return type == TokenType.WORD || type == TokenType.QUOTED;
    }

    @Override
    public String toString() {
        return type == TokenType.EOF ? "end of input" : "'" + text + "'";
    }
}
