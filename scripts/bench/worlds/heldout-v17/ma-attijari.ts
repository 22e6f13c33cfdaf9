/**
 * ma-attijari — a Casablanca building-materials wholesaler (Sage 100 Maroc, MAD) against its
 * Attijariwafa bank statement. Customers pay by transfer (the bank books a commission and its 10 %
 * VAT for each transfer from another bank, as separate lines), by cheque (the statement shows the
 * cheque number only), by LCN — the Moroccan standardised bill of exchange, credited at maturity
 * with the drawer's name, one LCN for one or several invoices, some returned unpaid with fees — and
 * in cash paid in by sales reps. Public bodies and large companies withhold 75 % of the VAT since
 * 2024. Every company has a 15-digit ICE that payers put in the transfer text.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, dateOf, dmy, money, pad, q, rngFor, openingFor, workDay, LAST_DAY, cp1252, type Row } from './common';

const NAME = 'ma-attijari';
/** What a VAT-withholding customer pays on an invoice of `ht` + `tva` (cents): 75 % of the VAT stays with it. */
export const maNet = (ht: number, tva: number) => ht + tva - Math.round(tva * 0.75);

const KINDS = ['STE', 'SOCIETE', 'STE', 'ETS', 'GROUPE'];
const NAMES = ['AL AMAL', 'BENNANI TRAVAUX', 'ATLAS BATIMENT', 'ESSAADA CONSTRUCTION', 'NOUR IMMO', 'SOUSS MATERIAUX', 'EL BARAKA', 'CHAOUIA BTP', 'RIF PROMOTION', 'TAZI & FILS', 'OUMNIA HABITAT', 'ANFA DECOR', 'ZENATA NEGOCE', 'MAGHREB SANITAIRE', 'DAR ESSALAM'];
const FORMS = ['SARL', 'SARL AU', 'SA', 'SNC'];
const PUBLIC = ['COMMUNE DE MOHAMMEDIA', 'ONEE BRANCHE EAU', 'AL OMRANE CASA-SETTAT', 'REGION CASABLANCA-SETTAT', 'CHU IBN ROCHD'];
const CITIES = ['CASA', 'RABAT', 'AGADIR', 'TANGER', 'FES', 'MEKNES', 'OUJDA', 'KENITRA'];
const BANKS = ['BMCE', 'BP', 'SGMB', 'CIH', 'BMCI', 'CAM', 'CDM', 'BARID BANK'];
const REPS = ['KARIM', 'YOUSSEF', 'HICHAM', 'RACHID', 'SAMIR'];

interface Cust { code: string; name: string; bank: string; ice: string; pub: boolean; big: boolean }

export function maAttijari(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 17003);
  const book = new Book();
  const used = new Set<string>();
  const custs: Cust[] = Array.from({ length: Math.max(40, Math.round(o.openItems / 12)) }, (_, i) => {
    let pub = r.chance(0.08), nm = r.pick(NAMES), form = r.pick(FORMS), name = pub ? r.pick(PUBLIC) : `${r.pick(KINDS)} ${nm} ${form}`;
    // Every customer has its own name: a city is added when the draw repeats one; each public body appears once.
    for (let t = 0; used.has(name) || (!pub && used.has(`${nm} ${form}`.slice(0, 24))); t++) { pub = false; nm = t < 4 ? r.pick(NAMES) : `${r.pick(NAMES)} ${r.pick(CITIES)}${t > 8 ? ` ${t}` : ''}`; name = `${r.pick(KINDS)} ${nm} ${form}`; }
    used.add(name); if (!pub) used.add(`${nm} ${form}`.slice(0, 24));
    return { code: `411${pad(i * 3 + 100, 5)}`, name, bank: pub ? name.slice(0, 24) : `${nm} ${form}`.slice(0, 24), ice: pad(r.int(1000000, 3999999), 9) + pad(r.int(0, 99999), 5) + String(r.int(0, 9)).slice(0, 1), pub, big: pub || r.chance(0.1) };
  });
  const fa0 = r.int(1800, 2600), per = Math.max(1, o.openItems * 1.05) / 105;
  let fa = fa0, av = r.int(60, 120), lcn = r.int(1000000, 3000000), op = r.int(10000, 90000);
  const inv = (c: Cust, kind: string, group: string | null, opt: { ht?: number; amb?: boolean; mode?: string } = {}): Row => {
    const n = fa++, ht = opt.ht ?? (r.chance(0.5) ? r.int(1500, 380000) * 100 : r.int(150000, 38000000)), tva = Math.round(ht * 0.2);
    const day = Math.min(80, -45 + Math.floor((n - fa0) / per));
    return book.addOi({ day, cents: ht + tva, key: c.code, group, kind, amb: opt.amb, cells: { no: `FA26-${pad(n, 5)}`, n: String(n), ht: String(ht), tva: String(tva), cust: c.code, mode: opt.mode ?? r.pick(['Virement', 'Chèque', 'LCN 60j', 'LCN 90j', 'Virement']) } });
  };
  const pay = (day: number, cents: number, lib: string, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: workDay(Math.min(Math.max(day, 0), LAST_DAY - 2)), cents, group, kind, amb, cells: { lib: lib.slice(0, 70) } });
  /** A transfer from another bank: the credit, then the bank's commission and the VAT on it. */
  const vir = (day: number, cents: number, lib: string, group: string | null, kind: string, amb?: boolean) => {
    const x = pay(day, cents, lib, group, kind, amb);
    if (!lib.includes('ATTIJARI')) { pay(x.day, -500, `COM VIR RECU ${pad(op, 6)}`, null, 'bank_commission'); pay(x.day, -50, `TVA/COM VIR RECU ${pad(op++, 6)}`, null, 'bank_commission'); }
    return x;
  };
  const after = (rows: Row[]) => Math.max(0, ...rows.map((x) => x.day)) + r.int(5, 40);
  const net = (c: Cust, x: Row) => (c.big && x.cents > 0 ? maNet(Number(x.cells.ht), Number(x.cells.tva)) : x.cents);
  /** How a payer writes an invoice number in a transfer: the full number, the bare counter, with the year. */
  const cite = (x: Row) => r.pick([x.cells.no, `FACT ${x.cells.n}`, `FACTURE N ${x.cells.n}`, `F${x.cells.n}`, `FA ${x.cells.n}/26`, `REGL FACT ${pad(x.cells.n, 5)}`, `FA26${pad(x.cells.n, 5)}`]);
  const virLib = (c: Cust, motif: string) => r.chance(0.35) ? `VIR ATTIJARI ${c.bank} ${motif}` : r.pick([`VIR RECU DE ${c.bank} ${motif}`, `VIREMENT RECU ${r.pick(BANKS)} /ORD ${c.bank} /MOTIF ${motif}`, `VIR.${r.pick(BANKS)} ${c.bank} ${motif}`]);
  const chq = () => pad(r.int(1000000, 9999999), 7);

  while (book.oi.length < o.openItems) {
    const u = r.next();
    let c = r.pick(custs);
    const who = (pred: (k: Cust) => boolean) => { const xs = custs.filter(pred); return xs.length ? r.pick(xs) : c; };
    if (u < 0.22) {
      const g = book.group(), x = inv(c, 'transfer_invoice_cited', g, { mode: 'Virement' });
      vir(after([x]), net(c, x), virLib(c, cite(x)), g, c.big ? 'transfer_vat_withheld' : 'transfer_invoice_cited');
      if (c.big) x.kind = 'transfer_vat_withheld';
    } else if (u < 0.3) {
      c = who((k) => k.big);
      const g = book.group(), xs = Array.from({ length: r.int(2, 5) }, () => inv(c, 'transfer_vat_withheld_multi', g, { mode: 'Virement' }));
      vir(after(xs), xs.reduce((s, x) => s + net(c, x), 0), c.pub ? `VIR TRESORERIE GENERALE ${c.bank} OP ${r.int(100000, 999999)}` : virLib(c, `REGL ${xs.length} FACTURES RAS TVA`), g, 'transfer_vat_withheld_multi');
    } else if (u < 0.41) {
      c = who((k) => !k.big);
      // LCN credited at maturity with the drawer's name, covering one to three invoices.
      const g = book.group(), xs = Array.from({ length: r.chance(0.6) ? 1 : r.int(2, 3) }, () => inv(c, 'lcn_at_maturity', g, { mode: r.pick(['LCN 60j', 'LCN 90j']) }));
      const mat = Math.max(...xs.map((x) => x.day)) + Number(xs[0].cells.mode.slice(4, 6)) - r.int(0, 20), matDay = mat < 1 ? r.int(1, 25) : mat;
      if (mat > LAST_DAY - 2) for (const x of xs) { x.group = null; x.kind = 'lcn_not_yet_due'; }
      else pay(matDay, xs.reduce((s, x) => s + x.cents, 0), `ENCAISSEMENT LCN N ${pad(lcn++, 7)} TIREUR ${c.bank}`, g, 'lcn_at_maturity');
    } else if (u < 0.48) {
      c = who((k) => !k.big);
      // A cheque paid in: the statement names the cheque and the drawee bank, not the customer.
      const g = book.group(), xs = Array.from({ length: r.chance(0.7) ? 1 : 2 }, () => inv(c, 'cheque_number_only', g, { mode: 'Chèque' }));
      pay(after(xs), xs.reduce((s, x) => s + x.cents, 0), `REMISE CHEQUE N ${chq()} ${r.pick(BANKS)}`, g, 'cheque_number_only');
    } else if (u < 0.52) {
      c = who((k) => !k.pub);
      // A sales rep pays in the cash he collected; the text names him and the agency.
      const g = book.group(), x = inv(c, 'cash_by_sales_rep', g, { mode: 'Espèces', ht: r.int(800, 25000) * 100 });
      pay(after([x]), x.cents, `VERSEMENT ESPECES ${r.pick(REPS)} AG ${r.pick(['CASA ANFA', 'DERB SULTAN', 'AIN SEBAA', 'MAARIF'])}${r.chance(0.5) ? ` ${c.bank}` : ''}`, g, 'cash_by_sales_rep');
    } else if (u < 0.56) {
      c = who((k) => !k.big);
      const g = book.group(), x = inv(c, 'credit_note_netted', g, { mode: 'Virement' });
      const m = book.addOi({ day: x.day + r.int(2, 15), cents: -Math.round(x.cents * r.int(4, 30) / 100), key: c.code, group: g, kind: 'credit_note_netted', cells: { no: `AV26-${pad(av++, 4)}`, n: '', ht: '', tva: '', cust: c.code, mode: '' } });
      vir(after([x, m]), x.cents + m.cents, virLib(c, `${cite(x)} MOINS AVOIR ${m.cells.no.slice(5)}`), g, 'credit_note_netted');
    } else if (u < 0.6) {
      c = who((k) => !k.big);
      // Down payment (acompte) then the balance, both quoting the invoice.
      const g = book.group(), x = inv(c, 'acompte_then_balance', g, { ht: r.int(40000, 400000) * 100 });
      const first = Math.round(x.cents * r.pick([30, 40, 50]) / 100 / 100000) * 100000, d = after([x]);
      vir(d, first, virLib(c, `ACOMPTE ${cite(x)}`), g, 'acompte_then_balance');
      vir(d + r.int(15, 35), x.cents - first, virLib(c, `SOLDE ${cite(x)}`), g, 'acompte_then_balance');
    } else if (u < 0.64) {
      c = who((k) => !k.big);
      // An LCN comes back unpaid (with fees and VAT on them); the customer then pays by transfer.
      const g = book.group(), x = inv(c, 'replaced_after_unpaid_lcn', g, { mode: 'LCN 30j' }), no = pad(lcn++, 7), d = Math.max(x.day + 30, r.int(1, 25));
      if (d + 20 > LAST_DAY - 2) { x.group = null; x.kind = 'lcn_not_yet_due'; continue; }
      pay(d, x.cents, `ENCAISSEMENT LCN N ${no} TIREUR ${c.bank}`, null, 'lcn_returned_unpaid');
      pay(d + r.int(2, 5), -x.cents, `IMPAYE LCN N ${no} PROVISION INSUFFISANTE`, null, 'lcn_returned_unpaid');
      const f = pay(d + r.int(2, 5), -10000, `FRAIS IMPAYE LCN ${no}`, null, 'bank_commission'); pay(f.day, -1000, `TVA/FRAIS IMPAYE LCN ${no}`, null, 'bank_commission');
      vir(d + r.int(8, 20), x.cents, virLib(c, `REMPLACEMENT LCN ${no}`), g, 'replaced_after_unpaid_lcn');
    } else if (u < 0.69) {
      c = who((k) => !k.big);
      // Transfer from an app with the company name only.
      const g = book.group(), x = inv(c, 'name_and_amount_only', g, { mode: 'Virement' });
      vir(after([x]), x.cents, `VIR RECU DE ${c.bank}`, g, 'name_and_amount_only');
    } else if (u < 0.73) {
      c = who((k) => !k.big);
      // ICE, phone and a date in the text: fifteen digits and more that are not invoice numbers.
      const g = book.group(), x = inv(c, 'ice_and_phone_in_text', g, { mode: 'Virement' });
      vir(after([x]), x.cents, r.pick([`VIR ${c.bank} ICE ${c.ice} ${cite(x)}`, `VIR RECU ICE${c.ice} TEL 06${r.int(10000000, 99999999)} ${x.cells.n}`, `VIR ${c.bank} ${x.cells.n} DU ${dmy(x.day, '/')} ICE ${c.ice}`]), g, 'ice_and_phone_in_text');
    } else if (u < 0.76) {
      c = who((k) => !k.big);
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g, { mode: 'Virement' }), n = x.cells.n;
      const bad = n[2] !== n[3] ? n.slice(0, 2) + n[3] + n[2] : String(Number(n) + 100);
      vir(after([x]), x.cents, virLib(c, `FACT ${bad}`), g, 'mistyped_invoice_number');
    } else if (u < 0.79) {
      // Two customers, one invoice each, same amount; each pays by LCN in its own name.
      const ks = custs.filter((k) => !k.big);
      const c1 = r.pick(ks), c2 = r.pick(ks.filter((k) => k !== c1)), ht = r.pick([1000000, 2500000, 5000000, 1250000]);
      for (const k of [c1, c2]) { const g = book.group(), x = inv(k, 'same_amount_two_customers', g, { ht, mode: 'LCN 30j' }); if (x.day + 30 > LAST_DAY - 2) { x.group = null; x.kind = 'lcn_not_yet_due'; continue; } pay(Math.max(x.day + 30, r.int(1, 25)), x.cents, `ENCAISSEMENT LCN N ${pad(lcn++, 7)} TIREUR ${k.bank}`, g, 'same_amount_two_customers'); }
    } else if (u < 0.81) {
      c = who((k) => !k.big);
      const ht = r.int(2000, 40000) * 100, g = book.group();
      inv(c, 'ambiguous_equal_amounts', g, { ht, amb: true, mode: 'Chèque' }); inv(c, 'ambiguous_equal_amounts', null, { ht, amb: true, mode: 'Chèque' });
      vir(r.int(30, LAST_DAY), ht + Math.round(ht * 0.2), `VIR RECU DE ${c.bank}`, g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.83) {
      c = who((k) => !k.big);
      // Paid twice; the second transfer is sent back.
      const g = book.group(), x = inv(c, 'duplicate_refunded', g, { mode: 'Virement' }), d = after([x]), lib = virLib(c, cite(x));
      vir(d, x.cents, lib, g, 'duplicate_refunded');
      vir(d + r.int(0, 2), x.cents, lib, null, 'duplicate_refunded');
      pay(d + r.int(4, 10), -x.cents, `VIR EMIS ${c.bank} REMB DOUBLE PAIEMENT`, null, 'duplicate_refunded');
    } else if (u < 0.86) {
      // A payment for an invoice of 2025, settled long ago, or another company's.
      vir(r.int(0, LAST_DAY), r.cents(1200, 90000), virLib(c, `FACT ${r.int(100, 3999)}/25`), null, 'payment_not_on_list');
      inv(c, 'unpaid_invoice', null);
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    if (r.chance(0.03)) { const td = r.int(0, LAST_DAY); pay(td, -r.cents(5000, 300000), `PRLV DGI ${r.pick(['TVA', 'IS ACOMPTE', 'IR SALAIRES'])} ${pad(dateOf(td).m - 1, 2)}/2026 IF ${'40123456'}`, null, 'tax_payment'); }
    if (r.chance(0.2)) pay(r.int(0, LAST_DAY), -r.cents(8000, 900000), `${r.pick(['VIR EMIS', 'PAIEMENT LCN N ' + pad(r.int(1000000, 9999999), 7)])} ${r.pick(['LAFARGEHOLCIM MAROC', 'SONASID', 'CIMENTS DU MAROC', 'MAGHREB STEEL', 'SUPERCERAME'])}`, null, 'supplier_payment');
    if (r.chance(0.03)) pay(r.int(0, LAST_DAY), r.cents(300, 20000), `REGLT TPE CMI ${r.int(1000000, 9999999)}`, null, 'card_settlement');
  }
  // Once a month: salaries by one grouped transfer, the account-keeping fee and the VAT on it.
  for (const [m, day] of [['SEPT', 27], ['OCT', 58], ['NOV', 86]] as const) pay(day, -r.cents(90000 * o.openItems / 2000, 260000 * o.openItems / 2000), `VIR EMIS SALAIRES ${m} 2026 ${r.int(20, 60)} BENEF`, null, 'payroll');
  for (const day of [0, 30, 61]) { const f = pay(workDay(day), -12000, 'FRAIS TENUE DE COMPTE', null, 'bank_commission'); pay(f.day, Math.round(f.cents * 0.1), 'TVA/FRAIS TENUE DE COMPTE', null, 'bank_commission'); }
  const { oi, st, truth } = book.finish();
  const fm = (c: number) => money(c, ' ', ',');
  const byCode = new Map(custs.map((c) => [c.code, c]));
  const tot = oi.reduce((s, x) => s + x.cents, 0);
  const oiLines = ['MAGHREB MATERIAUX DISTRIBUTION SARL', `Échéancier clients au ${dmy(LAST_DAY, '/')}`, 'Période du 01/01/2026 au ' + dmy(LAST_DAY, '/'), 'ICE 001524879000034  IF 40123456  RC 245789', '',
    ['N° compte', 'Intitulé', 'ICE', 'N° pièce', 'Type', 'Date pièce', 'Échéance', 'Mode règlement', 'Montant HT', 'TVA', 'Reste à payer'].join('\t')];
  for (const x of oi) {
    const c = byCode.get(x.cells.cust)!, cn = x.cents < 0;
    const due = x.cells.mode.startsWith('LCN') ? x.day + Number(x.cells.mode.slice(4, 6)) : x.day + 30;
    oiLines.push([c.code, c.name, c.ice, x.cells.no, cn ? 'Avoir' : 'Facture', dmy(x.day, '/'), dmy(due, '/'), x.cells.mode, cn ? fm(Math.round(x.cents / 1.2)) : fm(Number(x.cells.ht)), cn ? fm(x.cents - Math.round(x.cents / 1.2)) : fm(Number(x.cells.tva)), fm(x.cents)].join('\t'));
  }
  oiLines.push('', ['', 'Total général', '', '', '', '', '', '', '', '', fm(tot)].join('\t'));
  let bal = openingFor(st, 85_000_000);
  const open = bal;
  const stLines = ['ATTIJARIWAFA BANK', 'RELEVE DE COMPTE', 'MAGHREB MATERIAUX DISTRIBUTION SARL', 'RIB : 007 780 0001234000000012 34', 'Devise : MAD',
    `Solde au ${dmy(-1, '/')};;;;;${fm(open)}`, '', 'Date opération;Libellé;Date valeur;Débit;Crédit;Solde'];
  let deb = 0, cred = 0;
  for (const x of st) {
    bal += x.cents;
    if (x.cents < 0) deb -= x.cents; else cred += x.cents;
    const val = x.cells.lib.startsWith('REMISE CHEQUE') ? workDay(x.day + 2) : x.day;
    stLines.push([dmy(x.day, '/'), q(x.cells.lib, ';'), dmy(val, '/'), x.cents < 0 ? fm(-x.cents) : '', x.cents > 0 ? fm(x.cents) : '', fm(bal)].join(';'));
  }
  stLines.push('', `TOTAL MOUVEMENTS;;;${fm(deb)};${fm(cred)};`, `Solde au ${dmy(LAST_DAY, '/')};;;;;${fm(bal)}`);
  return {
    name: NAME,
    description: 'A Casablanca building-materials wholesaler exports its customer due-date list from Sage 100 Maroc (Windows-1252, tab-separated .txt, four preamble lines with the company ICE/IF/RC, French headers with accents, dd/mm/yyyy, amounts 12 345,67 with a space for thousands; invoices FA26-02417 with HT, TVA 20 % and the amount open, credit notes AV26-0087 negative, the payment mode per item: Virement, Chèque, LCN 60j/90j, Espèces; a Total général line) and its Attijariwafa statement (UTF-8, semicolons, preamble with RIB and opening balance, Débit/Crédit/Solde with running balance, libellés in capitals cut at 70 characters, a TOTAL MOUVEMENTS and closing-balance trailer). Every transfer from another bank is followed by COM VIR RECU 5,00 and TVA/COM 0,50 lines. Kinds: transfer_invoice_cited (seven spellings: FA26-02417, FACT 2417, F2417, FA 2417/26 …), transfer_vat_withheld (public bodies and large firms keep 75 % of the VAT), transfer_vat_withheld_multi (Trésorerie Générale payments with only an OP number), lcn_at_maturity (LCN credited at maturity with the drawer\'s name, one LCN for one to three invoices), cheque_number_only, cash_by_sales_rep, credit_note_netted, acompte_then_balance, lcn_returned_unpaid then replaced_after_unpaid_lcn by transfer (with FRAIS IMPAYE and VAT on them), name_and_amount_only, ice_and_phone_in_text (15-digit ICE, mobile numbers, dates), mistyped_invoice_number, same_amount_two_customers (LCN, round amounts), ambiguous_equal_amounts, duplicate_refunded, payment_not_on_list, unpaid invoices, payroll, DGI tax debits, supplier payments and LCN paid, card settlements, bank commissions.',
    openItems: { fileName: 'ECHEANCIER_CLIENTS.txt', content: cp1252(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: `releve_0001234000000012_${dmy(LAST_DAY, '').slice(0, 4)}.csv`, content: stLines.join('\r\n') + '\r\n' },
    truth,
  };
}
