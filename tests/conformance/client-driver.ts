/**
 * The MCP conformance suite's client under test: Kalla's real host (McpHost, the code behind the
 * Servers workspace and the Assistant) pointed at the suite's scenario server. The suite runs
 * `node --import tsx tests/conformance/client-driver.ts <server-url>` with MCP_CONFORMANCE_SCENARIO
 * set; the driver adds the URL as a remote server, waits until it runs, and calls each listed tool
 * with arguments made from its input schema (what a user does from the tool form), then stops.
 * Exit 0 when the host did what it could; the suite judges the traffic.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHost } from '../../src/main/mcp/host';
import type { ServerConfig } from '../../src/shared/mcp';

const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: client-driver.ts <server-url>\n');
  process.exit(2);
}

/** A value for each property a schema requires (numbers 1, strings "test", booleans true, …). */
function sample(schema: Record<string, unknown> | undefined): unknown {
  const type = Array.isArray(schema?.type) ? (schema?.type as string[])[0] : (schema?.type as string | undefined);
  if (schema && 'default' in schema) return schema.default;
  if (Array.isArray(schema?.enum)) return (schema!.enum as unknown[])[0];
  switch (type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const props = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sample(v)]));
    }
    default:
      return 'test';
  }
}

/**
 * The server's OAuth settings, as a user fills them in the server form: credentials the
 * scenario hands over (MCP_CONFORMANCE_CONTEXT: a pre-registered client, or a service account for
 * the client_credentials scenarios), and the URL where their organisation publishes Kalla's client
 * metadata document (the suite's fixed one), used only where the authorization server supports it.
 */
function oauthSettings(): NonNullable<ServerConfig['oauth']> {
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, string | undefined>;
  const serviceAccount = (process.env.MCP_CONFORMANCE_SCENARIO ?? '').startsWith('auth/client-credentials');
  return {
    clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
    ...(context.client_id ? { clientId: context.client_id } : {}),
    ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
    ...(context.private_key_pem ? { privateKey: context.private_key_pem } : {}),
    ...(context.signing_algorithm ? { signingAlgorithm: context.signing_algorithm as 'ES256' } : {}),
    ...(serviceAccount ? { grant: 'client_credentials' as const } : {}),
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'kalla-conformance-'));
// OAuth: tokens in memory; "the browser" follows the authorization server's redirects to Kalla's
// loopback callback, as a browser does when the user clicks Allow (the suite's server auto-approves).
const secrets = new Map<string, string>();
const browser = async (url: string) => {
  let next = url;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (!location || res.status < 300 || res.status >= 400) return;
    next = new URL(location, next).href;
  }
};
const host = new McpHost({
  dataDir,
  spawnEnv: async () => ({ PATH: process.env.PATH ?? '' }),
  restart: { maxRetries: 0, baseDelayMs: 50, maxDelayMs: 50 },
  oauth: {
    secrets: { get: async (k) => secrets.get(k), set: async (k, v) => void secrets.set(k, v), delete: async (k) => void secrets.delete(k) },
    openBrowser: (url) => {
      void browser(url).catch((e: unknown) => process.stderr.write(`[driver] browser: ${String(e)}\n`));
      return Promise.resolve();
    },
    signInTimeoutMs: 15_000,
  },
});
let code = 0;
// Elicitation: the user presses Send on the form as shown — the schema's defaults filled in.
host.on((e) => {
  if (e.type !== 'clientRequest') return;
  const r = e.request;
  if (r.kind === 'elicitForm') {
    const props = (r.requestedSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const content = Object.fromEntries(Object.entries(props).filter(([, p]) => 'default' in p).map(([k, p]) => [k, p.default]));
    process.stderr.write(`[driver] elicitation from ${r.server}: accepting ${JSON.stringify(content)}\n`);
    host.answerClientRequest(r.id, { action: 'accept', content });
  } else {
    host.answerClientRequest(r.id, { action: 'decline' });
  }
});
try {
  await host.start();
  await host.addServer('conformance', { url, type: 'http', args: [], env: {}, oauth: oauthSettings() });
  const started = Date.now();
  while (!['running', 'error'].includes(host.get('conformance')?.status ?? '') && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 50));
  if (host.get('conformance')?.auth === 'needs-sign-in') {
    process.stderr.write('[driver] the server needs sign-in: signing in\n');
    await host.signIn('conformance').catch((e: unknown) => process.stderr.write(`[driver] sign-in: ${String(e)}\n`));
    const t0 = Date.now();
    while (!['running', 'error'].includes(host.get('conformance')?.status ?? '') && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 50));
  }
  const view = host.get('conformance');
  process.stderr.write(`[driver] ${process.env.MCP_CONFORMANCE_SCENARIO ?? '?'}: server is ${view?.status}${view?.error ? ` (${view.error})` : ''}\n`);
  if (view?.status === 'running') {
    for (const tool of host.tools('conformance')) {
      const args = sample(tool.inputSchema as Record<string, unknown>) as Record<string, unknown>;
      const call = () => host.callTool('conformance', tool.name, args).then((r) => r as unknown, (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }));
      let result = await call();
      // "Needs more permission: sign in again" (step-up): the user clicks Sign in and calls again, twice at most.
      for (let again = 0; again < 2 && 'error' in (result as object) && host.get('conformance')?.auth === 'needs-sign-in'; again++) {
        process.stderr.write(`[driver] ${(result as { error: string }).error}: signing in again\n`);
        await host.signIn('conformance').catch((e: unknown) => process.stderr.write(`[driver] sign-in: ${String(e)}\n`));
        result = await call();
      }
      process.stderr.write(`[driver] ${tool.name}(${JSON.stringify(args)}) → ${JSON.stringify(result).slice(0, 300)}\n`);
    }
  } else code = 1;
} finally {
  await host.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
