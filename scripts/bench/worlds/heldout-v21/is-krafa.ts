/**
 * is-krafa — a wholesaler in Reykjavík (Business Central with the Icelandic localisation, ISK) against
 * its Landsbankinn account. Icelandic sellers issue each invoice together with a bank claim (krafa):
 * it appears in the buyer's online bank as an unpaid bill and, when paid, lands on the seller's
 * statement as "Greiðsla kröfu" with the claim number (not the invoice number) in Tilvísun, the
 * payer's kennitala and the amount of the principal plus a notification fee (seðilgjald), and when
 * paid late also a late fee (vanskilagjald) and penalty interest (dráttarvextir) to the day. Others
 * pay by plain transfer (millifærsla) with a 16-character Tilvísun and a short Skýring, often writing
 * their own kennitala as the reference. The króna has no minor unit in practice: amounts are whole
 * krónur with dots as thousands marks ("1.234.567"), which a naive reader takes for decimals. The
 * ledger export is Windows-1252 with semicolons and Icelandic headers, a title and filter line above
 * the header and a Samtals line; the bank CSV is UTF-8 with a BOM, oldest first with a running Staða.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, afterOf, cp1252, dmy, pad, rngFor, openingFor, sumOf, typo, workDay, LAST_DAY, type Row } from './common';

const NAME = 'is-krafa';
/** Notification fee added to every paper claim, in aurar (1/100 krónur, the unit the book keeps). */
export const IS_SEDILGJALD = 39500;
/** Late fee once a claim is paid after its due date. */
export const IS_VANSKILAGJALD = 95000;
/** Penalty interest, percent a year, to the day on a 365-day year, whole krónur. */
export const IS_DRATTARVEXTIR = 15.25;
/** Cash discount (staðgreiðsluafsláttur) for payment within ten days, percent, whole krónur. */
export const IS_STGR_PCT = 2;
export const isDiscount = (c: number) => Math.round(((c / 100) * IS_STGR_PCT) / 100) * 100;
export const isInterest = (c: number, days: number) => Math.round((c / 100) * (IS_DRATTARVEXTIR / 100) * (days / 365)) * 100;

/** Kennitala check digit over the first eight digits (weights 3,2,7,6,5,4,3,2); -1 when 10 (never issued). */
export function ktCheck(eight: string): number {
  const w = [3, 2, 7, 6, 5, 4, 3, 2];
  const s = [...eight].reduce((a, d, i) => a + Number(d) * w[i], 0), k = 11 - (s % 11);
  return k === 11 ? 0 : k === 10 ? -1 : k;
}

const N1 = ['Fiskbúð', 'Veitingahúsið', 'Hótel', 'Bakarí', 'Verslunin', 'Kaffihúsið', 'Mötuneyti', 'Gistiheimilið', 'Sjoppan', 'Matstofan'];
const N2 = ['Hafnarfjarðar', 'Vesturbæjar', 'Akureyrar', 'Selfoss', 'Borgarness', 'Keflavíkur', 'Ísafjarðar', 'Húsavíkur', 'Hveragerðis', 'Egilsstaða', 'Garðabæjar', 'Kópavogs', 'Mosfellsbæjar', 'Grindavíkur', 'Stykkishólms', 'Víkur', 'Hellu', 'Sauðárkróks'];
const N3 = ['Þór', 'Geysir', 'Hekla', 'Katla', 'Esja', 'Askja', 'Vík', 'Sæból', 'Hlíð', 'Brú', 'Lind', 'Dalur'];
const FORM = ['ehf.', 'ehf.', 'ehf.', 'hf.', 'sf.'];
const PEOPLE = ['Jón Guðmundsson', 'Sigríður Jónsdóttir', 'Guðrún Ólafsdóttir', 'Ólafur Sigurðsson', 'Helga Kristjánsdóttir', 'Gunnar Þórsson', 'Anna Björnsdóttir', 'Einar Magnússon'];

interface Cust { no: string; name: string; kt: string; paper: boolean }

export function isKrafa(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 21003);
  const book = new Book();
  const used = new Set<string>(), kts = new Set<string>();
  const kt = (company: boolean) => {
    for (;;) {
      const d = r.int(1, 28) + (company ? 40 : 0), m = r.int(1, 12), y = r.int(company ? 60 : 50, 99), rr = r.int(20, 99);
      const eight = `${pad(d, 2)}${pad(m, 2)}${pad(y, 2)}${pad(rr, 2)}`, c = ktCheck(eight);
      const k = `${eight}${c}9`;
      if (c >= 0 && !kts.has(k)) { kts.add(k); return k; }
    }
  };
  let custNo = r.int(10100, 10900);
  const mk = (): Cust => {
    let name = '';
    for (let t = 0; !name || used.has(name); t++) name = `${r.chance(0.5) ? `${r.pick(N1)} ${r.pick(N2)}` : `${r.pick(N3)} ${r.pick(['veitingar', 'heildsala', 'ferðaþjónusta', 'verslun', 'rekstur'])}`} ${r.pick(FORM)}${t > 40 ? ` ${t}` : ''}`;
    used.add(name);
    custNo += r.int(1, 7);
    return { no: String(custNo), name, kt: kt(true), paper: r.chance(0.7) };
  };
  const custs = Array.from({ length: Math.max(40, Math.round(o.openItems / 9)) }, mk);
  const upName = (c: Cust) => c.name.toUpperCase().replace(/ (EHF|HF|SF)\.$/, (m) => (r.chance(0.5) ? m : '')).slice(0, 30);

  const per = Math.max(1, o.openItems * 1.1) / 110;
  let k = 0, sr = r.int(104000, 108000), kr = r.int(2000, 2600), claim = r.int(30000, 60000);
  const inv = (c: Cust, kind: string, group: string | null, opt: { amt?: number; amb?: boolean; kredit?: boolean; day?: number; claim?: boolean; text?: string; minDue?: number } = {}): Row => {
    const day = opt.day ?? Math.min(80, -30 + Math.floor(k++ / per));
    const amt = opt.amt ?? r.int(3000, 900000) * 100;
    const no = opt.kredit ? `KR-${kr++}` : `SR-${sr++}`;
    const hasClaim = !opt.kredit && (opt.claim ?? true);
    return book.addOi({ day, cents: opt.kredit ? -amt : amt, group, kind, amb: opt.amb, cells: { no, cust: c.no, name: c.name, kt: c.kt, due: String(opt.kredit ? day : Math.max(day + r.pick([14, 20, 30, 30]), opt.minDue ?? -99)), claim: hasClaim ? pad(claim++, 6) : '', text: opt.text ?? (opt.kredit ? r.pick(['Kreditreikningur', 'Skil á vöru', 'Afsláttur']) : r.pick(['Sala', 'Vörusala', `Pöntun ${r.int(40000, 49999)}`, 'Sala - heimsending'])) } });
  };
  /** A bank line; `tegund` is the Textalykill text, `tilv` the 16-character Tilvísun. */
  const line = (day: number, cents: number, tegund: string, tilv: string, skyring: string, kt0: string, nafn: string, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: workDay(Math.max(day, 0)), cents, group, kind, amb, cells: { tegund, tilv: tilv.slice(0, 16), skyring: skyring.slice(0, 35), kt: kt0, nafn: nafn.slice(0, 30) } });
  const claimPaid = (x: Row, c: Cust, day: number, group: string, kind: string) => {
    const d = workDay(Math.max(day, 0)), late = Math.max(0, d - workDay(Number(x.cells.due)));
    const extra = (c.paper ? IS_SEDILGJALD : 0) + (late > 0 ? IS_VANSKILAGJALD + isInterest(x.cents, late) : 0);
    return line(d, x.cents + extra, 'Greiðsla kröfu', `66-${x.cells.claim}`, `Gjalddagi ${dmy(Number(x.cells.due), '.')}`, c.kt, upName(c), group, kind);
  };
  const cite = (x: Row) => {
    const n = x.cells.no.slice(3);
    return r.pick([`Reikn. ${x.cells.no}`, `reikn ${n}`, `SR${n}`, n, `Reikningur nr ${n}`, `rn. ${n}`, x.cells.no, `greidsla ${n}`, `Reikn.nr. ${n}`]);
  };
  const trf = (day: number, cents: number, c: Cust, tilv: string, sky: string, group: string | null, kind: string, amb?: boolean) => line(day, cents, 'Millifærsla', tilv, sky, c.kt, upName(c), group, kind, amb);
  const after = (xs: Row[], lo = 3, hi = 30) => afterOf(r, xs, lo, hi);

  while (book.oi.length < o.openItems) {
    const u = r.next(), c = r.pick(custs);
    if (u < 0.26) { const g = book.group(), x = inv(c, 'claim_paid_on_time', g, { minDue: r.int(3, 12) }); claimPaid(x, c, Number(x.cells.due) - r.int(0, 6), g, 'claim_paid_on_time'); }
    else if (u < 0.36) { const g = book.group(), x = inv(c, 'claim_paid_late_with_interest', g); claimPaid(x, c, Number(x.cells.due) + r.int(3, 40), g, 'claim_paid_late_with_interest'); }
    else if (u < 0.46) {
      const g = book.group(), x = inv(c, 'transfer_invoice_cited', g, { claim: r.chance(0.5) }), ci = cite(x);
      if (r.chance(0.5)) trf(after([x]), x.cents, c, ci.length <= 16 ? ci : x.cells.no.slice(3), r.pick(['', 'Greiðsla', ci]), g, 'transfer_invoice_cited');
      else trf(after([x]), x.cents, c, r.pick([c.kt, '', 'greidsla']), ci, g, 'transfer_invoice_cited');
    } else if (u < 0.51) {
      // The payer's own kennitala as the reference, nothing else: kennitala and amount decide it.
      const g = book.group(), x = inv(c, 'own_kennitala_as_reference', g, { claim: false });
      trf(after([x]), x.cents, c, r.pick([c.kt, `${c.kt.slice(0, 6)}-${c.kt.slice(6)}`]), r.pick(['', 'Greiðsla', 'Vörukaup', 'Millifært']), g, 'own_kennitala_as_reference');
    } else if (u < 0.55) {
      // A plain transfer quoting the claim number from the online bank instead of the invoice.
      const g = book.group(), x = inv(c, 'transfer_claim_number_cited', g);
      trf(after([x]), x.cents, c, r.pick([x.cells.claim, `66-${x.cells.claim}`]), r.pick(['Krafa', 'Greiðsla kröfu', '']), g, 'transfer_claim_number_cited');
    } else if (u < 0.59) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_invoices_one_transfer', g, { claim: false }));
      trf(after(xs), sumOf(xs), c, c.kt, `Reikn ${xs.map((x) => x.cells.no.slice(3)).join(r.pick([', ', ' ', '+']))}`, g, 'several_invoices_one_transfer');
    } else if (u < 0.62) {
      const g = book.group(), x = inv(c, 'credit_note_netted', g, { claim: false, amt: r.int(500, 9000) * 100 });
      const a = inv(c, 'credit_note_netted', g, { kredit: true, amt: Math.round((x.cents * r.int(3, 30)) / 100 / 100) * 100, day: Math.min(LAST_DAY, x.day + r.int(0, 8)) });
      trf(after([x, a]), x.cents + a.cents, c, x.cells.no.slice(3), `${cite(x)} - ${a.cells.no}`, g, 'credit_note_netted');
    } else if (u < 0.65) {
      const g = book.group(), x = inv(c, 'instalments', g, { claim: false, amt: r.int(3000, 12000) * 1000 }), m = r.int(2, 3), d0 = after([x], 3, 15);
      const part = Math.floor(x.cents / m / 1000000) * 1000000;
      for (let i = 0; i < m; i++) trf(d0 + i * r.int(25, 32), i < m - 1 ? part : x.cents - part * (m - 1), c, x.cells.no.slice(3), `Innborgun ${i + 1}/${m} ${cite(x)}`, g, 'instalments');
    } else if (u < 0.67) {
      const g = book.group(), x = inv(c, 'claim_part_payment', g, { amt: r.int(1500, 9000) * 1000 });
      line(after([x]), Math.round((x.cents * r.int(20, 60)) / 100 / 100000) * 100000, 'Innborgun á kröfu', `66-${x.cells.claim}`, 'Innborgun', c.kt, upName(c), g, 'claim_part_payment');
    } else if (u < 0.70) {
      const g = book.group(), x = inv(c, 'payer_kennitala_and_amount_only', g, { claim: false });
      trf(after([x]), x.cents, c, '', r.pick(['', 'Greiðsla', 'Vörur']), g, 'payer_kennitala_and_amount_only');
    } else if (u < 0.72) {
      // Paid by a sister company (another kennitala) quoting the invoice.
      const p = r.pick(custs.filter((z) => z !== c)), g = book.group(), x = inv(c, 'paid_by_related_company_invoice_cited', g, { claim: false });
      trf(after([x]), x.cents, p, x.cells.no.slice(3), `${cite(x)} f. ${c.name.split(' ').slice(0, 2).join(' ')}`, g, 'paid_by_related_company_invoice_cited');
    } else if (u < 0.735) {
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g, { claim: false }), bad = typo(r, x.cells.no.slice(3));
      trf(after([x]), x.cents, c, bad, r.pick([`Reikn. SR-${bad}`, `reikn ${bad}`, '']), g, 'mistyped_invoice_number');
    } else if (u < 0.75) {
      // Numbers that are not invoices: a phone number, a car registration, an order, a date.
      const g = book.group(), x = inv(c, 'phone_order_date_in_text', g, { claim: false });
      const bits = r.shuffle([r.pick([`s. ${r.pick(['8', '6', '7'])}${pad(r.int(0, 999999), 6)}`, `pöntun ${r.int(40000, 49999)}`, dmy(x.day, '.'), `bíll ${r.pick(['AB', 'KT', 'RX', 'ZP'])}${r.int(100, 999)}`]), cite(x)]);
      trf(after([x]), x.cents, c, c.kt, bits.join(' '), g, 'phone_order_date_in_text');
    } else if (u < 0.765) {
      const c2 = r.pick(custs.filter((z) => z !== c)), amt = r.int(2, 60) * 500000;
      for (const z of [c, c2]) { const g = book.group(), x = inv(z, 'same_amount_two_customers', g, { amt, claim: false }); trf(after([x]), amt, z, '', r.pick(['', 'Greiðsla']), g, 'same_amount_two_customers'); }
    } else if (u < 0.78) {
      // A monthly service agreement: two invoices of the same amount, one paid with no reference.
      const g = book.group(), amt = r.int(100, 2000) * 10000, a = inv(c, 'ambiguous_equal_amounts', g, { amt, amb: true, claim: false, text: 'Þjónustugjald' });
      inv(c, 'ambiguous_equal_amounts', null, { amt, amb: true, claim: false, day: a.day > 50 ? a.day - r.int(28, 31) : a.day + r.int(28, 31), text: 'Þjónustugjald' });
      trf(after([a], 35, 50), amt, c, '', r.pick(['', 'Þjónusta', 'Mánaðargjald']), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.795) {
      // The claim is paid and the buyer also transfers: the seller pays the second back (Endurgreiðsla).
      const g = book.group(), x = inv(c, 'duplicate_refunded', g, { minDue: r.int(3, 12) }), d = Number(x.cells.due) - r.int(0, 3);
      claimPaid(x, c, d, g, 'duplicate_refunded');
      trf(d + r.int(0, 2), x.cents, c, x.cells.no.slice(3), cite(x), null, 'duplicate_refunded');
      line(d + r.int(4, 10), -x.cents, 'Millifærsla', c.kt, `Endurgreiðsla ${x.cells.no}`, c.kt, upName(c), null, 'duplicate_refunded');
    } else if (u < 0.805) {
      // A transfer meant for someone else, taken back by the sending bank (Bakfærsla).
      const d = r.int(0, LAST_DAY - 3), v = r.int(10, 800) * 1000, p = r.pick(PEOPLE);
      line(d, v, 'Millifærsla', '', r.pick(['Leiga', 'Skuld', 'Afmælisgjöf']), kt(false), p.toUpperCase(), null, 'transfer_reversed');
      line(d + r.int(1, 3), -v, 'Bakfærsla', '', `Bakfærð millifærsla ${dmy(workDay(d), '.')}`, '', p.toUpperCase(), null, 'transfer_reversed');
    } else if (u < 0.82) {
      trf(r.int(0, LAST_DAY - 1), r.int(50, 3000) * 1000, c, c.kt, r.pick([`Reikn ${r.int(98000, sr - 8000)}`, 'Innborgun pöntun', 'Fyrirframgreiðsla']), null, 'payment_not_on_list');
    } else if (u < 0.835) {
      // Paid within ten days by transfer, less the 2 % cash discount the terms allow.
      const g = book.group(), x = inv(c, 'cash_discount_deducted', g, { claim: false, day: Math.max(-3, Math.min(80, -30 + Math.floor(k++ / per))) });
      trf(Math.max(x.day + r.int(1, 9), r.int(0, 5)), x.cents - isDiscount(x.cents), c, x.cells.no.slice(3), `${cite(x)} ${r.pick(['-2% stgr.afsl.', 'stgr. 2%', 'afsl. 2%', ''])}`.trim(), g, 'cash_discount_deducted');
    } else {
      inv(c, 'unpaid_invoice', null, { claim: r.chance(0.6) });
    }
    book.endCase();
  }
  // The rest of the account.
  const ktTax = kt(true), ktCard = kt(true), ktBank = kt(true);
  for (let i = 0, m = Math.round(o.openItems * 0.1); i < m; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.3) line(day, -r.int(2000, 20000) * 100000, 'Millifærsla', r.pick(['Reikn 5521', 'Inv 88712', 'Vörukaup']), r.pick(['Ölgerðin', 'Innnes', 'Mjólkursamsalan', 'Eimskip', 'Orkusalan']), kt(true), r.pick(['ÖLGERÐIN EGILL SKALLAGRÍMS', 'INNNES EHF', 'MJÓLKURSAMSALAN EHF', 'EIMSKIPAFÉLAG ÍSLANDS HF', 'ORKUSALAN EHF']), null, 'other_bank_line');
    else if (v < 0.45) line(day, -r.int(300, 900) * 1000, 'Laun', '', `Laun ${['september', 'október', 'nóvember'][Math.min(2, Math.floor(day / 30))]}`, kt(false), r.pick(PEOPLE).toUpperCase(), null, 'other_bank_line');
    else if (v < 0.55) line(day, -r.int(500, 5000) * 1000, 'Greiðsla', '', r.pick(['Staðgreiðsla', 'Virðisaukaskattur', 'Tryggingagjald']), ktTax, 'SKATTURINN', null, 'other_bank_line');
    else if (v < 0.85) line(day, r.int(20, 900) * 1000, 'Uppgjör', `${r.int(1000000, 9999999)}`, `Kortauppgjör ${dmy(day - 1, '.')}`, ktCard, 'TEYA ICELAND HF', null, 'card_sales_not_on_list');
    else line(day, -r.int(5, 60) * 100 * 10, 'Þjónustugjald', '', r.pick(['Innheimtuþóknun krafna', 'Færslugjöld', 'Árgjald netbanka']), ktBank, 'LANDSBANKINN HF', null, 'bank_fee');
  }

  const { oi, st, truth } = book.finish();
  const isk = (c: number) => { const a = Math.abs(c) / 100; if (!Number.isInteger(a)) throw new Error(`ISK with aurar: ${c}`); return `${c < 0 ? '-' : ''}${String(a).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`; };
  const OH = ['Bókunardags.', 'Tegund fylgiskjals', 'Nr. fylgiskjals', 'Viðskm.nr.', 'Heiti', 'Kennitala', 'Lýsing', 'Gjalddagi', 'Upphæð', 'Eftirstöðvar', 'Kröfunúmer'];
  const ol = ['Viðskiptamannafærslur', 'Norðurljós heildverslun ehf.', `Afmörkun: Opið: Já; Bókunardags.: ..${dmy(LAST_DAY, '.')}`, '', OH.join(';')];
  for (const x of oi) ol.push([dmy(x.day, '.'), x.cents < 0 ? 'Kreditreikningur' : 'Reikningur', x.cells.no, x.cells.cust, x.cells.name, `${x.cells.kt.slice(0, 6)}-${x.cells.kt.slice(6)}`, x.cells.text, dmy(Number(x.cells.due), '.'), isk(x.cents), isk(x.cents), x.cells.claim].join(';'));
  ol.push(['Samtals', '', '', '', '', '', '', '', isk(sumOf(oi)), isk(sumOf(oi)), ''].join(';'));
  const open = openingFor(st, r.int(2000, 9000) * 100000);
  let bal = open;
  const SH = ['Dags.', 'Vaxtadags.', 'Textalykill', 'Tilvísun', 'Skýring greiðslu', 'Kennitala', 'Nafn', 'Upphæð', 'Staða'];
  const sl = [`Reikningur: 0111-26-${pad(r.int(0, 999999), 6)};Norðurljós heildverslun ehf.`, `Tímabil: ${dmy(0, '.')} - ${dmy(LAST_DAY, '.')}`, `Upphafsstaða: ${isk(open)}`, '', SH.join(';')];
  for (const x of st) { bal += x.cents; sl.push([dmy(x.day, '.'), dmy(x.day, '.'), x.cells.tegund, x.cells.tilv, x.cells.skyring, x.cells.kt, x.cells.nafn, isk(x.cents), isk(bal)].join(';')); }
  return {
    name: NAME,
    description: 'A Reykjavík wholesaler\'s Business Central customer ledger entries, filtered open (Windows-1252, semicolons, Icelandic headers, a title, company and filter line above the header, dd.mm.yyyy, whole krónur with dots as thousands marks and no decimals, Reikningur SR-nnnnnn / Kreditreikningur KR-nnnn, customer number, name, kennitala DDMMYY-NNNN, due date, Kröfunúmer of the bank claim issued with most invoices, a Samtals line) against its Landsbankinn CSV (UTF-8 with a BOM, account, period and opening balance above the header, oldest first, Dags./Vaxtadags., Textalykill, 16-character Tilvísun, Skýring greiðslu, payer kennitala and name, signed whole-krónur amounts, running Staða). Kinds: claim_paid_on_time (claim number, not invoice, plus a 395 kr notification fee on paper claims), claim_paid_late_with_interest (plus 950 kr late fee and 15.25 % penalty interest to the day), claim_part_payment, transfer_invoice_cited (nine spellings, in Tilvísun or Skýring), transfer_claim_number_cited, own_kennitala_as_reference, payer_kennitala_and_amount_only, cash_discount_deducted (2 % within ten days), several_invoices_one_transfer, credit_note_netted, instalments, paid_by_related_company_invoice_cited, mistyped_invoice_number, phone_order_date_in_text, same_amount_two_customers, ambiguous_equal_amounts, duplicate_refunded, transfer_reversed (Bakfærsla), payment_not_on_list, card_sales_not_on_list, unpaid_invoice, not_yet_due, bank_fee, other_bank_line.',
    openItems: { fileName: 'Viðskiptamannafærslur.csv', content: cp1252(ol.join('\r\n') + '\r\n') },
    statement: { fileName: 'Landsbankinn_faerslur.csv', content: '\ufeff' + sl.join('\r\n') + '\r\n' },
    truth,
  };
}
