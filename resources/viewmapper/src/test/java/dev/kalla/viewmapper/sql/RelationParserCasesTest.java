package dev.kalla.viewmapper.sql;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The relation table: each SQL text with the exact set of relations it reads (CTE references
 * excluded, names case-folded as Trino does). Names are written dotted; parts are never dotted here.
 */
class RelationParserCasesTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                // --- plain FROM and names -----------------------------------------------------
                c("single table", "SELECT * FROM orders", "orders"),
                c("schema qualified", "SELECT * FROM raw.orders", "raw.orders"),
                c("catalog qualified", "SELECT * FROM hive.raw.orders", "hive.raw.orders"),
                c("alias with AS", "SELECT o.id FROM raw.orders AS o", "raw.orders"),
                c("alias without AS", "SELECT o.id FROM raw.orders o", "raw.orders"),
                c("alias with column list", "SELECT * FROM raw.orders AS o (a, b, c)", "raw.orders"),
                c("no FROM at all", "SELECT 1, 'x', current_date"),
                c("distinct select", "SELECT DISTINCT a FROM t", "t"),
                c("upper case folded", "SELECT * FROM RAW.Orders", "raw.orders"),
                c("spaces around dots", "SELECT * FROM raw . orders", "raw.orders"),
                c("duplicate reference counted once", "SELECT * FROM t a JOIN t b ON a.id = b.id", "t"),
                c("trailing semicolon", "SELECT * FROM t;", "t"),
                c("create view header", "CREATE OR REPLACE VIEW v.x AS SELECT * FROM t", "t"),
                c("create view with comment and security", "CREATE VIEW x COMMENT 'as of today' SECURITY INVOKER AS SELECT * FROM t", "t"),
                // --- non-reserved keywords as names (issue 17: these used to lose every table) ---
                c("keyword column after a dot", "SELECT t.offset FROM t", "t"),
                c("keyword alias with AS before a join", "SELECT x AS offset FROM t JOIN u ON true", "t", "u"),
                c("keyword column of an aliased table", "SELECT o.offset FROM raw.kafka_events o", "raw.kafka_events"),
                c("bare keyword columns", "SELECT limit, offset, fetch, window FROM t", "t"),
                c("keyword alias without AS", "SELECT a limit FROM t", "t"),
                c("keyword as table alias", "SELECT * FROM t AS limit JOIN u offset ON true", "t", "u"),
                c("keyword as table name", "SELECT * FROM limit", "limit"),
                c("keyword alias at the end", "SELECT a FROM t offset", "t"),
                c("real LIMIT and OFFSET after keyword names", "SELECT t.limit FROM t ORDER BY 1 OFFSET 2 LIMIT 5", "t"),
                c("FETCH FIRST still a clause", "SELECT a FROM t FETCH FIRST 3 ROWS ONLY", "t"),
                // --- bracketed joins ------------------------------------------------------------
                c("bracketed join starting with a subquery", "SELECT * FROM ((SELECT * FROM t) x JOIN u ON true)", "t", "u"),
                c("nested join criteria", "SELECT * FROM a JOIN b JOIN c ON true ON true", "a", "b", "c"),
                c("cross join inside a qualified join", "SELECT * FROM a JOIN b CROSS JOIN c ON true", "a", "b", "c"),
                c("star column aliases", "SELECT t.* AS (a, b) FROM t", "t"),
                c("typed literals and keywords", "SELECT CAST(a AS double precision) x, DATE '2020-01-01' d, "
                        + "CASE WHEN a IS NULL THEN 1 ELSE 2 END e, a AT TIME ZONE 'UTC' z FROM t "
                        + "WHERE b BETWEEN 1 AND 2 AND c NOT LIKE 'x%' ESCAPE '!' ORDER BY a DESC NULLS LAST LIMIT ALL", "t"),
                // --- quoting, comments, literals ----------------------------------------------
                c("quoted identifier", "SELECT * FROM \"raw\".\"Orders\"", "raw.orders"),
                c("quoted with spaces", "SELECT * FROM \"my schema\".\"order lines\"", "my schema.order lines"),
                c("quoted with escaped quote", "SELECT * FROM \"a\"\"b\"", "a\"b"),
                c("quoted keyword as table", "SELECT * FROM \"select\"", "select"),
                c("quoted alias", "SELECT \"o\".id FROM orders \"o\"", "orders"),
                c("line comment hides table", "SELECT * FROM t -- JOIN hidden ON true\n", "t"),
                c("block comment hides table", "SELECT * /* FROM hidden */ FROM t", "t"),
                c("comment between name parts", "SELECT * FROM raw/* c */.orders", "raw.orders"),
                c("string literal with FROM", "SELECT 'FROM fake' AS s FROM t", "t"),
                c("string with escaped quote", "SELECT 'it''s FROM fake' FROM t WHERE x = 'a''b'", "t"),
                c("unicode string", "SELECT U&'\\0041' FROM t", "t"),
                // --- joins -----------------------------------------------------------------------
                c("inner join", "SELECT * FROM a INNER JOIN b ON a.id = b.id", "a", "b"),
                c("bare join", "SELECT * FROM a JOIN b ON a.id = b.id", "a", "b"),
                c("left outer join", "SELECT * FROM a LEFT OUTER JOIN b ON a.id = b.id", "a", "b"),
                c("right join", "SELECT * FROM a RIGHT JOIN b ON a.id = b.id", "a", "b"),
                c("full outer join", "SELECT * FROM a FULL OUTER JOIN b ON a.id = b.id", "a", "b"),
                c("cross join", "SELECT * FROM a CROSS JOIN b", "a", "b"),
                c("natural join", "SELECT * FROM a NATURAL JOIN b", "a", "b"),
                c("natural left join", "SELECT * FROM a NATURAL LEFT JOIN b", "a", "b"),
                c("join using", "SELECT * FROM a JOIN b USING (id, day)", "a", "b"),
                c("comma join", "SELECT * FROM a, b, c WHERE a.id = b.id", "a", "b", "c"),
                c("many joins", "SELECT * FROM a JOIN b ON a.x = b.x LEFT JOIN c ON c.y = b.y JOIN d USING (z)", "a", "b", "c", "d"),
                c("parenthesised join", "SELECT * FROM (a JOIN b ON a.id = b.id) JOIN c ON c.id = a.id", "a", "b", "c"),
                c("nested join criteria", "SELECT * FROM a JOIN b JOIN c ON b.id = c.id ON a.id = b.id", "a", "b", "c"),
                c("subquery in ON", "SELECT * FROM a JOIN b ON a.id = b.id AND b.x IN (SELECT x FROM c)", "a", "b", "c"),
                c("left() function in ON is not a join", "SELECT * FROM a JOIN b ON left(a.code, 2) = b.code", "a", "b"),
                // --- subqueries ------------------------------------------------------------------
                c("derived table", "SELECT * FROM (SELECT * FROM t) x", "t"),
                c("derived table without alias", "SELECT * FROM (SELECT * FROM t)", "t"),
                c("double parenthesised derived", "SELECT * FROM ((SELECT * FROM t)) x", "t"),
                c("scalar subquery in select", "SELECT (SELECT max(x) FROM t2) AS m FROM t1", "t2", "t1"),
                c("in subquery", "SELECT * FROM t WHERE id IN (SELECT id FROM u)", "t", "u"),
                c("not in subquery", "SELECT * FROM t WHERE id NOT IN (SELECT id FROM u)", "t", "u"),
                c("exists", "SELECT * FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.id)", "t", "u"),
                c("quantified comparison", "SELECT * FROM t WHERE x > ALL (SELECT x FROM u)", "t", "u"),
                c("subquery in having", "SELECT k FROM t GROUP BY k HAVING count(*) > (SELECT avg(n) FROM u)", "t", "u"),
                c("subquery in case", "SELECT CASE WHEN x > 0 THEN (SELECT 1 FROM u) ELSE 0 END FROM t", "u", "t"),
                c("subquery in function argument", "SELECT coalesce((SELECT max(y) FROM u), 0) FROM t", "u", "t"),
                c("arithmetic around subquery", "SELECT ((SELECT 1 FROM u) + 1) AS z FROM t", "u", "t"),
                c("lateral", "SELECT * FROM t, LATERAL (SELECT * FROM u WHERE u.id = t.id) l", "t", "u"),
                c("left join lateral", "SELECT * FROM t LEFT JOIN LATERAL (SELECT * FROM u) l ON true", "t", "u"),
                c("deeply nested", "SELECT * FROM (SELECT * FROM (SELECT * FROM (SELECT * FROM deep) a) b) c", "deep"),
                c("subquery in order by", "SELECT * FROM t ORDER BY (SELECT max(x) FROM u)", "t", "u"),
                // --- set operations --------------------------------------------------------------
                c("union all", "SELECT a FROM t1 UNION ALL SELECT a FROM t2", "t1", "t2"),
                c("union distinct", "SELECT a FROM t1 UNION DISTINCT SELECT a FROM t2", "t1", "t2"),
                c("intersect", "SELECT a FROM t1 INTERSECT SELECT a FROM t2", "t1", "t2"),
                c("except", "SELECT a FROM t1 EXCEPT SELECT a FROM t2", "t1", "t2"),
                c("parenthesised set operands", "(SELECT a FROM t1) UNION (SELECT a FROM t2 ORDER BY a LIMIT 3)", "t1", "t2"),
                c("set operation in derived table", "SELECT * FROM ((SELECT a FROM t1) UNION (SELECT a FROM t2)) u", "t1", "t2"),
                c("set operation in IN", "SELECT * FROM t WHERE a IN (SELECT a FROM u UNION SELECT a FROM v)", "t", "u", "v"),
                c("order limit offset fetch", "SELECT * FROM t ORDER BY a OFFSET 5 ROWS FETCH FIRST 10 ROWS ONLY", "t"),
                // --- CTEs ------------------------------------------------------------------------
                c("simple cte", "WITH x AS (SELECT * FROM t) SELECT * FROM x", "t"),
                c("cte with column list", "WITH x (a, b) AS (SELECT 1, 2 FROM t) SELECT a FROM x", "t"),
                c("chained ctes", "WITH a AS (SELECT * FROM t), b AS (SELECT * FROM a) SELECT * FROM b", "t"),
                c("cte shadows a table of the same name", "WITH orders AS (SELECT * FROM raw.orders) SELECT * FROM orders", "raw.orders"),
                c("cte self name reads the real table", "WITH orders AS (SELECT * FROM orders WHERE ok) SELECT * FROM orders", "orders"),
                c("later cte not visible in earlier", "WITH a AS (SELECT * FROM b), b AS (SELECT * FROM t) SELECT * FROM a", "b", "t"),
                c("qualified name is not the cte", "WITH orders AS (SELECT 1) SELECT * FROM raw.orders", "raw.orders"),
                c("cte scope ends with its query", "SELECT * FROM (WITH x AS (SELECT * FROM t) SELECT * FROM x) s JOIN x ON true", "t", "x"),
                c("cte visible in nested subquery", "WITH x AS (SELECT * FROM t) SELECT * FROM u WHERE id IN (SELECT id FROM x)", "t", "u"),
                c("nested with sees the outer cte", "WITH a AS (SELECT * FROM t) SELECT * FROM (WITH b AS (SELECT * FROM a) SELECT * FROM b) s", "t"),
                c("inner cte shadows outer", "WITH x AS (SELECT * FROM t1) SELECT * FROM (WITH x AS (SELECT * FROM t2) SELECT * FROM x) y, x", "t1", "t2"),
                c("recursive cte", "WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT * FROM r"),
                c("recursive cte with base table", "WITH RECURSIVE tree AS (SELECT id, parent FROM nodes WHERE parent IS NULL UNION ALL SELECT n.id, n.parent FROM nodes n JOIN tree ON n.parent = tree.id) SELECT * FROM tree", "nodes"),
                c("cte in scalar subquery", "SELECT (WITH m AS (SELECT max(x) AS v FROM t) SELECT v FROM m) FROM u", "t", "u"),
                c("quoted cte name matches", "WITH \"Recent\" AS (SELECT * FROM t) SELECT * FROM recent", "t"),
                c("cte inside cte body", "WITH a AS (WITH b AS (SELECT * FROM t) SELECT * FROM b) SELECT * FROM a, b", "t", "b"),
                // --- table producers that are not relations ---------------------------------------
                c("unnest", "SELECT * FROM UNNEST(ARRAY[1, 2]) AS u(x)"),
                c("cross join unnest", "SELECT t.id, x FROM t CROSS JOIN UNNEST(t.items) WITH ORDINALITY AS i(x, n)", "t"),
                c("unnest with subquery argument", "SELECT * FROM UNNEST((SELECT array_agg(x) FROM t)) u(x)", "t"),
                c("values", "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(id, name)"),
                c("values as query", "VALUES 1, 2, 3"),
                c("values joined", "SELECT * FROM t JOIN (VALUES 1, 2) v(x) ON t.x = v.x", "t"),
                c("table function with table argument", "SELECT * FROM TABLE(exclude_columns(input => TABLE(orders), columns => DESCRIPTOR(a)))", "orders"),
                c("table function with query argument", "SELECT * FROM TABLE(my.fn(input => TABLE(SELECT * FROM t) PARTITION BY k))", "t"),
                c("table function with string query", "SELECT * FROM TABLE(system.query(query => 'SELECT * FROM hidden'))"),
                c("TABLE statement", "TABLE raw.orders", "raw.orders"),
                c("TABLE in union", "SELECT * FROM a UNION TABLE b", "a", "b"),
                c("function in FROM (postgres style)", "SELECT * FROM generate_series(1, 10) g"),
                // --- expressions that look like clauses ----------------------------------------------
                c("is distinct from in select list", "SELECT a IS DISTINCT FROM b AS changed FROM t", "t"),
                c("is not distinct from", "SELECT a IS NOT DISTINCT FROM b FROM t", "t"),
                c("extract from", "SELECT extract(YEAR FROM ts) FROM t", "t"),
                c("postgres casts to multi-word types", "SELECT o.amount::double precision * 2, o.placed::timestamp without time zone, o.tags::text[] FROM o", "o"),
                c("non-reserved words as columns in expressions", "SELECT date * 2 + year, value * 3, -range, first - last FROM t", "t"),
                c("non-reserved words as keywords and columns side by side",
                        "SELECT extract(year FROM date), date + INTERVAL '1' DAY, time AT TIME ZONE 'UTC', "
                                + "sum(x) OVER (PARTITION BY partition ORDER BY rows DESC NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) "
                                + "FROM t ORDER BY 1 OFFSET 2 ROWS FETCH FIRST 10 ROWS ONLY", "t"),
                c("substring from for", "SELECT substring(s FROM 2 FOR 3), trim(BOTH ' ' FROM s) FROM t", "t"),
                c("window functions", "SELECT row_number() OVER (PARTITION BY a ORDER BY b) FROM t WINDOW w AS (PARTITION BY c)", "t"),
                c("within group", "SELECT listagg(x, ',') WITHIN GROUP (ORDER BY x) FROM t GROUP BY y", "t"),
                c("lambda and array subscript", "SELECT transform(arr, x -> x + 1)[1] FROM t", "t"),
                c("filter clause", "SELECT count(*) FILTER (WHERE x > 0) FROM t", "t"),
                c("cast and interval", "SELECT CAST(a AS varchar), current_date - INTERVAL '1' DAY FROM t", "t"),
                c("postgres casts", "SELECT (o.amount)::numeric AS a FROM (shop.orders o JOIN shop.items i ON ((o.id = i.order_id)));", "shop.orders", "shop.items"),
                c("time travel", "SELECT * FROM iceberg.db.t FOR VERSION AS OF 42 x", "iceberg.db.t"),
                c("tablesample", "SELECT * FROM t TABLESAMPLE BERNOULLI (10) JOIN u ON true", "t", "u"),
                c("group by rollup", "SELECT a, b FROM t GROUP BY ROLLUP (a, b)", "t"),
                c("grouping sets", "SELECT a FROM t GROUP BY GROUPING SETS ((a), ())", "t"),
                c("cube", "SELECT a, b FROM t GROUP BY CUBE (a, b)", "t"),
                c("match_recognize", "SELECT * FROM t MATCH_RECOGNIZE (PARTITION BY k ORDER BY ts MEASURES A.x AS ax "
                        + "PATTERN (A B+) DEFINE B AS B.x > A.x) AS m", "t"),
                c("parenthesised join on the right", "SELECT * FROM t1 JOIN (t2 LEFT JOIN t3 USING (k)) ON t1.k = t2.k", "t1", "t2", "t3"),
                c("quantified VALUES", "SELECT * FROM t WHERE x = ANY (VALUES 1)", "t"),
                c("json_table is a function", "SELECT * FROM JSON_TABLE(doc, 'lax $' COLUMNS (id INT PATH 'lax $.id')) jt"),
                c("fetch with ties", "SELECT * FROM t FETCH FIRST 1 ROW WITH TIES", "t"),
                c("window frame", "SELECT count(*) OVER w FROM t WINDOW w AS (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)", "t"),
                c("non-reserved words as table names", "SELECT * FROM data d JOIN comment c ON true JOIN \"table\" ON true",
                        "data", "comment", "table"),
                c("cte inside NOT EXISTS", "SELECT * FROM t WHERE NOT EXISTS (WITH q AS (SELECT 1 FROM u) SELECT * FROM q)", "t", "u")
        );
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void extractsExactlyTheRelationsRead(String title, String sql, Set<String> expected) {
        Set<String> actual = RelationParser.extract(sql).stream()
                .map(QualifiedName::toString)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(expected, actual, sql);
    }

    private static Arguments c(String title, String sql, String... expected) {
        return Arguments.of(title, sql, new TreeSet<>(Arrays.asList(expected)));
    }
}
