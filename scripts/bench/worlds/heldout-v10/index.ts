/**
 * The tenth held-out set (issue 25v10), written blind — from how Hungarian, US and Danish banks,
 * accounting packages and payers behave, without reading the engine, the tuning worlds or the
 * earlier held-out sets. Not part of `all` until the owner has taken its first, untuned figure.
 * Self-check: `npx tsx scripts/bench/worlds/heldout-v10/check.ts [--kinds]`.
 */
import type { WorldGenerator } from '../world';
import { huOtp } from './hu-otp';
import { usQbDeposits } from './us-qb-deposits';
import { dkFik } from './dk-fik';

export const HELDOUT_V10_WORLDS: Record<string, WorldGenerator> = {
  'hu-otp': huOtp,
  'us-qb-deposits': usQbDeposits,
  'dk-fik': dkFik,
};
