/**
 * SQL text helpers. Column names come from user CSV headers, so every
 * identifier is quoted and every literal escaped here — nowhere else builds
 * SQL from user text by hand.
 */

/** Quote an identifier: `a"b` → `"a""b"`. */
export function ident(name: string): string {
  if (name.includes('\0')) throw new Error(`identifier contains a NUL byte: ${JSON.stringify(name)}`);
  return `"${name.replace(/"/g, '""')}"`;
}

/** Quote a string literal: `it's` → `'it''s'`. */
export function lit(value: string): string {
  if (value.includes('\0')) throw new Error('string literal contains a NUL byte');
  return `'${value.replace(/'/g, "''")}'`;
}

/** A numeric literal; rejects NaN/Infinity so they never reach SQL text. */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return String(value);
}

/** Literal for a scalar that may be a number or a string. */
export function scalar(value: string | number): string {
  return typeof value === 'number' ? num(value) : lit(value);
}
