/**
 * Metamorphic relations: a change to the files that must not change which pairs are confirmed
 * (swap the sides, shuffle the rows, scale every amount, shift every date, rename the columns) or
 * may only take confirmations away (a payment line duplicated).
 */
import { mkdirSync } from 'node:fs';
import { runWorld, type Outcome, type Verdict } from './run-world';
import { baseTables, writeCsv, type Table, type World } from './world';
import type { Built } from './mutations';

export interface RelationVerdict {
  verdict: Verdict;
  why: string;
}

interface Relation {
  name: string;
  /** The changed world (truth) and files. */
  change(w: World): { world: World; built: Built };
  /** auto keys of the changed run must equal the base's (default) or be a subset. */
  subset?: boolean;
}

function built(t: { left: Table; right: Table }, swap = false): Built {
  const l = { name: 'open-items.csv', bytes: writeCsv(t.left) };
  const r = { name: 'statement.csv', bytes: writeCsv(t.right) };
  return swap ? { left: r, right: l, corrupt: new Set(), rows: { left: t.right.rows.length, right: t.left.rows.length } } : { left: l, right: r, corrupt: new Set(), rows: { left: t.left.rows.length, right: t.right.rows.length } };
}

const shuffle = <T>(rows: T[]): T[] => {
  const out = [...rows].reverse();
  return [...out.slice(3), ...out.slice(0, 3)];
};

export const METAMORPHIC: (Relation & { check(w: World, fresh: () => string): Promise<RelationVerdict> })[] = (
  [
    { name: 'swap sides', change: (w: World) => ({ world: w, built: built(baseTables(w), true) }) },
    {
      name: 'shuffle rows',
      change: (w: World) => {
        const t = baseTables(w);
        return { world: w, built: built({ left: { ...t.left, rows: shuffle(t.left.rows) }, right: { ...t.right, rows: shuffle(t.right.rows) } }) };
      },
    },
    {
      name: 'scale amounts ×10',
      change: (w: World) => {
        const world = { ...w, pairs: w.pairs.map((p) => ({ ...p, cents: p.cents * 10, paid: p.paid * 10 })) };
        return { world, built: built(baseTables(world)) };
      },
    },
    {
      name: 'shift dates +30 days',
      change: (w: World) => {
        const world = { ...w, pairs: w.pairs.map((p) => ({ ...p, day: p.day + 30 })) };
        return { world, built: built(baseTables(world)) };
      },
    },
    {
      name: 'rename columns',
      change: (w: World) => {
        const t = baseTables(w);
        return { world: w, built: built({ left: { ...t.left, header: ['Invoice No', 'Customer Name', 'Due Date', 'Amount Due'] }, right: { ...t.right, header: ['Value Date', 'Payment Reference', 'Credit Amount'] } }) };
      },
    },
    {
      name: 'duplicate a payment line',
      subset: true,
      change: (w: World) => {
        const t = baseTables(w);
        return { world: w, built: built({ left: t.left, right: { ...t.right, rows: [...t.right.rows, t.right.rows[0]] } }) };
      },
    },
  ] as Relation[]
).map((r) => ({
  ...r,
  async check(w: World, fresh: () => string): Promise<RelationVerdict> {
    const run = async (world: World, b: Built): Promise<Outcome> => {
      const dir = fresh();
      mkdirSync(dir, { recursive: true });
      return runWorld(dir, world, b);
    };
    const base = await run(w, built(baseTables(w)));
    const changed = r.change(w);
    const other = await run(changed.world, changed.built);
    for (const o of [base, other]) if (o.verdict === 'silently wrong' || o.verdict === 'crashed' || o.verdict === 'lost') return { verdict: o.verdict, why: o.why };
    const a = base.auto.join(' ');
    const b = other.auto.join(' ');
    if (r.subset ? other.auto.every((k) => base.auto.includes(k)) : a === b) return { verdict: 'right', why: '' };
    const gone = base.auto.filter((k) => !other.auto.includes(k));
    const added = other.auto.filter((k) => !base.auto.includes(k));
    return { verdict: 'silently wrong', why: `confirmed groups differ: ${gone.length} only before (${gone.slice(0, 2).join(' ')}), ${added.length} only after (${added.slice(0, 2).join(' ')})` };
  },
}));
