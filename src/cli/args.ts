/**
 * A tiny, strict argument parser: unknown flags are usage errors (exit 2), so a
 * typo never silently runs with defaults.
 */
export class UsageError extends Error {}

export interface FlagSpec {
  [flag: string]: 'string' | 'boolean' | 'number';
}

export function parseFlags(argv: string[], spec: FlagSpec): { flags: Record<string, string | number | boolean>; positional: string[] } {
  const flags: Record<string, string | number | boolean> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    const kind = spec[name];
    if (!kind) throw new UsageError(`Unknown option --${name}.`);
    if (kind === 'boolean') {
      flags[name] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value.`);
    if (kind === 'number') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number, got "${value}".`);
      flags[name] = n;
    } else flags[name] = value;
  }
  return { flags, positional };
}
