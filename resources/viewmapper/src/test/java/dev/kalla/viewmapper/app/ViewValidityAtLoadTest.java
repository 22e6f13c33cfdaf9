package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.connect.ConnectionOptions;
import dev.kalla.viewmapper.graph.ParseFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A view whose column list Trino would refuse, where the view's own SQL proves it, is reported by
 * analyze among the failures with its file and line, like SQL that does not parse.
 */
class ViewValidityAtLoadTest {
    @TempDir
    Path dir;

    @Test
    void aColumnListOfTheWrongLengthOrWithANameTwiceIsAFailureWithFileAndLine() throws Exception {
        Files.writeString(dir.resolve("all.sql"), """
                CREATE VIEW ok (a, b) AS SELECT x, y FROM raw.t;
                -- one name short
                CREATE VIEW short (a, b) AS
                  SELECT x, y, z FROM raw.t;
                CREATE VIEW twice (a, a) AS SELECT x, y FROM raw.t;
                CREATE VIEW starred (a) AS SELECT * FROM raw.t;
                CREATE VIEW reader AS SELECT a FROM short;
                """);
        Engine engine = new Engine(new ConnectionOptions(null, null, null));
        Map<String, Object> analysis = engine.handle("analyze", Map.of("connection", "file://" + dir));
        @SuppressWarnings("unchecked")
        List<ParseFailure> failures = (List<ParseFailure>) analysis.get("failures");
        assertEquals(List.of(
                "local.default.short: invalid view, Trino rejects it: its column list has 2 names but its query has 3 columns (in all.sql from line 3)",
                "local.default.twice: invalid view, Trino rejects it: column name 'a' specified more than once (in all.sql from line 5)"),
                failures.stream().map(f -> f.view() + ": " + f.reason()).toList());
        // like other invalid SQL: never a leaf; its reader still links to it
        @SuppressWarnings("unchecked")
        Map<String, Object> impact = engine.handle("impact", Map.of("connection", "file://" + dir, "name", "short"));
        assertEquals(1, impact.get("count"));
        // a * over a table whose columns are not listed: the count is unknown at load, the view is fine
        Map<String, Object> starred = engine.handle("view_columns", Map.of("connection", "file://" + dir, "name", "starred"));
        assertTrue(!starred.containsKey("error"), starred.toString());
    }
}
