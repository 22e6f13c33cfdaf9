/**
 * The sixteenth held-out set (issue 25v16), written blind: eg-cib (an Arabic ledger with a yearly
 * restarting counter against a CIB statement: Arabic-Indic digits in InstaPay remarks, transliterated
 * names, 1 %/3 % withholding on the pre-VAT value, bounced cheques), pk-hbl (lakh/crore amounts,
 * 1-Link IBFT narrations cut at 30 characters, section-153 income tax plus a fifth of the sales tax
 * withheld, cash deposited by sales officers) and co-pse (Siigo in Windows-1252 against Bancolombia:
 * NIT with check digit, PSE references, retefuente/ReteICA/ReteIVA, GMF 4x1000 lines).
 */
import type { WorldGenerator } from '../world';
import { egCib } from './eg-cib';
import { pkHbl } from './pk-hbl';
import { coPse } from './co-pse';

export const HELDOUT_V16_WORLDS: Record<string, WorldGenerator> = {
  'eg-cib': egCib,
  'pk-hbl': pkHbl,
  'co-pse': coPse,
};
