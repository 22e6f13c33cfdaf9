package dev.kalla.viewmapper.sql;

import java.util.ArrayList;
import java.util.List;

/** Parses a standalone dotted name such as {@code sales."Order Lines"} with SQL quoting rules. */
public final class NameParser {
    private NameParser() {
    }

    public static QualifiedName parse(String text, IdentifierCase identifierCase) {
        List<Token> tokens = SqlTokenizer.tokenize(text, identifierCase);
        List<String> parts = new ArrayList<>();
        int k = 0;
        while (true) {
            Token t = tokens.get(k++);
            if (!t.isIdentifier()) throw new SqlParseException("not a name: " + text);
            parts.add(t.text());
            Token next = tokens.get(k++);
            if (next.type() == TokenType.EOF) break;
            if (!next.isSymbol(".")) throw new SqlParseException("not a name: " + text);
        }
        if (parts.size() > 3) throw new SqlParseException("a name has at most 3 parts: " + text);
        return new QualifiedName(parts);
    }
}
