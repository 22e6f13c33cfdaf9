/**
 * Rows whose amount or date a rule compares but whose value did not read (`N/A`, `1e308`, a
 * `1.234,50` in a 1,234.56 column, `31/02/2026`). Such a value is held as NULL in the typed view,
 * and a NULL comparison is neither equal nor different: left alone, the row could be matched on
 * its key without its amount ever being compared, or show up as an `amount_mismatch` of 0.00.
 *
 * Every such row is taken out of the matching before the first rule (added to used_<side>) and
 * becomes an exception with its own reason, `amount_unreadable` or `date_unreadable`, whatever
 * the share of such values in the column: no threshold decides silently.
 */
import type { Recipe } from '../../../../shared/reconcile/recipe';
import type { Side, SourceInfo } from '../../../../shared/reconcile/sources-and-runs';
import type { Db } from '../db';
import { ident } from '../sql';
import { dropRawText, materializeRawText, typedView } from '../sources';
import { ROW_ID } from '../sources';
import { scope, used } from './working';

interface Checked {
  column: string;
  what: 'amount' | 'date';
  rule: string;
}

/** Columns of `side` that a rule compares as amount or date and that hold unread values. */
function checkedColumns(recipe: Recipe, info: SourceInfo, side: Side): Checked[] {
  const out = new Map<string, Checked>();
  for (const rule of recipe.rules) {
    const pairs: [string | undefined, 'amount' | 'date'][] = [
      [rule.amount?.[side], 'amount'],
      [rule.date?.[side], 'date'],
    ];
    for (const [name, what] of pairs) {
      if (!name) continue;
      const c = info.columns.find((col) => col.name.toLowerCase() === name.toLowerCase());
      if (!c || c.derived || !(info.unparsed?.[c.name] ?? 0)) continue;
      if (!out.has(c.name)) out.set(c.name, { column: c.name, what, rule: rule.id });
    }
  }
  return [...out.values()];
}

/** TEMP table `unread(side, id, rule_id, reason)`; its rows are marked used so no rule sees them. */
export async function holdUnreadable(db: Db, recipe: Recipe, sources: Record<Side, SourceInfo>): Promise<void> {
  await db.exec(`CREATE OR REPLACE TEMP TABLE unread (side VARCHAR, id BIGINT, rule_id VARCHAR, reason VARCHAR)`);
  for (const side of ['left', 'right'] as const) {
    const checks = checkedColumns(recipe, sources[side], side);
    if (checks.length === 0) continue;
    const raw = await materializeRawText(db, sources[side]);
    try {
      for (const c of checks) {
        await db.exec(
          `INSERT INTO unread
           SELECT '${side}', s.${ident(ROW_ID)}, $1, '${c.what}_unreadable'
           FROM ${ident(typedView(side))} s JOIN ${ident(raw)} r ON r.${ident(ROW_ID)} = s.${ident(ROW_ID)}
           WHERE s.${ident(c.column)} IS NULL AND nullif(trim(CAST(r.${ident(c.column)} AS VARCHAR)), '') IS NOT NULL
             AND s.${ident(ROW_ID)} IN (SELECT id FROM ${scope(side)})
             AND NOT EXISTS (SELECT 1 FROM unread u WHERE u.side = '${side}' AND u.id = s.${ident(ROW_ID)})`,
          [c.rule],
        );
      }
    } finally {
      await dropRawText(db, raw);
    }
    await db.exec(`INSERT INTO ${used(side)} SELECT id FROM unread WHERE side = '${side}'`);
  }
}

/** The held rows as exceptions, before any other explanation (exc must exist). */
export async function addUnreadableExceptions(db: Db): Promise<void> {
  await db.exec(`INSERT INTO exc SELECT side, id, rule_id, reason, NULL, NULL, NULL FROM unread`);
}
