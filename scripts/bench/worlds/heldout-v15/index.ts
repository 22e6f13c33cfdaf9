/**
 * The fifteenth held-out set (issue 25v15), written blind: ph-bdo-ewt (Philippine withholding
 * deducted on the VAT-exclusive base, cheque bundles, DR numbers), ng-gtb-distributor (Nigerian
 * distributors' lump sums, round sums on account, split transfers, levy lines) and ro-serii
 * (Romanian invoice series whose numbers restart yearly, Windows-1250).
 */
import type { WorldGenerator } from '../world';
import { phBdoEwt } from './ph-bdo-ewt';
import { ngGtbDistributor } from './ng-gtb-distributor';
import { roSerii } from './ro-serii';

export const HELDOUT_V15_WORLDS: Record<string, WorldGenerator> = {
  'ph-bdo-ewt': phBdoEwt,
  'ng-gtb-distributor': ngGtbDistributor,
  'ro-serii': roSerii,
};
