package dev.kalla.viewmapper.sql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a SQL script into the statements that define a relation from a query: {@code CREATE
 * [OR REPLACE] [MATERIALIZED] VIEW name … AS query}, {@code CREATE TABLE name … AS query} (CTAS),
 * {@code INSERT INTO|OVERWRITE name [(cols)] query} and {@code MERGE INTO name USING … WHEN …}.
 * Semicolons are found on tokens, so ones inside strings, quoted names or comments are ignored.
 *
 * <p>A write statement becomes the definition of its target, as if the target were a view: its
 * columns come from the statement's column list, else from the target's {@code CREATE TABLE}
 * columns, else from the query. Several INSERTs into one target are read as one query joined by
 * {@code UNION ALL}, so every writer is a source. A MERGE is rewritten to the query it amounts to
 * (below); the target's own columns read inside it are not listed as sources, since a table that
 * reads itself would be a cycle.
 */
public final class CreateViewSplitter {
    /** How a relation was defined in the script. */
    public enum Kind { VIEW, MATERIALIZED_VIEW, CTAS, INSERT, MERGE }

    /**
     * One defining statement: its target name, the SQL text the lineage parsers read, where that
     * text starts, and its kind. When the statement has a column list ({@code CREATE VIEW v (a, b)
     * AS …}, {@code INSERT INTO t (a, b) …}) the text is the whole statement, so the list names
     * the columns (the parsers skip the header). INSERTs merged by UNION ALL and MERGEs carry a
     * rewritten text; their offset is the first statement's.
     */
    public record ViewStatement(QualifiedName name, String query, int offset, Kind kind) {
        public ViewStatement(QualifiedName name, String query, int offset) {
            this(name, query, offset, Kind.VIEW);
        }
    }

    private CreateViewSplitter() {
    }

    /** True when the script holds at least one statement {@link #split} reads. */
    public static boolean containsCreateView(String script) {
        List<Token> tokens = SqlTokenizer.tokenize(script, IdentifierCase.TRINO);
        for (int k = 0; k + 1 < tokens.size(); k++) {
            Token t = tokens.get(k);
            if ((t.isWord("create") || t.isWord("insert") || t.isWord("merge")) && (k == 0 || tokens.get(k - 1).isSymbol(";"))) return true;
        }
        return false;
    }

    public static List<ViewStatement> split(String script, IdentifierCase identifierCase) {
        return split(script, identifierCase, Map.of());
    }

    /**
     * As above; {@code tableColumns} (declared columns of tables, by name as written, lower-cased
     * parts joined by '.') names the columns of an INSERT or MERGE without a column list.
     */
    public static List<ViewStatement> split(String script, IdentifierCase identifierCase, Map<QualifiedName, List<String>> tableColumns) {
        List<Token> tokens = SqlTokenizer.tokenize(script, identifierCase);
        List<Object> out = new ArrayList<>(); // a ViewStatement, or the QualifiedName of a target's INSERTs
        Map<QualifiedName, List<Insert>> inserts = new LinkedHashMap<>();
        int start = 0;
        for (int k = 0; k < tokens.size(); k++) {
            Token t = tokens.get(k);
            if (t.isSymbol(";") || t.type() == TokenType.EOF) {
                int end = k < tokens.size() ? t.offset() : script.length();
                Token first = start < k ? tokens.get(start) : null;
                if (first != null && first.isWord("create")) {
                    ViewStatement s = createStatement(script, tokens, start, k, end);
                    if (s != null) out.add(s);
                } else if (first != null && first.isWord("insert")) {
                    Insert ins = insertStatement(script, tokens, start, k, end);
                    if (ins != null) {
                        if (!inserts.containsKey(ins.target)) out.add(ins.target); // keeps script order
                        inserts.computeIfAbsent(ins.target, x -> new ArrayList<>()).add(ins);
                    }
                } else if (first != null && first.isWord("merge")) {
                    out.add(MergeRewriter.rewrite(script, tokens, start, k, tableColumns));
                }
                start = k + 1;
            }
        }
        List<ViewStatement> result = new ArrayList<>();
        for (Object o : out) {
            if (o instanceof ViewStatement s) result.add(s);
            else result.add(combine(inserts.get((QualifiedName) o), tableColumns));
        }
        return result;
    }

    private record Insert(QualifiedName target, List<String> columns, String query, String whole, int offset) {
    }

    private static ViewStatement createStatement(String script, List<Token> tokens, int from, int to, int end) {
        int k = from + 1;
        if (tokens.get(k).isWord("or") && tokens.get(k + 1).isWord("replace")) k += 2;
        Kind kind;
        while (tokens.get(k).isWord("temporary") || tokens.get(k).isWord("temp") || tokens.get(k).isWord("transient")
                || tokens.get(k).isWord("unlogged") || tokens.get(k).isWord("secure")) k++;
        if (tokens.get(k).isWord("materialized") && tokens.get(k + 1).isWord("view")) {
            kind = Kind.MATERIALIZED_VIEW;
            k += 2;
        } else if (tokens.get(k).isWord("view")) {
            kind = Kind.VIEW;
            k++;
        } else if (tokens.get(k).isWord("table")) {
            kind = Kind.CTAS;
            k++;
        } else {
            return null;
        }
        if (tokens.get(k).isWord("if") && tokens.get(k + 1).isWord("not") && tokens.get(k + 2).isWord("exists")) k += 3;
        int nameAt = k;
        List<String> parts = new ArrayList<>();
        parts.add(tokens.get(k++).text());
        while (tokens.get(k).isSymbol(".")) {
            parts.add(tokens.get(k + 1).text());
            k += 2;
        }
        boolean columnList = tokens.get(k).isSymbol("(");
        if (kind == Kind.CTAS && columnList && !isPlainNameList(tokens, k)) return null; // CREATE TABLE t (a int, …): DDL, not CTAS
        for (; k < to; k++) {
            if (tokens.get(k).isWord("as")) {
                Token first = tokens.get(k + 1);
                if (first.isWord("select") || first.isWord("with") || first.isWord("values") || first.isSymbol("(")) {
                    String text;
                    int begin;
                    if (columnList) {
                        // The parsers read the list after the word VIEW: a CTAS header is rewritten to that form.
                        begin = tokens.get(from).offset();
                        text = kind == Kind.CTAS
                                ? "CREATE VIEW " + script.substring(tokens.get(nameAt).offset(), end).trim()
                                : script.substring(begin, end).trim();
                    } else {
                        begin = first.offset();
                        text = script.substring(begin, end).trim();
                    }
                    return new ViewStatement(new QualifiedName(parts), text, begin, kind);
                }
            }
        }
        if (kind == Kind.CTAS) return null; // CREATE TABLE without AS query: DDL, read by CreateTableParser
        throw new SqlParseException("CREATE VIEW " + String.join(".", parts) + " has no AS <query>");
    }

    /** {@code (a, b, c)}: names only, as in a CTAS column list (a DDL list has types after the names). */
    private static boolean isPlainNameList(List<Token> tokens, int open) {
        int k = open + 1;
        while (tokens.get(k).isIdentifier()) {
            k++;
            if (tokens.get(k).isSymbol(")")) return true;
            if (!tokens.get(k).isSymbol(",")) return false;
            k++;
        }
        return false;
    }

    private static Insert insertStatement(String script, List<Token> tokens, int from, int to, int end) {
        int k = from + 1;
        if (!tokens.get(k).isWord("into") && !tokens.get(k).isWord("overwrite")) return null;
        k++;
        if (tokens.get(k).isWord("table")) k++;
        List<String> parts = new ArrayList<>();
        parts.add(tokens.get(k++).text());
        while (tokens.get(k).isSymbol(".")) {
            parts.add(tokens.get(k + 1).text());
            k += 2;
        }
        List<String> columns = new ArrayList<>();
        if (tokens.get(k).isSymbol("(") && isPlainNameList(tokens, k)) {
            for (k++; !tokens.get(k).isSymbol(")"); k++) if (tokens.get(k).isIdentifier()) columns.add(tokens.get(k).text());
            k++;
        }
        Token first = tokens.get(k);
        if (k >= to || !(first.isWord("select") || first.isWord("with") || first.isWord("values") || first.isSymbol("(")
                || first.isWord("table"))) {
            throw new SqlParseException("INSERT INTO " + String.join(".", parts) + " has no query (at offset " + first.offset() + ")");
        }
        String query = script.substring(first.offset(), end).trim();
        return new Insert(new QualifiedName(parts), columns, query, script.substring(tokens.get(from).offset(), end).trim(), tokens.get(from).offset());
    }

    /** One target's INSERTs as one definition: the single statement as written, or a UNION ALL of all. */
    private static ViewStatement combine(List<Insert> list, Map<QualifiedName, List<String>> tableColumns) {
        Insert head = list.get(0);
        List<String> declared = lookup(tableColumns, head.target);
        if (list.size() == 1 && (!head.columns.isEmpty() || declared == null)) {
            String text = head.columns.isEmpty() ? head.query : head.whole;
            return new ViewStatement(head.target, text, head.columns.isEmpty() ? head.offset + head.whole.indexOf(head.query) : head.offset, Kind.INSERT);
        }
        List<String> names = !head.columns.isEmpty() ? head.columns : declared;
        StringBuilder b = new StringBuilder();
        for (Insert ins : list) {
            List<String> cols = ins.columns.isEmpty() ? (declared != null ? declared : names) : ins.columns;
            if (b.length() > 0) b.append("\nUNION ALL\n");
            if (names != null && !cols.equals(names)) {
                // Another column order or subset: pick this INSERT's value for each target column, NULL where it has none.
                b.append("SELECT ");
                for (int c = 0; c < names.size(); c++) {
                    int at = cols.indexOf(names.get(c));
                    b.append(c == 0 ? "" : ", ").append(at < 0 ? "NULL" : "w__.c" + at);
                }
                b.append(" FROM (").append(ins.query).append(") AS w__ (");
                for (int c = 0; c < cols.size(); c++) b.append(c == 0 ? "" : ", ").append("c").append(c);
                b.append(")");
            } else {
                b.append("SELECT * FROM (").append(ins.query).append(")");
            }
        }
        String header = names == null ? "" : "CREATE VIEW " + quotedName(head.target) + " (" + String.join(", ", names.stream().map(CreateViewSplitter::quote).toList()) + ") AS ";
        return new ViewStatement(head.target, header + b, head.offset, Kind.INSERT);
    }

    static List<String> lookup(Map<QualifiedName, List<String>> tableColumns, QualifiedName target) {
        List<String> exact = tableColumns.get(target);
        if (exact != null) return exact;
        List<String> found = null;
        for (var e : tableColumns.entrySet()) {
            if (!e.getKey().last().equals(target.last())) continue;
            if (found != null) return null; // two tables of that name: not a guess
            found = e.getValue();
        }
        return found;
    }

    static String quote(String part) {
        return "\"" + part.replace("\"", "\"\"") + "\"";
    }

    static String quotedName(QualifiedName n) {
        return String.join(".", n.parts().stream().map(CreateViewSplitter::quote).toList());
    }
}
