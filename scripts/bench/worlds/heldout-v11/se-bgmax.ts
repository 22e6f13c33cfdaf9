/**
 * se-bgmax: a Swedish wholesaler's Fortnox "Kundreskontra" (open customer ledger) CSV against the
 * Bankgirot BgMax file of its bankgiro: 80-character fixed-width records, one section (TK05 … TK15)
 * a deposit day, a payment as a TK20 record (a deduction as TK21) followed by its information,
 * name, address and organisation-number records. Written blind (see index.ts).
 */
import type { World, WorldOptions } from '../world';
import { type Mulberry32, type Tagged, compact, day, digitTypo, luhnDigit, luhnOk, money, rngFor, shuffle, truthOf, weekday, weighted } from './common';

const NAME = 'se-bgmax';
const OWN_BG = '50501055';

interface Company { name: string; org: string; bg: string; street: string; zip: string; city: string }
interface Cust extends Company { no: string; parent?: Company }
interface Inv extends Tagged { no: number; cust: Cust; date: number; due: number; cur: 'SEK' | 'EUR'; amount: number; type: 'Faktura' | 'Kreditfaktura'; ref: string; ocr: string; text: string; plan: string }
interface Pay extends Tagged { tk: '20' | '21'; day: number; amount: number; ref: string; refCode: number; info: string[]; payer: Company | null; showAddr: boolean; showOrg: boolean; channel: number }

const P1 = ['Berg', 'Lind', 'Sjö', 'Ström', 'Holm', 'Ek', 'Nord', 'Väst', 'Öster', 'Gran', 'Alm', 'Dal', 'Fjäll', 'Ås', 'Björk', 'Sand', 'Hav', 'Skog', 'Lövgren', 'Hed', 'Åker', 'Rosen', 'Falk', 'Sten'];
const P2 = ['ström', 'berg', 'qvist', 'lund', 'gren', 'dahl', 'holm', 'vik', 'näs', 'by', 'sson', 'ängen'];
const TRADE = ['Bygg', 'El', 'Måleri', 'Transport', 'Fastigheter', 'Konsult', 'VVS', 'Städservice', 'Plåtslageri', 'Mekaniska Verkstad', 'Snickeri', 'Entreprenad', 'Maskin', 'Kyl & Värme', 'Golv', 'Trädgård'];
const FORM = ['AB', 'AB', 'AB', 'AB', 'Aktiebolag', 'HB', 'i Sverige AB', 'Handelsbolag'];
const CITY: [string, string][] = [['Stockholm', '114'], ['Göteborg', '411'], ['Malmö', '211'], ['Uppsala', '753'], ['Västerås', '722'], ['Örebro', '702'], ['Linköping', '582'], ['Helsingborg', '252'], ['Jönköping', '553'], ['Norrköping', '602'], ['Umeå', '903'], ['Gävle', '802'], ['Borås', '503'], ['Södertälje', '151'], ['Karlstad', '652'], ['Växjö', '352'], ['Luleå', '972'], ['Östersund', '831']];
const STREET = ['Storgatan', 'Industrivägen', 'Kungsgatan', 'Verkstadsgatan', 'Hamngatan', 'Järnvägsgatan', 'Norra vägen', 'Östra Långgatan', 'Företagsvägen', 'Åvägen'];

function company(rng: Mulberry32, used: Set<string>): Company {
  let name = '';
  do name = `${rng.pick(P1)}${rng.pick(P2)}s ${rng.pick(TRADE)} ${rng.pick(FORM)}`; while (used.has(name));
  used.add(name);
  const orgBody = `55${rng.int(0, 9)}${String(rng.int(0, 999999)).padStart(6, '0')}`;
  const org = orgBody + luhnDigit(orgBody);
  const bgBody = String(rng.int(100000, 9999999));
  const [city, zip] = rng.pick(CITY);
  return { name, org, bg: bgBody + luhnDigit(bgBody), street: `${rng.pick(STREET)} ${rng.int(1, 140)}`, zip: `${zip}${String(rng.int(10, 99))}`, city: city.toUpperCase() };
}

/** Fortnox OCR: the invoice number, a length digit and a Luhn check digit. */
export const fortnoxOcr = (no: number): string => { const b = `${no}${(String(no).length + 2) % 10}`; return b + luhnDigit(b); };

const pad = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s.padEnd(n, ' '));
const rpad0 = (s: string | number, n: number) => String(s).padStart(n, '0');
const rjust = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s.padStart(n, ' '));
const rec = (s: string) => { if (s.length > 80) throw new Error(`BgMax record over 80: ${s}`); return s.padEnd(80, ' '); };

export function seBgmax(opt: WorldOptions): World {
  const rng = rngFor(NAME, opt.seed);
  const N = Math.max(60, opt.openItems);
  const used = new Set<string>();
  const parents: Company[] = Array.from({ length: Math.max(3, Math.round(N / 150)) }, () => {
    const c = company(rng, used);
    return { ...c, name: c.name.replace(/ (AB|Aktiebolag|HB|Handelsbolag|i Sverige AB)$/, ' Holding AB') };
  });
  const custs: Cust[] = Array.from({ length: Math.max(12, Math.round(N / 6)) }, (_, i) => ({ ...company(rng, used), no: String(1001 + i), ...(rng.chance(0.12) ? { parent: rng.pick(parents) } : {}) }));
  const withParent = custs.filter((c) => c.parent);
  const START = day(2026, 8, 3), OCT1 = day(2026, 10, 1), END = day(2026, 10, 30);
  const bankDays: number[] = [];
  for (let d = OCT1; d <= END; d++) if (weekday(d) !== 0 && weekday(d) !== 6) bankDays.push(d);

  const gross = (wholeKr: boolean): number => {
    const net = Math.round(Math.exp(rng.next() * Math.log(80000 / 600)) * 600 * 100) / 100;
    const g = Math.round(net * 125);
    return wholeKr ? Math.round(g / 100) * 100 : g;
  };
  const invs: Inv[] = [];
  const pays: Pay[] = [];
  let gid = 0;
  const ng = () => `g${++gid}`;
  const mk = (cust: Cust, plan: string, kind: string, group: string | null, o: Partial<Inv> = {}): Inv => {
    const date = o.date ?? (plan === 'unpaid' ? rng.int(START, END) : rng.int(START, day(2026, 10, 20)));
    const inv: Inv = { no: 0, cust, date, due: date + 30, cur: 'SEK', amount: gross(!rng.chance(0.35)), type: 'Faktura', ref: rng.chance(0.6) ? `${rng.pick(['Anna', 'Erik', 'Lars', 'Karin', 'Maria', 'Johan', 'Eva', 'Per'])} ${rng.pick(['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson'])}` : '', ocr: '', text: '', plan, group, kind, ...o };
    invs.push(inv);
    return inv;
  };

  // Plans: what happens to each invoice. Payments are made once the invoices are numbered.
  type Plan = { kind: string; invs: Inv[]; extra?: Inv[] };
  const plans: Plan[] = [];
  while (invs.length < N) {
    const c = rng.pick(custs);
    const kind = weighted(rng, [
      ['ocr_exact', 34], ['ocr_typo', 3], ['invoice_number_text', 8], ['multi_invoice_text', 3], ['multi_invoice_one_ocr', 1.2], ['credit_deduction_tk21', 1.6],
      ['credit_netted_in_amount', 1.6], ['part_payment', 2], ['instalments', 1.5], ['name_only', 4], ['equal_amounts_no_reference', 1.2], ['parent_pays_ocr', 2.5],
      ['parent_pays_several', 0.8], ['rounded_to_krona', 3], ['reminder_fee_added', 1.5], ['duplicate_payment', 1], ['unpaid_invoice', 20], ['unpaid_foreign_currency', 1.5], ['open_credit_note', 1],
    ] as const);
    const g = ng();
    switch (kind) {
      case 'multi_invoice_text': case 'multi_invoice_one_ocr': {
        const k = rng.int(2, kind === 'multi_invoice_one_ocr' ? 3 : 4);
        plans.push({ kind, invs: Array.from({ length: k }, () => mk(c, kind, kind, g)) });
        break;
      }
      case 'parent_pays_ocr': case 'parent_pays_several': {
        if (!withParent.length) { plans.push({ kind: 'ocr_exact', invs: [mk(c, 'ocr_exact', 'ocr_exact', g)] }); break; }
        const p = rng.pick(withParent).parent!;
        const sibs = withParent.filter((x) => x.parent === p);
        const k = kind === 'parent_pays_ocr' ? 1 : rng.int(2, 4);
        plans.push({ kind, invs: Array.from({ length: k }, () => mk(rng.pick(sibs), kind, kind, g)) });
        break;
      }
      case 'credit_deduction_tk21': case 'credit_netted_in_amount': {
        const i = mk(c, kind, kind, g);
        const cn = mk(c, kind, kind, g, { type: 'Kreditfaktura', date: Math.min(i.date + rng.int(2, 12), day(2026, 10, 22)) });
        cn.amount = -Math.round(i.amount * (rng.int(5, 40) / 100));
        plans.push({ kind, invs: [i], extra: [cn] });
        break;
      }
      case 'instalments': plans.push({ kind, invs: [mk(c, kind, kind, g, { date: rng.int(START, day(2026, 9, 20)) })] }); break;
      case 'equal_amounts_no_reference': {
        const a = mk(c, kind, kind, g, { amb: true, text: 'Serviceavtal' });
        const b = mk(c, 'unpaid', kind, null, { amb: true, amount: a.amount, text: 'Serviceavtal', date: a.date + rng.int(20, 40) });
        b.date = Math.min(b.date, END);
        plans.push({ kind, invs: [a], extra: [b] });
        break;
      }
      case 'rounded_to_krona': {
        const i = mk(c, kind, kind, g);
        if (i.amount % 100 === 0) i.amount += rng.int(1, 99);
        plans.push({ kind, invs: [i] });
        break;
      }
      case 'unpaid_invoice': mk(c, 'unpaid', kind, null); break;
      case 'unpaid_foreign_currency': { const i = mk(c, 'unpaid', kind, null, { cur: 'EUR' }); i.amount = Math.round(i.amount / 11.5); break; }
      case 'open_credit_note': { const i = mk(c, 'unpaid', kind, null, { type: 'Kreditfaktura' }); i.amount = -Math.round(i.amount * 0.3); break; }
      default: plans.push({ kind, invs: [mk(c, kind, kind, g)] });
    }
  }

  // Number the list by date (Fortnox numbers invoices and credit notes from one series).
  const byDate = [...invs].sort((a, b) => a.date - b.date);
  byDate.forEach((inv, i) => { inv.no = 24051 + i; if (inv.type === 'Faktura') inv.ocr = fortnoxOcr(inv.no); });
  for (const p of plans) for (const cn of p.extra ?? []) if (cn.type === 'Kreditfaktura') cn.text = `Kredit avser faktura ${p.invs[0].no}`;

  const payDay = (invDate: number, late = 0): number => {
    const lo = Math.max(OCT1, invDate + 4 + late);
    const due = invDate + 30 + rng.int(-8, 12);
    const cands = bankDays.filter((d) => d >= lo);
    if (!cands.length) return bankDays[bankDays.length - 1];
    const near = cands.filter((d) => Math.abs(d - due) <= 3);
    return rng.pick(near.length ? near : cands);
  };
  const invNoText = (n: number): string => weighted(rng, [[`Faktura ${n}`, 4], [`fakt ${n}`, 2], [`Fakturanr ${n}`, 2], [`FAKTURA NR ${n}`, 1], [`Ert fakturanr: ${n}`, 1], [`${n}`, 2], [`fa${n}`, 1]] as const);
  const pay = (tk: '20' | '21', d: number, amount: number, group: string | null, kind: string, o: Partial<Pay> = {}): Pay => {
    const p: Pay = { tk, day: d, amount, ref: '', refCode: 1, info: [], payer: null, showAddr: rng.chance(0.6), showOrg: rng.chance(0.7), channel: weighted(rng, [[1, 6], [2, 3], [3, 1]] as const), group, kind, ...o };
    if (p.ref && o.refCode === undefined) p.refCode = luhnOk(p.ref) && Number(p.ref[p.ref.length - 2]) === p.ref.length % 10 ? 2 : 5;
    pays.push(p);
    return p;
  };
  const nameOf = (c: Company) => (rng.chance(0.88) ? c : null);

  for (const p of plans) {
    const [i0] = p.invs;
    const g = i0.group, c = i0.cust;
    const sum = p.invs.reduce((s, i) => s + i.amount, 0);
    const d = payDay(Math.max(...p.invs.map((i) => i.date), ...(p.extra ?? []).map((i) => i.date)));
    switch (p.kind) {
      case 'ocr_exact': pay('20', d, sum, g, p.kind, { ref: i0.ocr, payer: nameOf(c) }); break;
      case 'ocr_typo': { let t = digitTypo(rng, i0.ocr); if (t === i0.ocr) t = i0.ocr.slice(0, -1); pay('20', d, sum, g, p.kind, { ref: t, payer: nameOf(c) }); break; }
      case 'invoice_number_text': {
        if (rng.chance(0.4)) pay('20', d, sum, g, p.kind, { ref: String(i0.no), refCode: 3, payer: nameOf(c) });
        else pay('20', d, sum, g, p.kind, { info: [invNoText(i0.no)], payer: c });
        break;
      }
      case 'multi_invoice_text': {
        const nos = p.invs.map((i) => i.no);
        const info = rng.chance(0.5) ? [`Fakt ${nos.join(', ')}`] : nos.map((n) => invNoText(n));
        pay('20', d, sum, g, p.kind, { info, payer: c });
        break;
      }
      case 'multi_invoice_one_ocr': pay('20', d, sum, g, p.kind, { ref: i0.ocr, payer: nameOf(c) }); break;
      case 'credit_deduction_tk21': {
        const cn = p.extra![0];
        pay('20', d, sum, g, p.kind, { ref: i0.ocr, payer: c });
        pay('21', d, -cn.amount, g, p.kind, { ref: String(cn.no), refCode: 3, info: [rng.chance(0.5) ? `Kreditfaktura ${cn.no}` : `Avdrag kredit ${cn.no} avser ${i0.no}`], payer: c });
        break;
      }
      case 'credit_netted_in_amount': {
        const cn = p.extra![0];
        pay('20', d, sum + cn.amount, g, p.kind, { ref: rng.chance(0.5) ? i0.ocr : '', info: [`${invNoText(i0.no)} avgår kredit ${cn.no}`], payer: c });
        break;
      }
      case 'part_payment': pay('20', d, Math.round(sum * rng.int(40, 70) / 100), g, p.kind, { ref: i0.ocr, payer: nameOf(c), info: rng.chance(0.5) ? ['Delbetalning'] : [] }); break;
      case 'instalments': {
        const first = Math.round(sum * rng.int(30, 60) / 100);
        const d1 = rng.pick(bankDays.slice(0, 8)), d2 = rng.pick(bankDays.slice(12));
        pay('20', d1, first, g, p.kind, { ref: i0.ocr, payer: c, info: rng.chance(0.5) ? ['Delbetalning 1'] : [] });
        pay('20', d2, sum - first, g, p.kind, { ref: i0.ocr, payer: c, info: rng.chance(0.5) ? ['Slutbetalning'] : [] });
        break;
      }
      case 'name_only': case 'equal_amounts_no_reference': pay('20', d, sum, g, p.kind, { payer: c, showOrg: true, amb: p.kind !== 'name_only' }); break;
      case 'parent_pays_ocr': pay('20', d, sum, g, p.kind, { ref: i0.ocr, payer: c.parent! }); break;
      case 'parent_pays_several': pay('20', d, sum, g, p.kind, { info: [`Avser ${p.invs.map((i) => `${i.no}`).join(' ')}`, `Koncernbetalning ${p.invs.map((i) => i.cust.name.split(' ')[0]).join('/')}`.slice(0, 50)], payer: c.parent!, showOrg: true }); break;
      case 'rounded_to_krona': {
        const r = rng.chance(0.5) ? Math.round(sum / 100) * 100 : Math.floor(sum / 100) * 100;
        pay('20', d, r, g, p.kind, rng.chance(0.6) ? { ref: i0.ocr, payer: nameOf(c) } : { info: [invNoText(i0.no)], payer: c });
        break;
      }
      case 'reminder_fee_added': pay('20', payDay(i0.date, 30), sum + 6000, g, p.kind, { ref: i0.ocr, payer: nameOf(c), info: rng.chance(0.5) ? ['inkl påminnelseavgift'] : [] }); break;
      case 'duplicate_payment': {
        // Two equal payments of one OCR: the truth pairs the first, and either could be; both go to review.
        pay('20', d, sum, g, p.kind, { ref: i0.ocr, payer: c, amb: true });
        const later = bankDays.filter((x) => x > d);
        pay('20', later.length ? rng.pick(later.slice(0, 6)) : d, sum, null, 'duplicate_payment_second', { ref: i0.ocr, payer: c, amb: true });
        break;
      }
      default: throw new Error(`unplanned ${p.kind}`);
    }
  }
  // name-only payments are only decidable when no other open invoice of the customer has the amount.
  for (const p of pays) if (p.kind === 'name_only') {
    const twin = invs.filter((i) => i.cust === p.payer && i.amount === p.amount);
    if (twin.length > 1) for (const t of [p, ...twin]) t.amb = true;
  }
  // Bank lines that pay nothing on the list: older invoices already settled, a cash sale, a payment meant for someone else.
  const noise = Math.round(N * 0.035);
  for (let k = 0; k < noise; k++) {
    const c = rng.pick(custs);
    const what = rng.int(0, 2);
    const amt = gross(true);
    if (what === 0) pay('20', rng.pick(bankDays), amt, null, 'unknown_payment', { ref: fortnoxOcr(rng.int(20100, 24000)), payer: c });
    else if (what === 1) pay('20', rng.pick(bankDays), Math.round(amt / 10), null, 'unknown_payment', { info: [rng.pick(['Kontantköp', 'Förskott order', 'Depositionsavgift', 'Medlemsavgift 2027'])], payer: c });
    else pay('20', rng.pick(bankDays), amt, null, 'unknown_payment', { ref: String(rng.int(1000000, 99999999)), refCode: 3, payer: c });
  }

  // ---- open items: Fortnox Kundreskontra, Latin-1, semicolons, CRLF ----
  const fmt = (c: number) => money(c, ',', '');
  const oiLines = ['Kundreskontra - obetalda kundfakturor', 'Nordvik Verktyg AB;556677-8899', `Utskriven;${'2026-10-31'}`, `Urval;Fakturadatum 2026-08-01 - 2026-10-31, Endast obetalda`, ''];
  oiLines.push(['Fakturanummer', 'Kundnummer', 'Kund', 'Fakturadatum', 'Förfallodatum', 'Valuta', 'Belopp', 'Restbelopp', 'OCR', 'Typ', 'Er referens', 'Text'].join(';'));
  const oiRows = [...invs].sort((a, b) => a.no - b.no);
  for (const i of oiRows) oiLines.push([String(i.no), i.cust.no, i.cust.name, dashed(i.date), dashed(i.due), i.cur, fmt(i.amount), fmt(i.amount), i.ocr, i.type, i.ref, i.text].join(';'));
  oiLines.push('', `Summa SEK;;;;;;${fmt(oiRows.filter((i) => i.cur === 'SEK').reduce((s, i) => s + i.amount, 0))}`, `Antal fakturor;${oiRows.length}`);

  // ---- statement: BgMax ----
  shuffle(rng, pays);
  pays.sort((a, b) => a.day - b.day);
  // keep a TK21 directly after its TK20 within the day
  const ordered: Pay[] = [];
  for (const p of pays) if (p.tk === '20') { ordered.push(p); if (p.kind === 'credit_deduction_tk21') { const t21 = pays.find((q) => q.tk === '21' && q.group === p.group); if (t21) ordered.push(t21); } }
  const out: string[] = [rec(`01${pad('BGMAX', 20)}01${compact(END + 1)}061512345678P`)];
  let bgc = 0, nPay = 0, nDed = 0, nDep = 0;
  const stRows: Pay[] = [];
  for (const d of bankDays) {
    const todays = ordered.filter((p) => p.day === d);
    if (!todays.length) continue;
    out.push(rec(`05${rpad0(OWN_BG, 10)}${' '.repeat(10)}SEK`));
    let tot = 0;
    for (const p of todays) {
      bgc++;
      const ref = p.refCode === 1 ? '' : p.ref;
      out.push(rec(`${p.tk}${rpad0(p.payer?.bg ?? '0', 10)}${rjust(ref, 25)}${rpad0(p.amount, 18)}${p.refCode}${p.channel}${rpad0(`${compact(d).slice(2)}${rpad0(bgc, 6)}`, 12)}${p.channel === 3 ? '1' : '0'}${p.tk === '21' ? '1' : ''}`));
      stRows.push(p);
      tot += p.tk === '20' ? p.amount : -p.amount;
      if (p.tk === '20') nPay++; else nDed++;
      for (const t of p.info) out.push(rec(`25${pad(t, 50)}`));
      if (p.payer) {
        out.push(rec(`26${pad(p.payer.name.toUpperCase(), 35)}`));
        if (p.showAddr) { out.push(rec(`27${pad(p.payer.street.toUpperCase(), 35)}${pad(p.payer.zip, 9)}`)); out.push(rec(`28${pad(p.payer.city, 35)}${pad('', 35)}SE`)); }
        if (p.showOrg) out.push(rec(`29${rpad0(p.payer.org, 12)}`));
      }
    }
    nDep++;
    out.push(rec(`15${rpad0('91234567890', 35)}${compact(d)}${rpad0(nDep, 5)}${rpad0(tot, 18)}SEK${rpad0(todays.length, 8)}K`));
  }
  out.push(rec(`70${rpad0(nPay, 8)}${rpad0(nDed, 8)}${rpad0(0, 8)}${rpad0(nDep, 8)}`));

  return {
    name: NAME,
    description: [
      'Nordvik Verktyg AB, a Swedish tools wholesaler, exports its open customer ledger from Fortnox ("Kundreskontra - obetalda kundfakturor": Latin-1, semicolons, CRLF, four preamble lines and a blank line above the header, decimal comma, a Summa/Antal trailer after a blank line) and receives the',
      'Bankgirot BgMax file of its bankgiro 5050-1055 for October 2026 (Latin-1): 80-character fixed-width records, TK01 start, one TK05…TK15 section a banking day, TK70 end. The transaction rows of the statement are the TK20 payment records and TK21 deduction records in file order (amounts in öre, 18 digits;',
      'a TK21 lowers the deposit); the TK25 information text, TK26 name, TK27/28 address and TK29 organisation-number records after each belong to it; TK15 carries the deposit total and count. Fortnox invoices carry an OCR number: invoice number + length digit + Luhn check digit (24123 -> 2412373).',
      'Cases: correct OCR (reference code 2); a mistyped OCR (code 5); the invoice number written in the reference field (code 3) or as free text in TK25 ("fakt 24123", "Ert fakturanr: 24123", "fa24123"); several invoices in one payment, listed in TK25 or paid under the first invoice\'s OCR only;',
      'a credit note deducted as its own TK21 record or netted in the amount with a text; part payments and two instalments on one OCR; payments with only the payer\'s name and organisation number (ambiguous when the customer has two open invoices of that amount: monthly service contracts);',
      'the parent holding company paying one subsidiary\'s invoice under its OCR or several subsidiaries\' invoices in one payment; invoices with öre paid rounded to whole kronor; a 60 SEK reminder fee added; a duplicate payment of an OCR (the second is unmatched); old invoices, cash sales and',
      'misdirected payments that pay nothing on the list; unpaid invoices, EUR invoices (paid elsewhere) and open credit notes.',
    ].join(' '),
    openItems: { fileName: 'Kundreskontra_2026-10-31.csv', content: Buffer.from(oiLines.join('\r\n') + '\r\n', 'latin1') },
    statement: { fileName: 'BGMAX_5050-1055_202610.txt', content: Buffer.from(out.join('\r\n') + '\r\n', 'latin1') },
    truth: [...truthOf('open_items', oiRows), ...truthOf('statement', stRows)],
  };
}

const dashed = (n: number): string => { const s = compact(n); return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}`; };
