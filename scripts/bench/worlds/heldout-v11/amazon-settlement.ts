/**
 * amazon-settlement: a US Amazon seller's NetSuite open-invoice export against one Amazon Seller
 * Central settlement report (flat file V2, tab-separated): one row an amount type of an order item,
 * fees, refunds, reserves and account charges netted into one payout. Written blind (see index.ts).
 */
import type { World, WorldOptions } from '../world';
import { type Tagged, day, iso, rngFor, shuffle, truthOf, weighted, ymd } from './common';

const NAME = 'amazon-settlement';

interface Inv extends Tagged { internalId: number; type: 'Invoice' | 'Credit Memo'; date: number; doc: string; customer: string; po: string; memo: string; amount: number; cur: string }
interface Line extends Tagged { ttype: string; orderId: string; merchantOrderId: string; adjustmentId: string; shipmentId: string; amountType: string; desc: string; amount: number; fulfillment: string; posted: number; secs: number; itemCode: string; sku: string; qty: string; promo: string }
interface Item { sku: string; price: number; qty: number; ship: number; promo: number; taxRate: number }

const SKUS = ['KB-ORG-', 'BAMBOO-CB-', 'SS-BOTTLE-', 'YOGA-MAT-', 'LED-STRIP-', 'PET-BRUSH-', 'SPICE-RACK-', 'DRAWER-ORG-', 'PHONE-STAND-', 'KNIFE-SET-'];

const money = (c: number): string => (c < 0 ? '-' : '') + `${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
const usDate = (n: number): string => { const [y, m, d] = ymd(n); return `${m}/${d}/${y}`; };

export function amazonSettlement(opt: WorldOptions): World {
  const rng = rngFor(NAME, opt.seed);
  const N = Math.max(60, opt.openItems);
  const START = day(2026, 10, 2), END = day(2026, 10, 16), DEPOSIT = day(2026, 10, 18);
  const catalog = Array.from({ length: 60 }, (_, i) => ({ sku: `${SKUS[i % SKUS.length]}${String(i + 11).padStart(3, '0')}`, price: rng.int(899, 8999), fba: rng.chance(0.8) }));
  const usedOrders = new Set<string>();
  const orderId = (): string => { let s = ''; do s = `${rng.int(111, 114)}-${String(rng.int(0, 9999999)).padStart(7, '0')}-${String(rng.int(0, 9999999)).padStart(7, '0')}`; while (usedOrders.has(s)); usedOrders.add(s); return s; };
  const items = (k: number): Item[] => Array.from({ length: k }, () => {
    const c = rng.pick(catalog);
    const qty = rng.chance(0.85) ? 1 : rng.int(2, 4);
    return { sku: c.sku, price: c.price, qty, ship: c.fba ? 0 : rng.chance(0.5) ? rng.pick([499, 599, 799]) : 0, promo: rng.chance(0.1) ? -Math.round(c.price * qty * rng.pick([0.05, 0.1, 0.15, 0.2])) : 0, taxRate: rng.pick([0, 0.04, 0.0625, 0.07, 0.0725, 0.08, 0.0825, 0.0888, 0.1025]) };
  });
  const sale = (its: Item[]) => its.reduce((s, i) => s + i.price * i.qty + i.ship + i.promo, 0);

  const invs: Inv[] = [];
  const lines: Line[] = [];
  let gid = 0, internal = 88100 + rng.int(0, 900), invNo = 104200 + rng.int(0, 500), cmNo = 2200 + rng.int(0, 100), adj = 0;
  const ng = () => `g${++gid}`;
  const invoice = (date: number, po: string, amount: number, group: string | null, kind: string, o: Partial<Inv> = {}): Inv => {
    const inv: Inv = { internalId: 0, type: 'Invoice', date, doc: '', customer: 'Amazon.com Marketplace', po, memo: po ? `Amazon Order ${po}` : '', amount, cur: 'USD', group, kind, ...o };
    invs.push(inv);
    return inv;
  };
  let secs = 0;
  const line = (posted: number, o: Partial<Line> & { amountType: string; desc: string; amount: number }, group: string | null, kind: string, amb?: boolean): void => {
    lines.push({ ttype: 'Order', orderId: '', merchantOrderId: '', adjustmentId: '', shipmentId: '', fulfillment: '', posted, secs: ++secs, itemCode: '', sku: '', qty: '', promo: '', group, kind, ...(amb ? { amb } : {}), ...o });
  };
  /** The rows Amazon posts for one shipment of an order. */
  const orderRows = (oid: string, its: Item[], posted: number, group: string | null, kind: string, merchantOrderId = ''): void => {
    const shipmentId = `${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(10000000, 99999999)}${String.fromCharCode(65 + rng.int(0, 25))}`;
    for (const it of its) {
      const fba = it.ship === 0;
      const base = { orderId: oid, merchantOrderId, shipmentId, fulfillment: fba ? 'Amazon' : 'Merchant', itemCode: String(rng.int(10000000000000, 99999999999999)), sku: it.sku };
      const principal = it.price * it.qty, tax = Math.round(principal * it.taxRate), shipTax = Math.round(it.ship * it.taxRate);
      line(posted, { ...base, amountType: 'ItemPrice', desc: 'Principal', amount: principal, qty: String(it.qty) }, group, kind);
      if (tax) line(posted, { ...base, amountType: 'ItemPrice', desc: 'Tax', amount: tax }, group, kind);
      if (it.ship) line(posted, { ...base, amountType: 'ItemPrice', desc: 'Shipping', amount: it.ship }, group, kind);
      if (shipTax) line(posted, { ...base, amountType: 'ItemPrice', desc: 'ShippingTax', amount: shipTax }, group, kind);
      if (tax) line(posted, { ...base, amountType: 'ItemWithheldTax', desc: 'MarketplaceFacilitatorTax-Principal', amount: -tax }, group, kind);
      if (shipTax) line(posted, { ...base, amountType: 'ItemWithheldTax', desc: 'MarketplaceFacilitatorTax-Shipping', amount: -shipTax }, group, kind);
      if (it.promo) line(posted, { ...base, amountType: 'Promotion', desc: 'Principal', amount: it.promo, promo: `PLM-${rng.int(1000, 9999)}-${rng.int(100, 999)}` }, group, kind);
      line(posted, { ...base, amountType: 'ItemFees', desc: 'Commission', amount: -Math.round((principal + it.ship + it.promo) * 0.15) }, group, kind);
      if (fba) line(posted, { ...base, amountType: 'ItemFees', desc: 'FBAPerUnitFulfillmentFee', amount: -rng.pick([322, 340, 386, 442, 503, 575, 648]) * it.qty }, group, kind);
    }
  };
  /** A refund: Amazon returns the commission less its refund administration fee. */
  const refundRows = (oid: string, it: Item, principal: number, posted: number, group: string | null, kind: string): void => {
    const adjustmentId = `amzn1:crow:${(++adj).toString(36)}${rng.int(100000, 999999)}`;
    const base = { ttype: 'Refund', orderId: oid, adjustmentId, fulfillment: it.ship === 0 ? 'Amazon' : 'Merchant', sku: it.sku };
    const tax = Math.round(principal * it.taxRate), comm = Math.round(principal * 0.15);
    line(posted, { ...base, amountType: 'ItemPrice', desc: 'Principal', amount: -principal, qty: '1' }, group, kind);
    if (tax) { line(posted, { ...base, amountType: 'ItemPrice', desc: 'Tax', amount: -tax }, group, kind); line(posted, { ...base, amountType: 'ItemWithheldTax', desc: 'MarketplaceFacilitatorTax-Principal', amount: tax }, group, kind); }
    line(posted, { ...base, amountType: 'ItemFees', desc: 'Commission', amount: comm }, group, kind);
    line(posted, { ...base, amountType: 'ItemFees', desc: 'RefundCommission', amount: -Math.min(500, Math.round(comm * 0.2)) }, group, kind);
  };
  const when = () => rng.int(START, END);

  const noRef: { inv: Inv | null; oid: string; sale: number; group: string | null; kind: string }[] = [];
  while (invs.length < N) {
    const kind = weighted(rng, [
      ['order_by_po', 50], ['order_in_memo_only', 8], ['order_id_without_dashes', 4], ['invoice_without_order_id', 3], ['multi_item_order', 9], ['split_shipment', 3],
      ['refund_same_settlement', 3], ['refund_of_earlier_order', 3], ['duplicate_erp_invoice', 1], ['not_yet_settled', 11], ['wholesale_not_in_settlement', 3], ['other_marketplace', 1.5],
    ] as const);
    const g = ng();
    const posted = when();
    const invDate = posted - rng.int(0, 2);
    switch (kind) {
      case 'order_by_po': case 'order_in_memo_only': case 'order_id_without_dashes': case 'multi_item_order': case 'invoice_without_order_id': {
        const oid = orderId();
        const its = items(kind === 'multi_item_order' ? rng.int(2, 3) : 1);
        const mfn = its[0].ship > 0 && rng.chance(0.4) ? `SO-${rng.int(300000, 399999)}` : '';
        const inv = invoice(invDate, oid, sale(its), g, kind);
        if (kind === 'order_in_memo_only') inv.po = '';
        if (kind === 'order_id_without_dashes') { inv.po = oid.replace(/-/g, ''); inv.memo = rng.chance(0.5) ? '' : `AMZ ${inv.po}`; }
        if (kind === 'invoice_without_order_id') { inv.po = ''; inv.memo = rng.pick(['Amazon sale', 'Amazon FBA sale - manual', 'Marketplace order', '']); noRef.push({ inv, oid, sale: inv.amount, group: g, kind }); }
        orderRows(oid, its, posted, g, kind, mfn);
        if (mfn && rng.chance(0.5)) inv.memo = `${mfn} ${inv.memo}`.trim();
        break;
      }
      case 'split_shipment': {
        const oid = orderId();
        const its = items(rng.int(2, 3));
        const a = its.slice(0, 1), b = its.slice(1);
        invoice(invDate, oid, sale(a), g, kind);
        const p2 = Math.min(END, posted + rng.int(1, 4));
        invoice(p2 - rng.int(0, 1), oid, sale(b), g, kind);
        orderRows(oid, a, posted, g, kind);
        orderRows(oid, b, p2, g, kind);
        break;
      }
      case 'refund_same_settlement': {
        const oid = orderId();
        const its = items(1);
        its[0].promo = 0;
        invoice(invDate, oid, sale(its), g, kind);
        orderRows(oid, its, posted, g, kind);
        const full = rng.chance(0.6);
        const part = full ? its[0].price * its[0].qty : Math.round(its[0].price * its[0].qty * rng.pick([0.2, 0.3, 0.5]));
        const rp = Math.min(END, posted + rng.int(1, 6));
        invoice(rp, oid, -part, g, kind, { type: 'Credit Memo', memo: `Refund Amazon Order ${oid}`, internalId: 0 });
        refundRows(oid, its[0], part, rp, g, kind);
        break;
      }
      case 'refund_of_earlier_order': {
        const oid = orderId();
        const its = items(1);
        const part = rng.chance(0.7) ? its[0].price * its[0].qty : Math.round(its[0].price * its[0].qty * 0.5);
        invoice(invDate, oid, -part, g, kind, { type: 'Credit Memo', memo: rng.chance(0.7) ? `Return RMA${rng.int(10000, 99999)}` : `Refund Amazon Order ${oid}` });
        refundRows(oid, its[0], part, posted, g, kind);
        break;
      }
      case 'duplicate_erp_invoice': {
        const oid = orderId();
        const its = items(1);
        invoice(invDate, oid, sale(its), g, kind, { amb: true });
        invoice(invDate + rng.int(0, 1), oid, sale(its), null, 'duplicate_erp_invoice_second', { amb: true });
        orderRows(oid, its, posted, g, kind);
        break;
      }
      case 'not_yet_settled': { const oid = orderId(); invoice(rng.int(END - 3, END + 1), oid, sale(items(1)), null, kind); break; }
      case 'wholesale_not_in_settlement': invoice(rng.int(START - 40, END), `PO${rng.int(4500000, 4599999)}`, rng.int(50000, 900000), null, kind, { customer: rng.pick(['Bed Bath & Beyond Inc', 'Wayfair LLC', 'The Container Store', 'Ace Hardware Corp', 'Boxed Outlet Co']), memo: 'Wholesale' }); break;
      case 'other_marketplace': { const oid = orderId(); invoice(when(), oid, sale(items(1)), null, kind, { customer: 'Amazon.ca Marketplace', cur: 'CAD' }); break; }
    }
  }

  // Orders Amazon settled that the connector never booked.
  const orphan = Math.round(N * 0.03);
  for (let k = 0; k < orphan; k++) {
    const oid = orderId(), its = items(1);
    orderRows(oid, its, when(), null, 'order_not_in_erp');
    noRef.push({ inv: null, oid, sale: sale(its), group: null, kind: 'order_not_in_erp' });
  }
  // Account-level rows that pay nothing on the list.
  const other = (amountType: string, desc: string, amount: number, kind: string, ttype = 'other-transaction', o: Partial<Line> = {}) =>
    line(when(), { ttype, amountType, desc, amount, ...o }, null, kind);
  other('other-transaction', 'Previous Reserve Amount Balance', rng.int(150000, 400000), 'reserve', 'Previous Reserve Amount Balance');
  other('other-transaction', 'Current Reserve Amount', -rng.int(150000, 400000), 'reserve', 'Current Reserve Amount');
  other('other-transaction', 'Subscription Fee', -3999, 'account_fee', 'Subscription Fee');
  for (let k = 0; k < Math.max(2, Math.round(N / 400)); k++) other('Cost of Advertising', 'TransactionTotalAmount', -rng.int(20000, 250000), 'account_fee', 'ServiceFee');
  other('other-transaction', 'Storage Fee', -rng.int(8000, 60000), 'account_fee', 'other-transaction');
  for (let k = 0; k < Math.max(2, Math.round(N / 250)); k++) {
    const sku = rng.pick(catalog);
    other('FBA Inventory Reimbursement', rng.pick(['WAREHOUSE_DAMAGE', 'WAREHOUSE_LOST', 'REVERSAL_REIMBURSEMENT']), rng.int(1, 3) * Math.round(sku.price * 0.6), 'fba_reimbursement', 'other-transaction', { sku: sku.sku, qty: '1' });
  }
  for (let k = 0; k < Math.max(1, Math.round(N / 500)); k++) {
    const oid = orderId(), c = rng.pick(catalog), posted = when();
    const adjustmentId = `amzn1:crow:cb${k}${rng.int(1000, 9999)}`;
    line(posted, { ttype: 'Chargeback Refund', orderId: oid, adjustmentId, amountType: 'ItemPrice', desc: 'Principal', amount: -c.price, sku: c.sku, qty: '1' }, null, 'chargeback_no_credit_memo');
    line(posted, { ttype: 'Chargeback Refund', orderId: oid, adjustmentId, amountType: 'ItemFees', desc: 'Commission', amount: Math.round(c.price * 0.15), sku: c.sku }, null, 'chargeback_no_credit_memo');
  }
  // An invoice without an order id is only decidable when no other unreferenced order has its amount.
  for (const x of noRef) if (x.inv && noRef.some((y) => y !== x && y.sale === x.sale)) {
    x.inv.amb = true;
    for (const l of lines) if (l.group === x.group) l.amb = true;
  }

  // Two equal invoices for one order: nobody can say which of them the order's rows pay.
  for (const l of lines) if (l.kind === 'duplicate_erp_invoice') l.amb = true;

  // ---- open items: NetSuite saved search "Open A/R - Marketplace" CSV ----
  invs.sort((a, b) => a.date - b.date || (a.type === b.type ? 0 : a.type === 'Invoice' ? -1 : 1));
  for (const i of invs) { i.internalId = ++internal + rng.int(0, 3); internal = i.internalId; i.doc = i.type === 'Invoice' ? `INV${++invNo}` : `CM${++cmNo}`; }
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const oiLines = [['Internal ID', 'Type', 'Date', 'Document Number', 'Name', 'PO/Check Number', 'Memo', 'Currency', 'Amount', 'Amount Remaining', 'Status'].map(q).join(',')];
  for (const i of invs) oiLines.push([String(i.internalId), i.type, usDate(i.date), i.doc, i.customer, i.po, i.memo, i.cur, money(i.amount), money(i.amount), i.type === 'Invoice' ? 'Open' : 'Open'].map(q).join(','));

  // ---- statement: settlement flat file V2 ----
  shuffle(rng, lines);
  // Rows of one posting (an order shipment, a refund) stay together in their original order.
  const key = (l: Line) => `${l.posted}|${l.orderId}|${l.shipmentId}|${l.adjustmentId}`;
  const first = new Map<string, number>();
  lines.forEach((l, i) => { if (!first.has(key(l))) first.set(key(l), i); });
  const st = [...lines].sort((a, b) => a.posted - b.posted || first.get(key(a))! - first.get(key(b))! || a.secs - b.secs);
  const total = st.reduce((s, l) => s + l.amount, 0);
  const head = ['settlement-id', 'settlement-start-date', 'settlement-end-date', 'deposit-date', 'total-amount', 'currency', 'transaction-type', 'order-id', 'merchant-order-id', 'adjustment-id', 'shipment-id', 'marketplace-name', 'amount-type', 'amount-description', 'amount', 'fulfillment-id', 'posted-date', 'posted-date-time', 'order-item-code', 'merchant-order-item-id', 'merchant-adjustment-item-id', 'sku', 'quantity-purchased', 'promotion-id'];
  const sid = String(rng.int(10000000000, 19999999999));
  const stLines = [head.join('\t'), [sid, `${iso(START)} 07:00:00 UTC`, `${iso(END + 1)} 07:00:00 UTC`, `${iso(DEPOSIT)} 07:00:00 UTC`, money(total), 'USD', ...Array(head.length - 6).fill('')].join('\t')];
  let t = 0, prevKey = '', prevDay = -1;
  for (const l of st) {
    if (l.posted !== prevDay) { t = rng.int(0, 600); prevDay = l.posted; }
    if (key(l) !== prevKey) { t = Math.min(86399, t + rng.int(1, 140)); prevKey = key(l); }
    const hms = `${String(Math.floor(t / 3600)).padStart(2, '0')}:${String(Math.floor(t / 60) % 60).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
    const isOrder = l.ttype === 'Order' || l.ttype === 'Refund' || l.ttype === 'Chargeback Refund';
    stLines.push([sid, '', '', '', '', '', l.ttype, l.orderId, l.merchantOrderId, l.adjustmentId, l.shipmentId, isOrder ? 'Amazon.com' : '', l.amountType, l.desc, money(l.amount), l.fulfillment, iso(l.posted), `${iso(l.posted)} ${hms} UTC`, l.itemCode, '', '', l.sku, l.qty, l.promo].join('\t'));
  }

  return {
    name: NAME,
    description: [
      'A US home-goods brand selling on Amazon.com exports its open receivables from NetSuite (saved search CSV, every field quoted, M/D/YYYY dates, plain amounts with a point, credit memos negative): one invoice a shipped order to the customer "Amazon.com Marketplace" with the Amazon order id (113-1234567-1234567) in PO/Check Number and "Amazon Order …" in the memo, booked net of the sales tax Amazon collects and remits.',
      'The statement is one Amazon Seller Central settlement report (flat file V2, tab-separated, 2026-10-02 to 10-16, deposit 10-18): the first row after the header is the settlement summary (settlement id, dates, total-amount) and is not a transaction row; every other row is one amount type of one order item',
      '(ItemPrice Principal/Shipping/Tax/ShippingTax, ItemWithheldTax MarketplaceFacilitatorTax-*, Promotion, ItemFees Commission/FBAPerUnitFulfillmentFee), so one invoice is paid by 3-20 rows whose Principal+Shipping+Promotion equals it and whose fees are kept by Amazon (tax and withheld tax net to zero).',
      'Cases: order id in PO, only in the memo, without dashes, or missing (invoice matched by amount and date only; ambiguous when another unreferenced settled order has the same amount); multi-item orders; split shipments (two invoices, two shipments, one order id); refunds in the same settlement',
      '(invoice + credit memo + order rows + refund rows with Commission returned and RefundCommission kept), refunds of orders settled earlier (credit memo + refund rows), a connector that booked an order twice (two equal invoices for one order: ambiguous); orders Amazon settled that the ERP lacks; reserve',
      'held and released, subscription, advertising and storage fees, FBA reimbursements and chargebacks with no credit memo (no counterpart); invoices not settled yet (shipped at the period end), wholesale invoices to retailers paid by bank and Amazon.ca invoices in CAD (unpaid here).',
    ].join(' '),
    openItems: { fileName: 'OpenARMarketplaceResults.csv', content: oiLines.join('\n') + '\n' },
    statement: { fileName: `${sid}.txt`, content: stLines.join('\n') + '\n' },
    truth: [...truthOf('open_items', invs), ...truthOf('statement', st)],
  };
}
