/**
 * Helpers for the ninth held-out set (no-kid, nz-anz, ie-stripe). Builds on the eighth set's helpers
 * (`../heldout-v8/common.ts`, which re-exports the seventh set's case model `Book`, truth numbering, typos,
 * money, the Windows code-page encoder and the exceljs bridge) and adds what these three need: the
 * Norwegian KID check digits (MOD10 and MOD11 with its "-"), base-62 ids as Stripe writes them, and an
 * .xlsx writer whose header sits on the first row (an Odoo list export has no title block).
 */
import { Worker, MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { Rng, Book, truth, runCases, typo, money, dayOf, ymd, pad, isBiz, nextBiz, prevBiz, weekday, OCT1, OCT31, REPORT, payDay, octoberBizDays, luhn, luhnValid, q, splitCsv, names, sizeSweeps } from '../heldout-v8/common';
import type { Cust, Item, Line, SheetSpec } from '../heldout-v8/common';
import { encodeSbcs, decodeSbcs } from '../heldout-v7/common';

export { Rng, Book, truth, runCases, typo, money, dayOf, ymd, pad, isBiz, nextBiz, prevBiz, weekday, OCT1, OCT31, REPORT, payDay, octoberBizDays, luhn, luhnValid, q, splitCsv, names, sizeSweeps, encodeSbcs, decodeSbcs };
export type { Cust, Item, Line, SheetSpec };

/** Norwegian MOD11 check (weights 2,3,4,5,6,7 repeating from the right): "0" for 11, "-" for 10. */
export function mod11(d: string): string {
  let s = 0;
  for (let i = 0; i < d.length; i++) s += Number(d[d.length - 1 - i]) * (2 + (i % 6));
  const r = 11 - (s % 11);
  return r === 11 ? '0' : r === 10 ? '-' : String(r);
}
export const kidValid = (k: string): boolean => /^\d+[\d-]$/.test(k) && mod11(k.slice(0, -1)) === k[k.length - 1];

const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A Stripe-style object id: prefix + 24 base-62 characters. */
export const stripeId = (rng: Rng, prefix: string, n = 24): string => { let s = prefix + '_'; for (let i = 0; i < n; i++) s += B62[rng.int(0, 61)]; return s; };

/** Writes an .xlsx whose header is the first row (no title block, no totals), synchronously through a worker. */
export function xlsxPlain(spec: SheetSpec): Buffer {
  const shared = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), { workerData: { spec, shared, port: port2 }, transferList: [port2] });
  try {
    const until = Date.now() + 120000;
    while (Atomics.load(shared, 0) === 0 && Date.now() < until) Atomics.wait(shared, 0, 0, 1000);
    const msg = receiveMessageOnPort(port1)?.message as { ok: boolean; buf?: Uint8Array; error?: string } | undefined;
    if (!msg?.ok || !msg.buf) throw new Error(`xlsx worker: ${msg?.error ?? 'no answer'}`);
    return Buffer.from(msg.buf);
  } finally {
    void worker.terminate();
    port1.close();
  }
}

/** A business day in October at least two days after `after`: late payers of July invoices pay in October too, spread over the month. */
export function payIn(rng: Rng, after: number): number {
  const days = octoberBizDays().filter((d) => d >= after + 2);
  return days.length ? days[rng.int(0, days.length - 1)] : prevBiz(OCT31);
}
