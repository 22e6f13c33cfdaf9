/**
 * The fifth held-out set (issue 25v5): three worlds written from a plain description of the
 * markets — a Portuguese wholesaler paid by Multibanco reference, SEPA transfer, MB WAY, cheque and
 * SEPA direct debit; a Turkish packaging maker paid by FAST/EFT/havale, çek and DBS with e-Fatura
 * numbers; a Singapore ship chandler paid by PayNow, FAST, GIRO, cheque and USD telegraphic transfer —
 * without reading the engine (src/), the tuning worlds or the earlier held-out generators. Never run
 * against the engine while written: the owner runs it once, first.
 */
import type { WorldGenerator } from '../world';
import { ptMultibanco } from './pt-multibanco';
import { trHavale } from './tr-havale';
import { sgPaynow } from './sg-paynow';

export const HELDOUT_V5_WORLDS: Record<string, WorldGenerator> = {
  'pt-multibanco': ptMultibanco,
  'tr-havale': trHavale,
  'sg-paynow': sgPaynow,
};
