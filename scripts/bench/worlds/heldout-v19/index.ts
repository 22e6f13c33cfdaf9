/**
 * The nineteenth held-out set (issue 25v19), written blind: ee-swedbank (a Merit Aktiva receivables
 * balance against a Swedbank Estonia CSV: 7-3-1 reference numbers per invoice or, for large customers,
 * one per customer; invoice numbers typed into the explanation beside registry and personal id codes;
 * balance and turnover rows inside the statement table), hr-hub3 (a Pantheon open-items list against a
 * Zagrebačka banka export, both Windows-1250: fiscal numbers 457-1-1 whose per-premises sequences
 * overlap, HR01 references with a MOD 11 control digit, stale references from payment templates,
 * cesija, FINA enforced collection with interest, OIBs in texts) and bd-bkash (a distributor's
 * retailer-wise due report in lakh grouping against a bKash merchant-wallet statement: free-text
 * references in Latin and Bengali digits, registered mobiles, SR cash-ins covering several shops,
 * sales returns, baki in parts, the cash-out charge added on top, reversals).
 */
import type { WorldGenerator } from '../world';
import { eeSwedbank } from './ee-swedbank';
import { hrHub3 } from './hr-hub3';
import { bdBkash } from './bd-bkash';

export const HELDOUT_V19_WORLDS: Record<string, WorldGenerator> = {
  'ee-swedbank': eeSwedbank,
  'hr-hub3': hrHub3,
  'bd-bkash': bdBkash,
};
