/**
 * Names in the lineage graph (issue 26). The engine gives each node its schema; `schemaOf` is the
 * fallback for a node that came without one (it reads the schema off a displayed name).
 */

/** The schema part of a displayed name (`raw.orders` → `raw`, `cat.raw.orders` → `cat.raw`); '' when it has none. */
export function schemaOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(0, i) : '';
}
