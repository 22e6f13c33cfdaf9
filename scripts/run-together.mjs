/**
 * Run commands side by side, each one's output printed whole when it ends so logs never
 * interleave. For single-threaded tools (tsc, ESLint) on CI's 2 cores.
 */
import { spawn } from 'node:child_process';

/**
 * @param {readonly string[]} argv the command and its arguments
 * @param {boolean} buffered collect the output and print it at the end, instead of inheriting stdio
 * @param {Record<string, string>} [env] variables added to this process's environment
 * @returns {Promise<number>} the exit status
 */
export function runCommand([command, ...args], buffered, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => {
      if (buffered) process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

/**
 * @param {readonly { name: string, cmd: readonly string[] }[]} parts
 * @returns {Promise<number>} 0, or the first non-zero status
 */
export async function runTogether(parts) {
  const statuses = await Promise.all(
    parts.map(async ({ name, cmd }) => {
      const started = Date.now();
      const code = await runCommand(cmd, true);
      const took = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`── ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${took} s`);
      return code;
    }),
  );
  return statuses.find((s) => s !== 0) ?? 0;
}

export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
