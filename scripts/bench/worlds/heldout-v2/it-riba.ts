/**
 * it-riba — Trafilerie Valtrompia S.r.l. (Lumezzane, Brescia), a wire-drawing and cold-forming
 * manufacturer selling to distributors, hardware wholesalers and machine builders in northern
 * Italy and a few customers abroad; one EUR current account at an Italian bank.
 *
 * Open items: the "scadenzario clienti" of an Italian ERP (TeamSystem/Zucchetti style), `;`,
 * Windows-1252, dd/mm/yyyy, amounts `1.234,56`, one row per instalment (rata) — an invoice on
 * RiBa 30/60/90 gg DFFM has up to three rows, each with its own due date at month end. Columns
 * `Cod.Cli.;Ragione sociale;Partita IVA;Tipo doc.;Num.doc.;Data doc.;Rata;Scadenza;Modalità pag.;Importo rata;Pagato;Residuo;Banca d'appoggio;Note`.
 * Invoice numbers restart at 1 every January (`45` of 2026 next to `2217` of 2025), credit notes
 * (`NC`) in their own series with a negative residuo; rows sorted by customer, then due date.
 *
 * Statement: a home-banking CSV (UTF-8 with BOM): five preamble lines (title, holder, IBAN,
 * period, opening balance) and a blank line, then
 * `Data contabile;Data valuta;Dare;Avere;Descrizione operazione;Causale`, newest first,
 * unsigned `1.234,56` amounts in Dare (out) or Avere (in). Descriptions: `BONIFICO A VOSTRO FAVORE
 * DA: <NAME CUT AT 30> CAUS: <text> CRO <11 digits> TRN <30-char id>` or `BON.SEPA DA …
 * PER: … ID.OP. …`; RiBa collected "salvo buon fine" as one credit per distinta
 * (`ACCREDITO RIBA SBF DISTINTA N. 0012 - N. 9 EFFETTI SCAD. 31/01/2026`, no names) or after
 * collection per effect (`INCASSO RIBA DOPO INCASSO EFF. N. …`); `EFFETTI RITORNATI INSOLUTI`
 * for effects of December that bounced; foreign SWIFT credits less charges; salaries, F24 taxes,
 * SDD debits, suppliers, commissions, stamp duty, an insurance refund, a GSE grant.
 *
 * Kinds (same label on both sides of a group):
 *   riba_distinta          the rate due on one date, credited as one SBF distinta (several customers).
 *   riba_dopo_incasso      one rata, one per-effect credit (debtor name; the invoice on half of them).
 *   riba_not_yet_due       RiBa rate due after the period: no group.
 *   invoice_number_text    a transfer whose causale names the invoice (FT 45/2026, FATT. N. 45 DEL …).
 *   typo_reference         the same with one digit wrong (not another open invoice of the customer).
 *   rata_by_transfer       one rata of a 2–3 rate transfer invoice, the causale naming invoice and rata.
 *   multi_invoice          one transfer for 2–4 invoices of one customer.
 *   credit_note_netted     invoices minus a nota di credito, one transfer naming them.
 *   part_payment           ACCONTO of 30–70 % naming the invoice.
 *   remaining_balance      a rata with Pagato > 0; the transfer pays the Residuo (SALDO …).
 *   short_paid_fee         a foreign customer's SWIFT credit, the invoice less EUR 10–25 charges.
 *   payer_name_only        a transfer with a generic causale; amount unique among the customer's items.
 *   ambiguous_equal_amounts the same, with a second open item of that amount (ambiguous).
 *   riba_insoluta          a December rata returned unpaid (Note INSOLUTO) and its insoluto debit
 *                          (no group); when the customer then pays it by transfer with the
 *                          returned-effect charges added, the rata and that transfer are a group
 *                          of kind riba_insoluta_repaid.
 *   unpaid_invoice, open_credit_note         no group.
 *   noise_salary, noise_tax_f24, noise_sdd, noise_supplier, noise_bank_fee, noise_other_income.
 */
import type { World, WorldGenerator } from '../world';
import { Rng, biz, businessDays, dayOf, dmy, endOfMonth, iban, money, pad, q, sortRandomTies, truthRows, upperAscii, ymd } from './common';

type Pay = 'RB' | 'BB' | 'RD';
interface Cust { code: string; name: string; piva: string; pay: Pay; plan: number[]; fmPlus: number; bank: string; foreign: boolean; payer: string }
interface Doc { c: Cust; type: 'FT' | 'NC'; no: number; yr: number; day: number; rata: number; rate: number; due: number; amt: number; paid: number; note: string; g: string | null; kind: string; amb?: boolean; inv: Inv }
interface Inv { rows: Doc[] }
interface Line { day: number; vday: number; amt: number; desc: () => string; caus: string; g: string | null; kind: string; amb?: boolean }

const D0 = dayOf(2026, 1, 2), D1 = dayOf(2026, 3, 31);
const it = (c: number) => money(c, '.', ',');
const slash = (d: number) => dmy(d, '/');
const yy = (d: number) => String(ymd(d)[0]).slice(2);

/** Partita IVA: 10 digits and a Luhn check digit. */
export function pivaCheck(ten: string): string {
  let s = 0;
  for (let i = 0; i < 10; i++) { let v = Number(ten[i]); if (i % 2 === 1) { v *= 2; if (v > 9) v -= 9; } s += v; }
  return String((10 - (s % 10)) % 10);
}

const FAM = ['Rossi', 'Bonetti', 'Zanardelli', 'Beretta', 'Ferrari', 'Gatti', 'Lombardi', 'Colombo', 'Bertoli', 'Pedretti', 'Franzoni', 'Tonoli', 'Bregoli', 'Ghidini', 'Zubani', 'Bianchi', 'Ricci', 'Marchetti', 'Galli', 'Moretti', 'Rinaldi', 'Cattaneo', 'Sala', 'Bonomi'];
const FIRST = ['Mario', 'Giuseppe', 'Luca', 'Paolo', 'Andrea', 'Giovanni', 'Stefano', 'Marco', 'Franco', 'Angelo'];
const TRADE = ['Ferramenta', 'Minuterie Metalliche', 'Viterie', 'Meccanica', 'Carpenteria', 'Forniture Industriali', 'Utensileria', 'Idraulica', 'Costruzioni Meccaniche', 'Molle', 'Stampaggio', 'Commerciale Bulloneria'];
const FORMS = ['S.R.L.', 'S.R.L.', 'S.P.A.', 'S.N.C.', 'S.A.S.', 'SRL'];
const PLACE = ['BRESCIA', 'BERGAMO', 'MILANO', 'LUMEZZANE', 'VERONA', 'PADOVA', 'CREMONA', 'MANTOVA', 'LECCO', 'MONZA', 'TORINO', 'VICENZA'];
const BANKS = ['BANCO BPM', 'INTESA SANPAOLO', 'UNICREDIT', 'CREDIT AGRICOLE ITALIA', 'BPER BANCA', 'BCC AGROBRESCIANO', 'BANCA VALSABBINA', 'MONTE DEI PASCHI'];
const FOREIGN = ['Schrauben Huber GmbH', 'Metallwaren Gruber GmbH', 'Visserie Dubois SARL', 'Technika Novak s.r.o.', 'Draht Kessler AG', 'Fixations Martin SAS'];

export const itRiba: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 65537 + 3907);
  const custs: Cust[] = [], seen = new Set<string>();
  const nCust = Math.max(40, Math.round(openItems / 7));
  while (custs.length < nCust) {
    const foreign = rng.chance(0.04);
    const fam = rng.pick(FAM);
    const form = rng.pick(FORMS);
    const name = foreign ? rng.pick(FOREIGN) : rng.chance(0.3) ? `${rng.pick(TRADE).toUpperCase()} ${fam.toUpperCase()} ${form === 'S.N.C.' || form === 'S.A.S.' ? `${form} DI ${fam.toUpperCase()} ${rng.pick(FIRST).toUpperCase()} & C.` : form}` : `${rng.pick(TRADE).toUpperCase()} ${fam.toUpperCase()}${rng.chance(0.3) ? ' ' + rng.pick(PLACE) : ''} ${form}`;
    // The ordering bank's name field: capitals, dots dropped by most banks, cut at 30.
    const dropDots = rng.chance(0.7);
    const payer = upperAscii(name).replace(/[.,]/g, (m) => (m === ',' ? ' ' : dropDots ? '' : '.')).replace(/\s+/g, ' ').slice(0, 30).trim();
    if (seen.has(name) || seen.has(payer)) continue;
    seen.add(name); seen.add(payer);
    const pay: Pay = foreign ? 'BB' : rng.weighted({ RB: 55, BB: 40, RD: 5 });
    const plan = pay === 'RB' ? rng.pick([[30], [60], [30, 60], [30, 60], [30, 60, 90], [60, 90], [90]]) : pay === 'BB' ? rng.pick([[30], [30], [60], [30, 60], [90]]) : [0];
    const ten = pad(rng.int(0, 9999999), 7) + pad(rng.int(1, 100), 3);
    const bank = pay === 'RB' ? `${rng.pick(BANKS)} AG. ${rng.int(1, 99)} ${rng.pick(PLACE)} ABI ${pad(rng.int(1000, 8999), 5)} CAB ${pad(rng.int(10000, 99999), 5)}` : '';
    // Foreign customers: their own VAT id in the Partita IVA column, as Italian ERPs keep it.
    const vat = /GmbH/.test(name) ? (rng.chance(0.5) ? `DE${rng.digits(9)}` : `ATU${rng.digits(8)}`) : /s\.r\.o\./.test(name) ? `CZ${rng.digits(8)}` : /AG$/.test(name) ? `CHE${rng.digits(9)}` : `FR${rng.digits(11)}`;
    custs.push({ code: pad(1000 + custs.length * 3 + rng.int(0, 2), 6), name, piva: foreign ? vat : ten + pivaCheck(ten), pay, plan, fmPlus: pay === 'RB' ? rng.pick([0, 0, 0, 10, 15]) : 0, bank, foreign, payer });
  }
  const skew = (pool: Cust[]) => pool[Math.min(pool.length - 1, Math.floor(pool.length * Math.pow(rng.next(), 1.7)))];
  const pools = { RB: custs.filter((c) => c.pay === 'RB'), BB: custs.filter((c) => c.pay !== 'RB' && !c.foreign), F: custs.filter((c) => c.foreign) };
  // Transfers come from customers on bonifico or rimessa diretta terms (a RiBa customer's rate all go to the bank).
  const transferC = () => skew(pools.BB);

  const docs: Doc[] = [], lines: Line[] = [];
  const days = businessDays(D0, D1);
  const reserved = new Map<Cust, Set<number>>();
  const amount = (c: Cust): number => { for (;;) { const a = rng.amountCents(150, 30000); if (!reserved.get(c)?.has(a)) return a; } };
  /** An invoice split into its rate (plan days from invoice date, to month end); rows with a due date before `from` are already settled and not listed. */
  const invoice = (c: Cust, day: number, total: number, kinds: (due: number, i: number) => [string, string | null] | null, plan = c.plan): Doc[] => {
    const inv: Inv = { rows: [] }, n = plan.length;
    let left = total;
    plan.forEach((p, i) => {
      const due = c.pay === 'RD' ? day : endOfMonth(day + p) + c.fmPlus;
      const amt = i === n - 1 ? left : Math.round(total / n);
      left -= amt;
      const k = kinds(due, i);
      if (!k) return;
      const d: Doc = { c, type: 'FT', no: 0, yr: 0, day, rata: i + 1, rate: n, due, amt, paid: 0, note: '', g: k[1], kind: k[0], inv };
      inv.rows.push(d);
      docs.push(d);
    });
    return inv.rows;
  };
  const single = (c: Cust, day: number, total: number, kind: string, g: string | null) => invoice(c, day, total, () => [kind, g], [c.plan[0]])[0];
  const creditNote = (c: Cust, day: number, amt: number, kind: string, g: string | null) => {
    const d: Doc = { c, type: 'NC', no: 0, yr: 0, day, rata: 1, rate: 1, due: day, amt: -amt, paid: 0, note: '', g, kind, inv: { rows: [] } };
    d.inv.rows.push(d);
    docs.push(d);
    return d;
  };
  const ftRef = (d: Doc, k = rng.int(0, 8)) => [`FT ${d.no}/${d.yr}`, `FATT. N. ${d.no} DEL ${slash(d.day)}`, `FATTURA ${d.no}/${yy(d.day)}`, `FT.${d.no}`, `FATTURA N.${d.no} DEL ${slash(d.day).replace(/\/20(\d\d)$/, '/$1')}`, `VS FT ${d.no}`, `FT ${d.no} DEL ${slash(d.day)}`, `FATT ${d.yr}/${pad(d.no, 5)}`, `RIF. FATTURA ${d.no}`][k];
  let cro = rng.int(10000000, 90000000);
  const bon = (c: Cust, causale: string) => {
    const k = rng.int(0, 2);
    const trn = `0306${rng.digits(9)}${rng.digits(9)}${pad(rng.int(0, 9999), 4)}IT`.slice(0, 30);
    if (k === 0) return `BONIFICO A VOSTRO FAVORE DA: ${c.payer} CAUS: ${causale} CRO ${pad(cro += rng.int(1, 500), 11)} TRN ${trn}`;
    if (k === 1) return `BON.SEPA DA ${c.payer} PER: ${causale} ID.OP. ${rng.digits(10)}${rng.digits(6)} RI: ${rng.pick(['NOTPROVIDED', rng.digits(12), `${rng.digits(4)}${yy(D1)}${rng.digits(8)}`])}`;
    return `BONIFICO SEPA A VOSTRO FAVORE ORD. ${c.payer} - ${causale} - TRN ${trn}`;
  };
  const inc = (day: number, amt: number, desc: () => string, caus: string, g: string | null, kind: string, amb?: boolean, vday = day) => lines.push({ day, vday, amt, desc, caus, g, kind, amb });
  const out = (day: number, amt: number, desc: string, caus: string, kind: string) => lines.push({ day, vday: day, amt: -amt, desc: () => desc, caus, g: null, kind });
  const invDay = (pd: number) => pd - rng.int(20, 80);

  let gid = 0;
  const ribaRows: Doc[] = [];
  while (docs.length < openItems) {
    const kind = rng.weighted({ riba: 40, invoice_number_text: 20, typo_reference: 2.5, rata_by_transfer: 3, multi_invoice: 6, credit_note_netted: 4, part_payment: 2, remaining_balance: 2, short_paid_fee: 1.5, payer_name_only: 4, ambiguous_equal_amounts: 1, riba_insoluta: 1.5, unpaid_invoice: 12, open_credit_note: 1 });
    const g = `i${++gid}`, pd = rng.pick(days);
    switch (kind) {
      case 'riba': {
        const c = skew(pools.RB);
        // Invoices of October–March; rate due before January are already collected and not listed.
        ribaRows.push(...invoice(c, rng.int(dayOf(2025, 10, 1), D1 - 5), amount(c), (due) => (due < D0 ? null : ['riba', null])));
        break;
      }
      case 'invoice_number_text': case 'typo_reference': {
        const c = transferC(), d = single(c, invDay(pd), amount(c), kind, g);
        const typo = kind === 'typo_reference';
        inc(pd, d.amt, () => bon(c, `${rng.pick(['SALDO ', 'PAGAMENTO ', '', 'PAG. '])}${typo ? ftRef({ ...d, no: mistype(d.no, c) }) : ftRef(d)}`), 'BONIFICO A VOSTRO FAVORE', g, kind);
        break;
      }
      case 'rata_by_transfer': {
        const bb = pools.BB.filter((x) => x.pay === 'BB'), c = skew(bb.length ? bb : pools.BB), plan = rng.pick([[30, 60], [30, 60, 90]]);
        const rows = invoice(c, pd - rng.int(20, 50), amount(c) * 2, (due, i) => (i === 0 ? [kind, g] : ['unpaid_invoice', null]), plan);
        const d = rows[0];
        inc(pd, d.amt, () => bon(c, `${rng.pick(['RATA', 'PAG. RATA', 'SALDO RATA'])} ${d.rata}/${d.rate} ${ftRef(d)}`), 'BONIFICO A VOSTRO FAVORE', g, kind);
        break;
      }
      case 'multi_invoice': case 'credit_note_netted': {
        const c = transferC(), ds = Array.from({ length: kind === 'multi_invoice' ? rng.int(2, 4) : rng.int(1, 2) }, () => single(c, invDay(pd), amount(c), kind, g));
        const nc = kind === 'credit_note_netted' ? creditNote(c, pd - rng.int(3, 25), Math.round(ds.reduce((s, d) => s + d.amt, 0) * (0.05 + rng.next() * 0.3)), kind, g) : undefined;
        inc(pd, ds.reduce((s, d) => s + d.amt, 0) + (nc?.amt ?? 0), () => {
          const list = rng.chance(0.5) ? `${rng.pick(['SALDO FATTURE', 'FT', 'PAG. FATT.', 'FATTURE N.'])} ${ds.map((d) => d.no).join(rng.pick([' ', '-', ' E ', ', ']))}` : ds.map((d) => ftRef(d, 0)).join(' ');
          return bon(c, nc ? `${list} ${rng.pick(['MENO NC', 'DEDOTTA NOTA CREDITO', '- NC'])} ${nc.no}${rng.chance(0.5) ? '/' + nc.yr : ''}` : list);
        }, 'BONIFICO A VOSTRO FAVORE', g, kind);
        break;
      }
      case 'part_payment': {
        const c = transferC(), d = single(c, invDay(pd), amount(c), kind, g);
        inc(pd, Math.round(d.amt * (0.3 + rng.next() * 0.4) / 100) * 100, () => bon(c, `${rng.pick(['ACCONTO', 'ACCONTO SU', 'PAGAMENTO PARZIALE'])} ${ftRef(d)}`), 'BONIFICO A VOSTRO FAVORE', g, kind);
        break;
      }
      case 'remaining_balance': {
        const c = transferC(), d = single(c, pd - rng.int(60, 110), amount(c), kind, g);
        d.paid = Math.round(d.amt * (0.3 + rng.next() * 0.4) / 100) * 100;
        d.note = 'PAGATO PARZ.';
        inc(pd, d.amt - d.paid, () => bon(c, `${rng.pick(['SALDO', 'SALDO RESIDUO', 'A SALDO'])} ${ftRef(d)}`), 'BONIFICO A VOSTRO FAVORE', g, kind);
        break;
      }
      case 'short_paid_fee': {
        if (!pools.F.length) break;
        const c = skew(pools.F), d = single(c, invDay(pd), amount(c), kind, g), fee = rng.pick([1000, 1500, 2000, 2500]);
        inc(pd, d.amt - fee, () => `BONIFICO DALL'ESTERO ORD. ${upperAscii(c.name).slice(0, 30)} ${rng.pick(['INVOICE', 'INV.', 'RECHNUNG', 'FACTURE'])} ${d.no} SWIFT REF ${rng.digits(9)}${rng.pick(['', ' SPESE SHA'])}`, 'BONIFICO DALL\'ESTERO', g, kind);
        break;
      }
      case 'payer_name_only': case 'ambiguous_equal_amounts': {
        const c = transferC();
        let a: number;
        for (;;) { a = amount(c); if (a % 10000 !== 0 && !docs.some((d) => d.c === c && (d.amt - d.paid === a))) break; }
        reserved.set(c, (reserved.get(c) ?? new Set()).add(a));
        const d = single(c, invDay(pd), a, kind, g);
        if (kind === 'ambiguous_equal_amounts') { const twin = single(c, invDay(pd), a, kind, null); d.amb = twin.amb = true; }
        inc(pd, a, () => bon(c, rng.pick(['PAGAMENTO FATTURE', 'SALDO', 'PAGAMENTO', 'VS. FAVORE', 'SALDO E/C', 'PAGAMENTO FORNITURA'])), 'BONIFICO A VOSTRO FAVORE', g, kind, kind === 'ambiguous_equal_amounts' || undefined);
        break;
      }
      case 'riba_insoluta': {
        const c = skew(pools.RB), due = dayOf(2025, 12, 31), d = single(c, dayOf(2025, 11, rng.int(3, 28)), amount(c), kind, null);
        d.due = due; d.note = 'INSOLUTO';
        const rd = biz(dayOf(2026, 1, rng.int(7, 16)));
        out(rd, d.amt, `EFFETTI RITORNATI INSOLUTI EFF. N. ${pad(rng.int(1, 9999), 7)} SCAD. ${slash(due)} DEB: ${c.payer.slice(0, 24)} IMP. ${it(d.amt)}`, 'RITORNO EFFETTI INSOLUTI', kind);
        const fee = rng.pick([750, 800, 1000]);
        out(rd, fee, `COMMISSIONI INSOLUTI ${rng.int(1, 3)} EFF.`, 'COMMISSIONI', 'noise_bank_fee');
        if (rng.chance(0.6)) {
          d.g = g; d.kind = 'riba_insoluta_repaid';
          const charge = fee + rng.pick([0, 0, 250, 500]);
          inc(biz(rd + rng.int(7, 40)) > D1 ? D1 - 1 : biz(rd + rng.int(7, 40)), d.amt + charge, () => bon(c, `${rng.pick(['PAGAMENTO RIBA INSOLUTA', 'SALDO EFFETTO INSOLUTO', 'RIBA INSOLUTA'])} ${ftRef(d)} + SPESE`), 'BONIFICO A VOSTRO FAVORE', g, 'riba_insoluta_repaid');
        }
        break;
      }
      case 'unpaid_invoice': {
        const c = skew(custs);
        // A RiBa customer's rate are presented like any other; not-yet-due ones stay open.
        if (c.pay === 'RB') { ribaRows.push(...invoice(c, rng.int(dayOf(2025, 11, 15), D1 - 3), amount(c), (due) => (due < D0 ? null : ['riba', null]))); break; }
        invoice(c, rng.int(dayOf(2025, 11, 15), D1 - 3), amount(c), () => ['unpaid_invoice', null]);
        break;
      }
      case 'open_credit_note': creditNote(skew(custs), rng.int(D0 - 40, D1 - 5), rng.amountCents(40, 2500), 'open_credit_note', null); break;
    }
  }

  // RiBa rate: presented about twelve days before the month-end due date, SBF in one or two distinte; 8 % after collection; later due dates not yet presented.
  let distN = rng.int(5, 30), effN = rng.int(1000, 3000);
  const byDue = new Map<number, Doc[]>();
  for (const d of ribaRows) byDue.set(d.due, [...(byDue.get(d.due) ?? []), d]);
  for (const [due, rows] of [...byDue].sort((a, b) => a[0] - b[0])) {
    const pres = biz(due - rng.int(10, 14));
    if (pres > D1 - 2) { for (const d of rows) d.kind = 'riba_not_yet_due'; continue; }
    const sbf: Doc[] = [];
    for (const d of rows) {
      if (rng.chance(0.08)) {
        const g = `i${++gid}`, day = biz(due + rng.int(1, 3));
        if (day > D1) { d.kind = 'riba_not_yet_due'; continue; }
        d.g = g; d.kind = 'riba_dopo_incasso';
        const eff = pad(effN += rng.int(1, 5), 7);
        inc(day, d.amt, () => `INCASSO RIBA DOPO INCASSO EFF. N. ${eff} SCAD. ${slash(due).replace(/\/20(\d\d)$/, '/$1')} DEB: ${d.c.payer.slice(0, 24)}${rng.chance(0.5) ? ` RIF: FT ${d.no}/${yy(d.day)}` : ''}`, 'INCASSO EFFETTI', g, 'riba_dopo_incasso');
      } else sbf.push(d);
    }
    if (sbf.length) {
      const part = sbf, g = `i${++gid}`, dist = pad(distN += 1, 4);
      for (const d of part) { d.g = g; d.kind = 'riba_distinta'; }
      inc(pres, part.reduce((s, d) => s + d.amt, 0), () => `ACCREDITO RIBA SBF DISTINTA N. ${dist} - N. ${part.length} EFFETTI SCAD. ${slash(due)}`, 'PRESENTAZIONE EFFETTI SBF', g, 'riba_distinta', undefined, biz(due + 1));
      out(pres, 350 + part.length * rng.pick([200, 250, 300]), `COMMISSIONI PRESENTAZIONE EFFETTI DIST. N. ${dist} - N. ${part.length} EFF.`, 'COMMISSIONI', 'noise_bank_fee');
    }
  }

  // Numbers: invoices per year in date order (restart on 1 January), credit notes their own series.
  for (const [type, start25] of [['FT', rng.int(1700, 1900)], ['NC', rng.int(80, 120)]] as const) {
    const invs = [...new Set(docs.filter((d) => d.type === type).map((d) => d.inv))].sort((a, b) => a.rows[0].day - b.rows[0].day);
    const seq: Record<number, number> = { 2025: start25, 2026: 0 };
    for (const inv of invs) {
      const yr = ymd(inv.rows[0].day)[0];
      seq[yr] += rng.chance(0.75) ? 1 : rng.int(2, 4);
      for (const d of inv.rows) { d.no = seq[yr]; d.yr = yr; }
    }
  }
  function mistype(no: number, c: Cust): number {
    const s = String(no);
    for (let k = 0; k < 40; k++) {
      const i = rng.int(0, s.length - 1);
      const t = Number(s.slice(0, i) + String((Number(s[i]) + rng.int(1, 9)) % 10) + s.slice(i + 1));
      if (t > 0 && String(t).length === s.length && !docs.some((d) => d.c === c && d.no === t)) return t;
    }
    return no + 1000;
  }

  // Noise.
  const SUPP = ['ACCIAIERIE VENETE SPA', 'FERRIERA VALSABBIA SPA', 'TRASPORTI BONERA SRL', 'A2A ENERGIA SPA', 'LUBRIFICANTI MOTTA SRL', 'CONSULENZE FERRARI STUDIO', 'LEASING BPM SPA'];
  const MONTHS = ['GENNAIO', 'FEBBRAIO', 'MARZO'];
  for (const day of days) {
    const [, m, dd] = ymd(day);
    if (dd >= 26 && dd <= 28 && !lines.some((l) => l.kind === 'noise_salary' && ymd(l.day)[1] === m)) {
      const n = rng.int(25, 40);
      for (let k = 0; k < n; k++) out(day, rng.amountCents(1400, 3200), `BONIFICO DA VOI DISPOSTO A FAVORE DI ${rng.pick(FAM).toUpperCase()} ${rng.pick(FIRST).toUpperCase()} - STIPENDIO ${MONTHS[m - 1]} 2026`, 'STIPENDI', 'noise_salary');
    }
    if (dd >= 16 && !lines.some((l) => l.kind === 'noise_tax_f24' && ymd(l.day)[1] === m)) {
      out(day, rng.amountCents(15000, 60000), `PAGAMENTO DELEGA F24 PROT. ${rng.digits(9)}${rng.digits(8)} - CF 0${rng.digits(10)}`, 'PAGAMENTO F24', 'noise_tax_f24');
    }
    if (rng.chance(0.12)) out(day, rng.amountCents(80, 5000), `ADDEBITO SDD ${rng.pick(['CORE', 'B2B'])} ${rng.pick(['ENEL ENERGIA SPA', 'TIM SPA', 'LEASING BPM SPA', 'A2A ENERGIA SPA', 'UNIPOL ASSICURAZIONI'])} RIF. ${rng.digits(12)} MANDATO ${rng.digits(8)}`, 'ADDEBITO SDD', 'noise_sdd');
    if (rng.chance(0.45)) for (let k = rng.int(1, 2); k > 0; k--) out(day, rng.amountCents(300, 40000), `BONIFICO DA VOI DISPOSTO A FAVORE DI ${rng.pick(SUPP)} - ${rng.pick(['FT', 'FATT.', 'SALDO FT'])} ${rng.int(1, 400)}/${rng.pick(['2026', '26', '2025', 'A'])} - CRO ${pad(cro += rng.int(1, 500), 11)}`, 'DISPOSIZIONE DI BONIFICO', 'noise_supplier');
    if (rng.chance(0.05)) out(day, rng.pick([200, 350, 500, 1000]), rng.pick(['COMMISSIONE BONIFICO ESTERO', 'SPESE TENUTA CONTO', 'CANONE HOME BANKING', 'IMPOSTA DI BOLLO E/C']), 'COMMISSIONI', 'noise_bank_fee');
  }
  out(biz(D0 + 1), rng.amountCents(800, 3000), 'COMPETENZE DI CHIUSURA AL 31/12/2025 - INTERESSI E SPESE', 'COMPETENZE', 'noise_bank_fee');
  inc(rng.pick(days), rng.amountCents(2000, 12000), () => `BONIFICO A VOSTRO FAVORE DA: GSE GESTORE SERVIZI ENERGETICI CAUS: CONTRIBUTO CONTO ENERGIA ${rng.digits(8)}`, 'BONIFICO A VOSTRO FAVORE', null, 'noise_other_income');
  inc(rng.pick(days), rng.amountCents(500, 6000), () => `BONIFICO A VOSTRO FAVORE DA: GENERALI ITALIA SPA CAUS: LIQUIDAZIONE SINISTRO N. ${rng.digits(9)}`, 'BONIFICO A VOSTRO FAVORE', null, 'noise_other_income');

  // Files.
  const oi = [...docs].sort((a, b) => (a.c.code < b.c.code ? -1 : a.c.code > b.c.code ? 1 : a.due - b.due || a.day - b.day || a.rata - b.rata));
  const oiLines = oi.map((d) => [d.c.code, q(d.c.name, ';'), d.c.piva, d.type, String(d.no), slash(d.day), `${d.rata}/${d.rate}`, slash(d.due), d.type === 'NC' ? '' : d.c.pay === 'RB' ? `RB RIBA ${d.c.plan.join('/')} GG DFFM${d.c.fmPlus ? ` + ${d.c.fmPlus}` : ''}` : d.c.pay === 'BB' ? `BB BONIFICO ${d.c.plan.join('/')} GG DFFM` : 'RD RIMESSA DIRETTA', it(d.amt), it(d.paid), it(d.amt - d.paid), q(d.c.bank, ';'), d.note].join(';'));
  const chrono = sortRandomTies(lines, (l) => l.day, rng);
  const opening = rng.amountCents(50000, 400000) * 10;
  const stLines = [...chrono].reverse().map((l) => [slash(l.day), slash(l.vday), l.amt < 0 ? it(-l.amt) : '', l.amt > 0 ? it(l.amt) : '', q(l.desc().replace(/\s+/g, ' ').trim(), ';'), l.caus].join(';'));
  const own = iban('IT', 'X' + '05034' + '54690' + pad(rng.int(0, 99999999), 12));
  const pre = ['Lista movimenti conto corrente', 'Intestatario;TRAFILERIE VALTROMPIA S.R.L.', `IBAN;${own}`, `Periodo;dal ${slash(D0)} al ${slash(D1)}`, `Saldo contabile iniziale;${it(opening)}`, ''];
  return {
    name: 'it-riba',
    description:
      "Trafilerie Valtrompia S.r.l. (Lumezzane, BS): an Italian ERP scadenzario clienti (;, Windows-1252, dd/mm/yyyy, 1.234,56, one row per rata of RiBa 30/60/90 gg DFFM invoices, invoice numbers restarting each January, NC credit notes, Partita IVA, Pagato/Residuo columns, Note INSOLUTO) against a home-banking CSV (UTF-8 BOM, preamble, Data contabile;Data valuta;Dare;Avere;Descrizione operazione;Causale, newest first) with BONIFICO A VOSTRO FAVORE DA: <name cut at 30> CAUS: … CRO … TRN … descriptions, RiBa SBF distinte credited in one sum per due date, RiBa after collection per effect, effects returned unpaid, foreign SWIFT credits less charges, salaries, F24, SDD, suppliers naming their own low invoice numbers, commissions. Cases: RiBa distinte and single effects, invoice numbers in the causale (some mistyped), one rata of several, several invoices, credit notes netted, acconti, remaining balances, foreign charges, payer only (unique or ambiguous), returned RiBa repaid with charges, unpaid rate and invoices, open credit notes.",
    openItems: { fileName: 'it-riba-scadenzario-clienti.csv', content: Buffer.from(['Cod.Cli.;Ragione sociale;Partita IVA;Tipo doc.;Num.doc.;Data doc.;Rata;Scadenza;Modalità pag.;Importo rata;Pagato;Residuo;Banca d\'appoggio;Note', ...oiLines].join('\r\n') + '\r\n', 'latin1') },
    statement: { fileName: 'it-riba-movimenti-conto.csv', content: '\ufeff' + [...pre, 'Data contabile;Data valuta;Dare;Avere;Descrizione operazione;Causale', ...stLines].join('\r\n') + '\r\n' },
    truth: [...truthRows('open_items', oi.map((d) => ({ g: d.g, kind: d.kind, amb: d.amb }))), ...truthRows('statement', [...chrono].reverse().map((l) => ({ g: l.g, kind: l.kind, amb: l.amb })))],
  };
};
