/**
 * The twentieth held-out set (issue 25v20), written blind: fr-lcr (a Sage 100 open-items ledger in
 * Windows-1252 with tabs, non-breaking-space thousands and per-account totals against a Société
 * Générale CSV: LCR bills presented in weekly remises credited as one line for many customers, refused
 * bills debited back, cheque remises, escompte, SIRETs in the motif), de-datev (a DATEV EXTF
 * Buchungsstapel of sales invoices, Belegdatum DDMM without a year, invoice and customer numbers in
 * one range, two bookings for a two-rate invoice, against a Volksbank CSV with multi-line
 * Verwendungszweck wrapped at 35 characters: Skonto, instalments, SWIFT charges) and pe-detracciones
 * (a Peruvian receivables report against BCP movements: detracciones rounded to soles and 3 %
 * retenciones kept back, PAGO PROV references in many spellings, RUC-only interbank transfers,
 * anonymous agent cash deposits, ITF lines, EXTORNO reversals, cuotas).
 */
import type { WorldGenerator } from '../world';
import { frLcr } from './fr-lcr';
import { deDatev } from './de-datev';
import { peDetracciones } from './pe-detracciones';

export const HELDOUT_V20_WORLDS: Record<string, WorldGenerator> = {
  'fr-lcr': frLcr,
  'de-datev': deDatev,
  'pe-detracciones': peDetracciones,
};
