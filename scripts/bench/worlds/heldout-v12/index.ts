/**
 * The twelfth held-out set (issue 25v12), written blind — from how the banks, ERPs and payers of
 * each market behave, without reading the engine or the earlier sets:
 * - `ru-1c`: 1C:Бухгалтерия receivables (Windows-1251) against a 1CClientBankExchange file; pro-forma
 *   and realization numbers in overlapping sequences, INN, VAT amounts in the payment text.
 * - `cl-factoring`: a Chilean ERP's receivables (folios per document type, RUT) against a bank cartola;
 *   factoring advances net of interest and commission, excesses, retailers' runs less credit notes.
 * - `th-kbank`: a Thai receivables report (Windows-874, Buddhist-era dates) against a KASIKORNBANK
 *   statement naming payers in English or abbreviated Thai; billing notes and withholding tax.
 * Self-check: `npx tsx scripts/bench/worlds/heldout-v12/check.ts [--kinds]`.
 */
import type { WorldGenerator } from '../world';
import { generateClFactoring } from './cl-factoring';
import { generateRu1c } from './ru-1c';
import { generateThKbank } from './th-kbank';

export const HELDOUT_V12_WORLDS: Record<string, WorldGenerator> = {
  'ru-1c': generateRu1c,
  'cl-factoring': generateClFactoring,
  'th-kbank': generateThKbank,
};
