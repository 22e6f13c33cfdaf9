/**
 * The ninth held-out set (issue 25v9): three worlds written from plain knowledge of how the banks, ERPs and
 * a payment processor of three markets export data — a Bergen builders' merchant on Tripletex (åpne poster
 * CSV with KIDs, DNB nettbank CSV), a Hamilton trade supplier on MYOB with an ANZ CSV whose payers split
 * their references over Particulars / Code / Reference, and a Dublin software company on Odoo (.xlsx) paid
 * by card and SEPA debit through Stripe (itemized balance-change report CSV) — without reading the engine
 * (src/), the tuning worlds or the earlier held-out generators. Never run against the engine while
 * written: the owner runs it once, first.
 */
import type { WorldGenerator } from '../world';
import { noKid } from './no-kid';
import { nzAnz } from './nz-anz';
import { ieStripe } from './ie-stripe';

export const HELDOUT_V9_WORLDS: Record<string, WorldGenerator> = {
  'no-kid': noKid,
  'nz-anz': nzAnz,
  'ie-stripe': ieStripe,
};
