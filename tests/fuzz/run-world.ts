/** Runs a world through the auto path (as `kalla recon` does without a recipe) and judges the result against its truth. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../../src/main/errors';
import { buildAutoRecipe } from '../../src/main/reconcile/engine/auto-recipe';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';
import type { GroupPageItem, SourceInfo } from '../../src/shared/reconcile/sources-and-runs';
import type { Built } from './mutations';
import { rowIdentity, type World } from './world';

export type Verdict = 'right' | 'refused clearly' | 'silently wrong' | 'crashed' | 'lost';

export interface Outcome {
  verdict: Verdict;
  why: string;
  /** Correct groups, auto-confirmed and suggested, as sorted "left ids|right ids" keys (side-free). */
  auto: string[];
  suggested: string[];
}

/** Raw texts that are not sentences for a user: engine, errno and schema dumps. */
const RAW = /^(IO Error|Invalid Input Error|Conversion Error|Binder Error|Parser Error|Catalog Error|Internal Error|INTERNAL Error|Out of Memory Error|Invalid Error|E[A-Z]{2,}:|\[\s*\{)|"code":\s*"/;

export function clearMessage(message: string): boolean {
  return message.length >= 20 && !RAW.test(message.trim());
}

/** Source notices that tell the user a value was not read or was read by a guess. */
const SAYING = new Set(['not_all_numbers', 'mixed_number_formats', 'unparsed_values', 'mixed_date_formats', 'thousands_dot', 'decimal_comma', 'ambiguous_date_order', 'xlsx_sheet']);

async function allGroups(ws: ReconEngine, runId: number, category: 'matched' | 'suggested'): Promise<GroupPageItem[]> {
  const out: GroupPageItem[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await ws.page(runId, category, { offset, limit: 500 });
    out.push(...page.items);
    if (page.items.length < 500) return out;
  }
}

export async function runWorld(dir: string, world: World, built: Built): Promise<Outcome> {
  const leftPath = join(dir, `L-${built.left.name}`);
  const rightPath = join(dir, `R-${built.right.name}`);
  writeFileSync(leftPath, built.left.bytes);
  writeFileSync(rightPath, built.right.bytes);
  let ws: ReconEngine | null = null;
  try {
    ws = await ReconEngine.open(join(dir, 'ws'));
    const infos: SourceInfo[] = [await ws.addSourceFromPath('left', leftPath), await ws.addSourceFromPath('right', rightPath)];
    const loaded = infos[0].row_count + infos[1].row_count;
    const written = built.rows.left + built.rows.right;
    const skipped = infos.reduce((n, i) => n + i.bad_lines, 0);
    if (loaded + skipped !== written || (skipped > 0 && !infos.some((i) => i.notices.some((n) => n.code === 'skipped_bad_lines')))) {
      return { verdict: 'lost', why: `${written} rows written, ${loaded} loaded, ${skipped} skipped`, auto: [], suggested: [] };
    }
    const auto = await buildAutoRecipe(ws);
    const result = await ws.run(auto.recipe);
    const after = [(await ws.source('left'))!, (await ws.source('right'))!];
    const said = (result.summary.warnings?.length ?? 0) > 0 || auto.warnings.length > 0 || after.some((i) => i.notices.some((n) => SAYING.has(n.code)));
    const truth = new Map(world.pairs.map((p) => [p.id, p]));
    const wrong: string[] = [];
    const found = new Set<number>();
    const keys = { auto: [] as string[], suggested: [] as string[] };
    for (const category of ['matched', 'suggested'] as const) {
      for (const g of await allGroups(ws, result.run_id, category)) {
        const l = g.left_rows.map(rowIdentity);
        const r = g.right_rows.map(rowIdentity);
        const key = `${[...l].sort().join(',')}|${[...r].sort().join(',')}`;
        const ids = new Set([...l, ...r]);
        const sameIds = l.length === r.length && [...l].sort().join() === [...r].sort().join();
        const pairs = [...ids].map((id) => (id === null ? undefined : truth.get(id)));
        const correct = sameIds && pairs.every((p) => p !== undefined && p.paid === p.cents && !built.corrupt.has(p.id));
        const amountsRight =
          !correct || l.length !== 1 || g.amount_left === null || g.amount_right === null || [g.amount_left, g.amount_right].every((a) => Math.abs(Math.abs(Number(a)) - Math.abs(pairs[0]!.cents) / 100) < 0.005);
        if (g.status === 'auto' && (!correct || !amountsRight)) wrong.push(`${key} (${g.amount_left} vs ${g.amount_right}, rule ${g.rule_id})`);
        if (correct && amountsRight) {
          for (const id of ids) found.add(id!);
          (g.status === 'auto' ? keys.auto : keys.suggested).push(key);
        }
      }
    }
    const expected = world.pairs.filter((p) => p.paid === p.cents && !built.corrupt.has(p.id)).map((p) => p.id);
    const missed = expected.filter((id) => !found.has(id));
    keys.auto.sort();
    keys.suggested.sort();
    if (wrong.length > 0) return { verdict: 'silently wrong', why: `auto-confirmed wrongly: ${wrong.slice(0, 3).join('; ')}`, ...keys };
    if (missed.length > 0 && !said) return { verdict: 'silently wrong', why: `${missed.length} of ${expected.length} true pairs neither matched nor suggested, and nothing said why (e.g. INV-${missed[0]})`, ...keys };
    if (missed.length > 0) return { verdict: 'refused clearly', why: `${missed.length} of ${expected.length} pairs left for a person, with a notice or warning`, ...keys };
    return { verdict: 'right', why: '', ...keys };
  } catch (e) {
    if (e instanceof UserError && clearMessage(e.message)) return { verdict: 'refused clearly', why: `${e.code}: ${e.message}`, auto: [], suggested: [] };
    return { verdict: 'crashed', why: e instanceof Error ? `${e.name}: ${e.message}` : String(e), auto: [], suggested: [] };
  } finally {
    ws?.close();
  }
}
