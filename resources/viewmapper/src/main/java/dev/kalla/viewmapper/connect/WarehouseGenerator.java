package dev.kalla.viewmapper.connect;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Builds test://generated_warehouse: a layered warehouse (raw tables → staging → intermediate
 * → marts → reports) with realistic SQL shapes. java.util.Random's algorithm is specified,
 * so a fixed seed gives the same 10,000 views on every JVM.
 */
final class WarehouseGenerator {
    static final int DEFAULT_VIEWS = 10_000;
    private static final String[] DOMAINS = {"sales", "finance", "marketing", "product", "support", "hr", "supply", "risk"};
    private static final String[] ENTITIES = {"orders", "customers", "invoices", "payments", "shipments", "tickets",
            "campaigns", "sessions", "employees", "accounts", "products", "returns", "contracts", "events", "leads"};

    private WarehouseGenerator() {
    }

    static ViewCollection generate(int viewCount) {
        Random rnd = new Random(20_240_611L);
        ViewCollection c = new ViewCollection("test", "marts");
        int staging = viewCount * 20 / 100;
        int intermediate = viewCount * 35 / 100;
        int marts = viewCount * 30 / 100;
        int reports = viewCount - staging - intermediate - marts;
        int rawTables = Math.max(10, staging / 4);

        List<String> stg = new ArrayList<>();
        for (int k = 0; k < staging; k++) {
            String name = "staging.stg_" + DOMAINS[k % DOMAINS.length] + "_" + ENTITIES[k % ENTITIES.length] + "_" + k;
            String raw = "raw.src_" + ENTITIES[k % ENTITIES.length] + "_" + (k % rawTables);
            c.add(name, "SELECT id, CAST(updated_at AS timestamp) AS updated_at, lower(trim(status)) AS status, amount\n"
                    + "FROM " + raw + "\nWHERE _deleted = false -- soft deletes are dropped at staging");
            stg.add(name);
        }
        List<String> inter = new ArrayList<>();
        for (int k = 0; k < intermediate; k++) {
            String name = "intermediate.int_" + DOMAINS[k % DOMAINS.length] + "_" + k;
            List<String> pool = new ArrayList<>(stg);
            if (!inter.isEmpty() && rnd.nextInt(3) == 0) pool = inter;
            String a = pick(rnd, pool);
            String b = pick(rnd, stg);
            String sql = (k % 4 == 0)
                    ? "WITH recent AS (\n  SELECT * FROM " + a + " WHERE updated_at > current_date - INTERVAL '90' DAY\n)\n"
                    + "SELECT r.id, r.status, sum(x.amount) AS amount\nFROM recent r\nLEFT JOIN " + b + " x ON x.id = r.id\nGROUP BY 1, 2"
                    : "SELECT a.id, a.status, b.amount\nFROM " + a + " a\nJOIN " + b + " b USING (id)\nWHERE a.status <> 'void'";
            c.add(name, sql);
            inter.add(name);
        }
        List<String> mart = new ArrayList<>();
        for (int k = 0; k < marts; k++) {
            String name = "marts.fct_" + DOMAINS[k % DOMAINS.length] + "_" + ENTITIES[(k / 3) % ENTITIES.length] + "_" + k;
            String a = pick(rnd, inter);
            String b = pick(rnd, inter);
            String d = pick(rnd, stg);
            String sql = "SELECT a.id, a.amount, b.status,\n  (SELECT max(updated_at) FROM " + d + " s WHERE s.id = a.id) AS last_seen\n"
                    + "FROM " + a + " a\nFULL OUTER JOIN " + b + " b ON a.id = b.id\n"
                    + "WHERE a.id IN (SELECT id FROM " + pick(rnd, stg) + " WHERE status = 'active')";
            c.add(name, sql);
            mart.add(name);
        }
        for (int k = 0; k < reports; k++) {
            String name = "reports.rpt_" + DOMAINS[k % DOMAINS.length] + "_" + k;
            String sql = (k % 3 == 0)
                    ? "SELECT id, amount FROM " + pick(rnd, mart) + "\nUNION ALL\nSELECT id, amount FROM " + pick(rnd, mart)
                    : "SELECT m.id, count(*) AS n\nFROM " + pick(rnd, mart) + " m\nCROSS JOIN UNNEST(ARRAY[1, 2]) AS t(x)\nGROUP BY m.id";
            c.add(name, sql);
        }
        return c;
    }

    private static String pick(Random rnd, List<String> pool) {
        return pool.get(rnd.nextInt(pool.size()));
    }
}
