package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.connect.ConnectionOptions;
import dev.kalla.viewmapper.json.Json;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Drives the real serve loop with JSON lines, as the MCP server does over stdio. */
class ServeProtocolTest {
    private static final String SHOP = "\"connection\":\"test://kalla_ecommerce\"";

    static List<Map<String, Object>> serve(String... lines) throws Exception {
        return serveWith(1, lines);
    }

    static List<Map<String, Object>> serveWith(int workers, String... lines) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        new ServeLoop(new Engine(new ConnectionOptions(null, null, null)),
                new BufferedReader(new StringReader(String.join("\n", lines) + "\n")),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(log, true, StandardCharsets.UTF_8)).run(workers);
        List<Map<String, Object>> responses = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> r = (Map<String, Object>) Json.parse(line); // every stdout line must be JSON
            responses.add(r);
        }
        return responses;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> result(Map<String, Object> response) {
        assertNull(response.get("error"), String.valueOf(response.get("error")));
        return (Map<String, Object>) response.get("result");
    }

    @SuppressWarnings("unchecked")
    static String errorCode(Map<String, Object> response) {
        return (String) ((Map<String, Object>) response.get("error")).get("code");
    }

    @Test
    void answersEachLineInOrderAndSurvivesBadInput() throws Exception {
        var r = serve(
                "{\"id\":1,\"method\":\"ping\"}",
                "not json at all",
                "{\"id\":2,\"method\":\"no_such_method\"}",
                "[1,2]",
                "{\"id\":3,\"method\":\"analyze\",\"params\":{}}",
                "{\"id\":4,\"method\":\"analyze\",\"params\":{\"connection\":\"ftp://x\"}}",
                "{\"id\":\"five\",\"method\":\"ping\",\"params\":{}}");
        assertEquals(7, r.size());
        assertEquals(true, result(r.get(0)).get("pong"));
        assertEquals("BAD_JSON", errorCode(r.get(1)));
        assertEquals("UNKNOWN_METHOD", errorCode(r.get(2)));
        assertEquals(2L, r.get(2).get("id"));
        assertEquals("BAD_REQUEST", errorCode(r.get(3)));
        assertEquals("BAD_REQUEST", errorCode(r.get(4)));
        assertEquals("BAD_REQUEST", errorCode(r.get(5)));
        assertEquals("five", r.get(6).get("id"));
    }

    @Test
    void quickRequestsAreNotHeldUpBySlowLoads() throws Exception {
        var r = serveWith(4,
                "{\"id\":1,\"method\":\"analyze\",\"params\":{\"connection\":\"test://generated_warehouse\"}}",
                "{\"id\":2,\"method\":\"ping\"}");
        assertEquals(2L, r.get(0).get("id"));
        assertEquals(1L, r.get(1).get("id"));
        assertEquals(10_000L, result(r.get(1)).get("viewCount"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void analyzeReportsSizeComplexityEntryPointsAndCaches() throws Exception {
        var r = serve(
                "{\"id\":1,\"method\":\"analyze\",\"params\":{" + SHOP + "}}",
                "{\"id\":2,\"method\":\"analyze\",\"params\":{" + SHOP + "}}");
        Map<String, Object> a = result(r.get(0));
        assertEquals(12L, a.get("viewCount"));
        assertEquals("SIMPLE", a.get("complexity"));
        assertEquals("ecommerce", a.get("schema"));
        assertEquals(List.of(), a.get("failures"));
        assertEquals(false, a.get("cached"));
        assertEquals(true, result(r.get(1)).get("cached"));
        Map<String, Object> entry = (Map<String, Object>) a.get("entryPoints");
        assertFalse(((List<?>) entry.get("highImpact")).isEmpty());
    }

    @Test
    void listsCatalogsAndSchemasWithoutChoosingOne() throws Exception {
        var r = serve(
                "{\"id\":1,\"method\":\"list_catalogs\",\"params\":{\"connection\":\"test://analytics_platform\"}}",
                "{\"id\":2,\"method\":\"list_schemas\",\"params\":{\"connection\":\"test://analytics_platform\"}}",
                "{\"id\":3,\"method\":\"analyze\",\"params\":{\"connection\":\"test://analytics_platform\",\"schema\":\"nope\"}}");
        assertEquals(List.of("test"), result(r.get(0)).get("catalogs"));
        assertEquals(List.of("intermediate", "marts", "reports", "staging"), result(r.get(1)).get("schemas"));
        assertEquals("NOT_FOUND", errorCode(r.get(2)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void subgraphImpactMermaidAndViewSql() throws Exception {
        var r = serve(
                "{\"id\":1,\"method\":\"subgraph\",\"params\":{" + SHOP + ",\"focus\":\"customer_orders\",\"upstreamDepth\":1,\"downstreamDepth\":1}}",
                "{\"id\":2,\"method\":\"impact\",\"params\":{" + SHOP + ",\"name\":\"raw.customers\"}}",
                "{\"id\":3,\"method\":\"mermaid\",\"params\":{" + SHOP + ",\"focus\":\"fact_orders\",\"direction\":\"LR\"}}",
                "{\"id\":4,\"method\":\"view_sql\",\"params\":{" + SHOP + ",\"name\":\"TOP_CUSTOMERS\"}}",
                "{\"id\":5,\"method\":\"impact\",\"params\":{" + SHOP + ",\"name\":\"no_such_view\"}}",
                "{\"id\":6,\"method\":\"entry_points\",\"params\":{" + SHOP + ",\"limit\":2}}");
        Map<String, Object> sub = result(r.get(0));
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) sub.get("nodes");
        assertEquals(List.of("customer_orders", "customer_lifetime_value", "dim_customers", "fact_orders"),
                nodes.stream().map(n -> n.get("name")).toList());
        assertEquals("focus", nodes.get(0).get("role"));

        Map<String, Object> impact = result(r.get(1));
        assertEquals(4L, impact.get("count")); // dim_customers → customer_orders → customer_lifetime_value → top_customers
        String mermaid = (String) result(r.get(2)).get("mermaid");
        assertTrue(mermaid.startsWith("graph LR"), mermaid);
        assertTrue(mermaid.contains("class n_fact_orders focus"), mermaid);
        assertTrue(((String) result(r.get(3)).get("sql")).contains("ORDER BY lifetime_value DESC"));
        assertEquals("NOT_FOUND", errorCode(r.get(4)));
        assertEquals(2, ((List<?>) ((Map<String, Object>) result(r.get(5)).get("entryPoints")).get("highImpact")).size());
    }

    /** Issue 26: nodes carry their schema though their names leave the default one out; the cap says how many it left out. */
    @Test
    @SuppressWarnings("unchecked")
    void subgraphNodesCarryTheirSchemaAndTheCountLeftOut() throws Exception {
        var r = serve(
                "{\"id\":1,\"method\":\"subgraph\",\"params\":{" + SHOP + ",\"focus\":\"dim_customers\",\"upstreamDepth\":1,\"downstreamDepth\":1,\"maxNodes\":2}}",
                "{\"id\":2,\"method\":\"subgraph\",\"params\":{" + SHOP + ",\"maxNodes\":500}}",
                "{\"id\":3,\"method\":\"subgraph\",\"params\":{" + SHOP + ",\"maxNodes\":5}}",
                "{\"id\":4,\"method\":\"subgraph\",\"params\":{" + SHOP + ",\"focus\":\"dim_customers\",\"upstreamDepth\":1,\"downstreamDepth\":0}}");
        List<Map<String, Object>> up = (List<Map<String, Object>>) result(r.get(3)).get("nodes");
        assertEquals(List.of("dim_customers", "raw.customers"), up.stream().map(n -> n.get("name")).toList());
        assertEquals(List.of("ecommerce", "raw"), up.stream().map(n -> n.get("schema")).toList());
        Map<String, Object> sub = result(r.get(0));
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) sub.get("nodes");
        assertEquals(List.of("dim_customers", "customer_orders"), nodes.stream().map(n -> n.get("name")).toList());
        assertEquals(true, sub.get("truncated"));
        assertEquals(3L, sub.get("total")); // raw.customers was left out

        Map<String, Object> whole = result(r.get(1));
        assertNull(whole.get("focus"));
        List<Map<String, Object>> all = (List<Map<String, Object>>) whole.get("nodes");
        assertEquals(whole.get("total"), (long) all.size());
        assertEquals(false, whole.get("truncated"));
        assertTrue(all.stream().anyMatch(n -> "raw".equals(n.get("schema")) && "raw.customers".equals(n.get("name"))));
        assertTrue(all.stream().allMatch(n -> n.get("schema") != null));

        Map<String, Object> tooLarge = result(r.get(2));
        assertEquals(true, tooLarge.get("tooLarge"));
        assertEquals(whole.get("total"), tooLarge.get("total"));
        assertTrue(((String) tooLarge.get("message")).startsWith(all.size() + " nodes"), (String) tooLarge.get("message"));
    }

    /** Issue 26: a column trace cut at its cap says how many columns it left out (the Columns panel shows it). */
    @Test
    @SuppressWarnings("unchecked")
    void aColumnTraceCutAtItsCapCountsWhatItLeftOut() throws Exception {
        var r = serve(
                "{\"id\":1,\"method\":\"trace_column\",\"params\":{" + SHOP + ",\"name\":\"top_customers.lifetime_value\",\"maxNodes\":3}}",
                "{\"id\":2,\"method\":\"trace_column\",\"params\":{" + SHOP + ",\"name\":\"top_customers.lifetime_value\"}}",
                "{\"id\":3,\"method\":\"trace_column\",\"params\":{" + SHOP + ",\"name\":\"raw.order_items.unit_price\",\"direction\":\"downstream\",\"maxNodes\":4}}");
        Map<String, Object> cut = result(r.get(0));
        Map<String, Object> whole = result(r.get(1));
        assertEquals(true, cut.get("truncated"));
        assertEquals(3, ((List<Object>) cut.get("nodes")).size());
        assertEquals(false, whole.get("truncated"));
        assertEquals(6L, whole.get("total")); // the column and the 5 it is made from
        assertEquals(whole.get("total"), (long) ((List<Object>) whole.get("nodes")).size());
        assertEquals(whole.get("total"), cut.get("total"));
        assertNull(cut.get("totalIsLowerBound"));
        for (Object e : (List<Object>) cut.get("edges")) { // edges only between the listed columns
            Map<String, Object> edge = (Map<String, Object>) e;
            List<String> listed = ((List<Map<String, Object>>) cut.get("nodes")).stream().map(n -> n.get("relation") + "." + n.get("column")).toList();
            assertTrue(listed.contains(edge.get("from")) && listed.contains(edge.get("to")), edge.toString());
        }
        Map<String, Object> impact = result(r.get(2));
        assertEquals(true, impact.get("truncated"));
        assertEquals(17L, impact.get("total")); // the 16 view columns that read it, and itself
    }

    @Test
    @SuppressWarnings("unchecked")
    void largeDiagramsReturnSuggestionsInsteadOfThousandsOfNodes() throws Exception {
        var r = serve("{\"id\":1,\"method\":\"mermaid\",\"params\":{\"connection\":\"test://analytics_platform\"}}");
        Map<String, Object> m = result(r.get(0));
        assertEquals(true, m.get("tooLarge"));
        assertFalse(m.containsKey("mermaid"));
        assertFalse(((List<?>) ((Map<String, Object>) m.get("suggestions")).get("highImpact")).isEmpty());
    }

    @Test
    @SuppressWarnings("unchecked")
    void brokenViewsAreReportedWhileTheGraphBuilds() throws Exception {
        var r = serve("{\"id\":1,\"method\":\"analyze\",\"params\":{\"connection\":\"test://analytics_platform\"}}");
        Map<String, Object> a = result(r.get(0));
        List<Map<String, Object>> failures = (List<Map<String, Object>>) a.get("failures");
        assertEquals(1, failures.size());
        assertEquals("test.reports.legacy_margin_report", failures.get(0).get("view"));
        assertTrue(((String) failures.get(0).get("reason")).contains("expected ')'"));
        assertEquals(151L, a.get("viewCount"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void namesForCompletionStartWithThePrefixFirstThenContainIt() throws Exception {
        var r = serve(
                "{\"id\":1,\"method\":\"names\",\"params\":{" + SHOP + ",\"prefix\":\"CUST\"}}",
                "{\"id\":2,\"method\":\"names\",\"params\":{" + SHOP + ",\"prefix\":\"orders\",\"tables\":true}}",
                "{\"id\":3,\"method\":\"names\",\"params\":{" + SHOP + ",\"limit\":3}}");
        List<String> cust = (List<String>) result(r.get(0)).get("names");
        assertEquals(List.of("customer_lifetime_value", "customer_orders", "dim_customers", "top_customers"), cust);
        List<String> orders = (List<String>) result(r.get(1)).get("names");
        assertTrue(orders.contains("raw.orders"), orders.toString()); // a table, by its last part
        assertTrue(orders.indexOf("raw.orders") < orders.indexOf("customer_orders"), orders.toString());
        Map<String, Object> firstThree = result(r.get(2));
        assertEquals(3, ((List<?>) firstThree.get("names")).size());
        assertEquals(12L, firstThree.get("total"));
    }

    @Test
    void extractReturnsRelationsOrAParseError() throws Exception {
        var r = serve(
                "{\"id\":1,\"method\":\"extract\",\"params\":{\"sql\":\"WITH x AS (SELECT * FROM a.b) SELECT * FROM x, \\\"Q\\\".c\"}}",
                "{\"id\":2,\"method\":\"extract\",\"params\":{\"sql\":\"SELECT (\"}}");
        assertEquals(List.of(List.of("a", "b"), List.of("q", "c")), result(r.get(0)).get("relations"));
        assertEquals("PARSE_ERROR", errorCode(r.get(1)));
    }
}
