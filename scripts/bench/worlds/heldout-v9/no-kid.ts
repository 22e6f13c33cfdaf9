/**
 * no-kid: a Norwegian builders' merchant on Tripletex (NOK). Open items: Tripletex "Kundereskontro – åpne
 * poster" CSV (Windows-1252, semicolons, dd.mm.yyyy, "12 345,67", voucher and invoice numbers side by side,
 * the KID of each invoice). Statement: DNB nettbank CSV — "Dato";"Forklaring";"Rentedato";"Uttak fra
 * konto";"Innskudd på konto", Windows-1252, newest first, money out and in in separate columns, no balance.
 * Receipts: KID payments (customer number + invoice number + MOD11 check digit, sometimes "-"), free-text
 * "Melding" transfers that cite invoice numbers (several, less a credit note, mistyped, or none), payments
 * from abroad short of the bank's charge, and card/Vipps settlements that pay nothing on the list.
 */
import type { World, WorldOptions } from '../world';
import { Rng, Book, type Cust, type Item, truth, runCases, typo, money, dayOf, ymd, pad, REPORT, payIn, octoberBizDays, names, nextBiz, weekday, mod11, encodeSbcs } from './common';

const JUL1 = dayOf(2026, 7, 1), OCT20 = dayOf(2026, 10, 20), OCT30 = dayOf(2026, 10, 30);
const PLACES = ['Fjord', 'Vestland', 'Bergen', 'Åsane', 'Fana', 'Os', 'Voss', 'Sotra', 'Askøy', 'Nordhordland', 'Hardanger', 'Sunnfjord', 'Stord', 'Kvam', 'Lindås', 'Førde', 'Bømlo', 'Odda', 'Fitjar', 'Øygarden', 'Laksevåg', 'Arna', 'Ytre Sogn', 'Kvinnherad'];
const TRADES = ['Bygg', 'Rør', 'Elektro', 'Tak og Vegg', 'Maskin', 'Snekkerverksted', 'Entreprenør', 'Malerservice', 'Flis og Mur', 'Eiendom', 'Betong', 'VVS', 'Anlegg', 'Tømrer', 'Glass og Ramme', 'Grunnarbeid'];
const SURNAMES = ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Jensen', 'Karlsen', 'Haugland', 'Sæther', 'Økland', 'Tveit', 'Brekke'];
const FOREIGN = ['Byggmästarna i Göteborg AB', 'Skånska Rör AB', 'Nordjysk Tømrerfirma ApS', 'Jylland Byg A/S', 'Turun Rakennus Oy', 'Shetland Joinery Ltd', 'Aberdeen Marine Services Ltd', 'Bygg & Montage Strömstad AB'];
const SUPPLIERS = ['Mestergruppen AS', 'Optimera AS', 'Saint-Gobain Byggevarer', 'Moelven Wood AS', 'Bring Cargo', 'Postnord AS', 'BKK Nett AS', 'Telenor Norge AS', 'Circle K Norge'];

interface NoCust extends Cust { num: string; bank: string; acct: string; foreign: boolean }

/** A Norwegian account number (4.2.5 digits, MOD11 with weights 5 4 3 2 7 6 5 4 3 2). */
function account(rng: Rng): string {
  for (;;) {
    const d = pad(rng.int(1200, 9799), 4) + pad(rng.int(0, 99), 2) + pad(rng.int(0, 9999), 4);
    const w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
    let s = 0;
    for (let i = 0; i < 10; i++) s += w[i] * Number(d[i]);
    const r = (11 - (s % 11)) % 11;
    if (r === 10) continue;
    return `${d.slice(0, 4)}.${d.slice(4, 6)}.${d.slice(6)}${r}`;
  }
}

export function noKid({ seed, openItems: N }: WorldOptions): World {
  const rng = new Rng((seed * 2654435761 + 0x0d9b4a) >>> 0);
  const book = new Book<string>(rng, 'no');
  const scale = N / 2000;
  const nc = Math.max(30, Math.round(N / 6));
  const nf = Math.min(FOREIGN.length, Math.max(2, Math.round(nc * 0.04)));
  const custNames = names(nc - nf, () => (rng.chance(0.3) ? `${rng.pick(SURNAMES)} ${rng.pick(TRADES)} AS` : `${rng.pick(PLACES)} ${rng.pick(TRADES)} AS`));
  const foreignNames = names(nf, () => rng.pick(FOREIGN));
  const custs: NoCust[] = [...custNames.map((n) => [n, false] as const), ...foreignNames.map((n) => [n, true] as const)].map(([name, foreign], i) => {
    const num = String(10001 + i * 3 + rng.int(0, 2));
    const bank = rng.chance(0.5) ? name.toUpperCase() : name;
    return { code: num, name, num, bank, acct: account(rng), foreign };
  });
  const domestic = custs.filter((c) => !c.foreign), abroad = custs.filter((c) => c.foreign);
  const cust = (): NoCust => domestic[rng.skewedIndex(domestic.length)];
  const draw = () => rng.amountCents(400, 250000);
  const inv = (c: NoCust, kind: string, g: string | null, paid = true, amt?: number, o: Partial<Item> = {}): Item => {
    const day = rng.int(JUL1, paid ? OCT20 : OCT30);
    return book.item(c, day, amt ?? book.amount(c, draw), kind, g, { due: day + rng.pick([10, 14, 14, 14, 30]), ...o });
  };
  const last = (xs: Item[]) => Math.max(...xs.map((i) => i.day));
  const kid = (it: Item) => it.x.kid;
  const paidOn = (day: number) => { const [y, m, d] = ymd(day - rng.int(0, 2)); return `${pad(d, 2)}.${pad(m, 2)}.${String(y).slice(2)}`; };
  const viaKid = (c: NoCust, it: Item, day: number) => () => `KID-innbetaling ${kid(it)} Fra: ${c.bank} Betalt: ${paidOn(day)}`;
  const viaMsg = (c: NoCust, day: number, msg: () => string) => () => { const m = msg(); return `Overføring ${c.acct} Fra: ${c.bank} Betalt: ${paidOn(day)}${m ? ' Melding: ' + m : ''}`; };
  const joinNos = (xs: string[]) => { const sep = rng.pick([', ', ' ', '/', ' og ']); return sep === ' og ' ? xs.slice(0, -1).join(', ') + ' og ' + xs[xs.length - 1] : xs.join(sep); };
  const fakt = (it: Item) => rng.pick([`Faktura ${it.no}`, `faktura ${it.no}`, `Fakt.nr ${it.no}`, `Fakturanr. ${it.no}`, it.no, `Faktura nr ${it.no}`]);

  const make: Record<string, () => number> = {
    kid_exact: () => {
      const c = cust(), g = book.group(), it = inv(c, 'kid_exact', g), d = payIn(rng, it.day);
      book.line(d, it.amt, 'kid_exact', g, viaKid(c, it, d));
      return 1;
    },
    kid_two_invoices: () => {
      // One KID used for two invoices paid together: the KID names the first; the amount is both.
      const c = cust(), g = book.group(), a = inv(c, 'kid_two_invoices', g), b = inv(c, 'kid_two_invoices', g), d = payIn(rng, last([a, b]));
      book.line(d, a.amt + b.amt, 'kid_two_invoices', g, viaKid(c, a, d));
      return 2;
    },
    kid_part: () => {
      const c = cust(), g = book.group(), it = inv(c, 'kid_part', g, true, book.amount(c, () => rng.amountCents(3000, 250000))), d = payIn(rng, it.day);
      book.line(d, Math.round(it.amt * (0.3 + rng.next() * 0.4)), 'kid_part', g, viaKid(c, it, d));
      return 1;
    },
    melding_invoice: () => {
      const c = cust(), g = book.group(), it = inv(c, 'melding_invoice', g), d = payIn(rng, it.day);
      book.line(d, it.amt, 'melding_invoice', g, viaMsg(c, d, () => fakt(it)));
      return 1;
    },
    melding_multi: () => {
      const c = cust(), g = book.group(), k = rng.int(2, 5), its = Array.from({ length: k }, () => inv(c, 'melding_multi', g)), d = payIn(rng, last(its));
      book.line(d, its.reduce((s, i) => s + i.amt, 0), 'melding_multi', g, viaMsg(c, d, () => rng.pick(['Faktura ', 'Fakturaer ', 'Fakt. ', '']) + joinNos(its.map((i) => i.no))));
      return k;
    },
    melding_credit_netted: () => {
      const c = cust(), g = book.group(), it = inv(c, 'melding_credit_netted', g, true, book.amount(c, () => rng.amountCents(2000, 250000)));
      const cn = inv(c, 'melding_credit_netted', g, true, -book.amount(c, () => Math.round(it.amt * (0.05 + rng.next() * 0.4))));
      const d = payIn(rng, last([it, cn]));
      book.line(d, it.amt + cn.amt, 'melding_credit_netted', g, viaMsg(c, d, () => rng.pick([`Faktura ${it.no} - kreditnota ${cn.no}`, `Fakt ${it.no} minus kreditnota ${cn.no}`, `${it.no} fratrukket kreditnota ${cn.no}`])));
      return 2;
    },
    melding_typo: () => {
      const c = cust(), g = book.group(), it = inv(c, 'melding_typo', g), d = payIn(rng, it.day);
      book.line(d, it.amt, 'melding_typo', g, viaMsg(c, d, () => {
        const mine = new Set(book.items.filter((o) => o.cust === c).map((o) => o.no));
        let t = it.no;
        for (let i = 0; i < 20 && (t === it.no || mine.has(t) || t.includes(it.no)); i++) t = typo(rng, it.no);
        if (t === it.no || mine.has(t)) t = it.no.slice(0, -1);
        return `Faktura ${t}`;
      }));
      return 1;
    },
    name_only: () => {
      const c = cust(), g = book.group(), it = inv(c, 'name_only', g), d = payIn(rng, it.day);
      book.line(d, it.amt, 'name_only', g, viaMsg(c, d, () => rng.pick(['', 'Betaling', 'Varer', 'Innbetaling', 'Konto ' + c.num, 'Oppgjør'])));
      return 1;
    },
    name_only_equal_amounts: () => {
      const c = cust(), g = book.group(), a = book.amount(c, draw);
      const it = inv(c, 'name_only_equal_amounts', g, true, a, { amb: true });
      inv(c, 'name_only_equal_amounts', null, true, a, { amb: true });
      const d = payIn(rng, it.day);
      book.line(d, a, 'name_only_equal_amounts', g, viaMsg(c, d, () => rng.pick(['', 'Betaling', 'Varer'])), { amb: true });
      return 2;
    },
    foreign_fee_short: () => {
      const c = abroad[rng.int(0, abroad.length - 1)], g = book.group(), it = inv(c, 'foreign_fee_short', g, true, book.amount(c, () => rng.amountCents(5000, 250000)));
      const fee = rng.pick([5000, 7500, 10000, 15000]);
      book.line(payIn(rng, it.day), it.amt - fee, 'foreign_fee_short', g, () => `Innbetaling fra utlandet Fra: ${c.name.toUpperCase()} Ref: ${rng.pick(['INVOICE ', 'INV ', 'Faktura ', 'Invoice no. '])}${it.no}`);
      return 1;
    },
    unpaid_invoice: () => { inv(cust(), 'unpaid_invoice', null, false); return 1; },
    open_credit_note: () => { const c = cust(); inv(c, 'open_credit_note', null, false, -book.amount(c, () => rng.amountCents(200, 12000))); return 1; },
  };
  runCases(rng, N, {
    kid_exact: 27, kid_two_invoices: 3, kid_part: 2, melding_invoice: 11, melding_multi: 4, melding_credit_netted: 3, melding_typo: 3,
    name_only: 4, name_only_equal_amounts: 2, foreign_fee_short: 2, unpaid_invoice: 22, open_credit_note: 1.5,
  }, make);

  // Noise: Vipps and card-terminal settlements (counter sales), supplier payments with their own KIDs, wages, taxes, rent, fees.
  const days = octoberBizDays();
  for (const d of days) if (rng.chance(Math.min(1, scale))) book.line(d, rng.amountCents(800, 40000), 'noise_card_settlement', null, () => `Nets Bankterminal oppgjør ${pad(rng.int(1, 99999), 5)} NORDVIK BYGGEVARER`);
  for (const d of days) if (rng.chance(0.6 * Math.min(1, scale))) book.line(d, rng.amountCents(200, 9000), 'noise_vipps', null, () => `Vipps AS Utbetaling ${rng.digits(10)} Vipps Bedrift 55123`);
  for (let i = 0; i < Math.max(3, Math.round(40 * scale)); i++) {
    const s = rng.pick(SUPPLIERS), body = rng.digits(10);
    book.line(rng.pick(days), -rng.amountCents(800, 300000), 'noise_supplier_payment', null, () => `Betaling KID ${body}${mod11(body).replace('-', '0')} Til: ${s}`);
  }
  book.line(dayOf(2026, 10, 1), -8500000, 'noise_rent', null, () => 'Avtalegiro Kokstad Næringsbygg AS Husleie november');
  book.line(dayOf(2026, 10, 12), -rng.amountCents(150000, 600000), 'noise_vat', null, () => 'Skatteetaten Merverdiavgift termin 4 2026');
  book.line(dayOf(2026, 10, 15), -rng.amountCents(180000, 400000), 'noise_withholding', null, () => 'Skatteetaten Forskuddstrekk og arbeidsgiveravgift');
  book.line(nextBiz(dayOf(2026, 10, 20)), -rng.amountCents(600000, 1500000), 'noise_payroll', null, () => 'Lønn oktober 2026 Tripletex lønnsutbetaling');
  book.line(dayOf(2026, 10, 30), -rng.int(9000, 40000), 'noise_bank_fee', null, () => 'Gebyr Nettbank bedrift oktober');
  for (let i = 0; i < Math.max(1, Math.round(3 * scale)); i++) { const s = rng.pick(SUPPLIERS); book.line(rng.pick(days), rng.amountCents(100, 5000), 'noise_supplier_refund', null, () => `Overføring Fra: ${s} Tilbakebetaling kreditnota`); }
  void weekday;

  // Tripletex numbering: one series for invoices and credit notes (gaps: paid ones are not on the list); vouchers apart.
  const byDay = book.items.map((it, i) => [it, i] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]);
  let no = 214500 + rng.int(0, 99), bil = 40100 + rng.int(0, 99);
  for (const [it] of byDay) {
    it.no = String((no += rng.int(1, 3)));
    it.x.bilag = String((bil += rng.int(1, 4)));
    const body = (it.cust as NoCust).num + it.no;
    it.x.kid = it.credit ? '' : body + mod11(body);
  }

  const dmy = (day: number) => { const [y, m, d] = ymd(day); return `${pad(d, 2)}.${pad(m, 2)}.${y}`; };
  const kr = (c: number) => money(c, ',', ' ');
  const fileItems = [...book.items].sort((a, b) => Number(a.cust.code) - Number(b.cust.code) || a.day - b.day || Number(a.no) - Number(b.no));
  const out = ['Kundereskontro - åpne poster', 'Nordvik Byggevarer AS   Org.nr. 918 442 607 MVA', `Per dato: ${dmy(REPORT)}`, '',
    'Kundenr;Kundenavn;Bilagsnr;Fakturanr;Fakturadato;Forfallsdato;KID;Valuta;Beløp;Utestående'];
  let sum = 0;
  for (const it of fileItems) {
    out.push([it.cust.code, it.cust.name, it.x.bilag, it.no, dmy(it.day), dmy(it.due), it.x.kid, 'NOK', kr(it.amt), kr(it.amt)].join(';'));
    sum += it.amt;
  }
  out.push(['Sum', '', '', '', '', '', '', 'NOK', kr(sum), kr(sum)].join(';'));

  const ls = book.orderedLines(true);
  const st = ['"Dato";"Forklaring";"Rentedato";"Uttak fra konto";"Innskudd på konto"'];
  for (const l of ls) {
    const a = money(Math.abs(l.amt), ',');
    st.push(`"${dmy(l.day)}";"${l.t!.replace(/"/g, '""')}";"${dmy(l.day)}";"${l.amt < 0 ? a : ''}";"${l.amt >= 0 ? a : ''}"`);
  }
  return {
    name: 'no-kid',
    description: `Nordvik Byggevarer AS, a Bergen builders' merchant on Tripletex (NOK). Open items: Tripletex "Kundereskontro - åpne poster" CSV as at 2 November 2026, Windows-1252, semicolons, three title lines and a blank, then Kundenr;Kundenavn;Bilagsnr;Fakturanr;Fakturadato;Forfallsdato;KID;Valuta;Beløp;Utestående, sorted by customer; dates dd.mm.yyyy, amounts "12 345,67" (space for thousands), credit notes negative in the invoice series and without KID; a closing "Sum" line. The voucher number (Bilagsnr, 5 digits) sits next to the invoice number (6 digits); the KID is the 5-digit customer number + the invoice number + a MOD11 check digit, which is "-" when the remainder is 10. Statement: DNB nettbank CSV for October 2026, Windows-1252, every field quoted, "Dato";"Forklaring";"Rentedato";"Uttak fra konto";"Innskudd på konto" (money out and money in in separate columns, "12345,67"), newest first, no balance. KID payments ("KID-innbetaling <KID> Fra: <payer> Betalt: dd.mm.yy") pay that invoice, or that invoice and another of the customer's (the KID names only the first), or part of it. Transfers ("Overføring <account> Fra: <payer> Betalt: … Melding: …") cite an invoice number in several spellings, several numbers, an invoice less a credit note, a mistyped number, or nothing (the amount must decide; where two open invoices of the payer are equal it cannot — ambiguous). Payments from abroad ("Innbetaling fra utlandet") arrive short of a bank charge of NOK 50–150. Card-terminal and Vipps settlements, supplier payments with their own KIDs, wages, VAT, withholding tax, rent, fees and supplier refunds pay nothing on the list; about a fifth of the list is unpaid.`,
    openItems: { fileName: 'no-kid-kundereskontro-apne-poster.csv', content: encodeSbcs(out.join('\r\n') + '\r\n', 'windows-1252') },
    statement: { fileName: 'no-kid-dnb-kontoutskrift.csv', content: encodeSbcs(st.join('\r\n') + '\r\n', 'windows-1252') },
    truth: truth(fileItems, ls),
  };
}
