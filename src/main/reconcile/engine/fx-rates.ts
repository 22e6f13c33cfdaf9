/**
 * Exchange rates the user supplies (issue 25: "checked against a plausible band, or a rates file
 * the user supplies"). A rates file is a CSV of `currency,rate`: how many units of the statement's
 * currency one unit of that currency was worth ("USD,0.9215"). Supplied rates take the place of
 * learned ones for their currencies; an item paid within 5 % of the rate is still only suggested,
 * and its evidence says "your rate" instead of "learned".
 */
import { readFile } from 'node:fs/promises';
import type { Recipe } from '../../../shared/reconcile/recipe';
import { ReconError } from '../../errors';
import { fileProblem } from './recipe-file';

export interface SuppliedRate {
  currency: string;
  rate: number;
}

/** Reads `currency,rate` lines (a header line, `;` and a decimal comma are accepted); every bad line is named. */
export function parseRates(text: string, path: string): SuppliedRate[] {
  const rates = new Map<string, number>();
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const cells = line.split(line.includes(';') ? ';' : ',').map((c) => c.trim().replace(/^"|"$/g, ''));
    if (i === 0 && !/^[A-Za-z]{3}$/.test(cells[0] ?? '')) return; // a header such as currency,rate
    const [currency, value] = cells;
    const rate = Number((value ?? '').replace(',', '.'));
    if (cells.length !== 2 || !/^[A-Za-z]{3}$/.test(currency) || !Number.isFinite(rate) || rate <= 0) {
      problems.push(`line ${i + 1} ("${line.slice(0, 40)}")`);
      return;
    }
    rates.set(currency.toUpperCase(), rate);
  });
  if (problems.length > 0) {
    throw new ReconError('invalid_recipe', `rates file ${path}: ${problems.slice(0, 5).join(', ')}${problems.length > 5 ? ` and ${problems.length - 5} more` : ''} are not "CUR,rate" (a 3-letter currency code and a positive number, e.g. USD,0.9215)`, { path });
  }
  if (rates.size === 0) throw new ReconError('invalid_recipe', `rates file ${path} holds no rate; write one "CUR,rate" line per currency, e.g. USD,0.9215`, { path });
  return [...rates].map(([currency, rate]) => ({ currency, rate }));
}

export async function loadRates(path: string): Promise<SuppliedRate[]> {
  const text = await readFile(path, 'utf8').catch(async (e: NodeJS.ErrnoException) => {
    throw new ReconError('invalid_recipe', await fileProblem(path, e, 'read'), { path, errno: e.code });
  });
  return parseRates(text, path);
}

/**
 * The recipe with the supplied rates in every scored rule that reads a currency column. `unused`
 * names the rates no rule could use: without a currency column of the open items, a rate has
 * nothing to apply to, and the caller says so rather than pretending.
 */
export function withSuppliedRates(recipe: Recipe, rates: SuppliedRate[]): { recipe: Recipe; applied: number; unused: string | null } {
  let applied = 0;
  const rules = recipe.rules.map((rule) => {
    const fx = rule.model?.fx;
    if (!rule.model || !fx) return rule;
    applied += 1;
    const own = rates.filter((r) => r.currency !== fx.home.toUpperCase());
    const kept = fx.rates.filter((r) => !own.some((o) => o.currency === r.currency.toUpperCase()));
    return { ...rule, model: { ...rule.model, fx: { ...fx, rates: [...kept, ...own.map((r) => ({ ...r, source: 'supplied' as const }))].slice(0, 20) } } };
  });
  const unused = applied === 0 ? 'the open items have no currency column (2–6 three-letter codes, one of them on most rows), so the rates file was not used' : null;
  return { recipe: { ...recipe, rules }, applied, unused };
}
