/**
 * The second held-out set (issue 25w): three worlds written from a plain description of the
 * markets, without reading the engine (src/) or the tuning worlds. Never run against the engine
 * while it was being developed.
 */
import type { WorldGenerator } from '../world';
import { chQr } from './ch-qr';
import { itRiba } from './it-riba';
import { brBoleto } from './br-boleto';

export const HELDOUT_V2_WORLDS: Record<string, WorldGenerator> = {
  'ch-qr': chQr,
  'it-riba': itRiba,
  'br-boleto': brBoleto,
};
