/**
 * The eighteenth held-out set (issue 25v18), written blind: sa-sadad (Odoo against a Saudi National
 * Bank export: SARIE transfers quoting invoices in English and Arabic, SADAD biller accounts that name
 * the customer but not the invoice, Etimad government payments with Hijri dates and delay penalties,
 * GCC SWIFT charges), lk-sampath (a Tally bills-receivable list against a Sampath Bank statement:
 * cheque deposits by number, deposit slips carrying several customers' cheques, returned cheques,
 * CEFT transfers, sales reps' cash, TT charges) and tw-ctbc (a Digiwin ERP receivable list in Big5
 * with ROC dates and uniform-invoice numbers against a CTBC export: virtual accounts, monthly
 * statement payments, the NT$30 remittance fee the payer deducts, post-dated cheques, retention).
 */
import type { WorldGenerator } from '../world';
import { saSadad } from './sa-sadad';
import { lkSampath } from './lk-sampath';
import { twCtbc } from './tw-ctbc';

export const HELDOUT_V18_WORLDS: Record<string, WorldGenerator> = {
  'sa-sadad': saSadad,
  'lk-sampath': lkSampath,
  'tw-ctbc': twCtbc,
};
