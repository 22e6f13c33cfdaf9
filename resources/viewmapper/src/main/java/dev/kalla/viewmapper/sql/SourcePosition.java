package dev.kalla.viewmapper.sql;

/** Line and column (both from 1) of an offset in SQL text, as every parse error states them. */
public record SourcePosition(int line, int column) {
    public static SourcePosition of(String text, int offset) {
        int line = 1;
        int col = 1;
        for (int k = 0; k < offset && k < text.length(); k++) {
            if (text.charAt(k) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        return new SourcePosition(line, col);
    }

    @Override
    public String toString() {
        return "line " + line + ", column " + column;
    }
}
