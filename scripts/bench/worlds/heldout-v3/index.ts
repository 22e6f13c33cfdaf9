/**
 * The third held-out set (issue 25v3): three worlds written from a plain description of the
 * markets — a Czech supplier paid by variabilní symbol, a Japanese maker paid by Zengin transfer
 * and notes, a US distributor paid by ACH with EDI 820 remittance and lockbox, reported in BAI2 —
 * without reading the engine (src/), the tuning worlds or the earlier held-out generators. Never run
 * against the engine while written: the owner runs it once, first.
 */
import type { WorldGenerator } from '../world';
import { czVs } from './cz-vs';
import { jpZengin } from './jp-zengin';
import { usBai2820 } from './us-bai2-820';

export const HELDOUT_V3_WORLDS: Record<string, WorldGenerator> = {
  'cz-vs': czVs,
  'jp-zengin': jpZengin,
  'us-bai2-820': usBai2820,
};
