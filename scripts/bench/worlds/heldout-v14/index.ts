/**
 * The fourteenth held-out set (issue 25v14), written blind from how the banks, ledgers and payers
 * of three markets behave: id-bca (Indonesia: KlikBCA CSV with yearless dates over the year end,
 * PPh 23 withholding, look-alike document numbers), ar-galicia (Argentina: payment orders net of
 * tax withholdings, Ley 25.413 tax lines, eCheqs, dollar invoices paid in pesos) and ir-jalali
 * (Iran: Persian digits and the Persian calendar, card-limit splits, customer deposit ids, tomans).
 */
import type { WorldGenerator } from '../world';
import { idBca } from './id-bca';
import { arGalicia } from './ar-galicia';
import { irJalali } from './ir-jalali';

export const HELDOUT_V14_WORLDS: Record<string, WorldGenerator> = {
  'id-bca': idBca,
  'ar-galicia': arGalicia,
  'ir-jalali': irJalali,
};
