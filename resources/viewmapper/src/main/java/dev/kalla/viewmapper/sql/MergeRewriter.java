package dev.kalla.viewmapper.sql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites {@code MERGE INTO target [AS t] USING source [AS s] ON cond WHEN … THEN UPDATE SET c = e
 * | INSERT (c, …) VALUES (e, …) | DELETE} into the query it amounts to for lineage:
 * <pre>CREATE VIEW target (c, …) AS SELECT COALESCE(e_update, e_insert) AS c, …
 *   FROM source AS s LEFT JOIN (SELECT NULL AS x, …) AS t ON cond</pre>
 * Each written column takes every expression that may write it. The target itself is replaced by
 * a row of NULLs with the columns the statement reads from it, so {@code t.qty + s.qty} traces to
 * {@code s.qty} and the table is not made to read itself (a cycle).
 */
final class MergeRewriter {
    private MergeRewriter() {
    }

    static CreateViewSplitter.ViewStatement rewrite(String script, List<Token> tokens, int from, int to,
                                                   Map<QualifiedName, List<String>> tableColumns) {
        int k = from + 1;
        if (!tokens.get(k).isWord("into")) throw new SqlParseException("expected INTO after MERGE (at offset " + tokens.get(k).offset() + ")");
        k++;
        List<String> parts = new ArrayList<>();
        parts.add(tokens.get(k++).text());
        while (tokens.get(k).isSymbol(".")) {
            parts.add(tokens.get(k + 1).text());
            k += 2;
        }
        QualifiedName target = new QualifiedName(parts);
        String targetAlias = target.last();
        if (tokens.get(k).isWord("as")) k++;
        if (tokens.get(k).isIdentifier() && !tokens.get(k).isWord("using")) targetAlias = tokens.get(k++).text();
        expect(tokens, k++, "using");
        int sourceFrom = k;
        if (tokens.get(k).isSymbol("(")) {
            k = skipBalanced(tokens, k);
        } else {
            k++;
            while (tokens.get(k).isSymbol(".")) k += 2;
        }
        if (tokens.get(k).isWord("as")) k++;
        if (tokens.get(k).isIdentifier() && !tokens.get(k).isWord("on")) k++;
        String source = text(script, tokens, sourceFrom, k);
        expect(tokens, k++, "on");
        int condFrom = k;
        k = untilWhen(tokens, k, to);
        String condition = text(script, tokens, condFrom, k);

        Map<String, List<String>> writes = new LinkedHashMap<>();
        List<String> declared = CreateViewSplitter.lookup(tableColumns, target);
        while (k < to && tokens.get(k).isWord("when")) {
            while (k < to && !tokens.get(k).isWord("then")) k++;
            k++;
            int end = untilWhen(tokens, k, to);
            if (tokens.get(k).isWord("update") && tokens.get(k + 1).isWord("set")) {
                for (int[] item : commaSeparated(tokens, k + 2, end)) {
                    int eq = item[0];
                    while (eq < item[1] && !tokens.get(eq).isSymbol("=")) eq++;
                    if (eq >= item[1]) throw new SqlParseException("MERGE UPDATE SET item without '=' (at offset " + tokens.get(item[0]).offset() + ")");
                    String column = tokens.get(eq - 1).text();
                    writes.computeIfAbsent(column, x -> new ArrayList<>()).add(text(script, tokens, eq + 1, item[1]));
                }
            } else if (tokens.get(k).isWord("insert")) {
                int j = k + 1;
                List<String> columns = new ArrayList<>();
                if (tokens.get(j).isSymbol("(")) {
                    int close = skipBalanced(tokens, j);
                    for (int[] item : commaSeparated(tokens, j + 1, close - 1)) columns.add(tokens.get(item[1] - 1).text());
                    j = close;
                } else if (declared != null) {
                    columns.addAll(declared);
                } else {
                    throw new SqlParseException("MERGE INTO " + String.join(".", parts) + " inserts VALUES without a column list and the"
                            + " table's columns are unknown; add its CREATE TABLE to the folder or name the columns");
                }
                expect(tokens, j++, "values");
                int close = skipBalanced(tokens, j);
                List<int[]> values = commaSeparated(tokens, j + 1, close - 1);
                if (values.size() != columns.size()) {
                    throw new SqlParseException("MERGE INTO " + String.join(".", parts) + " inserts " + values.size() + " values into "
                            + columns.size() + " columns");
                }
                for (int c = 0; c < columns.size(); c++) {
                    writes.computeIfAbsent(columns.get(c), x -> new ArrayList<>()).add(text(script, tokens, values.get(c)[0], values.get(c)[1]));
                }
            }
            k = end;
        }
        if (writes.isEmpty()) return null; // only DELETE / DO NOTHING: no column is written

        // The target's columns the statement reads (alias.column), plus any it declares.
        Set<String> targetColumns = new LinkedHashSet<>();
        if (declared != null) targetColumns.addAll(declared);
        for (int j = from; j + 2 < to; j++) {
            if (tokens.get(j).isIdentifier() && tokens.get(j).text().equals(targetAlias) && tokens.get(j + 1).isSymbol(".")
                    && tokens.get(j + 2).isIdentifier()) targetColumns.add(tokens.get(j + 2).text());
        }
        StringBuilder b = new StringBuilder("CREATE VIEW ").append(CreateViewSplitter.quotedName(target)).append(" (");
        b.append(String.join(", ", writes.keySet().stream().map(CreateViewSplitter::quote).toList())).append(") AS SELECT ");
        int n = 0;
        for (var e : writes.entrySet()) {
            if (n++ > 0) b.append(", ");
            b.append(e.getValue().size() == 1 ? e.getValue().get(0) : "COALESCE(" + String.join(", ", e.getValue()) + ")");
        }
        b.append(" FROM ").append(source).append(" LEFT JOIN (SELECT ");
        if (targetColumns.isEmpty()) b.append("NULL AS ").append(CreateViewSplitter.quote("_"));
        n = 0;
        for (String c : targetColumns) b.append(n++ > 0 ? ", " : "").append("NULL AS ").append(CreateViewSplitter.quote(c));
        b.append(") AS ").append(CreateViewSplitter.quote(targetAlias)).append(" ON ").append(condition);
        return new CreateViewSplitter.ViewStatement(target, b.toString(), tokens.get(from).offset(), CreateViewSplitter.Kind.MERGE);
    }

    private static void expect(List<Token> tokens, int k, String word) {
        if (!tokens.get(k).isWord(word)) {
            throw new SqlParseException("MERGE: expected " + word.toUpperCase(java.util.Locale.ROOT) + " but got " + tokens.get(k)
                    + " (at offset " + tokens.get(k).offset() + ")");
        }
    }

    /** Index after the ')' matching the '(' at {@code open}. */
    private static int skipBalanced(List<Token> tokens, int open) {
        int depth = 0;
        for (int k = open; k < tokens.size(); k++) {
            if (tokens.get(k).isSymbol("(")) depth++;
            else if (tokens.get(k).isSymbol(")") && --depth == 0) return k + 1;
            if (tokens.get(k).type() == TokenType.EOF) break;
        }
        throw new SqlParseException("MERGE: unbalanced parentheses");
    }

    /** The next top-level WHEN (outside parentheses and CASE … END), or {@code to}. */
    private static int untilWhen(List<Token> tokens, int k, int to) {
        int depth = 0;
        int cases = 0;
        for (; k < to; k++) {
            Token t = tokens.get(k);
            if (t.isSymbol("(")) depth++;
            else if (t.isSymbol(")")) depth--;
            else if (t.isWord("case")) cases++;
            else if (t.isWord("end") && cases > 0) cases--;
            else if (t.isWord("when") && depth == 0 && cases == 0) return k;
        }
        return to;
    }

    /** [start, end) token ranges between top-level commas of tokens [from, to). */
    private static List<int[]> commaSeparated(List<Token> tokens, int from, int to) {
        List<int[]> out = new ArrayList<>();
        int depth = 0;
        int start = from;
        for (int k = from; k < to; k++) {
            Token t = tokens.get(k);
            if (t.isSymbol("(")) depth++;
            else if (t.isSymbol(")")) depth--;
            else if (t.isSymbol(",") && depth == 0) {
                out.add(new int[] {start, k});
                start = k + 1;
            }
        }
        if (start < to) out.add(new int[] {start, to});
        return out;
    }

    private static String text(String script, List<Token> tokens, int from, int to) {
        return script.substring(tokens.get(from).offset(), tokens.get(to).offset()).trim();
    }
}
