#!/usr/bin/env node
// Builds resources/viewmapper/viewmapper.jar from src/main with the plain JDK (javac + jar).
// Incremental at the whole-jar level: when no source or resource is newer than the jar,
// nothing runs. A full compile of the engine takes a few seconds, so finer tracking
// (per-class dependency analysis) is not worth its complexity.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const srcJava = join(root, 'src/main/java');
const srcResources = join(root, 'src/main/resources');
const buildDir = join(root, 'build');
const classes = join(buildDir, 'classes');
const jarPath = join(root, 'viewmapper.jar');
const MAIN_CLASS = 'dev.kalla.viewmapper.app.Main';
// javac and jar are short-lived JVMs: C1-only compilation roughly halves their run time.
export const TOOL_JVM_FLAGS = ['-J-XX:TieredStopAtLevel=1', '-J-Xshare:auto'];

export function listFiles(dir, suffix = '') {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(p, suffix));
    else if (p.endsWith(suffix)) out.push(p);
  }
  return out;
}

function newestMtime(files) {
  return files.reduce((max, f) => Math.max(max, statSync(f).mtimeMs), 0);
}

export function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.error) throw new Error(`${cmd} could not start: ${r.error.message} (is a JDK 17 on PATH?)`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function buildJar({ force = false } = {}) {
  const sources = listFiles(srcJava, '.java');
  const resources = listFiles(srcResources);
  const inputs = [...sources, ...resources, fileURLToPath(import.meta.url)];
  if (!force && existsSync(jarPath) && statSync(jarPath).mtimeMs >= newestMtime(inputs)) {
    console.log(`viewmapper.jar is up to date (${sources.length} sources)`);
    return jarPath;
  }
  const t0 = Date.now();
  rmSync(classes, { recursive: true, force: true });
  mkdirSync(classes, { recursive: true });
  const argFile = join(buildDir, 'sources.txt');
  writeFileSync(argFile, sources.map((s) => `"${s.replaceAll('\\', '/')}"`).join('\n'));
  run('javac', [...TOOL_JVM_FLAGS, '--release', '17', '-encoding', 'UTF-8', '-Xlint:all', '-Xlint:-serial', '-d', classes, `@${argFile}`]);
  if (existsSync(srcResources)) cpSync(srcResources, classes, { recursive: true });
  run('jar', [...TOOL_JVM_FLAGS, '--create', '--file', jarPath, '--main-class', MAIN_CLASS, '-C', classes, '.']);
  console.log(`built ${relative(process.cwd(), jarPath)} from ${sources.length} sources in ${Date.now() - t0} ms`);
  return jarPath;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildJar({ force: process.argv.includes('--force') });
}
