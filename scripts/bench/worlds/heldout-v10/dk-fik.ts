/**
 * dk-fik: a Danish wholesaler on e-conomic (Debitorer – åbne poster, CSV) against a Danske Bank
 * business CSV, paid by FIK +71 payment ids (Luhn check digit), Betalingsservice collections booked
 * as one line a day, MobilePay payouts, bank transfers and payments from abroad.
 */
import type { World, WorldOptions } from '../world';
import { Rng, landOn, dayOf, fmtAmount, fmtDay, groupIds, luhnDigit, ordered, q, stripAccents, workday, type Row } from './common';

export const DK_OI_HEAD = ['Debitornr.', 'Navn', 'Dato', 'Bilag', 'Fakturanr.', 'Tekst', 'Forfaldsdato', 'Beløb', 'Restbeløb', 'Valuta', 'Betalingsmåde', 'Betalings-id'];
export const DK_ST_HEAD = ['Dato', 'Tekst', 'Beløb', 'Saldo', 'Status', 'Afstemt'];
export const DKK = { decimals: 2, dec: ',', thou: '.' } as const;
export const DK_REMINDER_FEE = 10_000;
/** DKK for one EUR / SEK as the bank converts (the world's FX band for the self-check). */
export const DK_FX = { EUR: [740, 748], SEK: [64, 72] } as const;
export const DK_FOREIGN_FEES = [2500, 5000, 7500];

const STEMS = ['Nordsjællands', 'Fyns', 'Østjysk', 'Vestkyst', 'Aalborg', 'Køge', 'Bornholms', 'Limfjord', 'Himmerland', 'Sønderjysk', 'Roskilde', 'Odense', 'Vejle', 'Horsens', 'Næstved', 'Herning', 'Silkeborg', 'Amager', 'Valby', 'Ribe', 'Thy', 'Mols', 'Skagen', 'Svendborg'];
const TRADES = ['VVS', 'Tømrerforretning', 'El-service', 'Maskinstation', 'Byggemarked', 'Køleteknik', 'Auto', 'Malerfirma', 'Entreprenør', 'Blomster', 'Café', 'Isenkram', 'Tagdækning', 'Smedie', 'Kloakservice', 'Vinduespolering', 'Cykler', 'Trælast'];
const FORMS = ['ApS', 'ApS', 'A/S', 'I/S', 'ApS', 'IVS'];
const PERSONS = ['Jens Hansen', 'Mette Nielsen', 'Søren Jørgensen', 'Anne Pedersen', 'Lars Kristensen', 'Kirsten Larsen', 'Niels Sørensen', 'Hanne Rasmussen', 'Morten Møller', 'Lone Poulsen', 'Peter Østergaard', 'Birgitte Dahl'];
const ABROAD = [['Nordholz Haustechnik GmbH', 'EUR'], ['Baumarkt Flensburg GmbH', 'EUR'], ['Kiel Elektro KG', 'EUR'], ['Malmö Bygg AB', 'SEK'], ['Helsingborg VVS AB', 'SEK'], ['Göteborgs Kyl AB', 'SEK']] as const;
const CREDITOR = '85412367';

interface Cust {
  no: number;
  name: string;
  bank: string;
  /** Pays by Betalingsservice (direct debit), else by FIK card/transfer. */
  bs: boolean;
  abroad?: 'EUR' | 'SEK';
}

/** The 15-digit +71 payment id: debtor number and invoice number, with a Luhn check digit. */
export const fik71 = (debtor: number, invoice: number): string => { const b = `000${String(debtor).padStart(5, '0')}${String(invoice).padStart(6, '0')}`; return b + luhnDigit(b); };

export function dkFik(o: WorldOptions): World {
  const r = new Rng(o.seed, 0x444b);
  const gid = groupIds('dk');
  const start = dayOf('2026-10-01'), end = dayOf('2026-11-20');
  const ois: Row<string[]>[] = [];
  const sts: Row<{ text: string; amount: number }>[] = [];
  let fak = r.int(23_000, 31_000), bilag = r.int(40_000, 50_000);

  const custs: Cust[] = [];
  const nCust = Math.max(24, Math.round(o.openItems / 6));
  const names = new Set<string>();
  for (let i = 0; i < nCust; i++) {
    const ab = i % 23 === 5 ? r.pick(ABROAD) : undefined;
    let name = ab ? ab[0] : '';
    for (let t = 0; !ab && (t === 0 || names.has(name)); t++) {
      const more = t > 20 ? ` ${r.pick(['Nord', 'Syd', 'Øst', 'Vest', '& Søn', 'Service'])}${t > 40 ? ' ' + r.int(2, 999) : ''}` : '';
      name = r.chance(0.12) ? `${r.pick(PERSONS)}${more}` : `${r.pick(STEMS)} ${r.pick(TRADES)}${more} ${r.pick(FORMS)}`;
    }
    names.add(name);
    // Danske Bank shows the payer as the sending bank passed it: cut to 20 characters, often upper case.
    const bank = r.chance(0.5) ? name.slice(0, 20) : stripAccents(name).toUpperCase().slice(0, 20);
    custs.push({ no: 10_001 + i * 3 + r.int(0, 2), name, bank: bank.trimEnd(), bs: !ab && r.chance(0.22), abroad: ab?.[1] });
  }

  const invoice = (c: Cust, amount: number, g: string | null, kind: string, opt: { day?: number; amb?: boolean; credit?: boolean; fee?: number } = {}) => {
    const day = opt.day ?? r.int(dayOf('2026-08-10'), dayOf('2026-11-15'));
    const no = ++fak;
    const due = c.bs ? bsDay(day) : day + r.pick([8, 14, 14, 30, 30]);
    const fikId = c.bs || c.abroad || opt.credit || opt.fee ? '' : fik71(c.no, no);
    const text = opt.fee ? `Rykkergebyr faktura ${opt.fee}` : opt.credit ? `Kreditnota ${no}` : `Faktura ${no}`;
    ois.push({ f: [String(c.no), c.name, fmtDay(day, 'DD-MM-YYYY'), String(++bilag), opt.fee ? '' : String(no), text, fmtDay(due, 'DD-MM-YYYY'), fmtAmount(amount, DKK), fmtAmount(amount, DKK), c.abroad ?? 'DKK', c.bs ? 'Betalingsservice' : c.abroad ? 'Bankoverførsel' : 'FIK +71', fikId], sort: day, group: g, kind, amb: opt.amb });
    return { no, day, due, amount, fikId };
  };
  /** Betalingsservice collects on the 1st (or the 15th) of the month after the invoice month, moved to a working day. */
  function bsDay(day: number): number { const d = new Date(day * 86400000); return workday(Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, r.chance(0.6) ? 1 : 15) / 86400000)); }
  const post = (day: number, text: string, amount: number, g: string | null, kind: string, amb?: boolean) => {
    const d = Math.min(end, Math.max(start, workday(day)));
    sts.push({ f: { text, amount }, sort: d, group: g, kind, amb });
  };
  const payDay = (inv: { day: number; due: number }) => landOn(r, inv.day, Math.max(inv.day + 2, inv.due + r.int(-8, 15)), start, end);
  const amt = () => r.amount(15_000, 9_500_000, r.chance(0.4) ? 2500 : 1);
  const fikText = (c: Cust, id: string) => r.pick([`+71 ${id}`, `Indbetalingskort +71 ${id}`, `IK 71 ${id} ${c.bank}`, `+71<${id}+${CREDITOR}<`, `FIK ${id}`]);
  /** Betalingsservice: collections by collection day, in one group a day. */
  const bsGroups = new Map<number, string>();

  let n = 0;
  while (n < o.openItems) {
    const c = r.pick(custs);
    const fikOk = !c.bs && !c.abroad;
    const k = r.weighted([
      ['fik71_exact', fikOk ? 34 : 0], ['fik71_typo', fikOk ? 3 : 0], ['fik71_wrong_id', fikOk ? 1.5 : 0], ['transfer_invoice_text', fikOk ? 10 : 0], ['multi_invoice', fikOk ? 6 : 0],
      ['credit_note_netted', fikOk ? 3 : 0], ['invoice_plus_reminder_fee', fikOk ? 2.5 : 0], ['reminder_fee_left_open', fikOk ? 2 : 0], ['mobilepay_payout', fikOk ? 3 : 0],
      ['ambiguous_equal_amounts', fikOk ? 1.5 : 0], ['part_payment', fikOk ? 2 : 0],
      ['betalingsservice', c.bs ? 60 : 0], ['foreign_payment_fx', c.abroad ? 70 : 0], ['unpaid_invoice', 24],
    ] as const);
    const g = gid();
    if (k === 'fik71_exact') {
      const inv = invoice(c, amt(), g, k); n++;
      post(payDay(inv), fikText(c, inv.fikId), inv.amount, g, k);
    } else if (k === 'fik71_typo') {
      // One digit mistyped in the netbank: the check digit fails; name and amount still say which.
      const inv = invoice(c, amt(), g, k); n++;
      const i = r.int(8, 13); const bad = inv.fikId.slice(0, i) + String((Number(inv.fikId[i]) + r.int(1, 8)) % 10) + inv.fikId.slice(i + 1);
      post(payDay(inv), `+71 ${bad} ${c.bank}`, inv.amount, g, k);
    } else if (k === 'fik71_wrong_id') {
      // The customer reuses last month's card: the id of an invoice already paid, the amount of this one.
      const inv = invoice(c, amt(), g, k); n++;
      post(payDay(inv), `Indbetalingskort +71 ${fik71(c.no, inv.no - r.int(200, 900))}`, inv.amount, g, k);
    } else if (k === 'transfer_invoice_text') {
      const inv = invoice(c, amt(), g, k); n++;
      post(payDay(inv), `${c.bank} ${r.pick([`Faktura ${inv.no}`, `fakt. ${inv.no}`, `Fak nr ${inv.no}`, `${inv.no}`, `Kunde ${c.no} fak ${inv.no}`, `Betaling ${inv.no}`])}`, inv.amount, g, k);
    } else if (k === 'multi_invoice') {
      const m = r.int(2, 5); let sum = 0; const nos: number[] = []; let last = { day: 0, due: 0 };
      for (let i = 0; i < m; i++) { const inv = invoice(c, amt(), g, k); sum += inv.amount; nos.push(inv.no); if (inv.due > last.due) last = inv; n++; }
      post(payDay(last), `${c.bank} ${r.pick([`Fakt. ${nos.join(', ')}`, `${nos.join('+')}`, `Kontoudtog ${r.pick(['oktober', 'september'])}`, `Deb.nr. ${c.no}`])}`, sum, g, k);
    } else if (k === 'credit_note_netted') {
      const inv = invoice(c, amt(), g, k); const cn = invoice(c, -Math.round(inv.amount * r.pick([0.1, 0.2, 0.25, 0.5])), g, k, { credit: true, day: Math.min(end - 1, inv.day + r.int(1, 10)) }); n += 2;
      post(payDay(inv), r.chance(0.5) ? `${c.bank} Fak ${inv.no} - kreditnota ${cn.no}` : fikText(c, inv.fikId), inv.amount + cn.amount, g, k);
    } else if (k === 'invoice_plus_reminder_fee' || k === 'reminder_fee_left_open') {
      // A reminder went out: e-conomic books a 100 kr reminder fee as its own open item.
      const inv = invoice(c, amt(), g, k, { day: r.int(dayOf('2026-08-10'), dayOf('2026-09-20')) });
      const withFee = k === 'invoice_plus_reminder_fee';
      invoice(c, DK_REMINDER_FEE, withFee ? g : null, withFee ? k : 'reminder_fee_unpaid', { day: inv.due + 10, fee: inv.no }); n += 2;
      post(landOn(r, inv.day, inv.due + r.int(15, 40), start, end), withFee ? `${c.bank} Faktura ${inv.no} inkl. rykkergebyr` : fikText(c, inv.fikId), inv.amount + (withFee ? DK_REMINDER_FEE : 0), g, k);
    } else if (k === 'mobilepay_payout') {
      // MobilePay MyShop: one payout a day for the day's payments (several customers), less 1 %.
      const m = r.weighted([[1, 3], [2, 2], [3, 1]] as const); let net = 0; const d = r.int(start + 1, end - 1);
      for (let i = 0; i < m; i++) { const cc = i === 0 ? c : r.pick(custs.filter((x) => !x.bs && !x.abroad)); const inv = invoice(cc, r.amount(5_000, 600_000), g, k, { amb: m > 1, day: d - r.int(0, 12) }); net += inv.amount - Math.round(inv.amount * 0.01); n++; }
      post(d + 1, `MobilePay ${r.int(100_000, 999_999)} Udbetaling ${fmtDay(d, 'DD.MM.YYYY')}`, net, g, k, m > 1);
    } else if (k === 'ambiguous_equal_amounts') {
      const a = amt(); const i1 = invoice(c, a, g, k, { amb: true }); invoice(c, a, null, k, { amb: true }); n += 2;
      post(payDay(i1), `${c.bank} ${r.pick(['Betaling', 'Faktura', 'Reg. ' + c.no])}`, a, g, k, true);
    } else if (k === 'part_payment') {
      const inv = invoice(c, r.amount(200_000, 9_500_000), g, k); n++;
      post(payDay(inv), `${c.bank} a conto fak ${inv.no}`, Math.round(inv.amount * r.pick([0.25, 0.5, 0.4]) / 100) * 100, g, k);
    } else if (k === 'betalingsservice') {
      const inv = invoice(c, r.amount(20_000, 800_000), null, k, { day: r.int(dayOf('2026-09-01'), dayOf('2026-11-15')) });
      n++;
      const gg = bsGroups.get(inv.due) ?? gid(); bsGroups.set(inv.due, gg);
      ois[ois.length - 1].group = gg;
    } else if (k === 'foreign_payment_fx') {
      const inv = invoice(c, r.amount(50_000, 5_000_000), g, k); n++;
      const [lo, hi] = DK_FX[c.abroad!]; const rate = r.int(lo * 100, hi * 100) / 10_000;
      const dkk = Math.round(inv.amount * rate) - r.pick(DK_FOREIGN_FEES);
      post(payDay(inv), `${r.pick(['Overførsel fra udland', 'SEPA Overførsel', 'Udl. overførsel'])} ${c.abroad} ${fmtAmount(inv.amount, DKK)} ${stripAccents(c.name).toUpperCase().slice(0, 24)} ${r.pick([`INV ${inv.no}`, `Rechnung ${inv.no}`, `Faktura ${inv.no}`, ''])}`.trim(), dkk, g, k);
    } else {
      invoice(c, amt(), null, 'unpaid_invoice'); n++;
    }
  }

  // Betalingsservice: one credit a collection day for every collection, and some collections
  // rejected afterwards ("tilbageført"), which leaves those invoices open.
  const byDay = new Map<string, Row<string[]>[]>();
  for (const x of ois) if (x.kind === 'betalingsservice' && x.group) (byDay.get(x.group) ?? byDay.set(x.group, []).get(x.group)!).push(x);
  for (const [gg, rows] of byDay) {
    const d = dayOf(rows[0].f[6].split('-').reverse().join('-'));
    if (d > end) { for (const x of rows) { x.group = null; x.kind = 'betalingsservice_not_yet_collected'; } continue; }
    const total = rows.reduce((s, x) => s + Number(x.f[8].replace(/\./g, '').replace(',', '')), 0);
    post(d, `Betalingsservice ${String(rows.length).padStart(3)} stk. Indbetalinger PBS-nr. 0${CREDITOR}`, total, gg, 'betalingsservice');
    for (const x of rows) {
      if (rows.length < 3 || !r.chance(0.04)) continue;
      post(d + r.int(2, 6), `Betalingsservice tilbageført ${x.f[0]} ${x.f[4]}`, -Number(x.f[8].replace(/\./g, '').replace(',', '')), gg, 'betalingsservice_reversal');
      x.group = null; x.kind = 'betalingsservice_rejected';
    }
  }

  // Noise.
  const noise = Math.round(sts.length * 0.22);
  for (let i = 0; i < noise; i++) {
    const d = r.int(start, end);
    const k = r.weighted([['salary', 2], ['supplier_payment', 6], ['tax_payment', 1], ['bank_fee', 2], ['nets_fee', 1.5], ['interest', 0.5], ['card_settlement', 1.5], ['unknown_deposit', 0.8]] as const);
    switch (k) {
      case 'salary': post(d, `Løn ${r.pick(PERSONS)}`, -r.amount(2_000_000, 5_500_000), null, k); break;
      case 'supplier_payment': post(d, `${r.pick(['Dagrofa', 'Sanistål', 'Brødrene Dahl', 'Ahlsell', 'Solar', 'Stark', 'Bygma'])} fak ${r.int(100_000, 999_999)}`, -r.amount(50_000, 12_000_000), null, k); break;
      case 'tax_payment': post(d, `Skattekontoen ${r.pick(['Moms', 'A-skat', 'AM-bidrag'])}`, -r.amount(1_000_000, 30_000_000), null, k); break;
      case 'bank_fee': post(d, r.pick(['Gebyr', 'Kontoførelsesgebyr', 'Gebyr udl. overførsel', 'Gebyr Business Online']), -r.pick([2500, 5000, 12_500, 37_500]), null, k); break;
      case 'nets_fee': post(d, `Nets ${r.pick(['Betalingsservice gebyr', 'FI-kort gebyr', 'Indbetalingsgebyr'])}`, -r.amount(2_000, 90_000), null, k); break;
      case 'interest': post(d, r.pick(['Rente', 'Negativ rente', 'Renter']), r.pick([-1, 1]) * r.int(100, 50_000), null, k); break;
      case 'card_settlement': post(d, `Nets Dankort ${r.int(1_000_000, 9_999_999)} ${fmtDay(d - 1, 'DD.MM.YYYY')}`, r.amount(50_000, 3_000_000), null, k); break;
      case 'unknown_deposit': post(d, r.pick(['Indbetaling', 'Kontant indbetaling', `Overførsel ${r.pick(PERSONS)}`]), r.amount(10_000, 500_000), null, k); break;
    }
  }

  const A = ordered(ois, 'open_items');
  const B = ordered(sts, 'statement', true);
  let bal = r.int(10_000_000, 200_000_000);
  const saldo: number[] = new Array(B.rows.length);
  for (let i = B.rows.length - 1; i >= 0; i--) { bal += B.rows[i].f.amount; saldo[i] = bal; }
  const oiText = '\ufeff' + [
    DK_OI_HEAD.join(';'),
    ...A.rows.map((x) => x.f.map((v) => q(v, ';')).join(';')),
  ].join('\r\n') + '\r\n';
  const stText = [
    DK_ST_HEAD.map((h) => q(h, ';', true)).join(';'),
    ...B.rows.map((x, i) => [fmtDay(x.sort, 'DD.MM.YYYY'), x.f.text, fmtAmount(x.f.amount, DKK), fmtAmount(saldo[i], DKK), 'Udført', ''].map((v) => q(v, ';', true)).join(';')),
  ].join('\r\n') + '\r\n';

  return {
    name: 'dk-fik',
    description:
      'A Danish trade wholesaler (creditor no. 85412367) exports "Debitorer – åbne poster" from e-conomic: UTF-8 with BOM, semicolons, CRLF, dates 15-10-2026, amounts 1.234,56 with a decimal comma, one row per open entry ' +
      '(invoices, negative credit notes, 100 kr reminder fees as their own entries), with Betalingsmåde and the 15-digit FIK +71 payment id (000 + debtor no. + invoice no. + Luhn digit). ' +
      'The statement is a Danske Bank business CSV, newest first, every field quoted, Dato;Tekst;Beløb;Saldo;Status;Afstemt (Windows-1252), Tekst being one field of what the payer sent. ' +
      'Cases: FIK payments naming the +71 id in several spellings ("+71 …", "IK 71 …", the full "+71<…+85412367<" line); a digit mistyped (check digit fails); last month\'s card reused with this month\'s amount; transfers citing the invoice in text; ' +
      'several invoices in one transfer (or only "Kontoudtog oktober" / the debtor number); credit notes netted; an invoice paid with its reminder fee, or without it (the fee stays open); a-conto part payments; MobilePay payouts of one to three payments net of 1 % ' +
      '(ambiguous when more than one); two equal invoices with a payment naming neither (ambiguous); Betalingsservice customers collected on the first working day of the next month in ONE credit a day ("Betalingsservice 37 stk."), some collections ' +
      'rejected a few days later ("tilbageført", the invoice stays open), the November collections not yet due; customers in Germany and Sweden paying EUR/SEK invoices into the DKK account, converted and short of a 25-75 kr fee; ' +
      'unpaid invoices; and noise (salaries, suppliers, Skattekontoen, bank and Nets fees, interest, Dankort settlements, unknown deposits).',
    openItems: { fileName: 'Debitorer_aabne_poster.csv', content: oiText },
    statement: { fileName: 'Danske_Bank_Erhverv_Konto_4180123456.csv', content: Buffer.from(stText, 'latin1') },
    truth: [...A.truth, ...B.truth],
  };
}
