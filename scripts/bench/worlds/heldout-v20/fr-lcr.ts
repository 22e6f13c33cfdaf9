/**
 * fr-lcr — a sheet-metal works near Saint-Étienne (Sage 100 Comptabilité, EUR, 20 % TVA) against its
 * Société Générale account CSV. Many of its trade customers pay by LCR (lettre de change relevé): the
 * works does not wait for money, it presents the bills falling due in a week to its bank in one
 * remise, and the bank credits the whole remise in one line ("REMISE LCR … 14 EFFETS") naming no
 * customer and no invoice, charges a commission per bill on a line of its own, and days later debits
 * the bills the drawee's bank refused (LCR IMPAYEE … MOTIF PROVISION INSUFFISANTE) plus a fee. Others
 * pay by SEPA transfer, quoting the invoice in the motif in many spellings, next to SIRET numbers and
 * their own purchase-order numbers; some pay by cheque, deposited in remises of several cheques. Early
 * payers take a 2 % escompte. Sage's open-items export is Windows-1252, tab-separated, with a
 * preamble, non-breaking spaces as thousands marks, a running balance and a subtotal per account.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, cp1252, dateOf, dmy, dmy2, money, pad, pctOf, rngFor, openingFor, sumOf, typo, workDay, LAST_DAY, type Row } from './common';

const NAME = 'fr-lcr';
/** 11 November (Armistice); 1 November 2026 is a Sunday. */
export const FR_HOLIDAYS = [71];
export const FR_ESCOMPTE_PCT = 2;
export const FR_LCR_COMMISSION = 45; // cents a bill
export const FR_UNPAID_FEE = 1850;

const FORMS = ['SARL', 'SAS', 'SA', 'EURL', 'Ets', 'SASU'];
const N1 = ['Dupont', 'Martin', 'Bernard', 'Faure', 'Roux', 'Girard', 'Bonnet', 'Chauvet', 'Mercier', 'Blanc', 'Guérin', 'Boyer', 'Garnier', 'Chevalier', 'Fournier', 'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Lefèvre', 'Perrin', 'Morel', 'Gauthier'];
const N2 = ['Bâtiment', 'Métallerie', 'Serrurerie', 'Chaudronnerie', 'Agencement', 'Menuiserie Alu', 'Climatisation', 'Charpente Métallique', 'Industrie', 'Maintenance', 'Carrosserie', 'Équipements'];
const GROUPS = ['GROUPE FAYAT SA', 'EIFFAGE METAL SAS', 'SPIE INDUSTRIE SA', 'BOUYGUES E&S SAS'];
const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();

interface Cust { name: string; acct: string; bank: string; siret: string; lcr: boolean; group: string }

export function frLcr(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 20001);
  const book = new Book();
  const used = new Set<string>(), accts = new Set<string>();
  const mk = (): Cust => {
    let base = '';
    for (let t = 0; !base || used.has(base); t++) base = `${r.pick(N1)} ${r.pick(N2)}${t > 30 ? ` ${r.pick(['Loire', 'Forez', 'Rhône', 'Velay', 'Gier', 'Ondaine'])}` : ''}${t > 80 ? ` ${t}` : ''}`;
    used.add(base);
    const name = `${r.pick(FORMS)} ${base}`;
    let acct = `411${ascii(base.split(' ')[0]).slice(0, 6)}`;
    for (let i = 2; accts.has(acct); i++) acct = `411${ascii(base.split(' ')[0]).slice(0, 5)}${i}`;
    accts.add(acct);
    return { name, acct, bank: r.pick([ascii(name), ascii(base), `${ascii(base)} ${ascii(name.split(' ')[0])}`]).slice(0, 35), siret: `${r.int(3, 9)}${pad(r.int(0, 99999999), 8)}000${r.int(10, 99)}`, lcr: r.chance(0.4), group: r.chance(0.08) ? r.pick(GROUPS) : '' };
  };
  const custs = Array.from({ length: Math.max(40, Math.round(o.openItems / 10)) }, mk);
  const lcrCusts = custs.filter((c) => c.lcr), virCusts = custs.filter((c) => !c.lcr), grouped = custs.filter((c) => c.group);
  if (!grouped.length) grouped.push(Object.assign(virCusts[0], { group: GROUPS[0] }));

  const no0 = r.int(100, 400), per = Math.max(1, o.openItems * 1.15) / 112;
  let no = no0, av = r.int(10, 40), piece = r.int(100000, 180000);
  const inv = (c: Cust, kind: string, group: string | null, opt: { ttc?: number; amb?: boolean; avoir?: boolean; mode?: string; lag?: number } = {}): Row => {
    const n = no++, ttc = opt.ttc ?? Math.round(r.cents(60, 9000) * 1.2);
    const day = Math.min(80, -32 + Math.floor((n - no0) / per));
    const num = opt.avoir ? `AV26${pad(av++, 5)}` : `FA26${pad(n, 5)}`;
    const mode = opt.mode ?? (c.lcr ? 'LCR' : r.pick(['VIR', 'VIR', 'VIR', 'CHQ']));
    const due = opt.avoir ? day : day + (opt.lag ?? r.pick([30, 45, 60]));
    return book.addOi({ day, cents: opt.avoir ? -ttc : ttc, key: c.acct, group, kind, amb: opt.amb, cells: { no: num, cust: c.name, acct: c.acct, piece: String(piece++), mode, due: String(due) } });
  };
  const e2e = () => r.pick(['NOTPROVIDED', `${pad(r.int(0, 99999999), 8)}${pad(r.int(0, 9999999), 7)}`, `VIR${r.int(100000, 999999)}-${r.int(1, 99)}`]);
  /** A SEPA transfer in: Libellé short, Détail with /DE /MOTIF /REF as SG prints it. */
  const vir = (day: number, cents: number, who: string, motif: string, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: workDay(Math.max(day, 0), FR_HOLIDAYS), cents, group, kind, amb, cells: { lib: `VIR RECU    ${pad(r.int(0, 9999999999), 10)}`, det: `VIR SEPA RECU /DE ${who} /MOTIF ${motif} /REF ${e2e()}` } });
  const line = (day: number, cents: number, lib: string, det: string, group: string | null, kind: string) =>
    book.addSt({ day: workDay(Math.max(day, 0), FR_HOLIDAYS), cents, group, kind, cells: { lib, det } });
  const after = (rows: Row[], lo = 5, hi = 50) => Math.max(Math.max(...rows.map((x) => x.day)) + r.int(lo, hi), r.int(0, 10));
  const cite = (x: Row) => {
    const n = x.cells.no;
    return r.pick([`FACT ${n}`, `FACTURE NO ${n}`, `FAC.${n}`, n, `REGLT ${n}`, `FA ${n.slice(2)}`, `V/FACT ${n}`, `paiement facture ${n.toLowerCase()}`, `FACTURE ${n.slice(0, 4)} ${n.slice(4)}`]);
  };
  const lcrBills: Row[] = [];
  let remise = r.int(1000, 5000), chq = r.int(1000000, 2000000);

  while (book.oi.length < o.openItems) {
    const u = r.next();
    const c = r.pick(virCusts), l = r.pick(lcrCusts);
    if (u < 0.24) { lcrBills.push(inv(l, 'lcr_batch', null, { lag: r.pick([30, 45, 60, 60]) })); }
    else if (u < 0.38) {
      const g = book.group(), x = inv(c, 'transfer_invoice_in_motif', g);
      vir(after([x]), x.cents, c.bank, cite(x), g, 'transfer_invoice_in_motif');
    } else if (u < 0.42) {
      const g = book.group(), x = inv(c, 'cheque_single_deposit', g, { mode: 'CHQ' }), n = chq++;
      line(after([x]), x.cents, `REMISE CHEQUE ${n}`, `REMISE CHEQUES N ${n} 1 CHQ ${dmy2(after([x]), '/')}`, g, 'cheque_single_deposit');
    } else if (u < 0.45) {
      const g = book.group(), cs = r.shuffle(virCusts.slice()).slice(0, r.int(2, 4)), xs = cs.map((z) => inv(z, 'cheque_remise_several_customers', g, { mode: 'CHQ' })), n = chq++;
      line(after(xs), sumOf(xs), `REMISE CHEQUE ${n}`, `REMISE CHEQUES N ${n} ${xs.length} CHQ`, g, 'cheque_remise_several_customers');
    } else if (u < 0.49) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_invoices_one_transfer', g));
      vir(after(xs), sumOf(xs), c.bank, `${r.pick(['FACT', 'FACTURES', 'REGLT FACT', 'FACT.'])} ${xs.map((x) => x.cells.no).join(r.pick([' ', ', ', '/', ' + ']))}`.slice(0, 140), g, 'several_invoices_one_transfer');
    } else if (u < 0.53) {
      const g = book.group(), x = inv(c, 'credit_note_netted', g, { ttc: Math.round(r.cents(500, 9000) * 1.2) });
      const a = inv(c, 'credit_note_netted', g, { avoir: true, ttc: Math.round(x.cents * r.int(3, 30) / 100) });
      vir(after([x, a]), x.cents + a.cents, c.bank, `FACT ${x.cells.no} ${r.pick(['- AVOIR', 'MOINS AV', 'DEDUCTION AVOIR', '/ AV'])} ${a.cells.no}`, g, 'credit_note_netted');
    } else if (u < 0.56) {
      const g = book.group(), x = inv(c, 'escompte_deducted', g);
      vir(Math.max(x.day + r.int(3, 9), r.int(0, 8)), x.cents - pctOf(x.cents, FR_ESCOMPTE_PCT), c.bank, `${cite(x)} ${r.pick(['ESCOMPTE 2%', 'ESC 2 %', 'DEDUCT ESCOMPTE', 'PAIEMENT COMPTANT -2%'])}`, g, 'escompte_deducted');
    } else if (u < 0.59) {
      const g = book.group(), x = inv(c, 'instalments', g, { ttc: Math.round(r.cents(4000, 15000) * 1.2) }), n = r.int(2, 3);
      const part = Math.floor(x.cents / n / 10000) * 10000, d0 = after([x], 5, 20);
      for (let i = 0; i < n; i++) vir(d0 + i * r.int(25, 32), i < n - 1 ? part : x.cents - part * (n - 1), c.bank, `${r.pick(['ECHEANCIER', 'ACOMPTE', 'VERSEMENT'])} ${i + 1}/${n} ${x.cells.no}`, g, 'instalments');
    } else if (u < 0.61) {
      const g = book.group(), x = inv(c, 'part_payment', g, { ttc: Math.round(r.cents(1500, 12000) * 1.2) });
      vir(after([x]), Math.round(x.cents * r.int(20, 60) / 100 / 10000) * 10000, c.bank, `${r.pick(['ACOMPTE SUR', 'REGLT PARTIEL', 'A VALOIR SUR'])} ${cite(x)}`, g, 'part_payment');
    } else if (u < 0.65) {
      const g = book.group(), x = inv(c, 'name_and_amount_only', g);
      vir(after([x]), x.cents, c.bank, r.pick(['REGLEMENT', 'PAIEMENT FOURNISSEUR', 'VIREMENT', `REGLT ${['SEPTEMBRE', 'OCTOBRE', 'NOVEMBRE'][Math.min(2, Math.max(0, Math.floor(x.day / 30)))]}`]), g, 'name_and_amount_only');
    } else if (u < 0.675) {
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g), bad = typo(r, x.cells.no);
      vir(after([x]), x.cents, c.bank, r.pick([`FACT ${bad}`, bad, `FACTURE NO ${bad}`]), g, 'mistyped_invoice_number');
    } else if (u < 0.705) {
      const g = book.group(), x = inv(c, 'siret_order_phone_in_motif', g);
      const bits = r.shuffle([r.pick([`SIRET ${c.siret}`, `SIREN ${c.siret.slice(0, 9)}`, c.siret]), r.pick([`N/CDE 45${pad(r.int(0, 99999999), 8)}`, `BC ${r.int(2026000, 2026999)}`, `TEL 0${r.pick([4, 6, 7])}${pad(r.int(0, 99999999), 8)}`, `CLIENT ${r.int(10000, 99999)}`]), cite(x)]);
      vir(after([x]), x.cents, c.bank, bits.join(' '), g, 'siret_order_phone_in_motif');
    } else if (u < 0.725) {
      const p = r.pick(grouped), g = book.group(), xs = Array.from({ length: r.int(1, 3) }, () => inv(p, 'paid_by_group_head_office', g));
      vir(after(xs), sumOf(xs), p.group, `${r.pick(['PAIEMENT FOURNISSEUR', 'REGLEMENT'])} ${ascii(p.name)} ${xs.map((x) => x.cells.no).join(' ')}`.slice(0, 140), g, 'paid_by_group_head_office');
    } else if (u < 0.745) {
      const c2 = r.pick(virCusts.filter((z) => z !== c)), ttc = r.int(2, 40) * 12000;
      for (const z of [c, c2]) { const g = book.group(), x = inv(z, 'same_amount_two_customers', g, { ttc }); vir(after([x]), x.cents, z.bank, r.pick(['REGLEMENT', 'PAIEMENT FACTURE', 'VIREMENT']), g, 'same_amount_two_customers'); }
    } else if (u < 0.76) {
      const g = book.group(), ttc = Math.round(r.cents(100, 3000) * 1.2), a = inv(c, 'ambiguous_equal_amounts', g, { ttc, amb: true });
      inv(c, 'ambiguous_equal_amounts', null, { ttc, amb: true });
      vir(after([a]), a.cents, c.bank, r.pick(['REGLEMENT', 'PAIEMENT FACTURE', 'REGLT FOURNISSEUR']), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.775) {
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d1 = after([x]), m = cite(x);
      vir(d1, x.cents, c.bank, m, g, 'duplicate_refunded');
      vir(d1, x.cents, c.bank, m, null, 'duplicate_refunded');
      line(d1 + r.int(3, 12), -x.cents, `VIR EUROPEEN EMIS   NET`, `VIR SEPA EMIS /A ${c.bank} /MOTIF REMBT DOUBLE PAIEMENT ${x.cells.no} /REF ${e2e()}`, null, 'duplicate_refunded');
    } else if (u < 0.79) {
      const old = `FA25${pad(r.int(1000, 9999), 5)}`;
      vir(r.int(0, LAST_DAY - 1), Math.round(r.cents(50, 3000) * 1.2), c.bank, r.pick([`FACT ${old}`, `SOLDE ${old}`, 'SOLDE 2025']), null, 'payment_not_on_list');
    } else if (u < 0.80) {
      // A customer's own cheque bounced (chèque impayé): deposited, debited back, replaced by a transfer.
      const g = book.group(), x = inv(c, 'cheque_bounced_then_transfer', g, { mode: 'CHQ' }), d1 = after([x], 5, 25), n = chq++;
      line(d1, x.cents, `REMISE CHEQUE ${n}`, `REMISE CHEQUES N ${n} 1 CHQ`, null, 'cheque_bounced_then_transfer');
      line(d1 + r.int(4, 8), -x.cents, 'CHEQUE IMPAYE', `CHQ IMPAYE ${pad(r.int(0, 9999999), 7)} REMISE ${n} MOTIF SANS PROVISION`, null, 'cheque_bounced_then_transfer');
      vir(d1 + r.int(12, 25), x.cents, c.bank, `REGULARISATION ${cite(x)}`, g, 'cheque_bounced_then_transfer');
    } else {
      inv(r.chance(0.5) ? c : l, 'unpaid_invoice', null, r.chance(0.5) ? {} : { mode: 'VIR' });
    }
    book.endCase();
  }

  // The LCR remises: every Friday the bills falling due the following week go to the bank in one
  // remise; the bank credits it at the due date of the week (the Friday after), net of nothing, and
  // charges its commission on a separate line. Refused bills come back days later, debited one by one.
  const byWeek = new Map<number, Row[]>();
  for (const b of lcrBills) { const d = Number(b.cells.due), w = Math.max(3, d + ((5 - dateOf(d).dow + 7) % 7)); byWeek.set(w, [...(byWeek.get(w) ?? []), b]); }
  for (const [fri, bills] of [...byWeek].sort((a, b) => a[0] - b[0])) {
    const credit = workDay(Math.max(fri, 0), FR_HOLIDAYS);
    if (credit > LAST_DAY) { for (const b of bills) b.kind = 'not_yet_due'; continue; }
    const n = remise++, g = book.group();
    const unpaid = bills.length >= 3 && r.chance(0.6) ? bills[r.int(0, bills.length - 1)] : undefined;
    const back = credit + r.int(3, 7);
    const ok = unpaid && back <= LAST_DAY;
    const kind = ok ? 'lcr_batch_with_unpaid' : 'lcr_batch';
    for (const b of bills) if (b !== unpaid || !ok) { b.group = g; b.kind = kind; }
    line(credit, sumOf(bills), 'REMISE LCR ENCAISSEMENT', `REMISE LCR A L ENCAISSEMENT N ${pad(n, 7)} ECH. ${dmy2(fri, '/')} ${bills.length} EFFETS`, g, kind);
    line(credit, -bills.length * FR_LCR_COMMISSION, 'COMMISSION LCR', `COMMISSION REMISE LCR N ${pad(n, 7)} ${bills.length} EFFETS X 0,45`, null, 'bank_fee');
    if (unpaid && ok) {
      line(back, -unpaid.cents, 'LCR IMPAYEE', `IMPAYE LCR ECH. ${dmy2(fri, '/')} ${ascii(unpaid.cells.cust).slice(0, 24)} REF ${unpaid.cells.no} MOTIF ${r.pick(['PROVISION INSUFFISANTE', 'DEMANDE DE PROROGATION', 'REFUS DE PAYER', 'SANS ORDRE DU CLIENT'])}`, g, kind);
      line(back, -FR_UNPAID_FEE, 'FRAIS IMPAYE', `FRAIS SUR LCR IMPAYEE ${unpaid.cells.no}`, null, 'bank_fee');
      const again = back + r.int(6, 20), cu = custs.find((z) => z.name === unpaid.cells.cust)!;
      if (r.chance(0.6) && again <= LAST_DAY) {
        const g2 = book.group(); unpaid.group = g2; unpaid.kind = 'lcr_refused_then_transfer';
        vir(again, unpaid.cents, cu.bank, r.pick([`REGUL LCR IMPAYEE ${unpaid.cells.no}`, `LCR ${unpaid.cells.no} ECH ${dmy2(fri, '/')}`, `SUITE IMPAYE ${unpaid.cells.no}`]), g2, 'lcr_refused_then_transfer');
      } else { unpaid.group = null; unpaid.kind = 'lcr_refused_still_open'; }
    }
  }
  // The rest of the account.
  for (let i = 0, n = Math.round(o.openItems * 0.12); i < n; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.25) line(day, -r.cents(200, 9000), 'PRLV SEPA', `PRLV SEPA ${r.pick(['URSSAF RHONE ALPES', 'EDF ENTREPRISES', 'DGFIP TVA', 'ORANGE BUSINESS', 'AG2R LA MONDIALE'])} ECH/${dmy2(day, '')} ID EMETTEUR/FR${r.int(10, 99)}ZZZ${r.int(100000, 999999)} MDT/${r.int(1000000, 9999999)}`, null, 'other_bank_line');
    else if (v < 0.55) line(day, -r.cents(500, 25000), 'VIR EUROPEEN EMIS   NET', `VIR SEPA EMIS /A ${r.pick(['ARCELORMITTAL DISTRIBUTION', 'KDI SAS', 'WURTH FRANCE', 'AIR LIQUIDE FRANCE', 'TRANSPORTS CHAZOT'])} /MOTIF FACTURE ${r.int(100000, 999999)} /REF ${e2e()}`, null, 'other_bank_line');
    else if (v < 0.7) line(day, -r.cents(20, 300), 'CARTE X1234', `CARTE X1234 ${dmy2(day - 1, '/')} ${r.pick(['TOTAL ACCESS', 'LEROY MERLIN', 'AUTOROUTE APRR', 'SNCF'])}`, null, 'other_bank_line');
    else if (v < 0.85) line(day, -r.cents(1800, 3500), 'VIR EUROPEEN EMIS   NET', `VIR SEPA EMIS /A ${r.pick(['M. PATRICK MOREL', 'MME SANDRINE FAURE', 'M. KARIM BENALI'])} /MOTIF SALAIRE ${r.pick(['09', '10', '11'])}/2026`, null, 'other_bank_line');
    else line(day, -r.int(900, 4500), r.pick(['COTISATION JAZZ PRO', 'FRAIS VIR INTERNET', 'COMMISSION D INTERVENTION']), r.pick(['COTISATION MENSUELLE', 'FRAIS', 'COMMISSION']), null, 'bank_fee');
  }

  const { oi, st, truth } = book.finish(true);
  // Sage 100 "Échéancier clients non lettré": Windows-1252, tabs, preamble, non-breaking-space thousands.
  const m = (c: number) => (c === 0 ? '' : money(c, '\u00a0', ','));
  const OH = ['Compte', 'Intitulé compte', 'Date pièce', 'Jal', 'N° pièce', 'N° facture', 'Libellé écriture', 'Mode règl.', 'Échéance', 'Débit', 'Crédit', 'Solde progressif'];
  const oiLines = ['TOLERIE INDUSTRIELLE DU FOREZ', 'Échéancier clients - écritures non lettrées', `Période du ${dmy(-32, '/')} au ${dmy(LAST_DAY, '/')}`, `Édité le ${dmy(LAST_DAY + 1, '/')} à 08:14`, '', OH.join('\t')];
  let run = 0, totD = 0, totC = 0, subD = 0, subC = 0;
  oi.forEach((x, i) => {
    const d = x.cents > 0 ? x.cents : 0, c = x.cents < 0 ? -x.cents : 0;
    run += x.cents; subD += d; subC += c;
    const lib = `${x.cents > 0 ? 'Fact.' : 'Avoir'} ${x.cells.no} ${ascii(x.cells.cust).split(' ').slice(1).join(' ')}`.slice(0, 35);
    oiLines.push([x.cells.acct, x.cells.cust, dmy(x.day, '/'), 'VT', x.cells.piece, x.cells.no, lib, x.cells.mode, dmy(Number(x.cells.due), '/'), m(d), m(c), money(run, '\u00a0', ',')].join('\t'));
    if (i + 1 === oi.length || oi[i + 1].cells.acct !== x.cells.acct) {
      oiLines.push(['', `Total ${x.cells.acct}`, '', '', '', '', '', '', '', money(subD, '\u00a0', ','), money(subC, '\u00a0', ','), money(run, '\u00a0', ',')].join('\t'));
      totD += subD; totC += subC; subD = 0; subC = 0; run = 0;
    }
  });
  oiLines.push(['', 'Total général', '', '', '', '', '', '', '', money(totD, '\u00a0', ','), money(totC, '\u00a0', ','), money(totD - totC, '\u00a0', ',')].join('\t'));
  // Société Générale CSV: account line with the balance, newest first, signed amounts, decimal commas.
  const acct = `0003${pad(r.int(0, 9999999999), 10)}`;
  const open = openingFor([...st].reverse(), r.cents(30000, 120000)), close = open + sumOf(st);
  const fr = (c: number) => money(c, '', ',');
  const stLines = [`="${acct}";Compte courant - TOLERIE IND DU FOREZ;EUR;Solde au ${dmy(LAST_DAY, '/')};${fr(close)};`, `;;;Solde au ${dmy(-1, '/')};${fr(open)};`, '', "Date de l'opération;Libellé;Détail de l'écriture;Montant de l'opération;Devise"];
  for (const x of st) stLines.push([dmy(x.day, '/'), x.cells.lib, x.cells.det, fr(x.cents), 'EUR'].join(';'));
  return {
    name: NAME,
    description: 'A Saint-Étienne sheet-metal works\' Sage 100 "Échéancier clients" of unlettered entries (Windows-1252, tab-separated, four preamble lines, dd/mm/yyyy, decimal commas with non-breaking-space thousands marks, Débit/Crédit columns, a running balance per 411 auxiliary account, a "Total 411XXX" line after each account and a "Total général"; invoices FA26xxxxx, credit notes AV26xxxxx, piece numbers of six digits, payment mode LCR/VIR/CHQ and due date per row) against a Société Générale account CSV (Windows-1252, semicolons, an ="account" line with the closing balance and a line with the opening balance above the header, newest first, signed amounts with decimal commas, VIR SEPA RECU /DE /MOTIF /REF details). Kinds: lcr_batch (one REMISE LCR credit for all bills due in a week, several customers, naming none; commission on a line of its own), lcr_batch_with_unpaid (the remise credit and the IMPAYE LCR debit of a refused bill against the bills that stayed paid), lcr_refused_then_transfer, lcr_refused_still_open, transfer_invoice_in_motif (nine spellings), cheque_single_deposit and cheque_remise_several_customers (no name, no number), several_invoices_one_transfer, credit_note_netted, escompte_deducted (2 %), instalments, part_payment, name_and_amount_only, mistyped_invoice_number, siret_order_phone_in_motif (SIRET/SIREN, purchase orders, phone numbers, customer numbers), paid_by_group_head_office, same_amount_two_customers, ambiguous_equal_amounts, duplicate_refunded, cheque_bounced_then_transfer, payment_not_on_list, unpaid_invoice, not_yet_due, bank_fee, other_bank_line.',
    openItems: { fileName: 'echeancier_clients.txt', content: cp1252(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: `${acct}.csv`, content: cp1252(stLines.join('\r\n') + '\r\n') },
    truth,
  };
}
