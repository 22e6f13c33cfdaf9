/**
 * The thirteenth held-out set (issue 25v13), written blind from how the banks, ERPs and payers of
 * three markets behave: vn-vcb (Vietnam: MISA ledger, Vietcombank statement, diacritics dropped,
 * e-invoice numbers per series), gr-public (Greece: public bodies paying by warrant net of
 * withholdings, Greek/Latin look-alike document codes, windows-1253) and at-hausverwaltung (Austria:
 * a rent roll against a headerless Raiffeisen ELBA export with building-wide direct-debit runs).
 * Not part of `all` until the owner has taken its first, untuned figure (`--set heldout-v13`).
 */
import type { WorldGenerator } from '../world';
import { atHausverwaltung } from './at-hausverwaltung';
import { grPublic } from './gr-public';
import { vnVcb } from './vn-vcb';

export const HELDOUT_V13_WORLDS: Record<string, WorldGenerator> = {
  'vn-vcb': vnVcb,
  'gr-public': grPublic,
  'at-hausverwaltung': atHausverwaltung,
};
