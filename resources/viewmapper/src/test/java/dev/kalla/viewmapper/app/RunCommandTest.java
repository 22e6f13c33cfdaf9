package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.connect.ConnectionOptions;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return runWithEnv(null, args);
    }

    /** As Main runs it, with {@code compatEnv} standing for env VIEWMAPPER_COMPAT. */
    private int runWithEnv(String compatEnv, String... args) {
        out.reset();
        err.reset();
        return RunCommand.run(List.of(args), new Engine(new ConnectionOptions(null, null, null)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), compatEnv);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void textOutputEmbedsAMermaidBlock() {
        assertEquals(0, run("show me customer_orders", "--connection", "test://kalla_ecommerce", "--output", "text"));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("\n```mermaid\ngraph TB\n"), text);
        assertTrue(text.trim().endsWith("```"), text);
    }

    @Test
    void jsonOutputIsOneObject() {
        assertEquals(0, run("what are the entry points", "--connection", "test://kalla_ecommerce", "--output", "json", "--verbose"));
        String json = out.toString(StandardCharsets.UTF_8).trim();
        assertTrue(json.startsWith("{\"intent\":\"entry_points\""), json);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("intent entry_points"));
    }

    @Test
    void errorsExitNonZeroWithAMessageOnStderr() {
        assertEquals(1, run("explain nothing_like_this", "--connection", "test://kalla_ecommerce"));
        assertTrue(stderr().contains("NOT_FOUND"));
        assertEquals(1, run("show the full diagram", "--connection", "test://no_such_dataset"));
        assertEquals(2, run("question without connection"));
        assertEquals(2, run("q", "--connection", "test://kalla_ecommerce", "--output", "xml"));
        assertEquals(2, run("q", "--connection", "test://kalla_ecommerce", "--bogus"));
    }

    @Test
    void optionsTakePicocliFormsInAnyOrder() {
        assertEquals(0, run("--connection=test://kalla_ecommerce", "--output=JSON", "leaf views"));
        assertTrue(stdout().startsWith("{\"intent\":\"leaf_views\""), stdout());
        assertEquals(0, run("--output", "Text", "--connection", "test://kalla_ecommerce", "--", "--leaf views?"));
        assertEquals(2, run("q", "--connection", "test://kalla_ecommerce", "--connection", "test://analytics_platform"));
        assertEquals(2, run("q", "--connection"));
        assertEquals(2, run("q", "--connection", "--verbose"));
        assertEquals(0, run("-h"));
        assertTrue(stdout().startsWith("usage: viewmapper run"), stdout());
        assertEquals(0, run("-V"));
        assertTrue(stdout().startsWith("viewmapper "), stdout());
    }

    @Test
    void compatUpstreamPrintsUpstreamsJsonShape() {
        assertEquals(0, run("--compat", "upstream", "--connection", "test://kalla_ecommerce", "--output", "JSON", "what depends on fact_orders"));
        String json = stdout();
        assertTrue(json.startsWith("{\n  \"response\" : \"5 views depend on fact_orders:"), json);
        assertTrue(json.endsWith("\"\n}\n") || json.endsWith("\"\n}\r\n"), json);
        Object parsed = dev.kalla.viewmapper.json.Json.parse(json);
        assertEquals(java.util.Set.of("response"), ((java.util.Map<?, ?>) parsed).keySet());
        assertTrue(((String) ((java.util.Map<?, ?>) parsed).get("response")).contains("```mermaid\ngraph TB\n"));
        // Any other --output is text, as upstream does.
        assertEquals(0, run("--compat=upstream", "--connection=test://kalla_ecommerce", "--output=xml", "leaf views"));
        assertTrue(stdout().startsWith("3 leaf views"), stdout());
    }

    @Test
    void compatUpstreamErrorsUseUpstreamsWording() {
        assertEquals(1, runWithEnv("upstream", "explain nothing_like_this", "--connection", "test://kalla_ecommerce"));
        assertTrue(stderr().startsWith("Error: no view or table named 'nothing_like_this'"), stderr());
        assertEquals("", stdout());
        assertEquals(1, runWithEnv("upstream", "--output", "json", "q", "--connection", "test://simple_ecommerce"));
        assertTrue(stderr().startsWith("Error: test://simple_ecommerce is a dataset of upstream ViewMapper"), stderr());
        assertEquals("", stdout());
        // Options upstream does not have are picocli errors (exit 2, usage on stderr).
        for (String extra : List.of("--catalog", "--user", "--password", "--drivers", "--direction")) {
            assertEquals(2, runWithEnv("upstream", "q", "--connection", "test://kalla_ecommerce", extra, "x"), extra);
            assertTrue(stderr().startsWith("Unknown option: '" + extra + "'\nUsage: viewmapper run"), stderr());
        }
        assertEquals(2, runWithEnv("upstream", "q"));
        assertTrue(stderr().startsWith("Missing required option: '--connection=<connection>'"), stderr());
        assertEquals(2, runWithEnv("upstream", "--connection", "test://kalla_ecommerce"));
        assertTrue(stderr().startsWith("Missing required parameter: '<prompt>'"), stderr());
        assertEquals(2, runWithEnv("upstream"));
        assertTrue(stderr().startsWith("Missing required options and parameters: '--connection=<connection>', '<prompt>'"), stderr());
        assertEquals(2, runWithEnv("upstream", "q", "r", "--connection", "test://kalla_ecommerce"));
        assertTrue(stderr().startsWith("Unmatched argument at index 2: 'r'"), stderr());
        assertEquals(2, runWithEnv("upstream", "q", "--schema", "a", "--schema", "b", "--connection", "test://kalla_ecommerce"));
        assertTrue(stderr().startsWith("option '--schema' (<schema>) should be specified only once"), stderr());
        assertEquals(2, runWithEnv("upstream", "q", "-v", "--connection", "test://kalla_ecommerce"));
        assertEquals(2, run("--compat", "sideways", "q", "--connection", "test://kalla_ecommerce"));
    }

    @Test
    void compatChosenByEnvironmentAndOverriddenByTheOption() {
        assertEquals(0, runWithEnv("upstream", "leaf views", "--connection", "test://kalla_ecommerce", "--output", "json", "--verbose"));
        assertTrue(stdout().startsWith("{\n  \"response\" : "), stdout());
        assertTrue(stderr().contains("Writing output with format: json"), stderr());
        assertEquals(0, runWithEnv("upstream", "--compat", "kalla", "leaf views", "--connection", "test://kalla_ecommerce", "--output", "json"));
        assertTrue(stdout().startsWith("{\"intent\":\"leaf_views\""), stdout());
        assertEquals(0, runWithEnv("upstream", "-h"));
        assertTrue(stdout().startsWith("Usage: viewmapper run"), stdout());
    }

    /** Upstream's --schema: ignored for test://, catalog.schema or schema otherwise. */
    @Test
    void compatReadsSchemaAsUpstreamDoes(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path f = dir.resolve("views.json");
        java.nio.file.Files.writeString(f, "{\"views\":[{\"name\":\"wh.sales.daily\",\"sql\":\"SELECT * FROM raw.orders\"},"
                + "{\"name\":\"wh.finance.ledger\",\"sql\":\"SELECT * FROM raw.payments\"}]}");
        assertEquals(0, runWithEnv("upstream", "summary", "--connection", "file://" + f, "--schema", "wh.sales"));
        assertTrue(stdout().startsWith("1 views"), stdout());
        assertEquals(0, runWithEnv("upstream", "summary", "--connection", "test://kalla_ecommerce", "--schema", "nowhere"));
        assertTrue(stdout().startsWith("12 views"), stdout());
    }
}
