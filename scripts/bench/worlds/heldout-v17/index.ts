/**
 * The seventeenth held-out set (issue 25v17), written blind: fi-viitenumero (a Finnish ERP with
 * 7-3-1 creditor references and their RF form against a Nordea netbank export, newest first:
 * references in the field, in the message or replaced by the invoice number, 2 % cash discount,
 * SWIFT charges, collection-agency remittances, identical monthly fees), ua-privat (BAS in
 * Windows-1251 with invoice-for-payment and shipping-note numbers from overlapping counters against
 * a PrivatBank export: "згідно рах. № 457 від …, у т.ч. ПДВ" purposes, ЄДРПОУ columns, prepayments,
 * third-party payments) and ma-attijari (Sage 100 Maroc tab-separated Windows-1252 against
 * Attijariwafa: LCN bills credited at maturity and returned unpaid, cheques by number only, 75 %
 * VAT withholding, per-transfer commission lines, ICE numbers in the text).
 */
import type { WorldGenerator } from '../world';
import { fiViitenumero } from './fi-viitenumero';
import { uaPrivat } from './ua-privat';
import { maAttijari } from './ma-attijari';

export const HELDOUT_V17_WORLDS: Record<string, WorldGenerator> = {
  'fi-viitenumero': fiViitenumero,
  'ua-privat': uaPrivat,
  'ma-attijari': maAttijari,
};
