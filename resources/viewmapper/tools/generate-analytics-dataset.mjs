#!/usr/bin/env node
// Regenerates src/main/resources/datasets/analytics_platform.json (~150 views), the mid-size
// bundled dataset used by tests and the latency benchmark. Kept as a generator so the layer
// structure stays readable; the output is committed so the jar does not depend on Node.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const domains = {
  web: ['sessions', 'page_views', 'clicks', 'signups', 'experiments'],
  marketing: ['campaigns', 'ad_spend', 'email_sends', 'email_events', 'attribution'],
  sales: ['orders', 'order_lines', 'customers', 'quotes', 'opportunities'],
  finance: ['invoices', 'payments', 'refunds', 'ledger_entries', 'fx_rates'],
  product: ['features', 'feature_usage', 'releases', 'accounts', 'seats'],
  support: ['tickets', 'ticket_events', 'csat_responses', 'agents', 'sla_policies'],
};

const views = [];
const add = (name, sql) => views.push({ name, sql });

// staging: one view per raw table, light cleaning
for (const [domain, entities] of Object.entries(domains)) {
  for (const e of entities) {
    add(`staging.stg_${domain}__${e}`,
      `SELECT *, CAST(_loaded_at AS timestamp) AS loaded_at\nFROM raw_${domain}.${e}\nWHERE _fivetran_deleted IS NOT TRUE -- connector soft deletes`);
  }
}

// intermediate: joins inside a domain, some with CTEs
for (const [domain, entities] of Object.entries(domains)) {
  for (let k = 0; k < entities.length; k++) {
    const a = entities[k];
    const b = entities[(k + 1) % entities.length];
    const c = entities[(k + 2) % entities.length];
    add(`intermediate.int_${domain}__${a}_enriched`,
      `WITH base AS (\n  SELECT * FROM staging.stg_${domain}__${a}\n), lookups AS (\n  SELECT id, name FROM staging.stg_${domain}__${b}\n)\n` +
      `SELECT base.*, lookups.name AS ${b}_name\nFROM base\nLEFT JOIN lookups ON lookups.id = base.${b}_id`);
    add(`intermediate.int_${domain}__${a}_daily`,
      `SELECT date_trunc('day', loaded_at) AS day, count(*) AS n, count_if(${c}_id IS NOT NULL) AS with_${c}\n` +
      `FROM intermediate.int_${domain}__${a}_enriched\nGROUP BY 1`);
    if (k < 3) {
      add(`intermediate.int_${domain}__${a}_latest`,
        `SELECT * FROM (\n  SELECT e.*, row_number() OVER (PARTITION BY id ORDER BY loaded_at DESC) AS rn\n` +
        `  FROM intermediate.int_${domain}__${a}_enriched e\n) ranked\nWHERE rn = 1`);
    }
  }
}

// cross-domain marts
const marts = [
  ['customer_360', ['sales__customers_enriched', 'support__tickets_enriched', 'product__accounts_enriched', 'finance__invoices_enriched']],
  ['revenue', ['finance__invoices_enriched', 'finance__payments_enriched', 'finance__refunds_enriched', 'sales__orders_enriched']],
  ['marketing_funnel', ['web__sessions_enriched', 'web__signups_enriched', 'marketing__attribution_enriched', 'sales__opportunities_enriched']],
  ['product_engagement', ['product__feature_usage_enriched', 'product__seats_enriched', 'web__page_views_enriched']],
  ['support_quality', ['support__tickets_enriched', 'support__csat_responses_enriched', 'support__agents_enriched', 'support__sla_policies_enriched']],
  ['campaign_roi', ['marketing__campaigns_enriched', 'marketing__ad_spend_enriched', 'sales__orders_enriched']],
  ['cash_flow', ['finance__payments_daily', 'finance__refunds_daily', 'finance__ledger_entries_enriched']],
  ['web_traffic', ['web__sessions_daily', 'web__page_views_daily', 'web__clicks_daily']],
  ['sales_pipeline', ['sales__opportunities_enriched', 'sales__quotes_enriched', 'sales__customers_enriched']],
  ['release_adoption', ['product__releases_enriched', 'product__feature_usage_daily', 'product__features_enriched']],
];
for (const [name, inputs] of marts) {
  const [first, ...rest] = inputs;
  const joins = rest.map((r, i) => `LEFT JOIN intermediate.int_${r} t${i + 1} ON t${i + 1}.account_id = t0.account_id`).join('\n');
  add(`marts.fct_${name}`, `SELECT t0.account_id, t0.day_key${rest.map((_, i) => `, t${i + 1}.amount AS amount_${i + 1}`).join('')}\nFROM intermediate.int_${first} t0\n${joins}`);
  add(`marts.dim_${name}_accounts`,
    `SELECT DISTINCT account_id FROM marts.fct_${name}\nWHERE account_id IN (SELECT id FROM staging.stg_sales__customers WHERE NOT is_internal)`);
}
for (const [name] of marts) {
  add(`marts.fct_${name}_weekly`, `SELECT date_trunc('week', day_key) AS week, count(DISTINCT account_id) AS accounts\nFROM marts.fct_${name}\nGROUP BY 1`);
}

// reports: mixed constructs, reading marts
const reports = [
  ['exec_kpis', `SELECT 'revenue' AS kpi, sum(amount_1) AS value FROM marts.fct_revenue\nUNION ALL\nSELECT 'accounts', count(*) FROM marts.dim_customer_360_accounts\nUNION ALL\nSELECT 'csat', avg(amount_1) FROM marts.fct_support_quality`],
  ['board_pack', `SELECT r.week, r.accounts AS paying, w.accounts AS visiting\nFROM marts.fct_revenue_weekly r\nFULL OUTER JOIN marts.fct_web_traffic_weekly w ON w.week = r.week`],
  ['churn_risk', `SELECT c.account_id\nFROM marts.fct_customer_360 c\nWHERE EXISTS (SELECT 1 FROM marts.fct_support_quality s WHERE s.account_id = c.account_id AND s.amount_1 < 3)\n  AND NOT EXISTS (SELECT 1 FROM marts.fct_product_engagement e WHERE e.account_id = c.account_id)`],
  ['marketing_weekly', `SELECT week, f.accounts AS funnel_accounts, r.accounts AS campaign_accounts FROM marts.fct_marketing_funnel_weekly f JOIN marts.fct_campaign_roi_weekly r USING (week)`],
  ['finance_close', `WITH ledger AS (SELECT * FROM marts.fct_cash_flow), fx AS (SELECT * FROM staging.stg_finance__fx_rates)\nSELECT l.account_id, l.amount_1 * fx.rate AS amount_usd FROM ledger l CROSS JOIN fx`],
  ['pipeline_coverage', `SELECT p.account_id, (SELECT sum(amount_1) FROM marts.fct_revenue r WHERE r.account_id = p.account_id) AS booked\nFROM marts.fct_sales_pipeline p`],
  ['adoption_by_release', `SELECT r.account_id, u.n FROM marts.fct_release_adoption r, LATERAL (SELECT count(*) AS n FROM marts.fct_product_engagement e WHERE e.account_id = r.account_id) u`],
  ['support_backlog', `SELECT t.account_id, array_agg(t.day_key) AS days\nFROM marts.fct_support_quality t\nCROSS JOIN UNNEST(sequence(1, 7)) AS d(n)\nGROUP BY 1`],
  ['"Weekly Ops Review"', `SELECT week, accounts FROM marts.fct_web_traffic_weekly\nINTERSECT\nSELECT week, accounts FROM marts.fct_customer_360_weekly`],
  ['top_accounts', `SELECT account_id, amount_1 FROM marts.fct_customer_360 ORDER BY amount_1 DESC LIMIT 50`],
];
for (const [name, sql] of reports) add(`reports.${name}`, sql);
add('reports.top_accounts_emea', `SELECT * FROM reports.top_accounts t JOIN staging.stg_sales__customers c ON c.id = t.account_id WHERE c.region = 'EMEA'`);
add('reports.exec_dashboard', `SELECT k.kpi, k.value, b.week FROM reports.exec_kpis k CROSS JOIN (SELECT max(week) AS week FROM reports.board_pack) b`);
// A real warehouse always has a broken view or two; it must be reported, not break the graph.
add('reports.legacy_margin_report', `SELECT region, sum(margin FROM marts.fct_revenue GROUP BY region`);

const out = { description: 'Analytics platform: six source domains, staging, intermediate, marts and reports.', catalog: 'test', schema: 'reports', views };
const target = join(dirname(fileURLToPath(import.meta.url)), '../src/main/resources/datasets/analytics_platform.json');
writeFileSync(target, JSON.stringify(out, null, 1) + '\n');
console.log(`wrote ${views.length} views to ${target}`);
