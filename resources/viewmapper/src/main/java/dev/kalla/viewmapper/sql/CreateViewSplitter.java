package dev.kalla.viewmapper.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a SQL script into {@code CREATE [OR REPLACE] VIEW name ... AS query} statements.
 * Semicolons are found on tokens, so ones inside strings, quoted names or comments are ignored.
 */
public final class CreateViewSplitter {
    /**
     * One view statement: its declared name, the SQL text of the query after AS, and where that
     * text starts. When the view has a column list ({@code CREATE VIEW v (a, b) AS …}) the text is
     * the whole statement, so the list names the view's columns as it does in a views.json (the
     * parsers skip the header); before, the list was cut off and the columns were called
     * {@code l_suppkey, _col1} with no note.
     */
    public record ViewStatement(QualifiedName name, String query, int offset) {
    }

    private CreateViewSplitter() {
    }

    public static boolean containsCreateView(String script) {
        List<Token> tokens = SqlTokenizer.tokenize(script, IdentifierCase.TRINO);
        for (int k = 0; k + 1 < tokens.size(); k++) {
            if (tokens.get(k).isWord("create") && (k == 0 || tokens.get(k - 1).isSymbol(";"))) return true;
        }
        return false;
    }

    public static List<ViewStatement> split(String script, IdentifierCase identifierCase) {
        List<Token> tokens = SqlTokenizer.tokenize(script, identifierCase);
        List<ViewStatement> out = new ArrayList<>();
        int start = 0;
        for (int k = 0; k < tokens.size(); k++) {
            Token t = tokens.get(k);
            if (t.isSymbol(";") || t.type() == TokenType.EOF) {
                ViewStatement s = viewStatement(script, tokens, start, k);
                if (s != null) out.add(s);
                start = k + 1;
            }
        }
        return out;
    }

    private static ViewStatement viewStatement(String script, List<Token> tokens, int from, int to) {
        int k = from;
        if (k >= to || !tokens.get(k).isWord("create")) return null;
        k++;
        if (tokens.get(k).isWord("or") && tokens.get(k + 1).isWord("replace")) k += 2;
        if (tokens.get(k).isWord("materialized")) k++;
        if (!tokens.get(k).isWord("view")) return null;
        k++;
        List<String> parts = new ArrayList<>();
        parts.add(tokens.get(k++).text());
        while (tokens.get(k).isSymbol(".")) {
            parts.add(tokens.get(k + 1).text());
            k += 2;
        }
        boolean columnList = tokens.get(k).isSymbol("(");
        for (; k < to; k++) {
            if (tokens.get(k).isWord("as")) {
                Token first = tokens.get(k + 1);
                if (first.isWord("select") || first.isWord("with") || first.isWord("values") || first.isSymbol("(")) {
                    int end = to < tokens.size() ? tokens.get(to).offset() : script.length();
                    int begin = columnList ? tokens.get(from).offset() : first.offset();
                    return new ViewStatement(new QualifiedName(parts), script.substring(begin, end).trim(), begin);
                }
            }
        }
        throw new SqlParseException("CREATE VIEW " + String.join(".", parts) + " has no AS <query>");
    }
}
