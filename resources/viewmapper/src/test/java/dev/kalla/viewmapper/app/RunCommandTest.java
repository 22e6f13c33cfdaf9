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
        return RunCommand.run(List.of(args), new Engine(new ConnectionOptions(null, null, null)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
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
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("NOT_FOUND"));
        assertEquals(1, run("show the full diagram", "--connection", "test://no_such_dataset"));
        assertEquals(2, run("question without connection"));
        assertEquals(2, run("q", "--connection", "test://kalla_ecommerce", "--output", "xml"));
        assertEquals(2, run("q", "--connection", "test://kalla_ecommerce", "--bogus"));
    }
}
