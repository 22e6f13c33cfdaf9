/**
 * it-fatturapa: an Italian wholesaler (EUR). Open items: a TeamSystem/Zucchetti-style "scadenzario
 * clienti" .xlsx — one row per instalment (rata 1/3 …) of each invoice, Ri.Ba. due dates at month end
 * (+5 … +25 days for most customers). Statement: a CBI-style home-banking CSV
 * ("Data contabile;Data valuta;Importo;Divisa;Causale;Descrizione"), oldest first. Bonifici cite
 * "FT 2026/123", "fattura n. 123 del 15/09/2026", a rata, several invoices, an invoice less a nota di
 * credito, or nothing; Ri.Ba. come back as one credit per due date ("INCASSO RIBA DISTINTA 45") and the
 * odd insoluto returns as a debit.
 */
import type { World, WorldOptions } from '../world';
import { Rng, Book, type Cust, type Item, truth, runCases, money, dayOf, ymd, pad, iban, xlsxSync, OCT1, OCT31, REPORT, payDay, octoberBizDays, piva, names, nextBiz, isBiz } from './common';

const JUN1 = dayOf(2026, 6, 1), OCT20 = dayOf(2026, 10, 20), OCT30 = dayOf(2026, 10, 30);
const SURN = ['Rossi', 'Bianchi', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone', 'Longo', 'Gentile'];
const NOUN = ['Ferramenta', 'Edilizia', 'Idraulica', 'Termoidraulica', 'Elettroforniture', 'Casalinghi', 'Colorificio', 'Agraria', 'Materiali Edili', 'Utensileria', 'Commerciale', 'Forniture Industriali'];
const PLACE = ['Adriatica', 'del Conero', 'Marchigiana', 'Picena', 'Romagnola', 'Val Tenna', 'Centro Italia', 'Tirrenica', 'Appenninica', 'Sud Est'];
const FORM = ['S.r.l.', 'S.r.l.', 'S.n.c.', 'S.a.s.', 'S.p.A.', 'S.r.l.s.'];
const FIRST = ['Mario', 'Luca', 'Giuseppe', 'Antonio', 'Francesca', 'Paolo', 'Giovanni', 'Marco', 'Anna', 'Stefano'];
const BANKS = ['05428', '03069', '02008', '05034', '08327', '06230', '03111', '05387'];

interface ItCust extends Cust { piva: string; iban: string; rb: boolean; off: number; bankName: string }

const endOfMonth = (y: number, m: number) => dayOf(y, m + 1, 1) - 1; // m may exceed 12: Date.UTC rolls over

export function itFatturapa({ seed, openItems: N }: WorldOptions): World {
  const rng = new Rng((seed * 40503 + 0x17f8a) >>> 0);
  const book = new Book<string>(rng, 'it');
  const scale = N / 2000;
  const nc = Math.max(30, Math.round(N / 7));
  const custNames = names(nc, () => rng.pick([
    () => `${rng.pick(NOUN)} ${rng.pick(SURN)} ${rng.pick(FORM)}`,
    () => `${rng.pick(SURN)} ${rng.pick(FIRST)} & C. ${rng.pick(['S.n.c.', 'S.a.s.'])}`,
    () => `${rng.pick(NOUN)} ${rng.pick(PLACE)} ${rng.pick(FORM)}`,
    () => `F.lli ${rng.pick(SURN)} ${rng.pick(FORM)}`,
  ])());
  const custs: ItCust[] = custNames.map((name, i) => {
    const acct = pad(rng.int(1, 999999999), 12), cin = String.fromCharCode(65 + rng.int(0, 25));
    const bankName = name.toUpperCase().replace(/\./g, rng.chance(0.5) ? '.' : '').replace(/ & C /, ' E C ');
    return { code: `C${pad(1000 + i * 3 + rng.int(0, 2), 5)}`, name, piva: piva(rng), iban: iban('IT', cin + rng.pick(BANKS) + pad(rng.int(1000, 99999), 5) + acct), rb: rng.chance(0.45), off: rng.pick([0, 5, 10, 15, 20, 25]), bankName };
  });
  const rbC = custs.filter((c) => c.rb), bbC = custs.filter((c) => !c.rb);
  const pick = (xs: ItCust[]) => xs[rng.skewedIndex(xs.length)];
  const draw = () => rng.amountCents(120, 24000);
  const it = (c: ItCust, day: number, amt: number, kind: string, g: string | null, rata: string, due: number, o: Partial<Item> = {}) => {
    const x = book.item(c, day, amt, kind, g, { due, ...o });
    x.x = { inv: '', ...x.x, rata, tp: c.rb ? 'RB' : 'BB' };
    return x;
  };
  /** An invoice with n equal instalments (cents to the last), due at month end (+offset) 30/60/90 days. */
  const rate = (c: ItCust, day: number, total: number, n: number) => {
    const base = Math.floor(total / n / 100) * 100, parts = Array.from({ length: n }, (_, i) => (i < n - 1 ? base : total - base * (n - 1)));
    const [y, m] = ymd(day);
    return parts.map((a, i) => ({ a, due: endOfMonth(y, m + i + 1) + c.off, r: `${i + 1}/${n}` }));
  };
  const dmy = (day: number) => { const [y, m, d] = ymd(day); return `${pad(d, 2)}/${pad(m, 2)}/${y}`; };
  let trn = rng.int(100000000, 900000000);
  const bon = (c: ItCust, causale: string) => `BONIFICO SEPA DA: ${c.bankName} IBAN ORD.: ${c.iban} CAUSALE: ${causale} TRN: 0306${pad(trn += rng.int(1, 99999), 12)}`;
  const ftRef = (x: Item) => rng.pick([`FT 2026/${x.seq}`, `fattura n. ${x.seq} del ${dmy(x.day)}`, `SALDO FT ${x.seq}`, `Fatt. ${x.seq}/2026`, `PAGAMENTO FATTURA N.${x.seq} DEL ${dmy(x.day)}`]);
  const bbInv = (c: ItCust, kind: string, g: string | null, paid = true, amt?: number) => {
    const day = rng.int(dayOf(2026, 7, 15), paid ? OCT20 : OCT30);
    return it(c, day, amt ?? book.amount(c, draw), kind, g, '1/1', endOfMonth(ymd(day)[0], ymd(day)[1] + 1));
  };
  const riba: Item[] = [];
  let invId = 0;

  const make: Record<string, () => number> = {
    bonifico_ft_ref: () => {
      const c = pick(bbC), g = book.group(), x = bbInv(c, 'bonifico_ft_ref', g);
      book.line(payDay(rng, x.day, 5, 60), x.amt, 'bonifico_ft_ref', g, () => bon(c, ftRef(x)));
      return 1;
    },
    bonifico_multi: () => {
      const c = pick(bbC), g = book.group(), k = rng.int(2, 4), xs = Array.from({ length: k }, () => bbInv(c, 'bonifico_multi', g));
      xs.sort((a, b) => a.day - b.day);
      book.line(payDay(rng, xs[k - 1].day, 5, 40), xs.reduce((s, x) => s + x.amt, 0), 'bonifico_multi', g,
        () => bon(c, rng.chance(0.5) ? `FT ${xs.map((x) => x.seq).join('-')}` : `SALDO FATTURE N. ${xs.slice(0, -1).map((x) => x.seq).join(', ')} E ${xs[k - 1].seq}`));
      return k;
    },
    bonifico_nc_netted: () => {
      const c = pick(bbC), g = book.group(), x = bbInv(c, 'bonifico_nc_netted', g, true, book.amount(c, () => rng.amountCents(500, 24000)));
      const nc = bbInv(c, 'bonifico_nc_netted', g, true, -book.amount(c, () => Math.round(x.amt * (0.05 + rng.next() * 0.3))));
      nc.x.rata = '';
      book.line(payDay(rng, Math.max(x.day, nc.day), 3, 30), x.amt + nc.amt, 'bonifico_nc_netted', g, () => bon(c, `FT ${x.seq} DEL ${dmy(x.day)} MENO NC ${nc.seq}`));
      return 2;
    },
    bonifico_abbuono: () => {
      const c = pick(bbC), g = book.group(), x = bbInv(c, 'bonifico_abbuono', g, true, book.amount(c, () => { const a = draw(); return a % 100 === 0 ? a + rng.int(1, 99) : a; }));
      book.line(payDay(rng, x.day, 5, 60), Math.floor(x.amt / 100) * 100, 'bonifico_abbuono', g, () => bon(c, `SALDO FT ${x.seq}`));
      return 1;
    },
    bonifico_name_only: () => {
      const c = pick(bbC), g = book.group(), x = bbInv(c, 'bonifico_name_only', g);
      book.line(payDay(rng, x.day, 5, 60), x.amt, 'bonifico_name_only', g, () => bon(c, rng.pick(['PAGAMENTO FORNITURA', 'SALDO ESTRATTO CONTO', 'ACCONTO', 'PAGAMENTO MERCE', 'VS FORNITURA MATERIALE'])));
      return 1;
    },
    // Bonifico customers on instalments: rata 1 (or 2) due in October paid, the others not yet due.
    bonifico_rata: () => {
      const c = pick(bbC), n = rng.int(2, 3), day = rng.int(dayOf(2026, 8, 1), dayOf(2026, 9, 30)), inv = String(++invId);
      const rs = rate(c, day, book.amount(c, () => rng.amountCents(900, 30000)), n).filter((r) => r.due >= OCT1);
      const g = book.group(), cited = rng.chance(0.6);
      const twins = rs.slice(1).filter((r) => r.a === rs[0].a).length;
      const kind = cited ? 'bonifico_rata_cited' : twins ? 'bonifico_equal_rate' : 'bonifico_ft_ref_rata';
      const xs = rs.map((r, i) => it(c, day, r.a, i === 0 || (kind === 'bonifico_equal_rate' && r.a === rs[0].a) ? kind : 'unpaid_instalment', i === 0 ? g : null, r.r, r.due, { x: { inv } }));
      for (const r of rs) book.take(c, r.a);
      const first = xs[0], amb = kind === 'bonifico_equal_rate';
      if (amb) for (const x of xs) if (x.kind === kind) x.amb = true;
      book.line(payDay(rng, Math.max(first.day, first.due - 8), 0, 10), first.amt, kind, g, () => bon(c, cited ? `FT ${first.seq}/2026 RATA ${first.x.rata.replace('/', ' DI ')}` : `FT 2026/${first.seq}`), amb ? { amb: true } : {});
      return xs.length;
    },
    riba: () => {
      const c = pick(rbC);
      for (let t = 0; t < 20; t++) {
        const day = rng.int(JUN1, dayOf(2026, 9, 30)), n = rng.pick([1, 2, 2, 3, 3]);
        const rs = rate(c, day, book.amount(c, () => rng.amountCents(150, 30000)), n).filter((r) => r.due >= OCT1);
        if (!rs.length) continue;
        const inv = String(++invId);
        for (const r of rs) { const x = it(c, day, r.a, 'riba_not_due', null, r.r, r.due, { x: { inv } }); book.take(c, r.a); if (nextBiz(r.due) <= OCT30) riba.push(x); }
        return rs.length;
      }
      return 0;
    },
    unpaid_invoice: () => { bbInv(pick(bbC), 'unpaid_invoice', null, false); return 1; },
    open_credit_note: () => { const c = pick(custs), x = bbInv(c, 'open_credit_note', null, false, -book.amount(c, () => rng.amountCents(20, 900))); x.x.rata = ''; return 1; },
  };
  runCases(rng, N, { bonifico_ft_ref: 18, bonifico_multi: 5, bonifico_nc_netted: 3, bonifico_abbuono: 3, bonifico_name_only: 4, bonifico_rata: 8, riba: 28, unpaid_invoice: 12, open_credit_note: 1.5 }, make);

  // Ri.Ba. presented per due date: one credit per distinta (salvo buon fine), insoluti a week or so later.
  const byDue = new Map<number, Item[]>();
  for (const x of riba) byDue.set(x.due, [...(byDue.get(x.due) ?? []), x]);
  let distinta = rng.int(30, 60);
  for (const due of [...byDue.keys()].sort((a, b) => a - b)) {
    const xs = byDue.get(due)!, g = book.group(), no = ++distinta, day = nextBiz(due);
    for (const x of xs) { x.g = g; x.kind = 'riba_distinta'; }
    book.line(day, xs.reduce((s, x) => s + x.amt, 0), 'riba_distinta', g, () => `INCASSO RIBA DISTINTA ${no} SCAD. ${dmy(due)} N. ${xs.length} EFFETTI`, { ...({ val: nextBiz(day + 2) } as object) });
    for (const x of xs) {
      const back = nextBiz(day + rng.int(6, 12));
      if (back > OCT30 || !rng.chance(0.05) || xs.filter((y) => y.g === g).length < 2) continue;
      x.g = null; x.kind = 'riba_insoluto';
      const c = x.cust as ItCust;
      book.line(back, -x.amt, 'riba_distinta', g, () => `INSOLUTO RIBA DISTINTA ${no} EFF. SCAD. ${dmy(due)} ${c.bankName} FT ${x.seq}/2026 RATA ${x.x.rata}`);
      book.line(back, -rng.pick([750, 800, 1050]), 'noise_insoluto_fee', null, () => `COMMISSIONI INSOLUTO EFF. ${c.bankName.slice(0, 20)}`);
    }
  }
  // Noise: suppliers, wages, F24, POS takings, bank charges, interest.
  const days = octoberBizDays();
  for (let i = 0; i < Math.max(3, Math.round(40 * scale)); i++) book.line(rng.pick(days), -rng.amountCents(500, 45000), 'noise_supplier_payment', null, () => `DISPOSIZIONE DI BONIFICO A FAVORE DI ${rng.pick(['ARCELORMITTAL ITALIA', 'BOSCH ITALIA SPA', 'FISCHER ITALIA SRL', 'KNAUF DI LOTHAR KNAUF', 'MAPEI SPA', 'BARTOLINI SPA', 'ENEL ENERGIA SPA'])} FT ${rng.int(100, 9999)}`);
  book.line(dayOf(2026, 10, 27), -rng.amountCents(30000, 90000), 'noise_salaries', null, () => 'EMOLUMENTI STIPENDI OTTOBRE 2026 N. 14 DISPOSIZIONI');
  book.line(dayOf(2026, 10, 16), -rng.amountCents(8000, 40000), 'noise_f24', null, () => `PAGAMENTO DELEGA F24 PROT. ${rng.digits(17)}`);
  for (const d of days) if (rng.chance(0.4 * Math.min(1, scale))) book.line(d, rng.amountCents(80, 2500), 'noise_pos', null, () => `INCASSO POS ESERC. ${pad(rng.int(1, 99999999), 8)} DEL ${dmy(d - 1)}`);
  book.line(OCT30, -rng.amountCents(40, 180), 'noise_bank_charges', null, () => 'COMMISSIONI E SPESE TENUTA CONTO III TRIM. 2026');
  book.line(OCT30, -rng.amountCents(400, 900), 'noise_riba_charges', null, () => 'COMMISSIONI PRESENTAZIONE EFFETTI OTTOBRE 2026');

  // Numbering: one series per year for invoices (FT), one for notes (NC); gaps are paid documents.
  book.number(() => '2026', (s) => String(s), (x) => (x.credit ? 12 : 240), () => rng.int(1, 2));
  // An invoice's instalments share its number (the first instalment's).
  const seen = new Map<string, number>();
  for (const x of book.items) if (x.x.inv) { const s = seen.get(x.x.inv); if (s === undefined) seen.set(x.x.inv, x.seq); else { x.seq = s; x.no = String(s); } }

  // The scadenzario: by customer, then document, then due date.
  const order = [...book.items].sort((a, b) => (a.cust.code < b.cust.code ? -1 : a.cust.code > b.cust.code ? 1 : 0) || a.day - b.day || a.seq - b.seq || a.due - b.due);
  const rows = order.map((x) => {
    const c = x.cust as ItCust;
    return [c.code, c.name, c.piva, x.credit ? 'NC' : 'FT', x.seq, { date: x.day }, x.x.rata || '', { date: x.due }, x.x.tp === 'RB' ? 'RB - Ricevuta bancaria' : 'BB - Bonifico bancario', x.amt / 100, x.amt / 100] as (string | number | { date: number })[];
  });
  const total = order.reduce((s, x) => s + x.amt, 0);
  const xlsx = xlsxSync({
    sheetName: 'Scadenzario clienti', titles: ['Ingrosso Adriatico Forniture S.r.l. - Ancona', 'Scadenzario clienti - partite aperte al 02/11/2026'],
    header: ['Cod. cliente', 'Ragione sociale', 'Partita IVA', 'Tipo doc.', 'Num. doc.', 'Data doc.', 'Rata', 'Scadenza', 'Tipo pag.', 'Importo rata', 'Residuo'],
    rows, numFmt: [null, null, '@', null, '0', 'dd/mm/yyyy', null, 'dd/mm/yyyy', null, '#,##0.00', '#,##0.00'], widths: [11, 40, 13, 8, 9, 11, 6, 11, 24, 13, 13],
    footer: [[null, 'Totale partite aperte', null, null, null, null, null, null, null, total / 100, total / 100]], created: REPORT, creator: 'TeamSystem',
  });

  const ls = book.orderedLines(false);
  const eur = (c: number) => money(c, ',', '.');
  const causale = (l: (typeof ls)[number]) => (l.kind.startsWith('riba') ? (l.amt > 0 ? 'ACCREDITO RI.BA. SBF' : 'INSOLUTO RI.BA.') : l.kind.startsWith('bonifico') || l.kind === 'unpaid_instalment' ? 'BONIFICO A VOSTRO FAVORE' : l.kind === 'noise_pos' ? 'INCASSO POS' : l.kind === 'noise_supplier_payment' ? 'DISPOSIZIONE DI BONIFICO' : l.kind === 'noise_salaries' ? 'EMOLUMENTI' : l.kind === 'noise_f24' ? 'PAGAMENTO DELEGHE F23/F24' : 'COMMISSIONI');
  const out = ['Data contabile;Data valuta;Importo;Divisa;Causale;Descrizione'];
  for (const l of ls) {
    const val = (l as unknown as { val?: number }).val ?? (l.amt > 0 ? nextBiz(l.day + (isBiz(l.day + 1) ? 1 : 0)) : l.day);
    out.push([dmy(l.day), dmy(val), eur(l.amt), 'EUR', causale(l), `"${l.t!.replace(/"/g, '""')}"`].join(';'));
  }
  void OCT31;
  return {
    name: 'it-fatturapa',
    description: `Ingrosso Adriatico Forniture S.r.l., an Ancona wholesaler of building and plumbing supplies (EUR). Open items: a TeamSystem/Zucchetti-style "scadenzario clienti" .xlsx as at 2 November 2026 — two title rows and a blank, then Cod. cliente, Ragione sociale, Partita IVA (with a valid check digit), Tipo doc. (FT invoice / NC credit note, negative), Num. doc. (one series per year), Data doc., Rata ("1/1", "2/3" …), Scadenza, Tipo pag. (RB Ri.Ba. or BB bonifico), Importo rata and Residuo as Excel numbers and dates, a total row. One row per instalment: an invoice on 30/60/90 days month end (+5 … +25 days for most customers) has up to three rows with the same number, equal amounts (cents on the last), the already collected ones gone. Statement: a CBI-style home-banking CSV for October 2026, "Data contabile;Data valuta;Importo;Divisa;Causale;Descrizione", dd/mm/yyyy, 1.234,56 with a minus for debits, oldest first. Bonifici ("BONIFICO SEPA DA: <ordinante> IBAN ORD.: … CAUSALE: … TRN: …") cite "FT 2026/123", "fattura n. 123 del 15/09/2026", "SALDO FT 123", several invoices, an invoice less a nota di credito, a rata ("RATA 1 DI 3"), or nothing; some round the amount down to the euro (abbuono). A bonifico naming an invoice whose two open instalments are equal is ambiguous. Ri.Ba. instalments come back as one credit per due date ("INCASSO RIBA DISTINTA 45 SCAD. 15/10/2026 N. 23 EFFETTI", valuta two days later) covering every Ri.Ba. instalment due that day; an insoluto comes back a week or so later as a debit naming the customer, invoice and rata, with a commission (the returned instalment stays open; the distinta's group holds the credit, the insoluto debit and the collected instalments). Ri.Ba. not yet due, unpaid invoices and later instalments have no line; suppliers, wages, F24, POS takings and bank charges pay nothing on the list.`,
    openItems: { fileName: 'it-fatturapa-scadenzario-clienti.xlsx', content: xlsx },
    statement: { fileName: 'it-fatturapa-movimenti.csv', content: out.join('\r\n') + '\r\n' },
    truth: truth(order, ls),
  };
}
