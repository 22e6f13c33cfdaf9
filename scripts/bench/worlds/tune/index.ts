/** The tune worlds, keyed by world name. */
import type { WorldGenerator } from '../world';
import { erpNumeric } from './erp-numeric';
import { ukBank } from './uk-bank';
import { nlBank } from './nl-bank';
import { deSepa } from './de-sepa';
import { nordicStructured } from './nordic-structured';

export const TUNE_WORLDS: Record<string, WorldGenerator> = {
  'erp-numeric': erpNumeric,
  'uk-bank': ukBank,
  'nl-bank': nlBank,
  'de-sepa': deSepa,
  'nordic-structured': nordicStructured,
};
