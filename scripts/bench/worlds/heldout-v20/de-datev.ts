/**
 * de-datev — a metal-construction firm in Lower Bavaria whose invoicing program exports its sales
 * invoices for the tax adviser in DATEV format (EXTF Buchungsstapel, Windows-1252): the first line is
 * DATEV's own header (format version, period, fiscal-year start), the second the column names; every
 * booking gives an unsigned Umsatz with an S/H flag, the debtor account (Konto, which is also the
 * customer number, 10001 upward), the revenue account (8400 at 19 %, 8300 at 7 %, 8125 EU delivery,
 * 8120 export), Belegdatum as DDMM without a year, the invoice number in Belegfeld 1 and the due date as
 * DDMMYY in Belegfeld 2. An invoice with two VAT rates is two bookings with one Belegfeld 1. Invoice
 * numbers (RE10412) run in the same range as customer numbers (10412), so a transfer that quotes its
 * Kundennummer looks like one that quotes an invoice. The bank is a Volksbank's online-banking CSV
 * (Latin-1, a preamble of key/value lines, amounts with thousands dots and an S/H column, the
 * Vorgang/Verwendungszweck cell a multi-line text with EREF+/SVWZ+ tags wrapped at 35 characters,
 * Anfangssaldo and Endsaldo rows after the table). German payers take Skonto, pay by instalments,
 * net credit notes; Swiss customers' banks take SWIFT charges.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, cp1252, dateOf, dmy, money, pad, pctOf, rngFor, openingFor, sumOf, typo, workDay, LAST_DAY, type Row } from './common';

const NAME = 'de-datev';
/** 3 October 2026 is a Saturday; Bavaria's 1 November a Sunday: no weekday holidays in the period. */
export const DE_HOLIDAYS: number[] = [];
export const DE_SWIFT_FEES = [1000, 1500, 2000, 2500];
export const DE_SKONTO = [2, 3];

const N1 = ['Huber', 'Bauer', 'Wagner', 'Hofmann', 'Schmid', 'Gruber', 'Weber', 'Maier', 'Brunner', 'Eder', 'Fischer', 'Lechner', 'Pichler', 'Aigner', 'Moser', 'Wimmer', 'Stadler', 'Reiter', 'Kainz', 'Zöllner', 'Brandstätter', 'Müller', 'Hölzl', 'Straßer'];
const N2 = ['Haustechnik', 'Bau', 'Stahlbau', 'Metallbau', 'Landtechnik', 'Zimmerei', 'Fensterbau', 'Anlagenbau', 'Hallenbau', 'Elektro', 'Bedachungen', 'Schlosserei'];
const FORMS = ['GmbH', 'GmbH & Co. KG', 'e.K.', 'KG', 'GmbH'];
const FOREIGN: [string, string, string][] = [['Alpenbau Salzburg GmbH', 'AT', '8125'], ['Tiroler Stahl KG', 'AT', '8125'], ['Metallbau Brunner AG', 'CH', '8120'], ['Zürcher Hallenbau AG', 'CH', '8120'], ['Stavby Plzen s.r.o.', 'CZ', '8125']];
const upper = (s: string) => s.toUpperCase().replace(/Ä/g, 'AE').replace(/Ö/g, 'OE').replace(/Ü/g, 'UE').replace(/ß/g, 'SS').replace(/[ÁÉÍÓÚŇŠŽČŘĚŮÝ]/g, (c) => c.normalize('NFD')[0]);

interface Cust { name: string; konto: number; bank: string; iban: string; bic: string; land: string; ustid: string; gk: string; swift: boolean }

export function deDatev(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 20002);
  const book = new Book();
  const used = new Set<string>();
  let konto = 10001;
  const iban = (cc: string) => `${cc}${pad(r.int(10, 99), 2)}${pad(r.int(0, 99999999), 8)}${pad(r.int(0, 9999999999), 10)}`.slice(0, cc === 'DE' ? 22 : cc === 'AT' ? 20 : 21);
  const mk = (): Cust => {
    let base = '';
    for (let t = 0; !base || used.has(base); t++) base = `${r.pick(N1)} ${r.pick(N2)}${t > 30 ? ` ${r.pick(['Passau', 'Deggendorf', 'Landshut', 'Straubing', 'Vilshofen'])}` : ''}${t > 80 ? ` ${t}` : ''}`;
    used.add(base);
    const name = `${base} ${r.pick(FORMS)}`;
    return { name, konto: konto++, bank: r.pick([name, upper(name), upper(base)]).slice(0, 27), iban: iban('DE'), bic: r.pick(['GENODEF1PST', 'BYLADEM1PAS', 'HYVEDEMMXXX', 'GENODEF1DGV', 'COBADEFFXXX']), land: '', ustid: `DE${r.int(100000000, 349999999)}`, gk: '8400', swift: false };
  };
  const custs = Array.from({ length: Math.max(40, Math.round(o.openItems / 10)) }, mk);
  const foreign: Cust[] = FOREIGN.map(([n, cc, gk]) => ({ name: n, konto: konto++, bank: upper(n).slice(0, 27), iban: iban(cc), bic: cc === 'CH' ? 'UBSWCHZH80A' : cc === 'AT' ? 'RZOOAT2L' : 'KOMBCZPP', land: cc, ustid: cc === 'CH' ? '' : `${cc}${cc === 'AT' ? 'U' : ''}${r.int(10000000, 99999999)}`, gk, swift: cc === 'CH' }));

  // Invoice numbers start inside the customer-number range on purpose (both are five digits from 10001).
  const no0 = 10000 + r.int(20, 80), per = Math.max(1, o.openItems * 1.05) / 112;
  let no = no0, gu = r.int(20, 60);
  /** An invoice (S) or a credit note (H); a share of invoices are two bookings, one per VAT rate. */
  const inv = (c: Cust, kind: string, group: string | null, opt: { gross?: number; amb?: boolean; credit?: boolean; split?: boolean; days?: number } = {}): Row[] => {
    const n = no++, gross = opt.gross ?? r.cents(90, 9000);
    const day = Math.min(80, -32 + Math.floor((n - no0) / per));
    const beleg = opt.credit ? `GU${pad(gu++, 4)}` : `RE${n}`, due = day + (opt.days ?? r.pick([14, 14, 30, 30, 10]));
    const sg = opt.credit ? -1 : 1, cells = { no: beleg, cust: c.name, konto: String(c.konto), due: String(due), land: c.land ? `${c.ustid}` : '', gk: c.gk };
    const split = (opt.split ?? r.chance(0.12)) && c.gk === '8400' && !opt.credit && gross >= 2000;
    if (!split) return [book.addOi({ day, cents: sg * gross, group, kind, amb: opt.amb, seq: n * 2, cells })];
    const a = Math.round(gross * r.int(15, 60) / 100);
    return [book.addOi({ day, cents: gross - a, group, kind, seq: n * 2, cells }), book.addOi({ day, cents: a, group, kind, seq: n * 2 + 1, cells: { ...cells, gk: '8300' } })];
  };
  const total = (xs: Row[]) => sumOf(xs);
  const eref = () => r.pick(['NOTPROVIDED', `${r.int(100000, 999999)}-${r.int(1000, 9999)}`, `E2E${pad(r.int(0, 99999999), 8)}`, `${dateOf(r.int(0, 80)).y}${pad(r.int(0, 99999999), 8)}`]);
  const tr = (day: number, cents: number, c: { bank: string; iban: string; bic: string }, svwz: string, group: string | null, kind: string, opt: { amb?: boolean; text?: string; e2e?: string } = {}) =>
    book.addSt({ day: workDay(Math.max(day, 0), DE_HOLIDAYS), cents, group, kind, amb: opt.amb, cells: { who: c.bank, iban: c.iban, bic: c.bic, text: opt.text ?? (cents > 0 ? r.pick(['Gutschrift', 'SEPA-Gutschrift', 'GUTSCHR. UEBERWEISUNG']) : 'SEPA-Überweisung'), svwz, eref: opt.e2e ?? eref() } });
  const after = (rows: Row[], lo = 4, hi = 40) => Math.max(Math.max(...rows.map((x) => x.day)) + r.int(lo, hi), r.int(0, 10));
  const num = (xs: Row[]) => xs[0].cells.no;
  const cite = (xs: Row[]) => { const b = num(xs), n = b.slice(2); return r.pick([`RE ${n}`, `Rechnung ${n}`, `Rg.-Nr. ${n}`, `RNr. ${b}`, `Re-Nr ${n}`, n, `Rechnung Nr. ${b}`, `RG ${n}`, `Ihre Rechnung ${b} vom ${dmy(xs[0].day, '.')}`]); };

  while (book.oi.length < o.openItems) {
    const u = r.next() * 0.85, c = r.pick(custs);
    if (u < 0.2) {
      const g = book.group(), xs = inv(c, 'svwz_invoice_number', g);
      tr(after(xs), total(xs), c, cite(xs), g, 'svwz_invoice_number');
    } else if (u < 0.26) {
      const g = book.group(), xs = inv(c, 'customer_and_invoice_number', g);
      const parts = r.shuffle([r.pick([`Kd-Nr. ${c.konto}`, `Kundennr ${c.konto}`, `KD ${c.konto}`, `${c.konto}`]), cite(xs)]);
      tr(after(xs), total(xs), c, parts.join(' '), g, 'customer_and_invoice_number');
    } else if (u < 0.30) {
      // Only the customer number, which is also some other customer's invoice number.
      const g = book.group(), xs = inv(c, 'customer_number_only', g);
      tr(after(xs), total(xs), c, r.pick([`Kd-Nr. ${c.konto}`, `Kundennummer ${c.konto}`, `${c.konto}`, `KDNR ${c.konto} Rechnung vom ${dmy(xs[0].day, '.')}`]), g, 'customer_number_only');
    } else if (u < 0.35) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_invoices_one_transfer', g)).flat();
      const nos = [...new Set(xs.map((x) => x.cells.no))];
      tr(after(xs), total(xs), c, `${r.pick(['RE', 'Rechnungen', 'Rg.', 'Sammelzahlung RE'])} ${nos.map((b) => (r.chance(0.5) ? b : b.slice(2))).join(r.pick([', ', ' ', '/', ' u. ']))}`, g, 'several_invoices_one_transfer');
    } else if (u < 0.40) {
      const g = book.group(), xs = inv(c, 'skonto_deducted', g, { days: 30 }), pct = r.pick(DE_SKONTO), t = total(xs);
      tr(Math.max(xs[0].day + r.int(2, 9), r.int(0, 8)), t - pctOf(t, pct), c, `${cite(xs)} ${r.pick([`abzgl. ${pct}% Skonto`, `./. ${pct}% Sk.`, `${pct} % Skonto`, `Skonto ${money(pctOf(t, pct), '', ',')}`])}`, g, 'skonto_deducted');
    } else if (u < 0.44) {
      const g = book.group(), xs = inv(c, 'credit_note_netted', g, { gross: r.cents(600, 9000) });
      const cn = inv(c, 'credit_note_netted', g, { credit: true, gross: Math.round(total(xs) * r.int(3, 25) / 100) });
      tr(after([...xs, ...cn]), total(xs) + total(cn), c, `${cite(xs)} ${r.pick(['abzgl. Gutschrift', './. GS', 'minus Gutschrift', 'verr. mit'])} ${cn[0].cells.no}`, g, 'credit_note_netted');
    } else if (u < 0.47) {
      const g = book.group(), xs = inv(c, 'instalments', g, { gross: r.cents(4000, 18000) }), n = r.int(2, 4), t = total(xs);
      const part = Math.floor(t / n / 10000) * 10000, d0 = after(xs, 4, 15);
      for (let i = 0; i < n; i++) tr(d0 + i * r.int(14, 31), i < n - 1 ? part : t - part * (n - 1), c, `${r.pick(['Rate', 'Teilzahlung', 'Ratenzahlung'])} ${i + 1}${r.pick(['/', ' von '])}${n} ${cite(xs)}`, g, 'instalments');
    } else if (u < 0.49) {
      const g = book.group(), xs = inv(c, 'part_payment', g, { gross: r.cents(1500, 12000) });
      tr(after(xs), Math.round(total(xs) * r.int(20, 60) / 100 / 10000) * 10000, c, `${r.pick(['Abschlag', 'Anzahlung auf', 'Teilbetrag'])} ${cite(xs)}`, g, 'part_payment');
    } else if (u < 0.53) {
      const f = r.pick(foreign), g = book.group(), kind = f.swift ? 'swift_fee_deducted' : 'eu_customer_invoice_cited', xs = inv(f, kind, g, { gross: r.cents(2000, 25000) });
      const fee = f.swift ? r.pick(DE_SWIFT_FEES) : 0;
      tr(after(xs, 5, 30), total(xs) - fee, f, r.pick([`INVOICE ${num(xs)}`, `/INV/${num(xs)}`, `RECHNUNG ${num(xs).slice(2)} ${upper(f.name)}`, `Zahlung ${num(xs)}`]), g, kind, { text: f.swift ? 'AUSLANDSZAHLUNG' : 'SEPA-Gutschrift' });
    } else if (u < 0.57) {
      const g = book.group(), xs = inv(c, 'name_and_amount_only', g);
      tr(after(xs), total(xs), c, r.pick(['Rechnung', 'Material', 'Zahlung', `Auftrag ${r.int(1000, 9999)}`, `Lieferung vom ${dmy(xs[0].day - r.int(1, 5), '.')}`]), g, 'name_and_amount_only');
    } else if (u < 0.59) {
      const g = book.group(), xs = inv(c, 'mistyped_invoice_number', g), bad = typo(r, num(xs).slice(2));
      tr(after(xs), total(xs), c, r.pick([`RE ${bad}`, `Rechnung ${bad}`, bad]), g, 'mistyped_invoice_number');
    } else if (u < 0.62) {
      const g = book.group(), xs = inv(c, 'ustid_date_order_in_text', g);
      const bits = r.shuffle([r.pick([`USt-IdNr. ${c.ustid}`, c.ustid, `St.-Nr. 1${r.int(10, 99)}/${r.int(100, 999)}/${r.int(10000, 99999)}`]), r.pick([`Bestellung 45${pad(r.int(0, 99999999), 8)}`, `vom ${dmy(xs[0].day, '.')}`, `Lieferschein ${r.int(100000, 999999)}`, `Tel. 0851 ${r.int(100000, 999999)}`]), cite(xs)]);
      tr(after(xs), total(xs), c, bits.join(' '), g, 'ustid_date_order_in_text');
    } else if (u < 0.64) {
      const c2 = r.pick(custs.filter((z) => z !== c)), gross = r.int(2, 40) * 11900;
      for (const z of [c, c2]) { const g = book.group(), xs = inv(z, 'same_amount_two_customers', g, { gross, split: false }); tr(after(xs), total(xs), z, r.pick(['Rechnung', 'Zahlung', 'Material']), g, 'same_amount_two_customers'); }
    } else if (u < 0.655) {
      const g = book.group(), gross = r.cents(100, 3000), a = inv(c, 'ambiguous_equal_amounts', g, { gross, amb: true, split: false });
      inv(c, 'ambiguous_equal_amounts', null, { gross, amb: true, split: false });
      tr(after(a), total(a), c, r.pick(['Rechnung', `Kd-Nr. ${c.konto}`, 'Zahlung offene Rechnung']), g, 'ambiguous_equal_amounts', { amb: true });
    } else if (u < 0.67) {
      const g = book.group(), xs = inv(c, 'duplicate_refunded', g), d1 = after(xs), t = cite(xs), e = eref();
      tr(d1, total(xs), c, t, g, 'duplicate_refunded', { e2e: e });
      tr(d1, total(xs), c, t, null, 'duplicate_refunded', { e2e: e });
      tr(d1 + r.int(3, 12), -total(xs), c, `Rueckueberweisung Doppelzahlung ${num(xs)}`, null, 'duplicate_refunded');
    } else if (u < 0.685) {
      // A SEPA credit returned by our bank (wrong IBAN of an old account), sent again.
      const g = book.group(), xs = inv(c, 'returned_then_repaid', g), d1 = after(xs, 4, 20), t = cite(xs);
      tr(d1, total(xs), c, t, null, 'returned_then_repaid');
      tr(d1 + r.int(1, 3), -total(xs), c, `RUECKUEBERWEISUNG AC04 KONTO AUFGELOEST ${t}`, null, 'returned_then_repaid', { text: 'Retoure SEPA' });
      tr(d1 + r.int(6, 15), total(xs), c, t, g, 'returned_then_repaid');
    } else if (u < 0.70) {
      const old = String(r.int(8000, 9999));
      tr(r.int(0, LAST_DAY - 1), r.cents(50, 3000), c, r.pick([`RE ${old}`, `Rechnung ${old} aus 2025`, 'Restzahlung 2025']), null, 'payment_not_on_list');
    } else {
      inv(r.chance(0.9) ? c : r.pick(foreign), 'unpaid_invoice', null);
    }
    book.endCase();
  }
  const self = { bank: '', iban: '', bic: '' };
  for (let i = 0, n = Math.round(o.openItems * 0.12); i < n; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.3) tr(day, -r.cents(300, 20000), { bank: r.pick(['FINANZAMT PASSAU', 'AOK BAYERN', 'TELEKOM DEUTSCHLAND GMBH', 'E.ON ENERGIE DEUTSCHLAND', 'BG ETEM']), iban: iban('DE'), bic: 'HYVEDEMMXXX' }, `${r.pick(['USt-VA 10/2026 St.-Nr. 153/123/45678', 'Beitrag 10.2026 BNR 12345678', 'Kd.Nr. 5510234567 RG 2026-11', 'Abschlag 11/2026 VK 401234567'])}`, null, 'other_bank_line', { text: 'SEPA-Lastschrift' });
    else if (v < 0.6) tr(day, -r.cents(500, 30000), { bank: r.pick(['THYSSENKRUPP SCHULTE', 'KLOECKNER METALS', 'WUERTH GMBH', 'HILTI DEUTSCHLAND']), iban: iban('DE'), bic: 'COBADEFFXXX' }, `Rechnung ${r.int(100000000, 999999999)} Kunde ${r.int(100000, 999999)}`, null, 'other_bank_line');
    else if (v < 0.85) tr(day, -r.cents(2000, 4500), { bank: r.pick(['Josef Huber', 'Andreas Maier', 'Stefan Gruber', 'Thomas Eder']), iban: iban('DE'), bic: 'BYLADEM1PAS' }, `Lohn/Gehalt ${r.pick(['09', '10', '11'])}/2026`, null, 'other_bank_line', { text: 'Lohn/Gehalt' });
    else tr(day, -r.int(500, 6000), self, `Abrechnung ${dmy(day, '.')}`, null, 'bank_fee', { text: 'Kontoführung', e2e: '' });
  }

  const { oi, st, truth } = book.finish();
  // DATEV EXTF Buchungsstapel (the columns up to Fälligkeit that the invoicing program fills), Windows-1252.
  const dq = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const ddmm = (d: number) => { const t = dateOf(d); return `${pad(t.d, 2)}${pad(t.m, 2)}`; };
  const ddmmyy = (d: number) => { const t = dateOf(d); return `${pad(t.d, 2)}${pad(t.m, 2)}${String(t.y).slice(2)}`; };
  const ymdN = (d: number) => { const t = dateOf(d); return `${t.y}${pad(t.m, 2)}${pad(t.d, 2)}`; };
  const OH = ['Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz', 'Konto', 'Gegenkonto (ohne BU-Schlüssel)', 'BU-Schlüssel', 'Belegdatum', 'Belegfeld 1', 'Belegfeld 2', 'Skonto', 'Buchungstext', 'Postensperre', 'Diverse Adressnummer', 'Geschäftspartnerbank', 'Sachverhalt', 'Zinssperre', 'Beleglink', 'EU-Land u. UStID (Bestimmung)', 'EU-Steuersatz (Bestimmung)'];
  const oiLines = [
    `"EXTF";700;21;"Buchungsstapel";13;${ymdN(LAST_DAY + 1)}081512345;;"RE";"";"";${r.int(20000, 99999)};${r.int(10000, 99999)};20260101;5;${ymdN(-32)};${ymdN(LAST_DAY)};"Ausgangsrechnungen ${pad(dateOf(-32).m, 2)}-${pad(dateOf(LAST_DAY).m, 2)}/2026";"";1;0;0;"EUR";;"";;;"03";;;"";""`,
    OH.join(';'),
  ];
  for (const x of oi) {
    oiLines.push([money(Math.abs(x.cents), '', ','), dq(x.cents > 0 ? 'S' : 'H'), dq('EUR'), '', '', dq(''), x.cells.konto, x.cells.gk, dq(''), ddmm(x.day), dq(x.cells.no), dq(x.cents > 0 ? ddmmyy(Number(x.cells.due)) : ''), '', dq(`${x.cents > 0 ? 'Rechnung' : 'Gutschrift'} ${x.cells.cust}`.slice(0, 60)), '', dq(''), '', '', '', dq(''), dq(x.cells.land), ''].join(';'));
  }
  // Volksbank online-banking CSV: preamble, multi-line Verwendungszweck, S/H amounts, saldo rows after.
  const open = openingFor(st, r.cents(40000, 150000)), m = (c: number) => money(Math.abs(c), '.', ',');
  const blz = `7409${pad(r.int(0, 9999), 4)}`, kto = String(r.int(100000, 9999999));
  const wrap = (s: string) => (s.match(/.{1,35}/g) ?? ['']).join('\n');
  const SH = ['Buchungstag', 'Valuta', 'Auftraggeber/Zahlungsempfänger', 'Empfänger/Zahlungspflichtiger', 'Konto-Nr.', 'IBAN', 'BLZ', 'BIC', 'Vorgang/Verwendungszweck', 'Kundenreferenz', 'Währung', 'Umsatz', ' '];
  const stLines = [dq('Volksbank Vilshofen-Passau eG'), '', dq('Umsatzanzeige'), '', `${dq('BLZ:')};${dq(blz)};;${dq('Datum:')};${dq(dmy(LAST_DAY + 1, '.'))}`, `${dq('Konto:')};${dq(kto)};;${dq('Uhrzeit:')};${dq('08:02:51')}`, `${dq('Abfrage von:')};${dq('Franz Lindner')};;${dq('Kontoinhaber:')};${dq('Lindner Metallbau GmbH')}`, '', `${dq('Zeitraum:')};;;${dq('von:')};${dq(dmy(0, '.'))};${dq('bis:')};${dq(dmy(LAST_DAY, '.'))}`, '', SH.map(dq).join(';')];
  for (const x of st) {
    const body = x.cells.svwz ? `${x.cells.text}\n${x.cells.eref ? `EREF+${x.cells.eref}\n` : ''}${wrap(`SVWZ+${x.cells.svwz}`)}` : x.cells.text;
    stLines.push([dmy(x.day, '.'), dmy(x.day, '.'), 'Lindner Metallbau GmbH', x.cells.who, '', x.cells.iban, '', x.cells.bic, body, '', 'EUR', m(x.cents), x.cents < 0 ? 'S' : 'H'].map(dq).join(';'));
  }
  const close = open + sumOf(st);
  stLines.push('', [dmy(0, '.'), '', '', '', '', '', '', '', '', 'Anfangssaldo', 'EUR', m(open), open < 0 ? 'S' : 'H'].map(dq).join(';'), [dmy(LAST_DAY, '.'), '', '', '', '', '', '', '', '', 'Endsaldo', 'EUR', m(close), close < 0 ? 'S' : 'H'].map(dq).join(';'));
  return {
    name: NAME,
    description: 'A Lower-Bavarian metal-construction firm\'s sales invoices as its invoicing program exports them for the tax adviser in DATEV format (EXTF Buchungsstapel, Windows-1252, the DATEV header line with the period above the column names, semicolons, unsigned Umsatz with decimal comma and an S/H flag, debtor account = customer number 10001…, revenue account 8400/8300/8125/8120, Belegdatum DDMM without a year, invoice number RE10412 in Belegfeld 1 and due date DDMMYY in Belegfeld 2, credit notes GU… on H, an invoice with two VAT rates as two bookings with the same Belegfeld 1; invoice numbers in the same five-digit range as customer numbers) against a Volksbank online-banking CSV (Latin-1, quoted fields, a preamble of key/value lines, oldest first, amounts with thousands dots and an S/H column, a multi-line Vorgang/Verwendungszweck cell with the Buchungstext, EREF+ and SVWZ+ wrapped at 35 characters, Anfangssaldo/Endsaldo rows below the table). Kinds: svwz_invoice_number (nine spellings), customer_and_invoice_number, customer_number_only (a number that is also another customer\'s invoice number), several_invoices_one_transfer, skonto_deducted (2 or 3 %), credit_note_netted, instalments, part_payment, eu_customer_invoice_cited, swift_fee_deducted (Swiss payers), name_and_amount_only, mistyped_invoice_number, ustid_date_order_in_text (USt-IdNr, tax numbers, order and delivery-note numbers, dates, phones), same_amount_two_customers, ambiguous_equal_amounts, duplicate_refunded, returned_then_repaid, payment_not_on_list, unpaid_invoice, not_yet_due, bank_fee, other_bank_line.',
    openItems: { fileName: `EXTF_Buchungsstapel_${ymdN(LAST_DAY + 1)}.csv`, content: cp1252(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: `Umsaetze_${kto}_${ymdN(LAST_DAY + 1)}.csv`, content: cp1252(stLines.join('\r\n') + '\r\n') },
    truth,
  };
}
