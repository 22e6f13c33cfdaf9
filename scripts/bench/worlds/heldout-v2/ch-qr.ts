/**
 * ch-qr — Alpina Präzisionsteile AG (Grenchen, Switzerland), a machining supplier to Swiss
 * machine builders, garages and workshops and to a few customers in Germany and Austria.
 *
 * Open items: an Abacus/Bexio-style "OP-Liste Debitoren" (`;`, UTF-8, CRLF, dd.mm.yyyy, amounts
 * with an apostrophe thousands mark `1'234.50`, credit notes negative). Three title lines and a
 * blank line above the header, a blank line and two `Total CHF` / `Total EUR` lines below the data.
 * Columns `Kunde;Name;PLZ Ort;Beleg;Belegart;Belegdatum;Fällig;Währung;Betrag;Offen;Offen CHF;Referenz;Mahnstufe`.
 * Numeric Beleg numbers in one running series (invoices and credit notes), Belegart
 * Rechnung/Gutschrift, CHF invoices carry a 27-digit QR reference written in groups
 * (`00 00010 02300 00000 00011 84527`, mod-10 recursive check digit), EUR invoices an ISO 11649
 * SCOR reference written in groups of four (`RF18 1184 52`); `Offen` < `Betrag` for invoices part
 * paid before the period. Sorted by customer, then date.
 *
 * Statement: one ISO 20022 camt.053.001.08 file (Swiss bank, SPS style) with two `<Stmt>`: the CHF
 * account, then the EUR account, entries oldest first. QR-bill credits of a day come as one batch
 * entry ("Sammelgutschrift") with one `<TxDtls>` per payment carrying `QRR` + the 27 digits
 * unspaced; SEPA credits on the EUR account (customers in Germany and Austria) carry `SCOR` + the RF
 * reference or free text in `Ustrd`; plain credits carry `Ustrd` in German, French or Italian,
 * English now and then ("Rechnung 118452",
 * "Facture no 118452", "Fattura n. 118452"), the payer in `RltdPties/Dbtr/Pty/Nm` (its own account
 * name, not always the ERP name). Salaries come as one batch debit with a `TxDtls` per employee;
 * supplier QR payments carry the suppliers' own 27-digit QR references (traps). One transaction row
 * per `TxDtls`; every entry has at least one.
 *
 * Kinds (same label on both sides of a group):
 *   qr_reference_exact      a QR-bill payment with the invoice's QR reference.
 *   scor_reference          a SEPA credit (EUR) with the invoice's RF reference in Strd (SCOR).
 *   invoice_number_text     a plain credit whose Ustrd names the Beleg number.
 *   typo_reference          the same with one digit wrong or two swapped (not another open Beleg).
 *   multi_invoice           one plain credit naming 2–4 invoices of one customer.
 *   credit_note_netted      1–2 invoices minus a Gutschrift, one credit naming them.
 *   part_payment            a QR/SCOR payment of 30–70 % of the invoice ("Teilzahlung" sometimes).
 *   remaining_balance       an invoice with Offen < Betrag; the payment is the Offen amount.
 *   instalments             an invoice paid by two payments (each with its reference) summing to it.
 *   early_payment_discount  the invoice less 2 % Skonto (written "abzgl. 2% Skonto" half the time).
 *   short_paid_fee          an EUR invoice paid from abroad less intermediary charges (EUR 5–15).
 *   payer_name_only         a credit with no usable text; amount unique among the customer's items.
 *   ambiguous_equal_amounts the same, but the customer has a second open invoice of that amount.
 *   duplicate_payment_refunded  a QR invoice paid twice and the second payment refunded: invoice
 *                           and first payment a group, ambiguous; the second payment ambiguous, no
 *                           group; the refund debit no group.
 *   unpaid_invoice, open_credit_note         no group.
 *   noise_salary, noise_supplier, noise_social_tax, noise_bank_fee, noise_card_acquirer,
 *   noise_internal_transfer                  statement rows paying nothing on the list.
 */
import type { World, WorldGenerator } from '../world';
import { Rng, biz, businessDays, dayOf, dmy, iban, iso, mod10rec, money, pad, q, rfRef, sortRandomTies, truthRows, ymd } from './common';

/** Language of the customer's accounts payable; `ex` = German-speaking customers in Germany and Austria (EUR). */
type Lang = 'de' | 'fr' | 'it' | 'ex';
interface Cust { no: number; name: string; place: string; ccy: 'CHF' | 'EUR'; lang: Lang; payer: string; iban: string; terms: number }
interface Doc { c: Cust; day: number; due: number; total: number; open: number; type: 'Rechnung' | 'Gutschrift'; no: number; g: string | null; kind: string; amb?: boolean; mahn: number }
interface Tx { acct: 'CHF' | 'EUR'; day: number; amt: number; batch?: 'qr' | 'salary'; name: string; iban: string; refTp: '' | 'QRR' | 'SCOR'; ref: () => string; ustrd: () => string; code: string; addtl: string; g: string | null; kind: string; amb?: boolean }

const D0 = dayOf(2026, 7, 1), D1 = dayOf(2026, 9, 30);
const EUR_CHF = 0.9412;
const sw = (c: number) => money(c, "'", '.');
const dot = (d: number) => dmy(d, '.');
const plainAmt = (c: number) => `${Math.floor(Math.abs(c) / 100)}.${pad(Math.abs(c) % 100, 2)}`;

/** The 27-digit QR reference of a Beleg: customer number, Beleg number, check digit. */
export const qrRef = (cust: number, no: number): string => { const b = pad(cust, 10) + pad(no, 16); return b + mod10rec(b); };
const qrGrouped = (r: string) => `${r.slice(0, 2)} ${r.slice(2).replace(/(\d{5})(?=\d)/g, '$1 ')}`;
const rfOf = (no: number) => rfRef(String(no));
const rfGrouped = (r: string) => r.replace(/(.{4})(?=.)/g, '$1 ');

const DE_FAM = ['Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Steiner', 'Brunner', 'Baumann', 'Gerber', 'Frei', 'Moser', 'Zimmermann', 'Widmer', 'Wyss', 'Graf', 'Roth', 'Suter', 'Rüegg', 'Bühler', 'Kälin', 'Hofstetter', 'Lüthi', 'Zürcher'];
const FR_FAM = ['Favre', 'Rochat', 'Perrin', 'Bonvin', 'Cuénoud', 'Jaquet', 'Monnier', 'Dubois', 'Pittet', 'Chappuis'];
const IT_FAM = ['Bernasconi', 'Rezzonico', 'Ferrari', 'Pedrazzini', 'Lurati', 'Quadri', 'Galli'];
const DE_TRADE = ['Maschinenbau', 'Haustechnik', 'Metallbau', 'Garage', 'Werkzeugbau', 'Feinmechanik', 'Automation', 'Elektro', 'Landtechnik', 'Schlosserei', 'Apparatebau', 'Präzisionstechnik'];
const FR_TRADE = ['Mécanique', 'Garage', 'Construction métallique', 'Automation', 'Microtechnique'];
const IT_TRADE = ['Meccanica', 'Officina', 'Costruzioni metalliche', 'Automazione'];
const PLACES: Record<Lang, string[]> = {
  de: ['4500 Solothurn', '2540 Grenchen', '3000 Bern 22', '8400 Winterthur', '6003 Luzern', '4600 Olten', '5000 Aarau', '8050 Zürich', '9000 St. Gallen', '3600 Thun', '2502 Biel/Bienne', '4410 Liestal'],
  fr: ['1003 Lausanne', '2000 Neuchâtel', '1950 Sion', '2300 La Chaux-de-Fonds', '1700 Fribourg', '2800 Delémont'],
  it: ['6900 Lugano', '6500 Bellinzona', '6850 Mendrisio'],
  ex: ['D-78224 Singen', 'D-79539 Lörrach', 'A-6850 Dornbirn', 'D-88131 Lindau', 'A-6020 Innsbruck', 'D-70565 Stuttgart'],
};
const DE_FIRST = ['Hans', 'Peter', 'Urs', 'Beat', 'Daniel', 'Thomas', 'Andrea', 'Sandra', 'Monika', 'Reto', 'Marco', 'Nicole'];

export const chQr: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 104729 + 4101);
  const custs: Cust[] = [], names = new Set<string>(), payers = new Set<string>();
  const nCust = Math.max(40, Math.round(openItems / 6));
  while (custs.length < nCust) {
    const lang: Lang = rng.weighted({ de: 68, fr: 14, it: 5, ex: 13 });
    const fam = rng.pick(lang === 'fr' ? FR_FAM : lang === 'it' ? IT_FAM : DE_FAM);
    const trade = rng.pick(lang === 'fr' ? FR_TRADE : lang === 'it' ? IT_TRADE : DE_TRADE);
    const form = lang === 'ex' ? rng.pick(['GmbH', 'GmbH', 'GmbH & Co. KG', 'AG']) : lang === 'fr' ? rng.pick(['SA', 'Sàrl', 'SA']) : lang === 'it' ? rng.pick(['SA', 'Sagl']) : rng.pick(['AG', 'AG', 'GmbH', 'GmbH', '']);
    let name = lang === 'fr' || lang === 'it' ? `${trade} ${fam} ${form}` : rng.chance(0.5) ? `${fam} ${trade} ${form}` : `${trade} ${fam} ${form}`;
    name = name.trim();
    if (!form && lang === 'de') name = `${trade} ${DE_FIRST[rng.int(0, DE_FIRST.length - 1)]} ${fam}`;
    if (names.has(name)) continue;
    // The account holder as the bank shows it: mostly the name, sometimes the owner, capitals, or without the form.
    let payer = name;
    const v = rng.next();
    if (!form && lang === 'de') payer = v < 0.6 ? name.split(' ').slice(1).join(' ') : name;
    else if (v < 0.12) payer = name.toUpperCase();
    else if (v < 0.22) payer = name.replace(/ (AG|GmbH|SA|Sàrl|Sagl|GmbH & Co\. KG)$/, '');
    else if (v < 0.27) payer = `${name}, ${rng.pick(PLACES[lang]).replace(/^\S+ /, '')}`;
    if (payers.has(payer)) continue;
    names.add(name);
    payers.add(payer);
    const ccy = lang === 'ex' ? 'EUR' : rng.chance(0.04) ? 'EUR' : 'CHF';
    const acctIban = lang === 'ex' ? iban(rng.chance(0.6) ? 'DE' : 'AT', rng.chance(0.6) ? pad(rng.int(10000000, 99999999), 8) + rng.digits(10) : rng.digits(5) + rng.digits(11)) : iban('CH', pad(rng.int(200, 9999), 5) + rng.digits(12));
    custs.push({ no: custs.length ? custs[custs.length - 1].no + rng.int(1, 4) : 10001, name, place: rng.pick(PLACES[lang]), ccy, lang, payer, iban: acctIban, terms: rng.pick([30, 30, 30, 10, 60]) });
  }
  const chf = custs.filter((c) => c.ccy === 'CHF'), eur = custs.filter((c) => c.ccy === 'EUR');
  const skew = (pool: Cust[]) => pool[Math.min(pool.length - 1, Math.floor(pool.length * Math.pow(rng.next(), 1.7)))];

  const docs: Doc[] = [], txs: Tx[] = [], byCust = new Map<Cust, Doc[]>();
  const days = businessDays(D0, D1);
  const doc = (c: Cust, day: number, cents: number, g: string | null, kind: string, type: Doc['type'] = 'Rechnung'): Doc => {
    const d: Doc = { c, day, due: type === 'Rechnung' ? day + c.terms : day, total: type === 'Rechnung' ? cents : -cents, open: type === 'Rechnung' ? cents : -cents, type, no: 0, g, kind, mahn: 0 };
    docs.push(d);
    byCust.set(c, [...(byCust.get(c) ?? []), d]);
    return d;
  };
  // Swiss prices end in 0 or 5 Rappen (cash rounding habits carry into invoices).
  // Amounts kept for a payer-only payment are not drawn again for that customer.
  const reserved = new Map<Cust, Set<number>>();
  const amount = (c: Cust): number => { for (;;) { const a0 = rng.amountCents(90, 28000), a = c.ccy === 'CHF' ? Math.round(a0 / 5) * 5 : a0; if (!reserved.get(c)?.has(a)) return a; } };
  const uniqueFor = (c: Cust) => {
    for (;;) {
      const a = amount(c);
      if (a % 1000 !== 0 && !(byCust.get(c) ?? []).some((d) => Math.abs(d.open) === a)) { reserved.set(c, (reserved.get(c) ?? new Set()).add(a)); return a; }
    }
  };
  const refOf = (d: Doc) => (d.c.ccy === 'CHF' ? qrRef(d.c.no, d.no) : rfOf(d.no));
  const words = (c: Cust, one: boolean) => ({
    de: one ? ['Rechnung', 'RG', 'Rechnung Nr.', 'Re.', 'RG-Nr.', 'Zahlung Rechnung'] : ['Rechnungen', 'RG', 'Rechnungen Nr.', 'Zahlung RG'],
    fr: one ? ['Facture', 'Facture no', 'Fact.', 'Paiement facture'] : ['Factures', 'Fact.', 'Paiement factures'],
    it: one ? ['Fattura', 'Fatt. n.', 'Pagamento fattura'] : ['Fatture', 'Fatt.'],
    ex: one ? ['Rechnung', 'RE', 'Re-Nr.', 'Rechnungsnummer', 'Invoice', 'INV'] : ['Rechnungen', 'RE', 'Invoices'],
  })[c.lang];
  const invText = (d: Doc, no = String(d.no)) => {
    const t = `${rng.pick(words(d.c, true))} ${no}`;
    return rng.chance(0.2) ? `${t} ${d.c.lang === 'fr' ? 'du' : d.c.lang === 'it' ? 'del' : 'vom'} ${dot(d.day)}` : rng.chance(0.15) ? `${t} Kd ${d.c.no}` : t;
  };
  let e2eN = rng.int(100000, 900000);
  const credit = (c: Cust, day: number, amt: number, refTp: Tx['refTp'], ref: () => string, ustrd: () => string, g: string | null, kind: string, amb?: boolean) =>
    txs.push({ acct: c.ccy, day, amt, batch: refTp === 'QRR' ? 'qr' : undefined, name: c.payer, iban: c.iban, refTp, ref, ustrd, code: refTp === 'QRR' ? 'PMNT/RCDT/VCOM' : 'PMNT/RCDT/ESCT', addtl: refTp === 'QRR' ? 'Sammelgutschrift QR-Rechnungen' : c.ccy === 'EUR' ? 'SEPA Gutschrift' : 'Gutschrift', g, kind, amb });
  const withRef = (d: Doc, day: number, amt: number, g: string | null, kind: string, ustrd: () => string = () => '', amb?: boolean) =>
    credit(d.c, day, amt, d.c.ccy === 'CHF' ? 'QRR' : 'SCOR', () => refOf(d), ustrd, g, kind, amb);
  const debit = (acct: Tx['acct'], day: number, amt: number, name: string, ustrd: string, kind: string, opts: Partial<Tx> = {}) =>
    txs.push({ acct, day, amt: -amt, name, iban: '', refTp: '', ref: () => '', ustrd: () => ustrd, code: 'PMNT/ICDT/DMCT', addtl: 'Zahlung', g: null, kind, ...opts });

  let gid = 0;
  while (docs.length < openItems) {
    const kind = rng.weighted({ qr_reference_exact: 30, scor_reference: 7, invoice_number_text: 11, typo_reference: 3, multi_invoice: 6, credit_note_netted: 4, part_payment: 3, remaining_balance: 2, instalments: 2, early_payment_discount: 3, short_paid_fee: 2, payer_name_only: 4, ambiguous_equal_amounts: 1, duplicate_payment_refunded: 0.8, unpaid_invoice: 14, open_credit_note: 1 });
    const g = `c${++gid}`, pd = rng.pick(days);
    const anyC = rng.chance(0.86) ? skew(chf) : skew(eur);
    const inv = (c: Cust, k = kind, gg: string | null = g, cents = amount(c), day = pd - rng.int(5, 70)) => doc(c, day, cents, gg, k);
    switch (kind) {
      case 'qr_reference_exact': { const c = skew(chf), d = inv(c); withRef(d, pd, d.open, g, kind, () => (rng.chance(0.25) ? invText(d) : '')); break; }
      case 'scor_reference': { const c = skew(eur), d = inv(c); withRef(d, pd, d.open, g, kind, () => (rng.chance(0.3) ? invText(d) : '')); break; }
      case 'invoice_number_text': { const d = inv(anyC); credit(d.c, pd, d.open, '', () => '', () => invText(d), g, kind); break; }
      case 'typo_reference': {
        const d = inv(anyC);
        credit(d.c, pd, d.open, '', () => '', () => {
          const s = String(d.no), known = new Set(docs.map((x) => String(x.no)));
          for (let k = 0; k < 50; k++) {
            const i = rng.int(1, s.length - 2);
            const t = rng.chance(0.5) ? s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2) : s.slice(0, i) + String((Number(s[i]) + rng.int(1, 9)) % 10) + s.slice(i + 1);
            if (t !== s && !known.has(t)) return invText(d, t);
          }
          return invText(d, s.slice(0, -1) + 'x');
        }, g, kind);
        break;
      }
      case 'multi_invoice': case 'credit_note_netted': {
        const c = anyC, ds = Array.from({ length: kind === 'multi_invoice' ? rng.int(2, 4) : rng.int(1, 2) }, () => inv(c));
        const cn = kind === 'credit_note_netted' ? doc(c, pd - rng.int(2, 25), Math.round(ds.reduce((s, d) => s + d.open, 0) * (0.05 + rng.next() * 0.3) / 5) * 5, g, kind, 'Gutschrift') : undefined;
        credit(c, pd, ds.reduce((s, d) => s + d.open, 0) + (cn?.open ?? 0), '', () => '', () => {
          const list = ds.map((d) => String(d.no)).join(rng.pick([', ', ' / ', ' + ', ' ']));
          const head = `${rng.pick(words(c, ds.length === 1))} ${list}`;
          if (!cn) return head;
          return `${head} ${({ de: rng.pick(['abzgl. Gutschrift', 'minus GS', 'abzüglich Gutschrift Nr.']), fr: 'moins note de crédit', it: 'meno nota di credito', ex: 'abzgl. Gutschrift' })[c.lang]} ${cn.no}`;
        }, g, kind);
        break;
      }
      case 'part_payment': {
        const d = inv(anyC);
        withRef(d, pd, Math.round(d.open * (0.3 + rng.next() * 0.4) / 5) * 5, g, kind, () => (rng.chance(0.4) ? ({ de: 'Teilzahlung', fr: 'Acompte', it: 'Acconto', ex: 'Anzahlung' })[d.c.lang] : ''));
        break;
      }
      case 'remaining_balance': {
        const d = inv(anyC, kind, g, amount(anyC), D0 - rng.int(20, 70));
        d.open = Math.round(d.total * (0.3 + rng.next() * 0.5) / 5) * 5;
        d.mahn = rng.pick([0, 1, 1, 2]);
        withRef(d, pd, d.open, g, kind, () => (rng.chance(0.4) ? ({ de: 'Restzahlung', fr: 'Solde', it: 'Saldo', ex: 'Restbetrag' })[d.c.lang] : ''));
        break;
      }
      case 'instalments': {
        const p1 = rng.pick(days.filter((x) => x < D1 - 35)), p2 = biz(p1 + rng.int(10, 30));
        const d = inv(anyC, kind, g, amount(anyC), p1 - rng.int(10, 40)), first = Math.round(d.open * (0.4 + rng.next() * 0.2) / 5) * 5;
        withRef(d, p1, first, g, kind, () => (rng.chance(0.5) ? ({ de: '1. Rate', fr: '1er acompte', it: '1a rata', ex: '1. Rate' })[d.c.lang] : ''));
        withRef(d, p2, d.open - first, g, kind, () => (rng.chance(0.5) ? ({ de: '2. Rate', fr: 'Solde', it: '2a rata', ex: '2. Rate' })[d.c.lang] : ''));
        break;
      }
      case 'early_payment_discount': {
        const d = inv(anyC, kind, g, amount(anyC), pd - rng.int(3, 10)), sk = Math.round(d.open * 0.02);
        withRef(d, pd, d.open - sk, g, kind, () => (rng.chance(0.5) ? ({ de: 'abzgl. 2% Skonto', fr: 'escompte 2%', it: 'sconto 2%', ex: 'abzgl. 2 % Skonto' })[d.c.lang] : ''));
        break;
      }
      case 'short_paid_fee': {
        const c = skew(eur), d = inv(c), fee = rng.pick([500, 750, 1000, 1500]);
        if (rng.chance(0.5)) withRef(d, pd, d.open - fee, g, kind);
        else credit(c, pd, d.open - fee, '', () => '', () => invText(d), g, kind);
        break;
      }
      case 'payer_name_only': {
        const d = inv(anyC, kind, g, uniqueFor(anyC));
        credit(d.c, pd, d.open, '', () => '', () => rng.pick(['', '', 'Zahlung', 'Akonto', d.c.lang === 'fr' ? 'Paiement' : 'Begleichung offene Posten', `Kd-Nr ${d.c.no}`]), g, kind);
        break;
      }
      case 'ambiguous_equal_amounts': {
        const a = uniqueFor(anyC), d = inv(anyC, kind, g, a), twin = inv(anyC, kind, null, a);
        d.amb = twin.amb = true;
        credit(d.c, pd, a, '', () => '', () => rng.pick(['', 'Zahlung', 'Rechnung']), g, kind, true);
        break;
      }
      case 'duplicate_payment_refunded': {
        const c = skew(chf), day = rng.pick(days.filter((x) => x < D1 - 20)), d = inv(c, kind, g, amount(c), day - rng.int(10, 40));
        d.amb = true;
        withRef(d, day, d.open, g, kind, undefined, true);
        withRef(d, biz(day + rng.int(1, 6)), d.open, null, kind, undefined, true);
        debit('CHF', biz(day + rng.int(9, 18)), d.open, c.payer, '', kind, { iban: c.iban, ustrd: () => `Rückzahlung Doppelzahlung Rechnung ${d.no}` });
        break;
      }
      case 'unpaid_invoice': { const c = skew(custs), d = inv(c, kind, null, amount(c), rng.int(D0 - 50, D1 - 3)); if (d.due < D1 - 10 && rng.chance(0.5)) d.mahn = rng.pick([1, 1, 2, 3]); break; }
      case 'open_credit_note': { const c = skew(custs); doc(c, rng.int(D0 - 30, D1 - 5), rng.amountCents(30, 2500), null, kind, 'Gutschrift'); break; }
    }
  }

  // Beleg numbers: one series in date order, gaps for Belege already settled.
  let no = rng.int(117000, 118000);
  for (const d of [...docs].sort((a, b) => a.day - b.day)) d.no = no += rng.chance(0.7) ? 1 : rng.int(2, 5);

  // The account's other life.
  const SUPP = ['Debrunner Acifer AG', 'Hoffmann SE Zweigniederlassung Schweiz', 'Brütsch/Rüegger Werkzeuge AG', 'Jakob Härtetechnik AG', 'Swisscom (Schweiz) AG', 'BKW Energie AG', 'Planzer Transport AG', 'Mobiliar Versicherung'];
  for (const day of days) {
    const [y, m, dd] = ymd(day);
    if (rng.chance(0.6)) for (let k = rng.int(1, 3); k > 0; k--) { const ref = ((b) => b + mod10rec(b))(rng.digits(26).padStart(26, '0')); debit('CHF', day, rng.amountCents(120, 24000), rng.pick(SUPP), '', 'noise_supplier', { refTp: 'QRR', ref: () => ref, code: 'PMNT/ICDT/DMCT' }); }
    if (dd >= 24 && dd <= 26 && !txs.some((t) => t.kind === 'noise_salary' && ymd(t.day)[1] === m)) {
      const n = rng.int(18, 30);
      for (let k = 0; k < n; k++) debit('CHF', day, rng.amountCents(4200, 9800), `${rng.pick(DE_FIRST)} ${rng.pick(DE_FAM)}`, `Lohn ${pad(m, 2)}.${y}`, 'noise_salary', { batch: 'salary', addtl: `Sammelauftrag Löhne ${pad(m, 2)}.${y}`, code: 'PMNT/ICDT/SALA' });
    }
    if (dd <= 5 && !txs.some((t) => t.kind === 'noise_social_tax' && ymd(t.day)[1] === m)) {
      debit('CHF', day, rng.amountCents(18000, 32000), 'Ausgleichskasse Solothurn', `AHV/IV/EO Akonto ${pad(m, 2)}/${y}`, 'noise_social_tax');
      if (m === 8) debit('CHF', day + 1, rng.amountCents(40000, 90000), 'ESTV Hauptabteilung MWST', `MWST 2. Quartal ${y} Ref ${rng.digits(6)}`, 'noise_social_tax');
      debit('CHF', day, rng.amountCents(2000, 6000), 'Suva', `Prämienrechnung ${rng.digits(9)}`, 'noise_social_tax');
    }
    if (dd <= 2 || rng.chance(0.08)) debit(rng.chance(0.8) ? 'CHF' : 'EUR', day, rng.pick([500, 1000, 1200, 2500, 3500]), '', rng.pick(['Kontoführungsgebühr', 'Preis für Gutschriften QR-Rechnung', 'Spesen Zahlungsverkehr', 'Spesen Auslandzahlung', 'Porto und Gebühren']), 'noise_bank_fee', { code: 'ACMT/MDOP/CHRG', addtl: 'Spesen' });
    if (rng.chance(0.25)) txs.push({ acct: 'CHF', day, amt: rng.amountCents(200, 4000), name: 'Worldline Schweiz AG', iban: '', refTp: '', ref: () => '', ustrd: () => `Gutschrift Terminal ${rng.digits(8)} ${dot(day - 1)}`, code: 'PMNT/RCDT/ESCT', addtl: 'Gutschrift', g: null, kind: 'noise_card_acquirer' });
    if (rng.chance(0.04)) {
      const e = rng.amountCents(5000, 40000);
      debit('CHF', day, Math.round(e / EUR_CHF), '', `Devisenkauf EUR ${plainAmt(e)} Kurs ${EUR_CHF}`, 'noise_internal_transfer');
      txs.push({ acct: 'EUR', day, amt: e, name: 'Alpina Präzisionsteile AG', iban: '', refTp: '', ref: () => '', ustrd: () => 'Kontoübertrag', code: 'PMNT/RCDT/BOOK', addtl: 'Kontoübertrag', g: null, kind: 'noise_internal_transfer' });
    }
  }

  // camt.053: per account, entries oldest first; QR credits and salaries of a day batched.
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const ownIban = { CHF: iban('CH', '00700' + rng.digits(12)), EUR: iban('CH', '00700' + rng.digits(12)) };
  const stRows: { g: string | null; kind: string; amb?: boolean }[] = [];
  let acctSvcr = rng.int(1000000, 9000000);
  const stmts: string[] = [];
  for (const acct of ['CHF', 'EUR'] as const) {
    const list = sortRandomTies(txs.filter((t) => t.acct === acct), (t) => t.day, rng);
    const entries: Tx[][] = [];
    const open = new Map<string, Tx[]>();
    for (const t of list) {
      if (t.batch) {
        const k = `${t.day}:${t.batch}`;
        const e = open.get(k);
        if (e) { e.push(t); continue; }
        const fresh = [t];
        open.set(k, fresh);
        entries.push(fresh);
      } else entries.push([t]);
    }
    const opening = rng.amountCents(40000, 300000) * 10;
    let bal = opening;
    const ntry = entries.map((e) => {
      const sum = e.reduce((s, t) => s + t.amt, 0);
      bal += sum;
      const t0 = e[0], day = iso(t0.day), cd = sum < 0 ? 'DBIT' : 'CRDT';
      const [dom, fam, sub] = t0.code.split('/');
      const tx = e.map((t) => {
        stRows.push({ g: t.g, kind: t.kind, amb: t.amb });
        const dbtr = t.amt > 0;
        const party = t.name ? `<RltdPties><${dbtr ? 'Dbtr' : 'Cdtr'}><Pty><Nm>${esc(t.name)}</Nm></Pty></${dbtr ? 'Dbtr' : 'Cdtr'}>${t.iban ? `<${dbtr ? 'DbtrAcct' : 'CdtrAcct'}><Id><IBAN>${t.iban}</IBAN></Id></${dbtr ? 'DbtrAcct' : 'CdtrAcct'}>` : ''}</RltdPties>` : '';
        const u = t.ustrd(), ref = t.ref();
        const rmt = ref ? `<RmtInf>${u ? `<Ustrd>${esc(u)}</Ustrd>` : ''}<Strd><CdtrRefInf><Tp><CdOrPrtry>${t.refTp === 'QRR' ? '<Prtry>QRR</Prtry>' : '<Cd>SCOR</Cd>'}</CdOrPrtry></Tp><Ref>${ref}</Ref></CdtrRefInf></Strd></RmtInf>` : u ? `<RmtInf><Ustrd>${esc(u)}</Ustrd></RmtInf>` : '';
        const e2e = t.amt > 0 && t.kind !== 'noise_card_acquirer' && rng.chance(0.6) ? (rng.chance(0.5) ? 'NOTPROVIDED' : `${rng.pick(['E2E', 'ZV', 'EB'])}${e2eN += rng.int(1, 99)}`) : '';
        return `<TxDtls><Refs><AcctSvcrRef>${acctSvcr += rng.int(1, 9)}</AcctSvcrRef>${e2e ? `<EndToEndId>${e2e}</EndToEndId>` : ''}</Refs><Amt Ccy="${acct}">${plainAmt(t.amt)}</Amt><CdtDbtInd>${t.amt < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><AmtDtls><TxAmt><Amt Ccy="${acct}">${plainAmt(t.amt)}</Amt></TxAmt></AmtDtls>${party}${rmt}</TxDtls>`;
      });
      return `<Ntry><NtryRef>${acctSvcr += 1}</NtryRef><Amt Ccy="${acct}">${plainAmt(sum)}</Amt><CdtDbtInd>${cd}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>${acctSvcr}</AcctSvcrRef><BkTxCd><Domn><Cd>${dom}</Cd><Fmly><Cd>${fam}</Cd><SubFmlyCd>${sub}</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls>${e.length > 1 ? `<Btch><NbOfTxs>${e.length}</NbOfTxs></Btch>` : ''}${tx.join('')}</NtryDtls><AddtlNtryInf>${esc(e.length > 1 ? `${t0.addtl} (${e.length})` : t0.addtl)}</AddtlNtryInf></Ntry>`;
    });
    const bl = (tp: string, d: number, v: number) => `<Bal><Tp><CdOrPrtry><Cd>${tp}</Cd></CdOrPrtry></Tp><Amt Ccy="${acct}">${plainAmt(v)}</Amt><CdtDbtInd>${v < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${iso(d)}</Dt></Dt></Bal>`;
    stmts.push(`<Stmt><Id>STM-${acct}-${iso(D1)}</Id><ElctrncSeqNb>${rng.int(100, 300)}</ElctrncSeqNb><CreDtTm>${iso(D1 + 1)}T06:12:00</CreDtTm><FrToDt><FrDtTm>${iso(D0)}T00:00:00</FrDtTm><ToDtTm>${iso(D1)}T23:59:59</ToDtTm></FrToDt><Acct><Id><IBAN>${ownIban[acct]}</IBAN></Id><Ccy>${acct}</Ccy><Ownr><Nm>Alpina Präzisionsteile AG</Nm></Ownr></Acct>${bl('OPBD', D0 - 1, opening)}${bl('CLBD', D1, bal)}<TxsSummry><TtlNtries><NbOfNtries>${entries.length}</NbOfNtries></TtlNtries></TxsSummry>\n${ntry.join('\n')}\n</Stmt>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n<BkToCstmrStmt><GrpHdr><MsgId>ZKB${iso(D1 + 1).replace(/-/g, '')}${rng.digits(6)}</MsgId><CreDtTm>${iso(D1 + 1)}T06:12:00</CreDtTm><AddtlInf>SPS/2.0/PROD</AddtlInf></GrpHdr>\n${stmts.join('\n')}\n</BkToCstmrStmt>\n</Document>\n`;

  // The OP-Liste: by customer, then date.
  const oi = [...docs].sort((a, b) => a.c.no - b.c.no || a.day - b.day || a.no - b.no);
  const oiLines = oi.map((d) => {
    const ref = d.type === 'Gutschrift' ? '' : d.c.ccy === 'CHF' ? qrGrouped(qrRef(d.c.no, d.no)) : rfGrouped(rfOf(d.no));
    const chfOpen = d.c.ccy === 'CHF' ? d.open : Math.round(d.open / EUR_CHF);
    return [String(d.c.no), q(d.c.name, ';'), d.c.place, String(d.no), d.type, dot(d.day), dot(d.due), d.c.ccy, sw(d.total), sw(d.open), sw(chfOpen), ref, d.mahn ? String(d.mahn) : ''].join(';');
  });
  const tot = (ccy: string) => oi.filter((d) => d.c.ccy === ccy).reduce((s, d) => s + d.open, 0);
  const pre = [`Offene Posten Debitoren per ${dot(D1)}`, 'Mandant 1 Alpina Präzisionsteile AG, Grenchen', `Selektion: alle Kunden, Fälligkeit bis ${dot(D1 + 365)}`, ''];
  const foot = ['', `Total CHF;;;;;;;CHF;;${sw(tot('CHF'))};${sw(tot('CHF'))};;`, `Total EUR;;;;;;;EUR;;${sw(tot('EUR'))};${sw(Math.round(tot('EUR') / EUR_CHF))};;`];
  return {
    name: 'ch-qr',
    description:
      "Alpina Präzisionsteile AG (Grenchen, CH): an Abacus/Bexio-style OP-Liste Debitoren (;, UTF-8, title lines and Total lines, dd.mm.yyyy, 1'234.50 amounts, numeric Beleg numbers, Rechnung/Gutschrift, CHF with 27-digit QR references in groups and EUR with RF creditor references, Offen below Betrag for part-paid invoices) against a camt.053.001.08 file with a CHF and a EUR statement: QR-bill credits batched per day with QRR references, SEPA credits with SCOR references or Ustrd in German/French/Italian (English now and then), payer names as the account holders write them, a salary batch, supplier QR payments (traps), AHV/Suva/MWST, fees, card-acquirer credits and own-account transfers. Cases: QR and RF references, invoice numbers in text (some with typos), several invoices, credit notes netted, part payments, remaining balances, two instalments, 2 % Skonto, foreign charges deducted, payer only (unique or ambiguous amount), a duplicate payment refunded, unpaid invoices, open credit notes.",
    openItems: { fileName: 'ch-qr-op-liste-debitoren.csv', content: [...pre, 'Kunde;Name;PLZ Ort;Beleg;Belegart;Belegdatum;Fällig;Währung;Betrag;Offen;Offen CHF;Referenz;Mahnstufe', ...oiLines, ...foot].join('\r\n') + '\r\n' },
    statement: { fileName: 'ch-qr-kontoauszug-camt053.xml', content: xml },
    truth: [...truthRows('open_items', oi.map((d) => ({ g: d.g, kind: d.kind, amb: d.amb }))), ...truthRows('statement', stRows)],
  };
};
