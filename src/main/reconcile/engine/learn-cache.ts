/**
 * Learned cash-application facts kept per source content (issue 30). Learning reads every row
 * (11.2 s of the 100k "Confirm mapping → rules" wait), and its answer depends only on what was
 * loaded — each file's SHA-256 and how it was read and typed — and on the mappings and the sign.
 * So the answer is stored in the workspace under a hash of exactly that: the same file dropped
 * again, the workspace reopened or the app restarted finds it; a changed file, another typing or
 * other mappings do not (their key differs) and learn anew.
 */
import { createHash } from 'node:crypto';
import type { FieldMapping } from '../../../shared/reconcile/recipe';
import type { SourceInfo } from '../../../shared/reconcile/sources-and-runs';
import { RECON_ENGINE_VERSION } from '../../../shared/reconcile/sources-and-runs';
import { LEARNING_VERSION, type CashFacts } from './cash-learning';
import type { Db } from './db';

/** Answers kept per workspace: a few mapping variants of the current files and of the last ones. */
const KEEP = 16;

export const LEARNED_FACTS_DDL = `CREATE TABLE IF NOT EXISTS learned_facts (
  key VARCHAR PRIMARY KEY,
  facts JSON NOT NULL,
  learned_at TIMESTAMP NOT NULL
)`;

/**
 * What a side's typed rows depend on: the file's content hash and the read and typing choices.
 * Not the path, the load time or the timings (the same bytes loaded again read the same rows).
 */
function sourceIdentity(info: SourceInfo): unknown {
  return [
    info.sha256,
    info.encoding,
    info.delimiter,
    info.has_header,
    info.compressed,
    info.row_count,
    info.bad_lines,
    info.skip_top ?? null,
    info.skip_bottom ?? null,
    info.decimal?.separator ?? null,
    info.quote ?? null,
    info.sheet?.name ?? null,
    info.columns,
  ];
}

/** The cache key: engine version (the learning may change between versions), both sides, mappings and sign. */
export function learnedFactsKey(left: SourceInfo, right: SourceInfo, mappings: FieldMapping[], flipSign: boolean | null): string {
  const identity = JSON.stringify([RECON_ENGINE_VERSION, LEARNING_VERSION, sourceIdentity(left), sourceIdentity(right), mappings, flipSign]);
  return createHash('sha256').update(identity).digest('hex');
}

export async function readLearnedFacts(db: Db, key: string): Promise<CashFacts | null> {
  const row = await db.one<{ facts: string }>('SELECT facts::VARCHAR AS facts FROM learned_facts WHERE key = $1', [key]);
  return row ? (JSON.parse(row.facts) as CashFacts) : null;
}

/** Stores an answer and keeps the KEEP most recent ones. */
export async function storeLearnedFacts(db: Db, key: string, facts: CashFacts): Promise<void> {
  await db.exec(`INSERT OR REPLACE INTO learned_facts VALUES ($1, $2::JSON, now()::TIMESTAMP)`, [key, JSON.stringify(facts)]);
  await db.exec(`DELETE FROM learned_facts WHERE key NOT IN (SELECT key FROM learned_facts ORDER BY learned_at DESC LIMIT ${KEEP})`);
}
