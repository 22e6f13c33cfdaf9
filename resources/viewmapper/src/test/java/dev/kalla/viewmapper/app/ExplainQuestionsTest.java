package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.connect.ConnectionOptions;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The deterministic question answering behind explain and run. */
class ExplainQuestionsTest {
    private static final Engine ENGINE = new Engine(new ConnectionOptions(null, null, null));

    static Map<String, Object> ask(String question) {
        Map<String, Object> params = new HashMap<>();
        params.put("connection", "test://kalla_ecommerce");
        params.put("question", question);
        return ENGINE.handle("explain", params);
    }

    @SuppressWarnings("unchecked")
    static List<String> names(Map<String, Object> answer, String key) {
        Object list = ((Map<String, Object>) answer.get("data")).get(key);
        return ((List<Object>) list).stream().map(o -> o instanceof Map<?, ?> m ? (String) m.get("name") : (String) o).toList();
    }

    /** Column questions go to column lineage, or get an honest "I can't" with how to ask. */
    @Test
    void columnQuestionsAreRoutedToColumnLineage() {
        Map<String, Object> up = ask("where does top_customers.lifetime_value come from?");
        assertEquals("column_lineage", up.get("intent"));
        assertTrue(((String) up.get("answer")).startsWith("top_customers.lifetime_value is made from 5 columns:"), (String) up.get("answer"));
        assertTrue(((String) up.get("answer")).contains("raw.order_items.unit_price → fact_orders.order_total (aggregate)"));
        assertTrue(((String) up.get("mermaid")).startsWith("graph LR"));

        Map<String, Object> down = ask("what breaks if I drop raw.payments.amount");
        assertEquals("column_impact", down.get("intent"));
        assertTrue(((String) down.get("answer")).contains("fact_payments.amount → order_payments.paid (aggregate)"), (String) down.get("answer"));

        Map<String, Object> vague = ask("which columns of daily_revenue come from payments?");
        assertEquals("cannot_answer", vague.get("intent"));
        assertTrue(((String) vague.get("answer")).contains("Its columns: day, cash_in, booked."), (String) vague.get("answer"));

        RequestException e = assertThrows(RequestException.class, () -> ask("where does daily_revenue.revenue come from"));
        assertEquals("daily_revenue has no column 'revenue'; its columns are [day, cash_in, booked]", e.getMessage());
    }

    /** People name a column without its view; Kalla finds it, or asks which when several have it, or says it names nothing. */
    @Test
    void aColumnNamedWithoutItsView() {
        Map<String, Object> one = ask("where does cash_in come from?");
        assertEquals("column_lineage", one.get("intent"));
        assertTrue(((String) one.get("answer")).startsWith("daily_revenue.cash_in is made from"), (String) one.get("answer"));

        Map<String, Object> several = ask("where does lifetime_value come from?");
        assertEquals("cannot_answer", several.get("intent"));
        assertEquals(List.of("customer_lifetime_value.lifetime_value", "top_customers.lifetime_value"), names(several, "candidates"));
        assertTrue(((String) several.get("answer")).contains("Name one as view.column"), (String) several.get("answer"));

        RequestException e = assertThrows(RequestException.class, () -> ask("where does net_revenue come from?"));
        assertEquals("NOT_FOUND", e.code());
        assertTrue(e.getMessage().startsWith("no view, table or column named 'net_revenue'"), e.getMessage());

        // Questions about views keep their meaning.
        assertEquals("upstream", ask("where does daily_revenue come from").get("intent"));
    }

    @Test
    void fullDiagramOfASmallGraph() {
        Map<String, Object> a = ask("show the full diagram");
        assertEquals("full_diagram", a.get("intent"));
        String m = (String) a.get("mermaid");
        assertTrue(m.startsWith("graph TB"));
        assertTrue(m.contains("n_raw__orders[(\"raw.orders\")]"), m);
    }

    /** Phrasings of upstream ViewMapper's README questions; before issue 17 most failed with NOT_FOUND ('dependency', 'schema'). */
    @Test
    void upstreamReadmePhrasings() {
        assertEquals("full_diagram", ask("Show me the dependency diagram").get("intent"));
        assertEquals("full_diagram", ask("Show me the full dependency diagram").get("intent"));
        assertEquals("entry_points", ask("What are the high-impact views in this schema?").get("intent"));
        assertEquals("entry_points", ask("Which views have the most dependents?").get("intent"));
        assertEquals("entry_points", ask("What are the central hub views?").get("intent"));
        assertEquals("leaf_views", ask("What are the final output views?").get("intent"));
        assertEquals("summary", ask("Analyze this schema").get("intent"));
        Map<String, Object> a = ask("Show me 2 levels upstream and 1 level downstream from customer_orders");
        assertEquals("focus", a.get("intent"));
        assertTrue(((String) a.get("answer")).endsWith("Diagram: 2 levels upstream, 1 downstream"), (String) a.get("answer"));
        String m = (String) a.get("mermaid");
        assertTrue(m.contains("n_fact_orders") && m.contains("n_customer_lifetime_value") && !m.contains("n_top_customers"), m);
        assertEquals("focus", ask("Show me the dependency chain for top_customers").get("intent"));
    }

    @Test
    void entryPoints() {
        Map<String, Object> a = ask("What are the entry points?");
        assertEquals("entry_points", a.get("intent"));
        assertTrue(((String) a.get("answer")).contains("High impact"));
    }

    @Test
    void whatDependsOnIsDownstream() {
        Map<String, Object> a = ask("what depends on fact_orders");
        assertEquals("downstream", a.get("intent"));
        assertEquals(List.of("customer_orders", "daily_revenue", "order_payments", "customer_lifetime_value", "top_customers"),
                names(a, "dependents"));
        assertNotNull(a.get("mermaid"));
    }

    @Test
    void whatDoesXDependOnIsUpstream() {
        assertEquals("upstream", ask("what does customer_orders depend on?").get("intent"));
    }

    @Test
    void upstreamWithSpelledOutDepth() {
        Map<String, Object> a = ask("upstream of top_customers two levels");
        assertEquals("upstream", a.get("intent"));
        assertEquals(List.of("customer_lifetime_value", "customer_orders"), names(a, "upstream"));
    }

    @Test
    void feedsDependsOnWhereTheObjectSits() {
        assertEquals("upstream", ask("what feeds customer_orders").get("intent"));
        assertEquals("downstream", ask("what does customer_orders feed").get("intent"));
    }

    @Test
    void leafViews() {
        Map<String, Object> a = ask("list the leaf views");
        assertEquals("leaf_views", a.get("intent"));
        assertEquals(List.of("category_performance", "daily_revenue", "top_customers"), names(a, "leafViews"));
        assertNull(a.get("mermaid"));
    }

    @Test
    void longListsAreCutInProseButCompleteInData() {
        Map<String, Object> params = new HashMap<>();
        params.put("connection", "test://generated_warehouse");
        params.put("question", "leaf views");
        Map<String, Object> a = ENGINE.handle("explain", params);
        String text = (String) a.get("answer");
        assertEquals(51, text.lines().filter(l -> l.startsWith("- ")).count(), text);
        assertTrue(text.endsWith("more (see data)"), text);
        assertTrue(names(a, "leafViews").size() > 1000);
    }

    /** Issue 26: the count of what is left out is always shown, also in an answer's text (it was checked only by eye). */
    @Test
    void aCutDiagramSaysHowManyNodesItLeftOut() {
        Map<String, Object> params = new HashMap<>();
        params.put("connection", "test://generated_warehouse");
        params.put("question", "what depends on staging.stg_product_payments_963");
        Map<String, Object> a = ENGINE.handle("explain", params);
        String text = (String) a.get("answer");
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("\\(Diagram limited to the (\\d+) nearest of (\\d+) nodes: (\\d+) farthest left out\\.\\)$").matcher(text);
        assertTrue(m.find(), text);
        int drawn = Integer.parseInt(m.group(1));
        int total = Integer.parseInt(m.group(2));
        assertEquals(50, drawn);
        assertEquals(total - drawn, Integer.parseInt(m.group(3)));
        // the diagram draws exactly the nearest it names: the focus and 49 others
        assertEquals(drawn, ((String) a.get("mermaid")).lines().filter(l -> l.matches("\\s+n_\\S+\\[.*")).count(), (String) a.get("mermaid"));
        assertEquals(total, names(a, "dependents").size() + 1, "the total counts the focus and every dependent within the depth");
    }

    @Test
    void whichViewsReadATable() {
        Map<String, Object> a = ask("which views read raw.order_items");
        assertEquals("readers", a.get("intent"));
        assertEquals(List.of("fact_order_items", "fact_orders"), names(a, "readers"));
    }

    @Test
    void explainAndShowMeFocusOnAView() {
        assertEquals("focus", ask("explain order_payments").get("intent"));
        Map<String, Object> a = ask("show me dim_products");
        assertEquals("focus", a.get("intent"));
        assertTrue(((String) a.get("mermaid")).contains("class n_dim_products focus"));
    }

    @Test
    void unknownObjectIsAnErrorWithSuggestions() {
        RequestException e = assertThrows(RequestException.class, () -> ask("what depends on customers_typo"));
        assertEquals("NOT_FOUND", e.code());
        e = assertThrows(RequestException.class, () -> ask("explain cust"));
        assertTrue(e.getMessage().contains("did you mean"), e.getMessage());
        // Three typos away is not a guess.
        assertThrows(RequestException.class, () -> ask("what depends on dim_prodcts_v2"));
        assertEquals(List.of("product_sales", "category_performance"), names(ask("what depends on dim_prodcts"), "dependents"));
    }

    /** Names as people write them in a question resolve to the one object they mean; never a guess between two. */
    @Test
    void namesResolveLooselyButNeverBetweenTwo() {
        Map<String, Object> a = ask("what depends on customer orders");
        assertEquals("downstream", a.get("intent"));
        assertTrue(((String) a.get("answer")).contains("customer_orders"), (String) a.get("answer"));
        assertEquals(List.of("customer_lifetime_value", "top_customers"), names(a, "dependents"));
        assertEquals(names(a, "dependents"), names(ask("what depends on custmer_orders"), "dependents")); // a typo
        assertEquals(names(a, "dependents"), names(ask("what depends on Customer-Orders?"), "dependents"));
        // Singular for plural: "product sale" is product_sales; "customer" is raw.customers (the only one a plural away).
        assertTrue(((String) ask("upstream of product sale").get("answer")).contains("product_sales"));
        assertEquals("focus", ask("explain customer").get("intent"));
        assertTrue(((String) ask("explain customer").get("answer")).contains("raw.customers"), (String) ask("explain customer").get("answer"));
        // "payment" is one letter from both raw.payments and… only that one: fact_payments is further away.
        assertTrue(((String) ask("what reads payment").get("answer")).contains("raw.payments"));
    }

    @Test
    void sameQuestionSameAnswer() {
        assertEquals(ask("explain customer_orders"), ask("explain customer_orders"));
    }
}
