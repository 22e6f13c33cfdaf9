package dev.kalla.viewmapper.mermaid;

import dev.kalla.viewmapper.analysis.GraphAnalyzer;
import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.GraphBuilder;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MermaidRendererTest {
    private static final Pattern NODE_LINE = Pattern.compile("^    (\\S+?)(\\[\"|\\[\\(\")(.*?)(\"\\]|\"\\)\\])$", Pattern.MULTILINE);

    private static GraphAnalyzer analyzer(ViewDefinition... views) {
        DependencyGraph g = GraphBuilder.build(List.of(views), IdentifierCase.TRINO, "c", "s");
        return new GraphAnalyzer(g);
    }

    @Test
    void drawsViewsAsBoxesTablesAsCylindersAndDataFlowEdges() {
        GraphAnalyzer a = analyzer(new ViewDefinition("c", "s", "v", "SELECT * FROM raw.t"));
        String m = MermaidRenderer.render(a.graph(), a.full(), Direction.LR);
        assertTrue(m.startsWith("graph LR\n"), m);
        assertTrue(m.contains("    n_v[\"v\"]\n"), m);
        assertTrue(m.contains("    n_raw__t[(\"raw.t\")]\n"), m);
        assertTrue(m.contains("    n_raw__t --> n_v\n"), m);
        assertTrue(m.contains("class n_raw__t table"), m);
    }

    @Test
    void focusUpstreamAndDownstreamAreStyled() {
        GraphAnalyzer a = analyzer(
                new ViewDefinition("c", "s", "mid", "SELECT * FROM src"),
                new ViewDefinition("c", "s", "src", "SELECT 1"),
                new ViewDefinition("c", "s", "out", "SELECT * FROM mid"));
        String m = MermaidRenderer.render(a.graph(), a.subgraph(new ObjectName("c", "s", "mid"), 1, 1, 10), Direction.TB);
        assertTrue(m.contains("classDef focus"), m);
        assertTrue(m.contains("class n_mid focus"), m);
        assertTrue(m.contains("class n_src upstream"), m);
        assertTrue(m.contains("class n_out downstream"), m);
    }

    @Test
    void hostileIdentifiersGetSafeLabelsAndDistinctIds() {
        GraphAnalyzer a = analyzer(
                new ViewDefinition("c", "s", "x", "SELECT * FROM \"a\"\"b[1]\", \"a b\", \"a-b\", a_b, \"a#<b>`\", \"a.b\", a__b"));
        String m = MermaidRenderer.render(a.graph(), a.full(), Direction.TB);
        Matcher matcher = NODE_LINE.matcher(m);
        java.util.Set<String> ids = new java.util.HashSet<>();
        int nodes = 0;
        while (matcher.find()) {
            nodes++;
            assertTrue(matcher.group(1).matches("n_[A-Za-z0-9_]+"), matcher.group(1));
            assertTrue(ids.add(matcher.group(1)), "duplicate id " + matcher.group(1));
            String label = matcher.group(3);
            assertTrue(!label.contains("\"") && !label.contains("<") && !label.contains("`"), label);
        }
        assertEquals(8, nodes, m);
        assertTrue(m.contains("#quot;a#quot;#quot;b[1]#quot;"), m);
        assertTrue(m.contains("#35;#lt;b#gt;#96;"), m);
    }

    @Test
    void idsAreStableAcrossRenders() {
        GraphAnalyzer a = analyzer(new ViewDefinition("c", "s", "odd name!", "SELECT * FROM t"));
        String first = MermaidRenderer.render(a.graph(), a.full(), Direction.TB);
        assertEquals(first, MermaidRenderer.render(a.graph(), a.full(), Direction.TB));
        assertNotEquals(-1, first.indexOf("n__odd_name___"));
    }

    @Test
    void directionParsing() {
        assertEquals(Direction.TB, Direction.parse(null));
        assertEquals(Direction.TB, Direction.parse("td"));
        assertEquals(Direction.RL, Direction.parse("rl"));
        assertThrows(IllegalArgumentException.class, () -> Direction.parse("sideways"));
    }
}
