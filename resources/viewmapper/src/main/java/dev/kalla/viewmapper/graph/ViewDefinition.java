package dev.kalla.viewmapper.graph;

import dev.kalla.viewmapper.sql.SourcePosition;

/**
 * A view as delivered by a connection: where it lives, the SQL of its query and, for views read
 * from files, where that SQL starts ({@code sourceFile} null otherwise) so a parse error can
 * name the file and line the user has to fix.
 */
public record ViewDefinition(String catalog, String schema, String name, String sql,
                             String sourceFile, SourcePosition sourceStart) {
    public ViewDefinition(String catalog, String schema, String name, String sql) {
        this(catalog, schema, name, sql, null, null);
    }

    public ObjectName objectName() {
        return new ObjectName(catalog, schema, name);
    }

    /**
     * The parser's "at line L, column C" (relative to the query) rewritten to the file's own
     * line and column, or the file named at the end when the message has no position.
     */
    public String locate(String parseMessage) {
        if (sourceFile == null) return parseMessage;
        var m = java.util.regex.Pattern.compile("at line (\\d+), column (\\d+)").matcher(parseMessage);
        if (m.find() && sourceStart != null) {
            int line = Integer.parseInt(m.group(1));
            int col = Integer.parseInt(m.group(2));
            int fileLine = sourceStart.line() + line - 1;
            int fileCol = line == 1 ? sourceStart.column() + col - 1 : col;
            return parseMessage.substring(0, m.start()) + "at " + sourceFile + " line " + fileLine + ", column " + fileCol
                    + parseMessage.substring(m.end());
        }
        return parseMessage + " (in " + sourceFile + (sourceStart != null ? " from line " + sourceStart.line() : "") + ")";
    }
}
