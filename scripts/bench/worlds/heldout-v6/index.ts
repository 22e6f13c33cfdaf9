/**
 * The sixth held-out set (issue 25v6): three worlds written from a plain description of the markets —
 * a Québec building-supplies wholesaler paid by EFT, batch-deposited cheques, Interac e-Transfer, USD
 * wire and PAD; a Dubai building-materials trader paid by IPI/FTS transfer, post-dated cheque and CDM
 * cash; a Suzhou machine maker paid by transfer citing fapiao or contract numbers, monthly sums and
 * bank acceptance bills — without reading the engine (src/), the tuning worlds or the earlier held-out
 * generators. Never run against the engine while written: the owner runs it once, first.
 */
import type { WorldGenerator } from '../world';
import { caEft } from './ca-eft';
import { aeAed } from './ae-aed';
import { cnGbk } from './cn-gbk';

export const HELDOUT_V6_WORLDS: Record<string, WorldGenerator> = {
  'ca-eft': caEft,
  'ae-aed': aeAed,
  'cn-gbk': cnGbk,
};
