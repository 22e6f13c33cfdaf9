package dev.kalla.viewmapper.sql;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParseErrorsTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT sum(x FROM t",
            "SELECT * FROM",
            "SELECT * FROM t WHERE 'unterminated",
            "SELECT * FROM \"unterminated",
            "SELECT * /* never closed FROM t",
            "SELECT * FROM a.b.c.d",
            "WITH x AS SELECT 1 SELECT * FROM x",
            "DELETE FROM t",
            "SELECT * FROM t JOIN",
            "SELECT * FROM (SELECT * FROM t",
            "",
            // issue 17: a typo must not hide lineage
            "SELECT * FORM users",
            "SELECT FROM t",
            "SELECT a, FROM t",
            "SELECT * FROM a JOIN b",
            "SELECT * FROM a LEFT JOIN b WHERE x = 1",
            "SELECT * x FROM t",
            "SELECT a b c FROM t",
            "SELECT a FROM t WHERE",
            "SELECT a FROM t WHERE x y",
            "SELECT a FROM t x y",
            "SELECT a FROM t JOIN u ON",
            "SELECT * FROM a JOIN b JOIN c ON true",
            "SELECT a FROM t GROUP BY a,",
            "SELECT extract(year FORM d) FROM t",
            "SELECT extract(FROM d) FROM t",
            "SELECT year month day FROM t",
            "SELECT x:: FROM t"
    })
    void malformedSqlIsRejectedWithAReason(String sql) {
        SqlParseException e = assertThrows(SqlParseException.class, () -> RelationParser.extract(sql));
        assertTrue(e.getMessage().length() > 10, e.getMessage());
    }

    @Test
    void errorNamesLineAndColumn() {
        SqlParseException e = assertThrows(SqlParseException.class,
                () -> RelationParser.extract("SELECT a\nFROM t\nWHERE x IN (SELECT y FROM u"));
        assertEquals("expected ')' but found end of input at line 3, column 28", e.getMessage());
    }

    @Test
    void typoNamesTheWordAndItsPosition() {
        SqlParseException e = assertThrows(SqlParseException.class, () -> RelationParser.extract("SELECT *\n  FORM users"));
        assertEquals("expected an operator, ',' or a clause but found 'form' at line 2, column 3", e.getMessage());
        e = assertThrows(SqlParseException.class, () -> RelationParser.extract("SELECT * FROM a JOIN b"));
        assertEquals("expected ON or USING after the joined relation but found end of input at line 1, column 23", e.getMessage());
    }

    @Test
    void quotedPartsKeepDotsAndSpaces() {
        var rels = List.copyOf(RelationParser.extract("SELECT * FROM \"odd.schema\".\"a \"\"b\"\"\""));
        assertEquals(List.of("odd.schema", "a \"b\""), rels.get(0).parts());
    }

    @Test
    void sqlStandardCaseKeepsQuotedIdentifiers() {
        var rels = List.copyOf(RelationParser.extract("SELECT * FROM \"Sales\".Orders", IdentifierCase.SQL_STANDARD));
        assertEquals(List.of("Sales", "orders"), rels.get(0).parts());
    }

    @Test
    void tokenizerDropsCommentsAndUnescapesStrings() {
        var tokens = SqlTokenizer.tokenize("a -- x\n/* y */ 'it''s' \"Q\"\"x\"", IdentifierCase.SQL_STANDARD);
        assertEquals(TokenType.WORD, tokens.get(0).type());
        assertEquals("it's", tokens.get(1).text());
        assertEquals(TokenType.QUOTED, tokens.get(2).type());
        assertEquals("Q\"x", tokens.get(2).text());
        assertEquals(TokenType.EOF, tokens.get(3).type());
    }

    @Test
    void createViewSplitterFindsEveryStatement() {
        String script = "-- views; with a semicolon in a comment\n"
                + "CREATE VIEW sales.a AS SELECT ';' AS s FROM t;\n"
                + "CREATE OR REPLACE VIEW \"B\" AS WITH x AS (SELECT 1) SELECT * FROM x, u;\n"
                + "GRANT SELECT ON sales.a TO bob;";
        var statements = CreateViewSplitter.split(script, IdentifierCase.TRINO);
        assertEquals(2, statements.size());
        assertEquals(List.of("sales", "a"), statements.get(0).name().parts());
        assertEquals("SELECT ';' AS s FROM t", statements.get(0).query());
        assertEquals(List.of("b"), statements.get(1).name().parts());
    }
}
