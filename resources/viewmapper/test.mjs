#!/usr/bin/env node
// Compiles and runs the engine's JUnit 5 tests with the JUnit console launcher
// (Debian package junit5). Prints the launcher's summary and exits non-zero on failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildJar, listFiles, run, TOOL_JVM_FLAGS } from './build.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const buildDir = join(root, 'build');
const testClasses = join(buildDir, 'test-classes');
const mainClasses = join(buildDir, 'classes');

function findLauncher() {
  const dirs = [process.env.JUNIT_HOME, '/usr/share/java'].filter(Boolean);
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const jar = readdirSync(dir).find((f) => /^junit-platform-console-standalone.*\.jar$/.test(f));
    if (jar) return join(dir, jar);
  }
  console.error('JUnit console launcher not found: install it with `apt-get install -y junit5` or set JUNIT_HOME');
  process.exit(2);
}

const launcher = findLauncher();
buildJar();
if (!existsSync(mainClasses)) buildJar({ force: true });

const t0 = Date.now();
rmSync(testClasses, { recursive: true, force: true });
mkdirSync(testClasses, { recursive: true });
const sources = listFiles(join(root, 'src/test/java'), '.java');
const argFile = join(buildDir, 'test-sources.txt');
writeFileSync(argFile, sources.map((s) => `"${s.replaceAll('\\', '/')}"`).join('\n'));
const classpath = [mainClasses, launcher].join(delimiter);
run('javac', [...TOOL_JVM_FLAGS, '--release', '17', '-encoding', 'UTF-8', '-cp', classpath, '-d', testClasses, `@${argFile}`]);
console.log(`compiled ${sources.length} test sources in ${Date.now() - t0} ms`);

const filter = process.argv.slice(2);
const selection = filter.length ? filter.flatMap((f) => ['--select-class', f]) : ['--scan-class-path', testClasses];
const r = spawnSync('java', [
  '-XX:TieredStopAtLevel=1',
  '-jar', launcher,
  '--class-path', [testClasses, mainClasses].join(delimiter),
  ...selection,
  '--disable-banner',
  '--details=summary',
  '--details-theme=ascii',
  '--fail-if-no-tests',
], { stdio: 'inherit' });
process.exit(r.status ?? 1);
