/**
 * The eighth held-out set (issue 25v8): three worlds written from plain knowledge of how the banks and
 * ERPs of three markets export data — an Australian trade supplier on Xero (Aged Receivables Detail CSV,
 * headerless Commonwealth Bank CSV with BPAY CRNs), an Italian wholesaler (TeamSystem/Zucchetti
 * scadenzario .xlsx with instalments, CBI-style CSV with bonifici, Ri.Ba. distinte and insoluti) and a US
 * distributor on NetSuite (A/R Aging Detail CSV, Chase-style CSV with ACH CCD+/CTX EDI 820 addenda,
 * lockbox checks and wires) — without reading the engine (src/), the tuning worlds or the earlier held-out
 * generators. Never run against the engine while written: the owner runs it once, first.
 */
import type { WorldGenerator } from '../world';
import { auBpay } from './au-bpay';
import { itFatturapa } from './it-fatturapa';
import { usAchCtx } from './us-ach-ctx';

export const HELDOUT_V8_WORLDS: Record<string, WorldGenerator> = {
  'au-bpay': auBpay,
  'it-fatturapa': itFatturapa,
  'us-ach-ctx': usAchCtx,
};
