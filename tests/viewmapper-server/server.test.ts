/**
 * The viewmapper MCP server over real stdio with a real JVM: good paths,
 * missing and too-old Java, timeout, JVM crash and restart, separate session
 * histories, and a user's own jar through the upstream `run` contract.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnTrace, ExploreResult, ViewColumns } from '../../src/shared/lineage';
import { OpenLineageExportSchema, columnLineageFacetProblems } from '../../src/shared/openlineage';
import { JAR, fakeJava, startServer, textOf, type Running } from './harness';

if (!existsSync(JAR)) throw new Error(`viewmapper.jar not found at ${JAR}: run npm run build:java first`);

describe('viewmapper server with the bundled jar', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer({ VIEWMAPPER_CONNECTION: undefined, VIEWMAPPER_JAR: undefined, VIEWMAPPER_JAVA: undefined });
  }, 60_000);
  afterAll(async () => s?.close());

  it('lists the tools with schemas and read-only, open-world annotations (they read the files or database named)', async () => {
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['analyze_schema', 'explore_trino_views', 'extract_subgraph', 'generate_mermaid', 'get_view_sql', 'impact_of', 'list_catalogs', 'list_schemas', 'suggest_entry_points', 'trace_column', 'view_columns', 'openlineage_column_lineage'].sort(),
    );
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint).toBe(true);
      expect(t.annotations?.openWorldHint, t.name).toBe(true);
      expect(t.description, t.name).toContain('file:// reads .sql/.json files inside the chosen folder');
      expect(t.outputSchema).toBeDefined();
    }
    const explore = tools.find((t) => t.name === 'explore_trino_views')!;
    expect(explore.inputSchema.required).toEqual(['query']);
    expect(Object.keys(explore.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['query', 'connection', 'schema', 'session_id']));
  });

  it('offers guide resources and prompts; the prompts name only tools it has, and every bundled connection the guide lists answers', async () => {
    const { resources } = await s.client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['viewmapper://guide/connections', 'viewmapper://guide/questions']);
    const guide = await s.client.readResource({ uri: 'viewmapper://guide/connections' });
    const text = (guide.contents[0] as { text: string }).text;
    const bundled = [...new Set([...text.matchAll(/`(test:\/\/[a-z_]+)`/g)].map((m) => m[1]))];
    expect(bundled).toEqual(['test://kalla_ecommerce', 'test://analytics_platform', 'test://generated_warehouse']);
    for (const connection of bundled) expect((await s.call('list_catalogs', { connection })).isError, connection).toBeFalsy();

    const tools = new Set((await s.client.listTools()).tools.map((t) => t.name));
    const { prompts } = await s.client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['column_origin', 'explain_view', 'impact_of_change']);
    const args: Record<string, Record<string, string>> = {
      explain_view: { view: 'customer_orders' },
      column_origin: { view: 'customer_orders', column: 'total', connection: 'test://kalla_ecommerce' },
      impact_of_change: { name: 'raw.orders.discount' },
    };
    for (const p of prompts) {
      const got = await s.client.getPrompt({ name: p.name, arguments: args[p.name] });
      const message = (got.messages[0].content as { text: string }).text;
      const named = [...message.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)].map((m) => m[0]).filter((w) => !w.startsWith('customer_') && w !== 'kalla_ecommerce');
      expect(named.length, p.name).toBeGreaterThan(0);
      for (const tool of named) expect(tools.has(tool), `${p.name} names ${tool}`).toBe(true);
    }
  });

  it("completes the prompts' arguments from the catalog: view names, tables for impact, a view's columns", async () => {
    expect(s.client.getServerCapabilities()?.completions).toBeDefined();
    const complete = async (prompt: string, name: string, value: string, other: Record<string, string> = {}) =>
      (await s.client.complete({ ref: { type: 'ref/prompt', name: prompt }, argument: { name, value }, context: { arguments: other } })).completion.values;
    expect(await complete('explain_view', 'view', 'cust')).toEqual(['customer_lifetime_value', 'customer_orders', 'dim_customers', 'top_customers']);
    expect(await complete('explain_view', 'view', 'orders')).not.toContain('raw.orders'); // views only
    expect(await complete('impact_of_change', 'name', 'orders')).toContain('raw.orders');
    expect(await complete('column_origin', 'column', '', { view: 'top_customers' })).toEqual(expect.arrayContaining(['lifetime_value']));
    expect(await complete('column_origin', 'column', 'zz', { view: 'top_customers' })).toEqual([]);
    // Another connection named in the form; one that cannot be read completes nothing.
    expect((await complete('explain_view', 'view', 'stg', { connection: 'test://analytics_platform' })).length).toBeGreaterThan(0);
    expect(await complete('explain_view', 'view', 'x', { connection: 'file:///no/such/folder' })).toEqual([]);
  });

  it('answers explore_trino_views in text with a mermaid block, deterministically, on the default connection', async () => {
    const r = await s.call('explore_trino_views', { query: 'what depends on fact_orders' });
    expect(r.isError).toBeFalsy();
    const text = textOf(r);
    expect(text).toMatch(/^5 views depend on fact_orders/);
    expect(text).toMatch(/```mermaid\ngraph TB\n[\s\S]*n_top_customers[\s\S]*```$/);
    const sc = r.structuredContent as ExploreResult;
    expect(sc.engine).toBe('deterministic');
    expect(sc.via).toBe('serve');
    expect(sc.connection).toBe('test://kalla_ecommerce');
    expect(sc.intent).toBe('downstream');
    expect(sc.mermaid).toContain('n_fact_orders');
  });

  it('traces a column upstream to base tables and downstream to its readers, with structured output', async () => {
    const up = await s.call('trace_column', { name: 'top_customers.lifetime_value' });
    expect(up.isError).toBeFalsy();
    const trace = up.structuredContent as ColumnTrace;
    expect(trace.nodes.map((n) => `${n.relation}.${n.column}`)).toEqual([
      'top_customers.lifetime_value',
      'customer_lifetime_value.lifetime_value',
      'customer_orders.order_total',
      'fact_orders.order_total',
      'raw.order_items.quantity',
      'raw.order_items.unit_price',
    ]);
    expect(trace.edges).toContainEqual({ from: 'customer_orders.order_total', to: 'customer_lifetime_value.lifetime_value', kind: 'aggregate' });
    expect(textOf(up)).toContain('```mermaid\ngraph LR');
    expect(trace.total).toBe(6);
    // Cut at its cap (issue 26): the nearest columns are listed, the rest counted, and the text says how many.
    const cut = await s.call('trace_column', { name: 'top_customers.lifetime_value', max_nodes: 4 });
    const cutTrace = cut.structuredContent as ColumnTrace;
    expect(cutTrace.nodes).toHaveLength(4);
    expect(cutTrace).toMatchObject({ truncated: true, total: 6 });
    expect(textOf(cut)).toContain('(the nearest 3 listed; 2 farthest left out)');

    const down = await s.call('trace_column', { name: 'raw.payments', column: 'amount', direction: 'downstream' });
    const impact = down.structuredContent as ColumnTrace;
    expect(impact.nodes.map((n) => `${n.relation}.${n.column}`)).toEqual(
      expect.arrayContaining(['fact_payments.amount', 'order_payments.paid', 'order_payments.outstanding', 'daily_revenue.cash_in']),
    );

    const cols = await s.call('view_columns', { name: 'daily_revenue' });
    expect((cols.structuredContent as ViewColumns).columns.map((c) => c.name)).toEqual(['day', 'cash_in', 'booked']);

    // Indirect (issue 26): listed apart from the origins, and in "what breaks if I drop it".
    expect((cols.structuredContent as ViewColumns).indirect).toEqual(expect.arrayContaining([{ relation: 'fact_orders', column: 'status', subtype: 'filter' }]));
    expect(textOf(cols)).toContain('Indirect (decide which rows there are or their order, not a value; dropping one breaks the view): ');
    expect(textOf(cols)).toContain('fact_orders.status (filters on)');
    const dropStatus = (await s.call('trace_column', { name: 'fact_orders', column: 'status', direction: 'downstream' })).structuredContent as ColumnTrace;
    expect(dropStatus.edges).toEqual(expect.arrayContaining([{ from: 'fact_orders.status', to: 'daily_revenue.cash_in', kind: 'indirect' }]));

    // ORDER BY is INDIRECT/SORT (issue 26): top_customers sorts by lifetime_value (ORDER BY … LIMIT 100).
    const top = await s.call('view_columns', { name: 'top_customers' });
    expect((top.structuredContent as ViewColumns).indirect).toEqual([{ relation: 'customer_lifetime_value', column: 'lifetime_value', subtype: 'sort' }]);
    expect(textOf(top)).toContain('customer_lifetime_value.lifetime_value (sorts by)');
    // A window's keys are read by its column, not its value (INDIRECT/WINDOW), and "what breaks if I drop" includes that column.
    const latest = await s.call('view_columns', { name: 'intermediate.int_sales__orders_latest', connection: 'test://analytics_platform' });
    const rn = (latest.structuredContent as ViewColumns).columns.find((c) => c.name === 'rn');
    expect(rn?.origins).toEqual([]);
    expect(rn?.indirect?.map((i) => `${i.column} ${i.subtype}`)).toEqual(['id window', 'loaded_at window']);
    expect(textOf(latest)).toMatch(/- rn ← no source column \(a constant or count\(\*\)\); reads, not as its value: \S+\.id \(window key\), \S+\.loaded_at \(window key\)/);
    const dropLoaded = (await s.call('trace_column', { name: 'intermediate.int_sales__orders_enriched', column: 'loaded_at', direction: 'downstream', connection: 'test://analytics_platform' }))
      .structuredContent as ColumnTrace;
    expect(dropLoaded.edges).toEqual(expect.arrayContaining([expect.objectContaining({ to: 'intermediate.int_sales__orders_latest.rn', kind: 'indirect' })]));

    const missing = await s.call('trace_column', { name: 'daily_revenue.nope' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain("daily_revenue has no column 'nope'; its columns are [day, cash_in, booked]");
  });

  it('exports column lineage as OpenLineage columnLineage facets that conform to the 1-2-0 spec (issue 26)', async () => {
    const one = await s.call('openlineage_column_lineage', { name: 'daily_revenue' });
    expect(one.isError).toBeFalsy();
    const r = OpenLineageExportSchema.parse(one.structuredContent);
    expect(r.datasets.map((d) => d.name)).toEqual(['test.ecommerce.daily_revenue']);
    const facet = r.datasets[0].facets.columnLineage;
    expect(columnLineageFacetProblems(facet)).toEqual([]);
    expect(Object.keys(facet.fields)).toEqual(['day', 'cash_in', 'booked']);
    // cash_in is sum(paid) over order_payments: an aggregation of that column, named in full.
    expect(facet.fields.cash_in.inputFields).toEqual([
      expect.objectContaining({ namespace: 'test://kalla_ecommerce', name: 'test.ecommerce.order_payments', field: 'paid',
        transformations: [expect.objectContaining({ type: 'DIRECT', subtype: 'AGGREGATION' })] }),
    ]);
    expect(textOf(one)).toContain('```json');

    const all = OpenLineageExportSchema.parse((await s.call('openlineage_column_lineage', { namespace: 'trino://warehouse:8080' })).structuredContent);
    expect(all.total).toBe(12);
    expect(all.datasets).toHaveLength(12);
    expect(all.datasets.every((d) => d.namespace === 'trino://warehouse:8080')).toBe(true);
    const problems = all.datasets.flatMap((d) => columnLineageFacetProblems(d.facets.columnLineage).map((p) => `${d.name}: ${p}`));
    expect(problems).toEqual([]);
    const subtypes = new Set(all.datasets.flatMap((d) => Object.values(d.facets.columnLineage.fields).flatMap((f) => f.inputFields.flatMap((i) => (i.transformations ?? []).map((t) => t.subtype)))));
    expect([...subtypes].sort()).toEqual(['AGGREGATION', 'IDENTITY', 'TRANSFORMATION']);

    // daily_revenue joins on order_id and filters on status: the dataset-level INDIRECT list.
    expect(facet.dataset).toEqual(expect.arrayContaining([
      { namespace: 'test://kalla_ecommerce', name: 'test.ecommerce.fact_orders', field: 'status', transformations: [{ type: 'INDIRECT', subtype: 'FILTER' }] },
      { namespace: 'test://kalla_ecommerce', name: 'test.ecommerce.fact_orders', field: 'order_id', transformations: [{ type: 'INDIRECT', subtype: 'JOIN' }] },
    ]));

    // Issue 26: ORDER BY is dataset-level INDIRECT/SORT; a window's keys are field-level INDIRECT/WINDOW on the column that reads them.
    const top = all.datasets.find((d) => d.name === 'test.ecommerce.top_customers')!.facets.columnLineage;
    expect(top.dataset).toEqual([{ namespace: 'trino://warehouse:8080', name: 'test.ecommerce.customer_lifetime_value', field: 'lifetime_value', transformations: [{ type: 'INDIRECT', subtype: 'SORT' }] }]);
    const latest = OpenLineageExportSchema.parse(
      (await s.call('openlineage_column_lineage', { name: 'intermediate.int_sales__orders_latest', connection: 'test://analytics_platform' })).structuredContent,
    ).datasets[0].facets.columnLineage;
    expect(columnLineageFacetProblems(latest)).toEqual([]);
    expect(latest.fields.rn.inputFields.map((i) => `${i.field} ${i.transformations?.map((t) => `${t.type}/${t.subtype}`).join()}`)).toEqual(['id INDIRECT/WINDOW', 'loaded_at INDIRECT/WINDOW']);

    const capped = OpenLineageExportSchema.parse((await s.call('openlineage_column_lineage', { limit: 3 })).structuredContent);
    expect([capped.datasets.length, capped.total, capped.truncated]).toEqual([3, 12, true]);
  });

  it('the OpenLineage facet check rejects what the spec rejects', () => {
    const good = { _producer: 'urn:x:y', _schemaURL: 'https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json', fields: { a: { inputFields: [{ namespace: 'n', name: 't', field: 'b', transformations: [{ type: 'INDIRECT', subtype: 'FILTER' }] }] } } };
    expect(columnLineageFacetProblems(good)).toEqual([]);
    expect(columnLineageFacetProblems({ ...good, _producer: 'not a uri' })).toEqual(['_producer must be a URI']);
    expect(columnLineageFacetProblems({ ...good, fields: { a: { inputFields: [{ namespace: 'n', name: 't', field: 'b', transformations: [{ type: 'COPY' }] }] } } }))
      .toEqual(['fields.a.inputFields[0].transformations[0].type must be DIRECT or INDIRECT, got "COPY"']);
    expect(columnLineageFacetProblems({ ...good, fields: { a: { inputFields: [{ namespace: 'n', name: 't', field: 'b', transformations: [{ type: 'DIRECT', subtype: 'FILTER' }] }] } } }))
      .toEqual(['fields.a.inputFields[0].transformations[0].subtype "FILTER" is not one of IDENTITY, TRANSFORMATION, AGGREGATION for DIRECT']);
    expect(columnLineageFacetProblems({ ...good, fields: { a: { inputFields: [{ namespace: 'n', field: 'b' }] } } })).toEqual(['fields.a.inputFields[0].name must be a non-empty string']);
    expect(columnLineageFacetProblems({ ...good, fields: { a: {} } })).toEqual(['fields.a.inputFields must be an array']);
  });

  it('says what a view reads that column lineage does not follow, and which views Trino would refuse (issue 26)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vm-untraced-'));
    try {
      writeFileSync(join(dir, 'views.sql'), [
        'CREATE VIEW seq AS SELECT * FROM TABLE(system.sequence(start => 1, stop => 3));',
        'CREATE VIEW short (a, b) AS SELECT x, y, z FROM raw.t;',
      ].join('\n'));
      const connection = `file://${dir}`;
      const cols = await s.call('view_columns', { connection, name: 'seq' });
      expect((cols.structuredContent as ViewColumns).untraced).toEqual(['a table function']);
      expect(textOf(cols)).toContain('Its * also reads a table function, which column lineage does not follow');
      const missing = await s.call('trace_column', { connection, name: 'seq', column: 'sequential_number' });
      expect(missing.isError).toBe(true);
      expect(textOf(missing)).toContain("its * also reads a table function, which is not traced");
      const a = await s.call('analyze_schema', { connection });
      expect((a.structuredContent as { failures: Array<{ reason: string }> }).failures.map((f) => f.reason)).toEqual([
        'invalid view, Trino rejects it: its column list has 2 names but its query has 3 columns (in views.sql from line 2)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers the structured tools', async () => {
    const a = await s.call('analyze_schema', { connection: 'test://analytics_platform' });
    const analysis = a.structuredContent as { viewCount: number; failures: unknown[]; complexity: string };
    expect(analysis.viewCount).toBe(151);
    expect(analysis.complexity).toBe('COMPLEX');
    expect(analysis.failures).toHaveLength(1);
    expect(textOf(a)).toContain('could not be parsed');

    const e = await s.call('suggest_entry_points', { limit: 2 });
    expect((e.structuredContent as { entryPoints: { highImpact: Array<{ name: string }> } }).entryPoints.highImpact.map((x) => x.name)).toEqual(['fact_orders', 'dim_customers']);

    const sub = await s.call('extract_subgraph', { focus: 'customer_orders', upstream_depth: 1, downstream_depth: 1 });
    const g = sub.structuredContent as { nodes: Array<{ name: string; role: string }>; edges: string[][] };
    expect(g.nodes.find((n) => n.role === 'focus')?.name).toBe('customer_orders');
    expect(g.edges).toContainEqual(['fact_orders', 'customer_orders']);
    // Issue 26: each node carries its schema, also where its name leaves the default one out; without a
    // focus the whole graph; past max_nodes the count left out (a neighbourhood) or "too large" with it.
    expect((g.nodes as Array<{ name: string; schema?: string }>).find((n) => n.name === 'customer_orders')?.schema).toBe('ecommerce');
    const whole = await s.call('extract_subgraph', {});
    const w = whole.structuredContent as { focus: string | null; nodes: Array<{ name: string; schema: string }>; total: number };
    expect([w.focus, w.nodes.length, w.total]).toEqual([null, w.total, w.total]);
    expect(w.nodes.find((n) => n.name === 'raw.orders')?.schema).toBe('raw');
    expect(textOf(whole)).toContain('in the whole graph');
    const cut = await s.call('extract_subgraph', { focus: 'customer_orders', upstream_depth: 1, downstream_depth: 1, max_nodes: 2 });
    expect(textOf(cut)).toContain(`the nearest of ${(cut.structuredContent as { total: number }).total}`);
    const tooMany = await s.call('extract_subgraph', { max_nodes: 3 });
    expect(tooMany.structuredContent).toMatchObject({ tooLarge: true, total: w.total });
    expect(textOf(tooMany)).toContain(`${w.total} nodes is too many`);

    const imp = await s.call('impact_of', { name: 'raw.orders' });
    expect((imp.structuredContent as { count: number }).count).toBe(6);

    const m = await s.call('generate_mermaid', { focus: 'daily_revenue', direction: 'LR' });
    expect((m.structuredContent as { mermaid: string }).mermaid).toMatch(/^graph LR/);

    const big = await s.call('generate_mermaid', { connection: 'test://analytics_platform' });
    expect((big.structuredContent as { tooLarge?: boolean }).tooLarge).toBe(true);

    const sql = await s.call('get_view_sql', { name: 'top_customers' });
    expect((sql.structuredContent as { sql: string }).sql).toMatch(/FROM customer_lifetime_value/);

    expect((await s.call('list_catalogs', {})).structuredContent).toEqual({ connection: 'test://kalla_ecommerce', catalogs: ['test'] });
    expect((await s.call('list_schemas', {})).structuredContent).toMatchObject({ schemas: expect.arrayContaining(['ecommerce']) });
  });

  it('takes schema as catalog.schema', async () => {
    const a = await s.call('analyze_schema', { schema: 'test.ecommerce' });
    expect(a.structuredContent).toMatchObject({ catalog: 'test', schema: 'ecommerce', viewCount: 12 });
  });

  it('turns engine failures into isError results in the seed style', async () => {
    const r = await s.call('impact_of', { name: 'custmer_orders' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^❌ ViewMapper Error:\n.*custmer_orders/);

    const bad = await s.call('analyze_schema', { connection: 'file:///nonexistent/views.json' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^❌ ViewMapper Error:\n/);

    const empty = await s.call('explore_trino_views', { query: '   ' });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toBe("❌ Error: 'query' parameter is required");
  });

  it('keeps separate histories per session (last 3 turns, answers truncated to 200 characters)', async () => {
    const ask = async (session: string, query: string) => (await s.call('explore_trino_views', { query, session_id: session })).structuredContent as ExploreResult;
    expect((await ask('alice', 'what depends on fact_orders')).history).toEqual([]);
    expect((await ask('bob', 'what are the entry points')).history).toEqual([]);
    const third = await ask('alice', 'upstream of top_customers');
    expect(third.history.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(third.history[0].content).toBe('what depends on fact_orders');
    expect(third.history.some((m) => m.content.includes('entry points'))).toBe(false);
    const bobNext = await ask('bob', 'leaf views');
    expect(bobNext.history[0].content).toBe('what are the entry points');
    // The entry-points answer is long: remembered cut to 200 characters plus "...".
    expect(bobNext.history[1].content.length).toBe(203);
    expect(bobNext.history[1].content.endsWith('...')).toBe(true);
    for (const q of ['cycles', 'base tables', 'show the full diagram']) await ask('alice', q);
    const last = await ask('alice', 'leaf views');
    expect(last.history.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['cycles', 'base tables', 'show the full diagram']);
  });

  it('restarts the JVM when it dies and answers the next request', async () => {
    await s.call('list_catalogs', {});
    const [, pidText] = await s.waitForStderr(/engine JVM started pid (\d+)/);
    const first = Number(pidText);
    process.kill(first, 'SIGKILL');
    await s.waitForStderr(/the engine JVM exited \(SIGKILL\)/);
    const r = await s.call('explore_trino_views', { query: 'what depends on dim_customers' });
    expect(r.isError).toBeFalsy();
    const pids = [...s.stderr().matchAll(/engine JVM started pid (\d+)/g)].map((m) => Number(m[1]));
    expect(pids.length).toBeGreaterThanOrEqual(2);
    expect(pids.at(-1)).not.toBe(first);
    expect(s.stderr()).toContain('restarting the engine JVM');
  });
});

describe('viewmapper server: Java problems', () => {
  it('says what to install when no Java is found', async () => {
    const s = await startServer({ VIEWMAPPER_JAVA: undefined, JAVA_HOME: mkdtempSync(join(tmpdir(), 'no-jdk-')), PATH: '/nonexistent' });
    try {
      const r = await s.call('explore_trino_views', { query: 'what are the entry points' });
      expect(r.isError).toBe(true);
      const t = textOf(r);
      expect(t).toMatch(/^❌ Error: Java or JAR file not found/);
      expect(t).toContain('Java 17 or newer');
      expect(t).toContain('VIEWMAPPER_JAVA');
      expect(t).toContain('JAVA_HOME');
      // Every tool fails the same way, nothing throws.
      const a = await s.call('analyze_schema', {});
      expect(textOf(a)).toMatch(/^❌ Error: Java or JAR file not found/);
    } finally {
      await s.close();
    }
  });

  it('refuses a too-old Java with the version it found', async () => {
    const java = fakeJava('java version "11.0.2" 2019-01-15 LTS');
    const s = await startServer({ VIEWMAPPER_JAVA: java });
    try {
      const r = await s.call('explore_trino_views', { query: 'leaf views' });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain(`❌ Error: Java 11.0.2 at ${java} (from VIEWMAPPER_JAVA) is too old.`);
      expect(textOf(r)).toContain('Java 17 or newer');
    } finally {
      await s.close();
    }
  });

  it('says the jar is missing when VIEWMAPPER_JAR points nowhere', async () => {
    const s = await startServer({ VIEWMAPPER_JAR: '/nonexistent/my-viewmapper.jar' });
    try {
      const r = await s.call('explore_trino_views', { query: 'leaf views' });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/^❌ Error: Java or JAR file not found\. VIEWMAPPER_JAR points at a file that does not exist/);
    } finally {
      await s.close();
    }
  });

  it('gives the friendly timeout message when the engine does not answer in time', async () => {
    // A Java 17 that accepts the request and never answers: the timeout is the only way out.
    const java = fakeJava('openjdk version "17.0.9" 2023-10-17', 'exec cat > /dev/null');
    const s = await startServer({ VIEWMAPPER_JAVA: java, VIEWMAPPER_TIMEOUT_MS: '300' });
    try {
      const r = await s.call('explore_trino_views', { query: 'what are the entry points' });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/^⏱️ Request timed out after 0\.3 seconds\. Try a simpler question/);
    } finally {
      await s.close();
    }
  });
});

describe('viewmapper server with a user jar (run contract)', () => {
  it('answers explore_trino_views through `run` with history in the prompt, and says other tools need the bundled engine', async () => {
    const s = await startServer({ VIEWMAPPER_JAR: JAR, VIEWMAPPER_CONNECTION: undefined });
    try {
      // Kalla's jar as VIEWMAPPER_JAR runs in upstream's contract (VIEWMAPPER_COMPAT=upstream), which rejects
      // --catalog and --user: the catalog goes into --schema, the user into the environment.
      const r = await s.call('explore_trino_views', { query: 'what depends on fact_orders', session_id: 'x', connection: 'test://kalla_ecommerce', schema: 'test.ecommerce', user: 'ann' });
      expect(r.isError).toBeFalsy();
      expect(textOf(r)).toMatch(/^5 views depend on fact_orders[\s\S]*```mermaid\ngraph TB/);
      expect((r.structuredContent as ExploreResult).via).toBe('run');
      const a = await s.call('analyze_schema', {});
      expect(a.isError).toBe(true);
      expect(textOf(a)).toContain('needs Kalla');
      // The default connection is upstream's dataset, which Kalla's jar explains in upstream's error format.
      const d = await s.call('explore_trino_views', { query: 'leaf views', session_id: 'y' });
      expect(d.isError).toBe(true);
      expect(textOf(d)).toMatch(/^❌ ViewMapper Error:\nError: test:\/\/simple_ecommerce is a dataset of upstream ViewMapper[\s\S]*file:\/\/\/path\/to\/simple_ecommerce\.json/);
    } finally {
      await s.close();
    }
  }, 60_000);
});

describe('viewmapper server with a user jar: what upstream\'s jar is given', () => {
  it('passes only --connection, --schema, --output text and --verbose, with the user in the Trino URL and no password on the command line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vm-upstream-'));
    // A stand-in for upstream's jar: records its command line and environment, answers like upstream's text output.
    const java = fakeJava('openjdk version "24.0.2" 2025-07-15', `printf '%s\\n' "$@" > ${dir}/argv\nenv | grep '^VIEWMAPPER_' | sort > ${dir}/env\necho 'The views are fine.'`);
    const s = await startServer({ VIEWMAPPER_JAVA: java, VIEWMAPPER_JAR: JAR, VIEWMAPPER_CONNECTION: undefined, VIEWMAPPER_VERBOSE: '1' });
    try {
      const r = await s.call('explore_trino_views', { query: 'leaf views', connection: 'jdbc:trino://h:8080', schema: 'viewzoo.example', user: 'ann', password: 'pw-not-on-argv' });
      expect(r.isError, textOf(r)).toBeFalsy();
      expect(textOf(r)).toBe('The views are fine.');
      const argv = readFileSync(join(dir, 'argv'), 'utf8').trimEnd().split('\n');
      const run = argv.slice(argv.indexOf('run') + 1);
      expect(run).toEqual(['leaf views', '--connection', 'jdbc:trino://h:8080?user=ann', '--output', 'text', '--schema', 'viewzoo.example', '--verbose']);
      expect(argv.join(' ')).not.toContain('pw-not-on-argv');
      expect(readFileSync(join(dir, 'env'), 'utf8')).toContain('VIEWMAPPER_COMPAT=upstream');
      // No connection given and VIEWMAPPER_CONNECTION unset: upstream's default dataset.
      await s.call('explore_trino_views', { query: 'leaf views', session_id: 'other' });
      const again = readFileSync(join(dir, 'argv'), 'utf8').trimEnd().split('\n');
      expect(again.slice(again.indexOf('run') + 1, again.indexOf('run') + 6)).toEqual(['leaf views', '--connection', 'test://simple_ecommerce', '--output', 'text']);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
