/**
 * The fourth held-out set (issue 25v4): three worlds written from a plain description of the
 * markets — a Mexican machining and freight company paid by SPEI (CFDI folios and UUIDs, CLABE,
 * parcialidades, IVA retention), a Korean distributor paid into per-customer virtual accounts
 * (가상계좌), a South African supplier paid by EFT with 20-character references, debit-order batches
 * and cash deposits — without reading the engine (src/), the tuning worlds or the earlier held-out
 * generators. Never run against the engine while written: the owner runs it once, first.
 */
import type { WorldGenerator } from '../world';
import { mxSpei } from './mx-spei';
import { krVaccount } from './kr-vaccount';
import { zaEft } from './za-eft';

export const HELDOUT_V4_WORLDS: Record<string, WorldGenerator> = {
  'mx-spei': mxSpei,
  'kr-vaccount': krVaccount,
  'za-eft': zaEft,
};
