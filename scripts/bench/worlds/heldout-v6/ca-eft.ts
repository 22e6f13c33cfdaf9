/**
 * ca-eft — Matériaux Laurentides inc., Saint-Jérôme (Québec): a building-supplies wholesaler billing in
 * CAD (and USD to US customers), paid by EFT (CPA-005 credits: originator name cut at 30, a short
 * cross-reference), cheques deposited in batches, Interac e-Transfers with a message, US-dollar wires
 * less charges, and a pre-authorised debit (PAD) run with NSF returns. Open items from a French Sage 50
 * "Rapport détaillé de l'âge des comptes clients" (Windows-1252, `;`, `1 234,56 $`), the statement an
 * RBC-like CSV of both the CAD and the USD account (m/d/yyyy, CAD$ and USD$ columns).
 */
import type { World, WorldGenerator } from '../world';
import { Book, Rng, allot, assemble, bnCheck, csvField, cut, dayOf, encodeCp1252, fmtMoney, nextBiz, pad, uniqueName, ymd, type Cust, type Gen, type Item, type Line } from './common';

const NB = '\u00a0';
export const caMoney = (c: number, cur: string): string => fmtMoney(c, NB, ',') + NB + (cur === 'USD' ? '$' + NB + 'US' : '$');
const mdy = (d: number) => { const [y, m, dd] = ymd(d); return `${m}/${dd}/${y}`; };
const ymdIso = (d: number) => { const [y, m, dd] = ymd(d); return `${y}-${pad(m, 2)}-${pad(dd, 2)}`; };

const A = ['Laurentien', 'Boréal', 'Outaouais', 'Saguenay', 'Mauricie', 'Estrie', 'Beauce', 'Rideau', 'Niagara', 'Huronie', 'Fundy', 'Chaleur', 'Lanaudière', 'Richelieu', 'Témiscamingue', 'Algonquin', 'Kawartha', 'Muskoka', 'Gaspésie', 'Champlain'];
const B = ['Construction', 'Rénovations', 'Toitures', 'Excavation', 'Menuiserie', 'Plomberie', 'Électrique', 'Habitations', 'Coffrages', 'Béton', 'Drywall', 'Contracting', 'Builders', 'Roofing', 'Landscaping', 'Mechanical'];
const US = ['Adirondack Lumber Supply LLC', 'Green Mountain Builders Inc.', 'Champlain Valley Contractors LLC', 'Lake Erie Framing Co.', 'North Country Roofing Inc.', 'Buffalo Drywall Supply LLC', 'Vermont Timber Frame Company', 'Upstate Masonry Partners LLC'];
const FIRST = ['Jean-François', 'Marie-Ève', 'Sylvain', 'Nathalie', 'Mathieu', 'Geneviève', 'David', 'Sarah', 'Kevin', 'Chantal', 'Patrick', 'Isabelle', 'Michael', 'Émilie', 'Stéphane', 'Jennifer'];
const LAST = ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné', 'Ouellet', 'Pelletier', 'Bélanger', 'Lévesque', 'Smith', 'MacDonald', 'Nguyen', 'Singh'];

const up = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[.,]/g, '');
/** Province → tax rates: QC TPS 5 % + TVQ 9,975 %; ON HST 13 %; NB/NS HST 15 %; others GST 5 %; US zero-rated. */
const TAX: Record<string, [number, number]> = { QC: [0.05, 0.09975], ON: [0.13, 0], NB: [0.15, 0], AB: [0.05, 0], US: [0, 0] };

export const caEft: WorldGenerator = ({ seed, openItems }) => {
  const rng = new Rng(seed * 7919 + 16);
  const bk = new Book(rng, 'ca');
  const nc = Math.min(700, Math.max(30, Math.round(openItems / 9)));
  const used = new Set<string>();
  const custs: Cust[] = [];
  for (let i = 0; i < nc; i++) {
    const prov = i % 17 === 3 && i < 140 ? 'US' : rng.weighted({ QC: 6, ON: 3, NB: 1, AB: 1 });
    const person = prov !== 'US' && rng.chance(0.12);
    const name = prov === 'US' ? uniqueName(used, () => (used.has(US[((i / 17) | 0) % US.length]) ? `${rng.pick(A)} ${rng.pick(['Lumber', 'Builders', 'Supply'])} LLC` : US[((i / 17) | 0) % US.length]))
      : person ? uniqueName(used, () => `${rng.pick(FIRST)} ${rng.pick(LAST)}`)
      : uniqueName(used, () => { const b = rng.pick(B), en = B.indexOf(b) >= 10; return (en ? `${rng.pick(A)} ${b} ${rng.pick(['Inc.', 'Ltd.', 'Corp.'])}` : `${b} ${rng.pick(A)} ${rng.pick(['inc.', 'ltée', 'S.E.N.C.'])}`) + (!en && prov === 'QC' && rng.chance(0.15) ? ` (${rng.int(9000, 9499)}-${rng.int(1000, 9999)} Québec inc.)` : ''); });
    const bn8 = String(rng.int(10000000, 99999999));
    custs.push({ code: (up(name).replace(/[^A-Z]/g, '').slice(0, 6) + pad(i + 1, 3)), name, bank: up(name), tax: prov === 'US' ? '' : `${bn8}${bnCheck(bn8)} RT0001`, cur: prov === 'US' ? 'USD' : 'CAD', person, prov });
  }
  const dom = custs.filter((c) => c.cur === 'CAD' && !c.person), usd = custs.filter((c) => c.cur === 'USD'), ppl = custs.filter((c) => c.person);
  const pickC = (xs: Cust[]) => xs[rng.skewedIndex(xs.length)];
  const oct = (a: number, b: number) => Math.min(dayOf(2026, 10, 30), nextBiz(dayOf(2026, 10, rng.int(a, b))));
  const seenAmt = new Map<string, Set<number>>();
  const fresh = (c: Cust, lo: number, hi: number): { base: number; total: number; t1: number; t2: number } => {
    const set = seenAmt.get(c.code) ?? new Set<number>(); seenAmt.set(c.code, set);
    const [r1, r2] = TAX[c.prov as string];
    for (;;) {
      const base = rng.amountCents(lo, hi), t1 = Math.round(base * r1), t2 = Math.round(base * r2), total = base + t1 + t2;
      if (!set.has(total)) { set.add(total); return { base, total, t1, t2 }; }
    }
  };
  const inv = (c: Cust, kind: string, g: string | null, lo = 150, hi = 30000, day?: number, twinOf?: Item): Item => {
    const a = twinOf ? { base: twinOf.net, total: twinOf.amt, t1: Number(twinOf.x.t1), t2: Number(twinOf.x.t2) } : fresh(c, lo, hi);
    const d = day ?? dayOf(2026, 8, 15) + rng.int(0, 75);
    const terms = c.person ? 0 : c.cur === 'USD' ? 45 : 30;
    return bk.item(c, d, a.total, kind, g, { due: d + terms, net: a.base, x: { t1: String(a.t1), t2: String(a.t2), terms: terms ? `Net ${terms} jours` : 'Sur réception' } });
  };
  const xrefs = (its: Item[]) => cut(rng.pick(['INV ', 'INV#', 'FACT ', '', 'INVOICE ']) + its.map((i) => String(i.seq)).join(rng.pick([',', ' ', '/'])), 19);
  const eftText = (c: Cust, ref: () => string) => () => ['MISC PAYMENT', (cut(c.bank, 30) + ' ' + ref()).trim()];

  const k = allot(openItems, {
    eft_invoice_ref: 0.17, eft_multi_invoice: 0.08, eft_name_only: 0.05, cheque_batch_deposit: 0.12, interac_etransfer: 0.05, usd_wire_less_fees: 0.04,
    pad_run: 0.1, credit_note_netted: 0.05, part_payment: 0.03, ambiguous_equal_amounts: 0.03, open_credit_note: 0.01, unpaid_invoice: 1,
  });
  for (let i = 0; i < k.eft_invoice_ref; i++) { const g = bk.group(), c = pickC(dom), it = inv(c, 'eft_invoice_ref', g); bk.line(oct(1, 31), it.amt, 'eft_invoice_ref', g, eftText(c, () => xrefs([it]))); }
  for (let n = 0; n < k.eft_multi_invoice;) { const g = bk.group(), c = pickC(dom), m = rng.int(2, 5), its = Array.from({ length: m }, () => inv(c, 'eft_multi_invoice', g)); n += m; bk.line(oct(1, 31), its.reduce((s, x) => s + x.amt, 0), 'eft_multi_invoice', g, eftText(c, () => xrefs(its))); }
  for (let i = 0; i < k.eft_name_only; i++) { const g = bk.group(), c = pickC(dom), it = inv(c, 'eft_name_only', g); bk.line(oct(1, 31), it.amt, 'eft_name_only', g, eftText(c, () => '')); }
  for (let n = 0; n < k.cheque_batch_deposit;) {
    const g = bk.group(), m = rng.int(2, 7), its = Array.from({ length: m }, () => inv(pickC(dom), 'cheque_batch_deposit', g, 150, 12000)); n += m;
    bk.line(oct(1, 31), its.reduce((s, x) => s + x.amt, 0), 'cheque_batch_deposit', g, () => ['DEPOSIT', rng.chance(0.3) ? 'BR 04521' : '']);
  }
  for (let i = 0; i < k.interac_etransfer; i++) {
    const g = bk.group(), c = ppl.length ? pickC(ppl) : pickC(dom), it = inv(c, 'interac_etransfer', g, 60, 2500);
    const msg = () => rng.pick([`Facture ${it.seq}`, `inv ${it.seq}`, `#${it.seq} merci`, `Paiement facture no ${it.seq}`, `for invoice ${it.seq} thanks`]);
    bk.line(oct(1, 31), it.amt, 'interac_etransfer', g, () => ['e-Transfer - Autodeposit', `${up(c.name)} ${msg()}`]);
  }
  for (let i = 0; i < k.usd_wire_less_fees; i++) {
    const g = bk.group(), c = pickC(usd), it = inv(c, 'usd_wire_less_fees', g, 800, 40000), fee = rng.pick([1000, 1500, 2000, 2500, 3000, 3500, 4000]);
    bk.line(oct(1, 31), it.amt - fee, 'usd_wire_less_fees', g, () => ['WIRE PAYMENT', `${cut(up(c.name), 30)} /INV ${it.seq}`], { cur: 'USD' });
  }
  // PAD runs weekly (1st, 8th, 15th, 22nd): one settlement credit, NSF returns three to five days later.
  for (let n = 0, run = 0; n < k.pad_run; run++) {
    const g = bk.group(), day = nextBiz(dayOf(2026, 10, [1, 8, 15, 22][run % 4])), m = Math.min(Math.max(rng.int(25, 60), Math.ceil(k.pad_run / 4)), k.pad_run - n), its: Item[] = [], ret: Item[] = [];
    for (let j = 0; j < m; j++) { const r = rng.chance(0.08); const it = inv(pickC(dom), r ? 'pad_nsf_returned' : 'pad_run', r ? null : g, 80, 3000, day - rng.int(20, 40)); (r ? ret : its).push(it); }
    n += m;
    const batch = 1000 + run;
    bk.line(day, [...its, ...ret].reduce((s, x) => s + x.amt, 0), 'pad_run', g, () => ['MISC PAYMENT', `PAD SETTLEMENT BATCH ${batch} ${its.length + ret.length} ITEMS`]);
    for (const r of ret) bk.line(nextBiz(day + rng.int(3, 5)), -r.amt, 'pad_run', g, () => ['PAD RETURN NSF', cut(r.cust.bank, 30)]);
  }
  for (let n = 0; n < k.credit_note_netted;) {
    const g = bk.group(), c = pickC(dom), m = rng.int(1, 3), its = Array.from({ length: m }, () => inv(c, 'credit_note_netted', g)), tot = its.reduce((s, x) => s + x.amt, 0);
    const base = -Math.round((its[0].net * rng.int(5, 40)) / 100), [r1, r2] = TAX[c.prov as string], t1 = Math.round(base * r1), t2 = Math.round(base * r2);
    const cn = bk.item(c, its[0].day + rng.int(2, 20), base + t1 + t2, 'credit_note_netted', g, { net: base, x: { t1: String(t1), t2: String(t2), terms: '' } });
    n += m + 1;
    bk.line(oct(1, 31), tot + cn.amt, 'credit_note_netted', g, eftText(c, () => xrefs(its)));
  }
  for (let i = 0; i < k.part_payment; i++) { const g = bk.group(), c = pickC(dom), it = inv(c, 'part_payment', g, 2000, 40000), p = Math.round((it.amt * rng.int(30, 70)) / 100); bk.line(oct(1, 31), p, 'part_payment', g, eftText(c, () => xrefs([it]))); }
  for (let n = 0; n < k.ambiguous_equal_amounts; n += 2) {
    const g = bk.group(), c = pickC(dom), a = inv(c, 'ambiguous_equal_amounts', g); a.amb = true;
    const b = inv(c, 'ambiguous_equal_amounts', null, 0, 0, undefined, a); b.amb = true;
    bk.line(oct(1, 31), a.amt, 'ambiguous_equal_amounts', g, eftText(c, () => ''), { amb: true });
  }
  for (let i = 0; i < k.open_credit_note; i++) { const c = pickC(dom), base = -rng.amountCents(50, 3000), [r1, r2] = TAX[c.prov as string]; bk.item(c, dayOf(2026, 9, 1) + rng.int(0, 55), base + Math.round(base * r1) + Math.round(base * r2), 'open_credit_note', null, { net: base, x: { t1: String(Math.round(base * r1)), t2: String(Math.round(base * r2)), terms: '' } }); }
  const unpaid: Item[] = [];
  for (let i = 0; i < k.unpaid_invoice; i++) unpaid.push(inv(rng.chance(0.05) && usd.length ? pickC(usd) : pickC(dom), 'unpaid_invoice', null, 150, 30000, dayOf(2026, 8, 20) + rng.int(0, 73)));

  // Noise: payroll, utilities, CRA remittances, supplier cheques, card payments, FX transfers, fees.
  const nNoise = Math.round(openItems * 0.1);
  for (let i = 0; i < nNoise; i++) {
    const t = rng.weighted({ chq: 5, pay: 1, util: 2, card: 1, fee: 1, fx: 1 });
    const d = oct(1, 31);
    if (t === 'chq') { const no = 3000 + i; bk.line(d, -rng.amountCents(100, 20000), 'noise', null, () => ['CHEQUE', '', String(no)]); }
    else if (t === 'pay') bk.line(d, -rng.amountCents(30000, 90000), 'noise', null, () => ['PAYROLL', 'CERIDIAN DAYFORCE']);
    else if (t === 'util') { const [a, b] = rng.pick([['BILL PAYMENT', 'HYDRO-QUEBEC'], ['BILL PAYMENT', 'BELL CANADA'], ['MISC PAYMENT', 'ENERGIR'], ['INSURANCE', 'INTACT ASSURANCE']]); bk.line(d, -rng.amountCents(150, 4000), 'noise', null, () => [a, b]); }
    else if (t === 'card') bk.line(d, -rng.amountCents(500, 15000), 'noise', null, () => ['BILL PAYMENT', 'RBC AVION VISA BUSINESS']);
    else if (t === 'fee') bk.line(d, -rng.int(500, 9500), 'noise', null, () => ['SERVICE CHARGE', rng.pick(['MONTHLY FEE', 'EFT CREDIT FEES', 'ITEMS DEPOSITED FEE'])]);
    else { const a = rng.int(5, 60) * 100000; bk.line(d, -a, 'noise', null, () => ['ONLINE TRANSFER TO DEPOSIT ACCOUNT', 'USD 06702-4001234']); bk.line(d, Math.round(a / 1.37), 'noise', null, () => ['ONLINE TRANSFER FROM DEPOSIT ACCOUNT', 'CAD 06702-1009876'], { cur: 'USD' }); }
  }
  bk.line(dayOf(2026, 10, 30), -rng.amountCents(20000, 60000), 'noise', null, () => ['GST/HST/QST REMITTANCE', 'CRA/ARC BUSINESS TAX']);
  // Trap: government deposits (a GST/HST refund, a wage subsidy) whose amount is exactly an unpaid invoice's.
  for (let i = 0; i < 4 && i < unpaid.length; i++) {
    const u = unpaid.filter((x) => x.cur === 'CAD')[i * 7 % Math.max(1, unpaid.length - 1)];
    if (u) bk.line(oct(5, 28), u.amt, 'noise_government_same_amount', null, () => rng.pick([['FED GOVT', 'GST/HST REFUND'], ['MISC PAYMENT', 'GOVERNMENT OF CANADA'], ['MISC PAYMENT', 'REVENU QUEBEC REMB TVQ']]));
  }

  bk.number(10001, (s) => String(s), 501, (s) => `NC-${pad(s, 5)}`);
  // File order and text.
  const oiG: Gen<Item>[] = bk.items.map((it) => ({ key: custs.indexOf(it.cust) * 1e6 + it.day + (it.credit ? 0.5 : 0) + it.seq / 1e7, v: it, g: it.g, kind: it.kind, amb: it.amb }));
  const stG: Gen<Line>[] = bk.lines.map((l) => ({ key: (l.cur === 'USD' ? 1e6 : 0) + l.day, v: l, g: l.g, kind: l.kind, amb: l.amb }));
  const { oi, st, truth } = assemble(rng, oiG, stG);
  const sep = ';', f = (s: string) => csvField(s, sep);
  const out = ['Matériaux Laurentides inc.', "Rapport détaillé de l'âge des comptes clients au 2 nov. 2026 (non réglés seulement)", '',
    ['No client', 'Nom du client', 'No TPS/TVH', 'Type', 'No de facture', 'Date', 'Échéance', 'Conditions', 'Devise', 'Montant avant taxes', 'TPS/TVH', 'TVQ', 'Total', 'Payé', 'Solde'].join(sep)];
  const tot: Record<string, number> = { CAD: 0, USD: 0 };
  for (const { v: it } of oi) {
    const paid = 0;
    tot[it.cur] += it.amt;
    out.push([it.cust.code, f(it.cust.name), it.cust.tax, it.credit ? 'Note de crédit' : 'Facture', it.no, ymdIso(it.day), it.credit ? '' : ymdIso(it.due), it.x.terms, it.cur,
      caMoney(it.net, it.cur), caMoney(Number(it.x.t1), it.cur), caMoney(Number(it.x.t2), it.cur), caMoney(it.amt, it.cur), caMoney(paid, it.cur), caMoney(it.amt - paid, it.cur)].join(sep));
  }
  out.push('', `Total CAD${sep.repeat(14)}${caMoney(tot.CAD, 'CAD')}`, `Total USD${sep.repeat(14)}${caMoney(tot.USD, 'USD')}`);
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const sout = ['"Account Type","Account Number","Transaction Date","Cheque Number","Description 1","Description 2","CAD$","USD$"'];
  for (const { v: l } of st) {
    const [d1, d2, chq] = l.text();
    const amt = (l.amt / 100).toFixed(2);
    sout.push([q('Chequing'), q(l.cur === 'USD' ? '06702-4001234' : '06702-1009876'), mdy(l.day), chq ? chq : '', q(d1), q(d2 ?? ''), l.cur === 'CAD' ? amt : '', l.cur === 'USD' ? amt : ''].join(','));
  }
  const world: World = {
    name: 'ca-eft',
    description: `Matériaux Laurentides inc. (Saint-Jérôme, Québec), building supplies, October 2026. Open items: French Sage 50 aged receivables detail, Windows-1252, ';', CRLF, amounts '1 234,56 $' with non-breaking spaces ('$ US' for USD), yyyy-mm-dd, invoices numbered 10001.. by date, credit notes NC-00501.., GST/HST number (BN with Luhn digit + RT0001), TPS/TVH and TVQ columns. Statement: RBC-like CSV of a CAD and a USD chequing account, m/d/yyyy, signed amounts in CAD$ or USD$. Kinds: EFT credits with originator name cut at 30 and a 19-character cross-reference (one or several invoices, or nothing), batch cheque deposits (several customers, one line), Interac e-Transfers from persons with a message, USD wires less intermediary charges, PAD runs (one settlement credit, NSF returns as debits), credit notes netted, part payments, two equal open invoices paid once without reference, unpaid invoices, open credit notes, noise, and government deposits that equal an unpaid invoice's amount (trap).`,
    openItems: { fileName: 'ca-eft-comptes-clients.csv', content: encodeCp1252(out.join('\r\n') + '\r\n') },
    statement: { fileName: 'ca-eft-rbc-transactions.csv', content: sout.join('\n') + '\n' },
    truth,
  };
  return world;
};

