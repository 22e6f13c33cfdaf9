/**
 * The eleventh held-out set (issue 25v11), written blind — from a plain knowledge of how Swedish
 * bankgiro receivables, Amazon marketplace settlements and Israeli banks and payers behave, without
 * reading the engine, the tuning worlds or the earlier held-out sets:
 *   se-bgmax           Fortnox Kundreskontra (Latin-1) against a Bankgirot BgMax fixed-width file
 *   amazon-settlement  NetSuite open invoices against an Amazon settlement report (flat file V2)
 *   il-leumi           Hashavshevet open items against Bank Leumi movements (both Windows-1255 Hebrew)
 * Self-check: `npx tsx scripts/bench/worlds/heldout-v11/check.ts [--kinds]`.
 */
import type { WorldGenerator } from '../world';
import { seBgmax } from './se-bgmax';
import { amazonSettlement } from './amazon-settlement';
import { ilLeumi } from './il-leumi';

export const HELDOUT_V11_WORLDS: Record<string, WorldGenerator> = {
  'se-bgmax': seBgmax,
  'amazon-settlement': amazonSettlement,
  'il-leumi': ilLeumi,
};
