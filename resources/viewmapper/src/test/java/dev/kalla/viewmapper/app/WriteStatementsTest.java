package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.connect.ConnectionOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26: INSERT … SELECT, CREATE TABLE … AS, MERGE and CREATE MATERIALIZED VIEW in a folder of
 * .sql files, and a dbt project's target/manifest.json, give table and column lineage, asked as a
 * user asks (the run command over file://).
 */
class WriteStatementsTest {
    @TempDir
    Path dir;

    private String ask(String question) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = RunCommand.run(List.of(question, "--connection", "file://" + dir), new Engine(new ConnectionOptions(null, null, null)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), null);
        String text = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text);
        return text.contains("```mermaid") ? text.substring(0, text.indexOf("```mermaid")) : text;
    }

    private void etl() throws Exception {
        Files.writeString(dir.resolve("etl.sql"), """
                CREATE TABLE raw.orders (id int, cust_id int, amount decimal(10,2), status varchar);
                CREATE TABLE raw.customers (id int, name varchar, region varchar);
                CREATE TABLE mart.sales (order_id int, customer varchar, amount decimal(10,2));
                INSERT INTO mart.sales SELECT o.id, c.name, o.amount FROM raw.orders o JOIN raw.customers c ON o.cust_id = c.id;
                INSERT INTO mart.sales (customer, order_id) SELECT name, id FROM raw.customers;
                CREATE TABLE mart.by_region AS SELECT c.region, sum(o.amount) AS total
                  FROM raw.orders o JOIN raw.customers c ON o.cust_id = c.id GROUP BY c.region;
                CREATE TABLE mart.regions (r, n) WITH (format = 'ORC') AS SELECT region, count(*) FROM raw.customers GROUP BY region;
                CREATE MATERIALIZED VIEW mart.big AS SELECT order_id, amount FROM mart.sales WHERE amount > 100;
                MERGE INTO mart.totals t USING (SELECT cust_id, sum(amount) AS amt FROM raw.orders GROUP BY cust_id) s
                  ON t.cust_id = s.cust_id
                WHEN MATCHED AND s.amt > 0 THEN UPDATE SET total = t.total + s.amt
                WHEN MATCHED THEN DELETE
                WHEN NOT MATCHED THEN INSERT (cust_id, total) VALUES (s.cust_id, s.amt);
                """);
    }

    @Test
    void insertSelectTracesEveryWriterOfTheTarget() throws Exception {
        etl();
        // Two INSERTs into mart.sales, the second with its own column order: both are sources.
        String customer = ask("where does mart.sales.customer come from");
        assertTrue(customer.contains("raw.customers.name → mart.sales.customer (direct)"), customer);
        String orderId = ask("where does mart.sales.order_id come from");
        assertTrue(orderId.contains("raw.orders.id → mart.sales.order_id"), orderId);
        assertTrue(orderId.contains("raw.customers.id → mart.sales.order_id"), orderId);
        String amount = ask("where does mart.sales.amount come from");
        assertTrue(amount.contains("raw.orders.amount → mart.sales.amount"), amount);
        assertFalse(amount.contains("raw.customers"), amount);
    }

    @Test
    void ctasWithAndWithoutAColumnListIsARelation() throws Exception {
        etl();
        String total = ask("where does mart.by_region.total come from");
        assertTrue(total.contains("raw.orders.amount → mart.by_region.total (aggregate)"), total);
        String r = ask("where does mart.regions.r come from");
        assertTrue(r.contains("raw.customers.region → mart.regions.r"), r);
    }

    @Test
    void mergeWritesFromItsSourceNotFromItself() throws Exception {
        etl();
        String total = ask("where does mart.totals.total come from");
        assertTrue(total.contains("raw.orders.amount → mart.totals.total"), total);
        assertFalse(total.contains("mart.totals.total →"), total);
        String cust = ask("where does mart.totals.cust_id come from");
        assertTrue(cust.contains("raw.orders.cust_id → mart.totals.cust_id"), cust);
    }

    @Test
    void materializedViewsAndImpactCrossWriteStatements() throws Exception {
        etl();
        String impact = ask("what breaks if I drop raw.orders.amount");
        for (String reader : List.of("mart.sales.amount", "mart.by_region.total", "mart.totals.total", "mart.big.amount")) {
            assertTrue(impact.contains("→ " + reader), reader + " missing in:\n" + impact);
        }
        String tables = ask("show me mart.big");
        assertTrue(tables.contains("mart.big"), tables);
    }

    @Test
    void dbtManifestInTargetIsACatalog() throws Exception {
        Files.createDirectories(dir.resolve("target"));
        Files.createDirectories(dir.resolve("models"));
        // The project's own models are Jinja; they must not be read as SQL.
        Files.writeString(dir.resolve("models/customers.sql"), "select * from {{ ref('stg_customers') }}");
        Files.writeString(dir.resolve("target/manifest.json"), """
                {"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/manifest/v11.json", "dbt_version": "1.7.4"},
                 "nodes": {
                  "model.shop.stg_customers": {"resource_type": "model", "unique_id": "model.shop.stg_customers",
                    "database": "ANALYTICS", "schema": "dbt_dev", "name": "stg_customers", "alias": "stg_customers",
                    "original_file_path": "models/staging/stg_customers.sql", "config": {"materialized": "view"},
                    "compiled_code": "select id as customer_id, first_name from \\"analytics\\".\\"raw\\".\\"customers\\""},
                  "model.shop.tmp": {"resource_type": "model", "unique_id": "model.shop.tmp", "database": "analytics",
                    "schema": "dbt_dev", "name": "tmp", "config": {"materialized": "ephemeral"}, "compiled_code": "select 1 as x"},
                  "model.shop.customers": {"resource_type": "model", "unique_id": "model.shop.customers",
                    "database": "analytics", "schema": "dbt_dev", "name": "customers", "alias": "customers",
                    "original_file_path": "models/customers.sql", "config": {"materialized": "table"},
                    "compiled_code": "with __dbt__cte__tmp as (select 1 as x) select c.customer_id, c.first_name as name, x from analytics.dbt_dev.stg_customers c cross join __dbt__cte__tmp"},
                  "test.shop.not_null": {"resource_type": "test", "database": "analytics", "schema": "dbt_dev", "name": "not_null",
                    "compiled_code": "select * from analytics.dbt_dev.customers where customer_id is null"}
                 },
                 "sources": {
                  "source.shop.raw.customers": {"resource_type": "source", "database": "analytics", "schema": "raw",
                    "name": "customers", "identifier": "customers", "columns": {"id": {"name": "id"}, "first_name": {"name": "first_name"}}}
                 }}
                """);
        String name = ask("where does analytics.dbt_dev.customers.name come from");
        // Names are shown relative to the default catalog and schema (analytics.dbt_dev, the models').
        assertTrue(name.contains("- stg_customers.first_name → customers.name (direct)"), name);
        assertTrue(name.contains("- raw.customers.first_name → stg_customers.first_name (direct)"), name);
        String id = ask("where does analytics.dbt_dev.customers.customer_id come from");
        assertTrue(id.contains("raw.customers.id → stg_customers.customer_id"), id);
        // Neither the test nor the ephemeral model is a relation.
        String all = ask("what are the entry points");
        assertFalse(all.contains("not_null"), all);
        assertFalse(all.contains(".tmp"), all);
    }

    @Test
    void anUncompiledManifestSaysToRunDbtCompile() throws Exception {
        Files.writeString(dir.resolve("manifest.json"), """
                {"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/manifest/v11.json"},
                 "nodes": {"model.shop.a": {"resource_type": "model", "unique_id": "model.shop.a", "database": "db", "schema": "s",
                   "name": "a", "raw_code": "select * from {{ ref('b') }}"}}}
                """);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = RunCommand.run(List.of("what are the entry points", "--connection", "file://" + dir), new Engine(new ConnectionOptions(null, null, null)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8), null);
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(code != 0, text);
        assertTrue(text.contains("dbt compile"), text);
    }
}
