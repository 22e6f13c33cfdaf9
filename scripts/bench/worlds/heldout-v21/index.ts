/**
 * The twenty-first held-out set (issue 25v21), written blind: es-norma43 (an SAP FBL5N open-items
 * list saved as unconverted text, pipes and trailing minus signs, against an AEB Norma 43 fixed-width
 * statement with 22/23 records: SEPA transfers citing the legal invoice number in many spellings,
 * weekly direct-debit remesas credited as one line with returned adeudos, pagarés, confirming paid at
 * due date or early less interest), gh-momo (a Tally "Bills Receivable" export against an MTN Mobile
 * Money merchant wallet statement: owners paying from personal wallets, agents' cash deposits,
 * withholding agents paying bank-to-wallet net of 3 % WHT, transfer charges deducted, empties credit
 * notes, instalments) and is-krafa (a Business Central ledger in whole krónur against a Landsbankinn
 * CSV: bank claims paid by claim number with notification fees, late fees and penalty interest,
 * kennitölur as references, dots as thousands marks with no decimals).
 */
import type { WorldGenerator } from '../world';
import { esNorma43 } from './es-norma43';
import { ghMomo } from './gh-momo';
import { isKrafa } from './is-krafa';

export const HELDOUT_V21_WORLDS: Record<string, WorldGenerator> = {
  'es-norma43': esNorma43,
  'gh-momo': ghMomo,
  'is-krafa': isKrafa,
};
