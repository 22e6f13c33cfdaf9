package dev.kalla.viewmapper.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the column names of {@code CREATE TABLE name (col type …, …)} statements in a script, so a
 * folder of DDL next to the views tells column lineage what each table holds. Constraints
 * (PRIMARY KEY, FOREIGN KEY, CONSTRAINT, UNIQUE, CHECK, LIKE, INDEX) are not columns;
 * {@code CREATE TABLE … AS SELECT} has no column list here and is skipped.
 */
public final class CreateTableParser {
    public record TableStatement(QualifiedName name, List<String> columns) {
    }

    private static final Set<String> NOT_A_COLUMN = Set.of("primary", "foreign", "constraint", "unique", "check", "like", "index", "key", "period", "exclude");

    private CreateTableParser() {
    }

    public static List<TableStatement> parse(String script, IdentifierCase identifierCase) {
        List<Token> tokens = SqlTokenizer.tokenize(script, identifierCase);
        List<TableStatement> out = new ArrayList<>();
        for (int k = 0; k < tokens.size(); k++) {
            if (!tokens.get(k).isWord("create") || (k > 0 && !tokens.get(k - 1).isSymbol(";"))) continue;
            int j = k + 1;
            if (tokens.get(j).isWord("or") && tokens.get(j + 1).isWord("replace")) j += 2;
            while (tokens.get(j).isWord("temporary") || tokens.get(j).isWord("temp") || tokens.get(j).isWord("external")
                    || tokens.get(j).isWord("unlogged") || tokens.get(j).isWord("transient")) j++;
            if (!tokens.get(j).isWord("table")) continue;
            j++;
            if (tokens.get(j).isWord("if") && tokens.get(j + 1).isWord("not") && tokens.get(j + 2).isWord("exists")) j += 3;
            if (!tokens.get(j).isIdentifier()) continue;
            List<String> parts = new ArrayList<>();
            parts.add(tokens.get(j++).text());
            while (tokens.get(j).isSymbol(".") && tokens.get(j + 1).isIdentifier()) {
                parts.add(tokens.get(j + 1).text());
                j += 2;
            }
            if (parts.size() > 3 || !tokens.get(j).isSymbol("(")) continue;
            List<String> columns = new ArrayList<>();
            int depth = 0;
            boolean elementStart = true;
            for (j++; j < tokens.size() && tokens.get(j).type() != TokenType.EOF; j++) {
                Token t = tokens.get(j);
                if (t.isSymbol("(")) {
                    depth++;
                } else if (t.isSymbol(")")) {
                    if (depth-- == 0) break;
                } else if (depth == 0 && t.isSymbol(",")) {
                    elementStart = true;
                    continue;
                } else if (depth == 0 && elementStart && t.isIdentifier()
                        && !(t.type() == TokenType.WORD && NOT_A_COLUMN.contains(t.text()))) {
                    columns.add(t.text());
                }
                elementStart = false;
            }
            if (!columns.isEmpty()) out.add(new TableStatement(new QualifiedName(parts), columns));
        }
        return out;
    }
}
