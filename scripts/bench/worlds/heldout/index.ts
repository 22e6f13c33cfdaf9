/** The held-out worlds, written without knowledge of the engine or of the tuning worlds. */
import type { WorldGenerator } from '../world';
import { beFrMixed } from './be-fr-mixed';
import { usLockbox } from './us-lockbox';
import { esPlMixed } from './es-pl-mixed';
import { frLettrage } from './fr-lettrage';
import { inAuMixed, inAuMixedAu } from './in-au-mixed';

export const HELDOUT_WORLDS: Record<string, WorldGenerator> = {
  'us-lockbox': usLockbox,
  'be-fr-mixed': beFrMixed,
  'es-pl-mixed': esPlMixed,
  'fr-lettrage': frLettrage,
  // One ERP list, two banks: the World contract has one statement file, so one variant per bank.
  'in-au-mixed': inAuMixed,
  'in-au-mixed-au': inAuMixedAu,
};
