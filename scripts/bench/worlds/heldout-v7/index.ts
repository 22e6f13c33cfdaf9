/**
 * The seventh held-out set (issue 25v7): three worlds written from plain knowledge of how the banks and
 * ERPs of three markets export data — a Poznań electrical wholesaler (Comarch ERP Optima .xlsx, MT940 with
 * Polish :86: subfields and split payments), a Nairobi wholesaler paid through an M-Pesa Paybill
 * (QuickBooks Online A/R Aging Detail CSV, M-Pesa organisation statement CSV) and a German Mittelstand
 * company on SAP S/4HANA (FBL5N CSV, camt.053.001.08 XML) — without reading the engine (src/), the tuning
 * worlds or the earlier held-out generators. Never run against the engine while written: the owner runs
 * it once, first.
 */
import type { WorldGenerator } from '../world';
import { plMt940 } from './pl-mt940';
import { keMpesa } from './ke-mpesa';
import { deCamt053 } from './de-camt053';

export const HELDOUT_V7_WORLDS: Record<string, WorldGenerator> = {
  'pl-mt940': plMt940,
  'ke-mpesa': keMpesa,
  'de-camt053': deCamt053,
};
