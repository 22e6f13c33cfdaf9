package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.connect.ConnectionOptions;
import dev.kalla.viewmapper.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code run} examples of upstream ViewMapper's viewmapper-agent/README.md
 * (github.com/robfromboulder/viewmapper, commit 85766ad), as written there, run against this
 * engine in compat mode. Every one must be accepted as arguments (never exit 2). The test://
 * examples name upstream's datasets, which are not bundled: they must fail with upstream's
 * {@code Error: } prefix and say how to load upstream's file; with the connection pointed at a
 * file in upstream's dataset format they must answer. The JDBC examples must fail as a connection
 * failure (no Trino here), not as an argument error.
 *
 * <p>Set env UPSTREAM_VIEWMAPPER_DATASETS to a folder holding upstream's own dataset files to run
 * the examples against them instead of the small stand-ins written here.
 */
class UpstreamReadmeExamplesTest {
    /** Verbatim from upstream's README (shell syntax; lines continued with a backslash). */
    static final String README_EXAMPLES = """
            java -jar target/viewmapper-478.jar run --connection "test://simple_ecommerce" "Show me the dependency diagram"

            java -jar target/viewmapper-478.jar run \\
              --connection "jdbc:trino://localhost:8080/production?user=youruser" \\
              --schema analytics \\
              "What are the high-impact views?"

            java -jar target/viewmapper-478.jar run \\
              --connection "jdbc:trino://localhost:8080?user=youruser" \\
              --schema viewzoo.example \\
              "Show me the dependency diagram"

            java -jar target/viewmapper-478.jar run --connection "test://simple_ecommerce" --output json "Analyze this schema"

            java -jar target/viewmapper-478.jar run \\
              --connection "jdbc:trino://localhost:8080/prod?user=youruser" \\
              --schema analytics \\
              --verbose "What are the leaf views?"

            java -jar target/viewmapper-478.jar run --connection "test://simple_ecommerce" "Show me the full dependency diagram"

            java -jar target/viewmapper-478.jar run --connection "test://moderate_analytics" "What are the high-impact views in this schema?"

            java -jar target/viewmapper-478.jar run --connection "test://moderate_analytics" "Show me everything that depends on user_lifetime_value"

            java -jar target/viewmapper-478.jar run --connection "test://realistic_bi_warehouse" "Which views have the most dependents?"

            java -jar target/viewmapper-478.jar run --connection "test://realistic_bi_warehouse" "What are the final output views?"

            java -jar target/viewmapper-478.jar run --connection "test://realistic_bi_warehouse" "Show me the dependency chain for executive_kpi_dashboard"

            java -jar target/viewmapper-478.jar run --connection "test://complex_enterprise" "Analyze this schema"

            java -jar target/viewmapper-478.jar run --connection "test://complex_enterprise" "What are the central hub views?"

            java -jar target/viewmapper-478.jar run --connection "test://complex_enterprise" "Show me 2 levels upstream and 1 level downstream from customer_360"
            """;

    /**
     * Small stand-ins in upstream's dataset format ({"description", "views":[{"name","sql"}]}) that
     * hold the views the examples name. Our own content: upstream's files are not copied here.
     */
    static final Map<String, String> STAND_INS = Map.of(
            "simple_ecommerce", views(
                    "dim_customers", "SELECT customer_id, name FROM raw.customers",
                    "fact_orders", "SELECT order_id, customer_id FROM raw.orders",
                    "customer_orders", "SELECT * FROM dim_customers c JOIN fact_orders o ON c.customer_id = o.customer_id"),
            "moderate_analytics", views(
                    "dim_users", "SELECT user_id FROM raw.users",
                    "fact_orders", "SELECT order_id, user_id, amount FROM raw.orders",
                    "user_lifetime_value", "SELECT u.user_id, sum(o.amount) AS ltv FROM dim_users u JOIN fact_orders o ON u.user_id = o.user_id GROUP BY 1",
                    "customer_360", "SELECT * FROM user_lifetime_value",
                    "executive_dashboard", "SELECT count(*) FROM customer_360"),
            "realistic_bi_warehouse", views(
                    "dim_customer", "SELECT customer_key FROM raw.customer",
                    "fact_sales", "SELECT customer_key, amount FROM raw.sales",
                    "daily_sales", "SELECT sum(amount) AS revenue FROM fact_sales JOIN dim_customer USING (customer_key)",
                    "executive_kpi_dashboard", "SELECT * FROM daily_sales"),
            "complex_enterprise", views(
                    "raw_customers", "SELECT * FROM source.customers",
                    "stg_customers", "SELECT * FROM raw_customers",
                    "dim_customer", "SELECT * FROM stg_customers",
                    "customer_360", "SELECT * FROM dim_customer",
                    "customer_dashboard", "SELECT * FROM customer_360"));

    /** What each README question is taken for (deterministically, where upstream asks an LLM). */
    static final Map<String, String> INTENTS = Map.ofEntries(
            Map.entry("Show me the dependency diagram", "full_diagram"),
            Map.entry("Show me the full dependency diagram", "full_diagram"),
            Map.entry("Analyze this schema", "summary"),
            Map.entry("What are the high-impact views?", "entry_points"),
            Map.entry("What are the high-impact views in this schema?", "entry_points"),
            Map.entry("Which views have the most dependents?", "entry_points"),
            Map.entry("What are the central hub views?", "entry_points"),
            Map.entry("What are the leaf views?", "leaf_views"),
            Map.entry("What are the final output views?", "leaf_views"),
            Map.entry("Show me everything that depends on user_lifetime_value", "downstream"),
            Map.entry("Show me the dependency chain for executive_kpi_dashboard", "focus"),
            Map.entry("Show me 2 levels upstream and 1 level downstream from customer_360", "focus"));

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private static String views(String... nameSql) {
        StringBuilder b = new StringBuilder("{\"description\":\"stand-in in upstream's format\",\"views\":[");
        for (int k = 0; k < nameSql.length; k += 2) {
            if (k > 0) b.append(',');
            b.append("{\"name\":").append(Json.write(nameSql[k])).append(",\"sql\":").append(Json.write(nameSql[k + 1])).append('}');
        }
        return b.append("]}").toString();
    }

    /** Splits the README's shell lines: joins backslash continuations, honours double quotes. */
    static List<List<String>> commands(String text) {
        List<List<String>> all = new ArrayList<>();
        for (String line : text.replace("\\\n", " ").split("\n")) {
            if (line.isBlank()) continue;
            List<String> words = new ArrayList<>();
            Matcher m = Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(line);
            while (m.find()) words.add(m.group(1) != null ? m.group(1) : m.group(2));
            assertEquals(List.of("java", "-jar", "target/viewmapper-478.jar", "run"), words.subList(0, 4), line);
            all.add(words.subList(4, words.size()));
        }
        return all;
    }

    private int run(List<String> args) {
        out.reset();
        err.reset();
        // Main passes env VIEWMAPPER_COMPAT here; the wrapper sets it to "upstream".
        return RunCommand.run(args, new Engine(new ConnectionOptions(null, null, null)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), "upstream");
    }

    private static String connection(List<String> args) {
        return args.get(args.indexOf("--connection") + 1);
    }

    @Test
    void readmeHoldsTheFourteenExamples() {
        List<List<String>> cmds = commands(README_EXAMPLES);
        assertEquals(14, cmds.size());
        assertEquals(3, cmds.stream().filter(c -> connection(c).startsWith("jdbc:trino:")).count());
    }

    @Test
    void testExamplesAsWrittenExplainHowToLoadUpstreamsDataset() {
        for (List<String> args : commands(README_EXAMPLES)) {
            String conn = connection(args);
            if (!conn.startsWith("test://")) continue;
            String name = conn.substring("test://".length());
            assertEquals(1, run(args), args.toString());
            String e = err.toString(StandardCharsets.UTF_8);
            assertTrue(e.startsWith("Error: test://" + name + " is a dataset of upstream ViewMapper"), e);
            assertTrue(e.contains("file:///path/to/" + name + ".json"), e);
            assertEquals("", out.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void jdbcExamplesAsWrittenFailAsConnectionsNotAsArguments() {
        for (List<String> args : commands(README_EXAMPLES)) {
            if (!connection(args).startsWith("jdbc:")) continue;
            assertEquals(1, run(args), args.toString());
            String e = err.toString(StandardCharsets.UTF_8);
            assertTrue(e.startsWith("Error: "), e);
            assertFalse(e.contains("Usage:"), e);
            assertEquals("", out.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void testExamplesAnswerWhenPointedAtUpstreamsFileWithFileUrl() throws Exception {
        String real = System.getenv("UPSTREAM_VIEWMAPPER_DATASETS");
        for (List<String> written : commands(README_EXAMPLES)) {
            String conn = connection(written);
            if (!conn.startsWith("test://")) continue;
            String name = conn.substring("test://".length());
            Path file = real != null && !real.isBlank() ? Path.of(real, name + ".json") : dir.resolve(name + ".json");
            if (real == null || real.isBlank()) Files.writeString(file, STAND_INS.get(name));
            List<String> args = new ArrayList<>(written);
            args.set(args.indexOf(conn), "file://" + file.toAbsolutePath());
            assertEquals(0, run(args), args + "\n" + err.toString(StandardCharsets.UTF_8));
            String o = out.toString(StandardCharsets.UTF_8);
            assertFalse(o.isBlank(), args.toString());
            if (args.contains("--output")) {
                Object parsed = Json.parse(o);
                assertTrue(parsed instanceof Map<?, ?> m && m.keySet().equals(java.util.Set.of("response")) && m.get("response") instanceof String, o);
                assertTrue(o.startsWith("{\n  \"response\" : \""), o);
            } else {
                assertFalse(o.trim().startsWith("{"), o);
            }
            for (String view : List.of("user_lifetime_value", "executive_kpi_dashboard", "customer_360")) {
                if (args.get(args.size() - 1).contains(view)) assertTrue(o.contains(view), o);
            }
        }
    }

    @Test
    void readmeQuestionsGetTheirIntents() throws Exception {
        Engine engine = new Engine(new ConnectionOptions(null, null, null));
        for (List<String> args : commands(README_EXAMPLES)) {
            String question = args.get(args.size() - 1);
            String conn = connection(args);
            String name = conn.startsWith("test://") ? conn.substring("test://".length()) : "complex_enterprise";
            Path file = dir.resolve(name + ".json");
            Files.writeString(file, STAND_INS.get(name));
            Map<String, Object> r = engine.handle("explain", Map.of("connection", "file://" + file, "question", question));
            assertEquals(INTENTS.get(question), r.get("intent"), question);
        }
        Path file = dir.resolve("complex_enterprise.json");
        Map<String, Object> r = engine.handle("explain", Map.of("connection", "file://" + file,
                "question", "Show me 2 levels upstream and 1 level downstream from customer_360"));
        assertTrue(((String) r.get("answer")).endsWith("Diagram: 2 levels upstream, 1 downstream"), (String) r.get("answer"));
        String mermaid = (String) r.get("mermaid");
        assertTrue(mermaid.contains("n_stg_customers") && !mermaid.contains("n_raw_customers") && mermaid.contains("n_customer_dashboard"), mermaid);
    }
}
