package dev.kalla.viewmapper.sql;

/** Lexical categories the relation parser cares about; everything else is SYMBOL. */
public enum TokenType {
    /** Unquoted identifier or keyword; text is already case-folded to lower case. */
    WORD,
    /** Double-quoted (or backtick-quoted) identifier; text holds the unescaped content. */
    QUOTED,
    STRING,
    NUMBER,
    SYMBOL,
    EOF
}
