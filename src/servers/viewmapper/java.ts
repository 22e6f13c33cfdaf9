/**
 * Finding Java and the engine jar, as seed 001 asks: VIEWMAPPER_JAVA, then
 * JAVA_HOME, then PATH; the version must be 17 or newer. The jar is the one
 * bundled with Kalla unless VIEWMAPPER_JAR names a user's own
 * ViewMapper-compatible jar (used through the upstream `run` contract).
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIN_JAVA = 17;

export interface JavaCandidate {
  path: string;
  /** Where it came from, in words for messages: "VIEWMAPPER_JAVA", "JAVA_HOME", "PATH". */
  source: 'VIEWMAPPER_JAVA' | 'JAVA_HOME' | 'PATH';
}

export interface JavaFound extends JavaCandidate {
  version: string;
  major: number;
}

export type JavaProblem =
  | { kind: 'missing'; looked: string[] }
  | { kind: 'too_old'; java: JavaFound }
  | { kind: 'unusable'; candidate: JavaCandidate; reason: string };

export interface JarFound {
  path: string;
  /** true when VIEWMAPPER_JAR points at a user's own jar: only `run` is assumed. */
  custom: boolean;
}

const exe = (name: string, platform: NodeJS.Platform) => (platform === 'win32' ? `${name}.exe` : name);

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The one Java to use, by priority. An explicit setting that points nowhere is
 * reported rather than silently skipped: the user asked for that Java.
 */
export function findJavaCandidate(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): JavaCandidate | { looked: string[] } {
  const looked: string[] = [];
  const explicit = env.VIEWMAPPER_JAVA?.trim();
  if (explicit) {
    // A folder (a JDK home) is accepted too.
    const path = existsSync(explicit) && statSync(explicit).isDirectory() ? join(explicit, 'bin', exe('java', platform)) : explicit;
    if (isExecutable(path)) return { path, source: 'VIEWMAPPER_JAVA' };
    looked.push(`VIEWMAPPER_JAVA=${explicit} (not an executable file)`);
    return { looked };
  }
  const home = env.JAVA_HOME?.trim();
  if (home) {
    const path = join(home, 'bin', exe('java', platform));
    if (isExecutable(path)) return { path, source: 'JAVA_HOME' };
    looked.push(`JAVA_HOME=${home} (no bin/${exe('java', platform)} there)`);
  }
  const pathVar = env.PATH ?? env.Path ?? '';
  for (const dir of pathVar.split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, exe('java', platform));
    if (isExecutable(path)) return { path, source: 'PATH' };
  }
  looked.push('PATH (no java found)');
  return { looked };
}

/** `openjdk version "17.0.15"`, `java version "1.8.0_392"`, `openjdk version "21" 2023-09-19`. */
export function parseJavaVersion(output: string): { version: string; major: number } | undefined {
  const m = /version\s+"([^"]+)"/.exec(output) ?? /(?:openjdk|java)\s+(\d+(?:\.\d+)*)/i.exec(output);
  if (!m) return undefined;
  const version = m[1];
  const parts = version.split(/[.\-_+]/).map((p) => Number.parseInt(p, 10));
  const major = parts[0] === 1 && parts.length > 1 ? parts[1] : parts[0];
  if (!Number.isFinite(major)) return undefined;
  return { version, major };
}

export function javaVersion(path: string, env: NodeJS.ProcessEnv): Promise<{ version: string; major: number } | { error: string }> {
  return new Promise((done) => {
    execFile(path, ['-version'], { env, timeout: 15_000, windowsHide: true }, (error, stdout, stderr) => {
      const parsed = parseJavaVersion(`${stderr}\n${stdout}`);
      if (parsed) return done(parsed);
      done({ error: error ? error.message : `could not read a version from: ${(stderr || stdout).trim().slice(0, 200)}` });
    });
  });
}

export async function findJava(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Promise<JavaFound | JavaProblem> {
  const candidate = findJavaCandidate(env, platform);
  if (!('path' in candidate)) return { kind: 'missing', looked: candidate.looked };
  const v = await javaVersion(candidate.path, env);
  if ('error' in v) return { kind: 'unusable', candidate, reason: v.error };
  const found: JavaFound = { ...candidate, ...v };
  return v.major >= MIN_JAVA ? found : { kind: 'too_old', java: found };
}

const INSTALL_HINT =
  `ViewMapper needs Java ${MIN_JAVA} or newer. Install a JDK or JRE ${MIN_JAVA}+ (for example Eclipse Temurin from https://adoptium.net, ` +
  '`brew install openjdk@17` on macOS, `sudo apt install openjdk-17-jre-headless` on Debian/Ubuntu), ' +
  'then restart the server — or set VIEWMAPPER_JAVA to the java executable (or JAVA_HOME to the JDK folder).';

/** Seed 001's style: `❌ Error: Java or JAR file not found...` plus what to install or set. */
export function javaProblemMessage(p: JavaProblem): string {
  switch (p.kind) {
    case 'missing':
      return `❌ Error: Java or JAR file not found. No Java runtime was found.\nLooked at: ${p.looked.join('; ')}.\n${INSTALL_HINT}`;
    case 'too_old':
      return `❌ Error: Java ${p.java.version} at ${p.java.path} (from ${p.java.source}) is too old.\n${INSTALL_HINT}`;
    case 'unusable':
      return `❌ Error: Java or JAR file not found. The java at ${p.candidate.path} (from ${p.candidate.source}) did not run: ${p.reason}\n${INSTALL_HINT}`;
  }
}

/**
 * Where the bundled jar may be: the packaged app's resources folder, or
 * `resources/viewmapper/viewmapper.jar` above this file (source tree:
 * src/servers/viewmapper/, bundle: out/main/).
 */
export function bundledJarCandidates(moduleUrl: string = import.meta.url): string[] {
  const out: string[] = [];
  const resourcesPath = (process as NodeJS.Process & { resourcesPath?: string }).resourcesPath;
  if (resourcesPath) out.push(join(resourcesPath, 'viewmapper', 'viewmapper.jar'));
  // Electron-as-Node: resources/ sits next to the executable (Linux/Windows) or in ../Resources (macOS).
  out.push(join(dirname(process.execPath), 'resources', 'viewmapper', 'viewmapper.jar'));
  out.push(join(dirname(process.execPath), '..', 'Resources', 'viewmapper', 'viewmapper.jar'));
  let dir = dirname(fileURLToPath(moduleUrl));
  for (let i = 0; i < 6; i++) {
    out.push(join(dir, 'resources', 'viewmapper', 'viewmapper.jar'));
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return [...new Set(out.map((p) => resolve(p)))];
}

export function findJar(env: NodeJS.ProcessEnv, moduleUrl: string = import.meta.url): JarFound | { looked: string[]; custom: boolean } {
  const custom = env.VIEWMAPPER_JAR?.trim();
  if (custom) return existsSync(custom) ? { path: resolve(custom), custom: true } : { looked: [`VIEWMAPPER_JAR=${custom}`], custom: true };
  const candidates = bundledJarCandidates(moduleUrl);
  const hit = candidates.find((p) => existsSync(p));
  return hit ? { path: hit, custom: false } : { looked: candidates, custom: false };
}

export function jarProblemMessage(p: { looked: string[]; custom: boolean }): string {
  return p.custom
    ? `❌ Error: Java or JAR file not found. VIEWMAPPER_JAR points at a file that does not exist (${p.looked.join(', ')}).\nFix the path, or unset VIEWMAPPER_JAR to use the engine bundled with Kalla.`
    : `❌ Error: Java or JAR file not found. The bundled engine viewmapper.jar is missing (looked in ${p.looked.join(', ')}).\nReinstall Kalla, run \`npm run build:java\` in a source checkout, or set VIEWMAPPER_JAR to a ViewMapper-compatible jar.`;
}
