package dev.kalla.viewmapper.columns;

import dev.kalla.viewmapper.graph.DependencyGraph;
import dev.kalla.viewmapper.graph.GraphBuilder;
import dev.kalla.viewmapper.graph.ObjectName;
import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The general guard of issue 26: walks Trino's grammar construct by construct (queries,
 * relations, expressions, clauses), each in a small view over raw.t (a, b, c), raw.u (a, d) and
 * raw.j (doc), and requires every output column either to trace to the table columns it is made
 * of, or to carry a note saying what was not followed. A construct the column tracer skips
 * without a word fails here.
 */
class GrammarCoverageTest {
    private static final Map<ObjectName, List<String>> TABLES = Map.of(
            new ObjectName("hive", "raw", "t"), List.of("a", "b", "c"),
            new ObjectName("hive", "raw", "u"), List.of("a", "d"),
            new ObjectName("hive", "raw", "j"), List.of("doc", "arr", "m", "r"));

    /** construct → view SQL; every output column is expected to be made from a column of raw.t, raw.u or raw.j. */
    static final String[][] CONSTRUCTS = {
            // ---- queries
            {"plain select", "SELECT a, b AS x FROM raw.t"},
            {"distinct", "SELECT DISTINCT a FROM raw.t"},
            {"with", "WITH q AS (SELECT a FROM raw.t) SELECT a FROM q"},
            {"with column list", "WITH q (x) AS (SELECT a FROM raw.t) SELECT x FROM q"},
            {"with recursive", "WITH RECURSIVE r (n) AS (SELECT a FROM raw.t UNION ALL SELECT n + 1 FROM r WHERE n < 10) SELECT n FROM r"},
            {"union", "SELECT a FROM raw.t UNION SELECT a FROM raw.u"},
            {"intersect", "SELECT a FROM raw.t INTERSECT SELECT a FROM raw.u"},
            {"except", "SELECT a FROM raw.t EXCEPT SELECT a FROM raw.u"},
            {"parenthesised query", "(SELECT a FROM raw.t)"},
            {"order by limit offset fetch", "SELECT a FROM raw.t ORDER BY b OFFSET 1 ROWS FETCH FIRST 2 ROWS ONLY"},
            {"limit", "SELECT a FROM raw.t LIMIT 5"},
            {"values with a subquery", "SELECT x FROM (VALUES ((SELECT max(a) FROM raw.t))) AS v (x)"},
            {"table", "TABLE raw.t"},
            {"group by grouping sets", "SELECT a, b, sum(c) AS s FROM raw.t GROUP BY GROUPING SETS ((a), (a, b))"},
            {"rollup cube", "SELECT a, b, count(c) AS n FROM raw.t GROUP BY ROLLUP (a, b)"},
            {"having", "SELECT a, sum(b) AS s FROM raw.t GROUP BY a HAVING sum(b) > 0"},
            {"named window", "SELECT rank() OVER w AS r FROM raw.t WINDOW w AS (PARTITION BY a ORDER BY b)"},
            {"star", "SELECT * FROM raw.t"},
            {"qualified star", "SELECT t.* FROM raw.t t JOIN raw.u u ON t.a = u.a"},
            {"star with aliases", "SELECT t.* AS (x, y, z) FROM raw.t t"},
            // ---- relations
            {"inner join", "SELECT t.b, u.d FROM raw.t t INNER JOIN raw.u u ON t.a = u.a"},
            {"left right full join", "SELECT t.b, u.d FROM raw.t t LEFT JOIN raw.u u ON t.a = u.a FULL OUTER JOIN raw.t t2 ON t2.a = t.a"},
            {"cross join", "SELECT b, d FROM raw.t CROSS JOIN raw.u"},
            {"using", "SELECT a, b, d FROM raw.t JOIN raw.u USING (a)"},
            {"natural join", "SELECT a, b, d FROM raw.t NATURAL JOIN raw.u"},
            {"subquery", "SELECT x FROM (SELECT a AS x FROM raw.t) s"},
            {"subquery with column aliases", "SELECT y FROM (SELECT a FROM raw.t) AS s (y)"},
            {"lateral", "SELECT t.a, l.m FROM raw.t t, LATERAL (SELECT max(d) AS m FROM raw.u u WHERE u.a = t.a) l"},
            {"bracketed join", "SELECT j.b FROM (raw.t JOIN raw.u USING (a)) AS j"},
            {"unnest", "SELECT j.doc, e FROM raw.j j CROSS JOIN UNNEST(j.arr) AS x (e)"},
            {"unnest with ordinality", "SELECT e, n FROM raw.j CROSS JOIN UNNEST(arr) WITH ORDINALITY AS x (e, n)"},
            {"unnest of a map", "SELECT k, v FROM raw.j CROSS JOIN UNNEST(m) AS x (k, v)"},
            {"unnest without names", "SELECT doc FROM raw.j CROSS JOIN UNNEST(arr)"},
            {"table function", "SELECT * FROM TABLE(system.sequence(start => 1, stop => 3))"},
            {"table function with names", "SELECT n FROM TABLE(system.sequence(start => 1, stop => 3)) AS s (n)"},
            {"function relation", "SELECT x FROM generate_series(1, 3) AS g (x)"},
            {"tablesample", "SELECT a FROM raw.t TABLESAMPLE BERNOULLI (10)"},
            {"time travel", "SELECT a FROM raw.t FOR VERSION AS OF 3"},
            {"match_recognize", "SELECT m.a, m.cnt FROM raw.t MATCH_RECOGNIZE (PARTITION BY a ORDER BY b MEASURES count(*) AS cnt ONE ROW PER MATCH PATTERN (x+) DEFINE x AS c > 0) AS m"},
            {"json_table", "SELECT jt.v FROM raw.j CROSS JOIN JSON_TABLE(doc, 'lax $' COLUMNS (v varchar PATH 'lax $.v')) AS jt"},
            // ---- expressions
            {"arithmetic and concatenation", "SELECT a + b * 2 AS x, b || c AS y, -a AS z FROM raw.t"},
            {"case", "SELECT CASE a WHEN 1 THEN b ELSE c END AS x, CASE WHEN a > 0 THEN b END AS y FROM raw.t"},
            {"cast and try_cast", "SELECT CAST(a AS varchar) AS x, TRY_CAST(b AS decimal(10, 2)) AS y FROM raw.t"},
            {"postgres cast", "SELECT a::numeric(10, 2) AS x FROM raw.t"},
            {"typed literal and interval", "SELECT a + INTERVAL '1' DAY AS x, DATE '2024-01-01' < b AS y FROM raw.t"},
            {"extract and at time zone", "SELECT EXTRACT(year FROM a) AS x, b AT TIME ZONE 'UTC' AS y FROM raw.t"},
            {"between in like", "SELECT a BETWEEN b AND c AS x, a IN (1, 2) AS y, b LIKE 'x%' ESCAPE '\\\\' AS z FROM raw.t"},
            {"in subquery and exists", "SELECT a IN (SELECT a FROM raw.u) AS x, EXISTS (SELECT 1 FROM raw.u WHERE u.a = t.a) AS y FROM raw.t t"},
            {"quantified comparison", "SELECT a > ALL (SELECT d FROM raw.u) AS x FROM raw.t"},
            {"is null and is distinct from", "SELECT a IS NULL AS x, a IS DISTINCT FROM b AS y, a IS NOT DISTINCT FROM c AS z FROM raw.t"},
            {"scalar subquery", "SELECT (SELECT max(d) FROM raw.u) AS x, a FROM raw.t"},
            {"correlated scalar subquery", "SELECT (SELECT max(d) FROM raw.u u WHERE u.a = t.a) AS x FROM raw.t t"},
            {"array, subscript, row", "SELECT ARRAY[a, b] AS x, arr[1] AS y, ROW(doc, m) AS z FROM raw.j CROSS JOIN raw.t"},
            {"row field", "SELECT r.f AS x, j.r.g AS y FROM raw.j j"},
            {"lambda", "SELECT transform(arr, e -> e * 2) AS x, reduce(arr, 0, (s, e) -> s + e, s -> s) AS y FROM raw.j"},
            {"aggregate with filter and order", "SELECT count(a) FILTER (WHERE b > 0) AS x, array_agg(a ORDER BY b) AS y FROM raw.t"},
            {"listagg within group", "SELECT listagg(b, ',') WITHIN GROUP (ORDER BY a) AS x FROM raw.t"},
            {"window frame and nulls", "SELECT sum(a) OVER (PARTITION BY b ORDER BY c ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS x, lag(a) IGNORE NULLS OVER (ORDER BY b) AS y FROM raw.t"},
            {"special functions", "SELECT coalesce(a, b) AS x, nullif(a, c) AS y, if(a > 0, b, c) AS z, try(a / b) AS w FROM raw.t"},
            {"string functions with keywords", "SELECT trim(BOTH ' ' FROM b) AS x, substring(b FROM 1 FOR 2) AS y, position('x' IN b) AS z, normalize(b, NFC) AS w FROM raw.t"},
            {"json functions", "SELECT json_value(doc, 'lax $.a' RETURNING varchar) AS x, json_exists(doc, 'lax $.b') AS y, json_query(doc, 'lax $.c' WITH ARRAY WRAPPER) AS z FROM raw.j"},
            {"json constructors", "SELECT json_object(KEY 'k' VALUE doc) AS x, json_array(doc, m NULL ON NULL) AS y FROM raw.j"},
            {"grouping", "SELECT a, grouping(a) AS g, count(b) AS n FROM raw.t GROUP BY ROLLUP (a)"},
            {"non-reserved words as columns", "SELECT year, month, value, filter FROM (SELECT a AS year, b AS month, c AS value, a AS filter FROM raw.t) s"},
            {"keywords Trino does not reserve, alone", "SELECT local, ties, others AS o FROM (SELECT a AS local, b AS ties, c AS others FROM raw.t) s"},
            {"a keyword-like word inside an expression", "SELECT coalesce(no, 0) AS x FROM (SELECT a AS no FROM raw.t) s"},
            {"quoted names", "SELECT \"a\" AS \"X y\", t.\"b\" FROM raw.t t"},
            {"current_date beside a column", "SELECT a, current_date AS d0, b FROM raw.t"},
    };

    /** Output columns that are made of no column by design (a constant, a row count, an ordinality). */
    private static final Set<String> CONSTANT = Set.of(
            "current_date beside a column.d0", "unnest with ordinality.n");

    @Test
    void everyOutputColumnOfEveryConstructTracesOrCarriesANote() {
        List<ViewDefinition> views = new ArrayList<>();
        Map<String, ObjectName> byConstruct = new LinkedHashMap<>();
        for (int k = 0; k < CONSTRUCTS.length; k++) {
            views.add(new ViewDefinition("hive", "s", "v" + k, CONSTRUCTS[k][1]));
            byConstruct.put(CONSTRUCTS[k][0], new ObjectName("hive", "s", "v" + k));
        }
        DependencyGraph g = GraphBuilder.build(views, IdentifierCase.TRINO, "hive", "s");
        assertEquals(List.of(), g.failures().stream().map(f -> f.view().name() + ": " + f.reason()).toList(), "every construct is valid SQL");
        ColumnLineage l = new ColumnLineage(g, IdentifierCase.TRINO, TABLES);
        List<String> silent = new ArrayList<>();
        List<String> report = new ArrayList<>();
        byConstruct.forEach((construct, view) -> {
            ColumnLineage.ViewColumns vc = l.columnsOf(view);
            if (vc.error() != null) {
                silent.add(construct + ": " + vc.error());
                return;
            }
            if (vc.columns().isEmpty() && vc.untraced().isEmpty()) silent.add(construct + ": no columns and no word why");
            for (ColumnLineage.Column c : vc.columns()) {
                Set<String> bases = TraceChecks.bases(l, view, c.name());
                List<String> notes = l.trace(view, c.name(), 500).notes();
                report.add(construct + "." + c.name() + " ← " + bases + (notes.isEmpty() ? "" : " notes " + notes));
                if (bases.isEmpty() && notes.isEmpty() && !CONSTANT.contains(construct + "." + c.name())) {
                    silent.add(construct + "." + c.name() + ": neither traced nor noted");
                }
            }
        });
        if (System.getenv("GRAMMAR_COVERAGE_REPORT") != null) report.forEach(System.out::println);
        assertEquals(List.of(), silent);
    }
}
