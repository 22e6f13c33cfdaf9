/**
 * fr-lettrage — Menuiseries Industrielles du Rhône SAS, a Lyon joinery selling to builders, shops
 * and local authorities' contractors, reconciles its EUR current account at a French bank.
 *
 * Open items: a Sage/Cegid-style "échéancier clients — écritures non lettrées" export (`;`, UTF-8
 * with BOM, dd/mm/yyyy, decimal comma, no thousands mark). Columns
 * `Compte tiers;Nom tiers;Date pièce;Journal;N° pièce;Type;Référence;Libellé;Échéance;Mode règlement;Montant;Sens;Lettrage`:
 * auxiliary accounts `411DUPONT`, numeric piece numbers `20260412` (year + sequence, in date order
 * with gaps for settled invoices; December invoices are `2025xxxx`), credit notes (`Avoir`) in the
 * same series, the amount unsigned with `Sens` D/C, `Référence` = the customer's own order
 * reference for about a third of the customers, `Lettrage` mostly empty — a lower-case code marks
 * an invoice partly settled before the period together with the earlier payment row (journal BQ,
 * `Règlement`, Sens C). Sorted by account, then date.
 *
 * Statement: a French bank CSV in Windows-1252, a five-line preamble (account, period, balance)
 * and a blank line, then `Date opération;Date valeur;Libellé;Débit;Crédit` (dd/mm/yyyy, decimal
 * comma, unsigned amounts in two columns), newest first. Libellés: `VIR SEPA RECU /DE <NAME> /MOTIF
 * <text> /REF <end-to-end id>` and `VIR INST RE …` with the payer in CAPITALS, accents dropped, cut
 * at 32 characters; `REMISE CHQ 1234567` (a deposit of several cheques, no names, the split not on
 * the line); `REMISE CB` card settlements net of the acquirer's commission; `REMISE LCR … ECH
 * dd/mm/yy` (bills of exchange collected at their due date, a bordereau of several customers);
 * `IMPAYE CHQ` cheque returns; `PRLV SEPA` debits (URSSAF, DGFIP, EDF, leasing), fees, salaries,
 * card purchases, supplier transfers naming the supplier's own numeric invoice numbers, a VAT
 * refund from the DGFIP.
 *
 * Kinds (the same label on both sides of a group):
 *   exact_reference        VIR whose /REF is the piece number exactly; MOTIF generic.
 *   reference_in_text      VIR whose MOTIF writes the invoice loosely (`FACT 2026-0412`,
 *                          `FACTURE N 20260412`, `F20260412`, `FACT. 0412`, …), /REF the payer's own id.
 *   order_ref_only         MOTIF names only the customer's order reference (the `Référence` column).
 *   multi_invoice          one VIR naming 2–4 invoices.
 *   credit_note_netted     1–2 invoices minus an avoir, one VIR naming them (`MOINS AVOIR …`).
 *   cheque_deposit         REMISE CHQ of 1–6 cheques from different customers, one invoice each;
 *                          the line names no one and no invoice (group = the invoices + the line).
 *   card_settlement        REMISE CB of 1–4 card-paying customers' invoices, credited net of a
 *                          0.4–1.5 % commission (gross and commission shown on some lines).
 *   lcr_remise             REMISE LCR bordereau of 1–6 LCR invoices sharing a due date, credited at it.
 *   part_payment           ACOMPTE / REGLEMENT PARTIEL naming the invoice, 30–70 %.
 *   short_payment          the invoice minus an escompte of 0.5–3 % (`ESCOMPTE 2%` sometimes written).
 *   balance_after_lettrage an invoice with a partial lettrage code and its earlier payment row in the
 *                          ERP; the VIR pays the remainder (group = both ERP rows + the line).
 *   payer_name_only        VIR with no usable MOTIF; amount unique among that customer's open items.
 *   ambiguous_equal_amounts the same, but the customer has a second open invoice of that amount
 *                          (paid one + payment: group, ambiguous; twin: no group, ambiguous).
 *   returned_payment       a one-cheque REMISE CHQ and, days later, `IMPAYE CHQ REM <no> … SANS
 *                          PROVISION` for the same amount; invoice and both lines have no group.
 *   unpaid_invoice, open_credit_note        no group.
 *   noise_prlv, noise_bank_fee, noise_supplier, noise_salary, noise_card_purchase, noise_tax_refund
 *                          bank lines paying nothing on the list; no group.
 */
import type { World, WorldGenerator, WorldTruthRow } from '../world';
import { Rng, dayOf, lettersToDigits, mod97, pad, ymd } from './prng';

type Mode = 'Virement' | 'Chèque' | 'LCR' | 'Carte bancaire';
interface Cust { code: string; name: string; bank: string; mode: Mode; orders: boolean; terms: number; siret: string }
interface Doc { c: Cust; day: number; due: number; cents: number; type: 'Facture' | 'Avoir' | 'Règlement'; no: string; yr: number; seq: number; ref: string; lib: string; let: string; g: string | null; kind: string; amb?: boolean }
interface Line { day: number; vday: number; amt: number; lib: () => string; g: string | null; kind: string; amb?: boolean }

const D0 = dayOf(2026, 1, 5), SPAN = 86; // 05/01/2026 … 31/03/2026
const dmy = (d: number) => { const [y, m, dd] = ymd(d); return `${pad(dd, 2)}/${pad(m, 2)}/${y}`; };
const dmyy = (d: number) => dmy(d).replace(/\/20(\d\d)$/, '/$1');
const ddmm = (d: number) => dmy(d).slice(0, 5);
const wd = (d: number) => new Date(d * 86400000).getUTCDay();
const biz = (d: number) => (wd(d) === 6 ? d + 2 : wd(d) === 0 ? d + 1 : d);
const nextBiz = (d: number) => biz(d + 1);
const fr = (c: number) => Math.floor(Math.abs(c) / 100) + ',' + pad(Math.abs(c) % 100, 2);
const endOfMonth = (d: number) => { const [y, m] = ymd(d); return dayOf(y, m + 1, 1) - 1; };
/** Accents dropped, capitals, punctuation to spaces: what the bank shows. */
export const bankCase = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9&\- ]/g, ' ').replace(/\s+/g, ' ').trim();

const FAMILY = ['Dupont', 'Lefèvre', 'Moreau', 'Girard', 'Bonnet', 'Chevalier', 'Rousseau', 'Fournier', 'Mercier', 'Blanc', 'Guérin', 'Faure', 'Morel', 'Gauthier', 'Perrin', 'Roussel', 'Brunet', 'Péroux', 'Giraud', 'Vidal', 'Roche', 'Lacroix', 'Chabert', 'Besson', 'Dumas', 'Michaud', 'Rey', 'Bérard', 'Collet', 'Jacquemet'];
const TRADES = ['Bâtiment', 'Construction', 'Rénovation', 'Charpente', 'Agencement', 'Maçonnerie', 'Menuiserie', 'Promotion Immobilière', 'Cuisines', 'Décoration', 'Plâtrerie', 'Habitat'];
const LONG = ['Société Nouvelle des Établissements', 'Entreprise Générale de Bâtiment', 'Compagnie Lyonnaise d\'Aménagement', 'Ateliers Réunis de Rénovation', 'Groupement des Artisans du Beaujolais'];
const FORMS = ['SARL', 'SARL', 'SAS', 'SAS', 'EURL', 'SA', 'SNC'];
const SUPP = ['Bois et Matériaux du Lyonnais', 'Würth France', 'Point P', 'Quincaillerie Angles', 'Transports Chabas', 'Leroy Merlin Pro', 'Rexel France'];

export const frLettrage: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 7919 + 3202);
  const custs: Cust[] = [], taken = new Set<string>(), codes = new Set<string>(), banks = new Set<string>();
  const nCust = Math.max(40, Math.round(openItems / 6));
  while (custs.length < nCust) {
    const fam = rng.pick(FAMILY), form = rng.pick(FORMS);
    let name: string = rng.chance(0.22) ? `${rng.pick(LONG)} ${fam} et Fils ${form}` : rng.chance(0.5) ? `${rng.pick(TRADES)} ${fam} ${form}` : `${fam} ${rng.pick(TRADES)} ${form}`;
    for (let k = 2; taken.has(name); k++) name = name.replace(/ (\S+)$/, ` ${rng.pick(['Lyon', 'Villeurbanne', 'Vienne', 'Bourg', 'Mâcon', 'Givors'])}${k > 8 ? ' ' + k : ''} $1`);
    taken.add(name);
    let code = '411' + bankCase(fam).replace(/[^A-Z]/g, '').slice(0, 7);
    for (let k = 2; codes.has(code); k++) code = code.replace(/\d*$/, '') + k;
    if (!/^411[A-Z]+\d*$/.test(code)) code = '411' + bankCase(fam).slice(0, 6) + custs.length;
    const shown = rng.chance(0.15) ? `${form} ${name.replace(/ \S+$/, '')}` : name;
    // Two customers whose names the bank cuts to the same 32 characters could not be told apart.
    if (banks.has(bankCase(shown).slice(0, 32))) continue;
    banks.add(bankCase(shown).slice(0, 32));
    const mode: Mode = rng.weighted({ Virement: 58, 'Chèque': 22, LCR: 12, 'Carte bancaire': 8 });
    codes.add(code);
    custs.push({ code, name, bank: bankCase(shown).slice(0, 32), mode, orders: rng.chance(0.35), terms: mode === 'Carte bancaire' ? 0 : rng.pick([30, 30, 45, 60]), siret: rng.digits(9) + pad(rng.int(10, 99), 5) });
  }
  const byMode = (m: Mode) => custs.filter((c) => c.mode === m);
  const pools: Record<Mode, Cust[]> = { Virement: byMode('Virement'), 'Chèque': byMode('Chèque'), LCR: byMode('LCR'), 'Carte bancaire': byMode('Carte bancaire') };
  for (const m of Object.keys(pools) as Mode[]) if (!pools[m].length) { custs[0].mode = m; pools[m].push(custs[0]); }
  const skew = (pool: Cust[]) => pool[Math.min(pool.length - 1, Math.floor(pool.length * Math.pow(rng.next(), 1.6)))];

  const docs: Doc[] = [], lines: Line[] = [];
  const byCust = new Map<Cust, Doc[]>();
  const due = (c: Cust, day: number) => (c.terms === 0 ? day : c.terms === 60 ? day + 60 : endOfMonth(day + c.terms));
  const orderRef = () => rng.pick([`BC ${rng.digits(10)}`, `CDE ${rng.digits(5)}`, `PO-${rng.digits(6)}`, `CMD ${rng.int(2025, 2026)}-${pad(rng.int(1, 999), 3)}`, `Chantier ${rng.pick(FAMILY)} ${rng.digits(3)}`]);
  const doc = (c: Cust, day: number, cents: number, g: string | null, kind: string, type: Doc['type'] = 'Facture'): Doc => {
    const d: Doc = { c, day, due: due(c, day), cents: type === 'Facture' ? cents : -cents, type, no: '', yr: ymd(day)[0], seq: 0, ref: type === 'Facture' && c.orders ? orderRef() : '', lib: '', let: '', g, kind };
    d.lib = `${type === 'Facture' ? 'Facture' : type === 'Avoir' ? 'Avoir' : 'Règlement'} ${c.name.slice(0, 24).trim()}`;
    docs.push(d);
    byCust.set(c, [...(byCust.get(c) ?? []), d]);
    return d;
  };
  const amount = () => rng.amountCents(80, 25000);
  const uniqueFor = (c: Cust) => { for (;;) { const a = amount(); if (a % 1000 !== 0 && !(byCust.get(c) ?? []).some((d) => Math.abs(d.cents) === a)) return a; } };
  const days: number[] = [];
  for (let d = D0; d < D0 + SPAN; d++) if (biz(d) === d) days.push(d);
  const last = D0 + SPAN - 1;

  // Libellé pieces. The invoice as customers write it, from the piece number yyyy + sequence.
  const fact = (d: Doc, k = rng.int(0, 10)) => {
    const s4 = pad(d.seq, 4), y = d.yr;
    return [`FACT ${y}-${s4}`, `FACTURE N ${d.no}`, `FA ${d.no}`, `REGLEMENT FACTURE ${y}/${s4}`, `FACT ${d.no}`, `F${d.no}`, `VOTRE FACTURE ${y} ${s4} DU ${dmy(d.day)}`, `FACTURE ${d.no}`, `FACT. ${s4}`, `REGLT FACT ${y}-${s4}`, `FAC ${d.no}`][k];
  };
  const extra = (c: Cust) => rng.pick(['', '', '', '', ` CLIENT ${c.code}`, ` SIRET ${c.siret}`, ` TEL 04${rng.digits(8)}`, ` CDE ${rng.digits(5)}`, ` ${bankCase(c.name).split(' ')[0]}`]);
  const e2e = () => rng.pick(['NOTPROVIDED', 'NOTPROVIDED', rng.digits(10), `PAY${rng.digits(8)}`, `VIR${rng.digits(12)}`, `${bankCase(rng.pick(FAMILY)).slice(0, 4)}${rng.digits(6)}`]);
  const vir = (c: Cust, motif: string, ref: string) => {
    const head = rng.chance(0.15) ? `VIR INST RE ${rng.digits(7)}` : 'VIR SEPA RECU';
    return `${head} /DE ${c.bank}${motif ? ` /MOTIF ${bankCase(motif).slice(0, 140)}` : ''} /REF ${ref}`;
  };
  const inc = (day: number, amt: number, lib: () => string, g: string | null, kind: string, amb?: boolean, vday = day) => lines.push({ day, vday, amt, lib, g, kind, amb });
  const out = (day: number, amt: number, lib: string, kind: string) => lines.push({ day, vday: day, amt: -amt, lib: () => lib, g: null, kind });
  let letN = 0;
  const letCode = () => { const n = letN++; return String.fromCharCode(97 + Math.floor(n / 26 / 26) % 26, 97 + Math.floor(n / 26) % 26, 97 + (n % 26)).replace(/^a(?=..)/, ''); };
  let remNo = rng.int(1200000, 1900000), bordNo = rng.int(100, 900);
  const MERCHANT = rng.digits(7);

  let gid = 0;
  while (docs.length < openItems) {
    const kind = rng.weighted({ exact_reference: 15, reference_in_text: 22, order_ref_only: 4, multi_invoice: 6, credit_note_netted: 4, cheque_deposit: 8, card_settlement: 3, lcr_remise: 4, part_payment: 3, short_payment: 3, balance_after_lettrage: 2, payer_name_only: 4, ambiguous_equal_amounts: 1, returned_payment: 1.5, unpaid_invoice: 12, open_credit_note: 0.8 });
    const g = `f${++gid}`, pd = rng.pick(days);
    const vc = skew(pools.Virement);
    const inv = (c: Cust, k: string = kind, gg: string | null = g, cents = amount(), day = pd - rng.int(8, 75)) => doc(c, day, cents, gg, k);
    switch (kind) {
      case 'exact_reference': {
        const d = inv(vc);
        inc(pd, d.cents, () => vir(vc, rng.pick(['', 'REGLEMENT FACTURE', 'PAIEMENT FOURNISSEUR', `REGLT ${rng.digits(6)}`, 'VIREMENT', `ECHEANCE ${ddmm(d.due)}`]), d.no), g, kind);
        break;
      }
      case 'reference_in_text': {
        const d = inv(vc);
        inc(pd, d.cents, () => vir(vc, fact(d) + extra(vc), e2e()), g, kind);
        break;
      }
      case 'order_ref_only': {
        const c = pools.Virement.find((x, i) => x.orders && i >= rng.int(0, pools.Virement.length - 1)) ?? pools.Virement.find((x) => x.orders);
        if (!c) { inv(vc, 'unpaid_invoice', null); break; }
        const d = inv(c);
        inc(pd, d.cents, () => vir(c, `${rng.pick(['', 'VOTRE ', 'REGLEMENT ', 'COMMANDE '])}${d.ref}`, e2e()), g, kind);
        break;
      }
      case 'multi_invoice': case 'credit_note_netted': {
        const ds = Array.from({ length: kind === 'multi_invoice' ? rng.int(2, 4) : rng.int(1, 2) }, () => inv(vc));
        let av: Doc | undefined;
        if (kind === 'credit_note_netted') av = doc(vc, pd - rng.int(3, 30), Math.round(ds.reduce((s, d) => s + d.cents, 0) * (0.04 + rng.next() * 0.35)), g, kind, 'Avoir');
        const k = rng.int(0, 10);
        inc(pd, ds.reduce((s, d) => s + d.cents, 0) + (av?.cents ?? 0), () => {
          const inv = rng.chance(0.3) ? `FACTURES ${ds.map((d) => d.no).join(rng.pick([' ', ' / ', '+', ' ET ']))}` : ds.map((d) => fact(d, k)).join(rng.pick([' ', ' + ', ', ']));
          return vir(vc, av ? `${inv} ${rng.pick(['MOINS AVOIR', 'DEDUCTION AV', '- AVOIR', 'AVOIR DEDUIT'])} ${rng.chance(0.5) ? av.no : `${av.yr}-${pad(av.seq, 4)}`}` : inv, e2e());
        }, g, kind);
        break;
      }
      case 'cheque_deposit': case 'returned_payment': {
        const n = kind === 'returned_payment' ? 1 : rng.weighted({ 1: 3, 2: 3, 3: 3, 4: 2, 5: 1, 6: 1 } as Record<string, number>);
        const day = kind === 'returned_payment' ? rng.pick(days.filter((d) => d < last - 14)) : pd;
        const ds = Array.from({ length: Number(n) }, () => inv(skew(pools['Chèque']), kind, kind === 'returned_payment' ? null : g, amount(), day - rng.int(8, 70)));
        const rem = String(remNo += rng.int(1, 40)), nb = ds.length;
        const tot = ds.reduce((s, d) => s + d.cents, 0);
        const lib = rng.pick([`REMISE CHQ ${rem}`, `REMISE CHEQUES ${rem} NB ${nb}`, `REM CHQ N ${rem} ${nb} CHQ`]);
        inc(day, tot, () => lib, kind === 'returned_payment' ? null : g, kind, undefined, nextBiz(day));
        if (kind === 'returned_payment') {
          const rd = biz(day + rng.int(3, 12));
          out(rd, tot, `IMPAYE CHQ REM ${rem} DU ${dmyy(day)} ${rng.pick(['SANS PROVISION', 'PROVISION INSUFFISANTE', 'SIGNATURE NON CONFORME'])}`, 'returned_payment');
          out(rd, rng.pick([1500, 1650, 2000]), `FRAIS CHQ IMPAYE ${rem}`, 'noise_bank_fee');
        }
        break;
      }
      case 'card_settlement': {
        const ds = Array.from({ length: rng.int(1, 4) }, () => inv(skew(pools['Carte bancaire']), kind, g, rng.amountCents(40, 3000), pd - rng.int(1, 3)));
        const gross = ds.reduce((s, d) => s + d.cents, 0), com = Math.max(5, Math.round(gross * (0.004 + rng.next() * 0.011)));
        const sale = ds[0].day;
        inc(pd, gross - com, () => rng.chance(0.3) ? `REMISE CARTE ${MERCHANT} DU ${dmyy(sale)} NB ${ds.length} BRUT ${fr(gross)} COM ${fr(com)}` : rng.pick([`REMISE CB ${MERCHANT} ${ddmm(sale)}`, `REMISE CB ${ddmm(sale)} ${MERCHANT} NB ${ds.length}`]), g, kind, undefined, nextBiz(pd));
        break;
      }
      case 'lcr_remise': {
        const ech = rng.pick([...new Set(days.map((d) => (rng.chance(0.7) ? endOfMonth(d) : dayOf(ymd(d)[0], ymd(d)[1], 15))))].filter((d) => biz(d) <= last));
        const ds = Array.from({ length: rng.int(1, 6) }, () => { const d = inv(skew(pools.LCR), kind, g, amount(), ech - rng.int(30, 75)); d.due = ech; return d; });
        const bord = pad(bordNo += rng.int(1, 5), 7);
        inc(biz(ech), ds.reduce((s, d) => s + d.cents, 0), () => rng.pick([`REMISE LCR ${bord} ECH ${dmyy(ech)} NB ${ds.length}`, `REM EFFETS ENC ${bord} ECH ${dmyy(ech)} ${ds.length} EFFETS`, `REMISE LCR A L ENCAISSEMENT ${bord} ECH ${dmyy(ech)}`]), g, kind, undefined, nextBiz(biz(ech)));
        break;
      }
      case 'part_payment': {
        const d = inv(vc);
        inc(pd, Math.round(d.cents * (0.3 + rng.next() * 0.4)), () => vir(vc, `${rng.pick(['ACOMPTE', 'REGLEMENT PARTIEL', 'ACPTE SUR', '1ER VERSEMENT'])} ${fact(d)}`, e2e()), g, kind);
        break;
      }
      case 'short_payment': {
        const d = inv(vc), pctTenths = rng.pick([5, 10, 15, 20, 20, 30]);
        const esc = Math.round((d.cents * pctTenths) / 1000), said = rng.chance(0.5);
        inc(pd, d.cents - esc, () => vir(vc, `${fact(d)}${said ? ` ESCOMPTE ${pctTenths % 10 ? (pctTenths / 10).toFixed(1).replace('.', ',') : pctTenths / 10}%` : ''}`, e2e()), g, kind);
        break;
      }
      case 'balance_after_lettrage': {
        const d = inv(vc, kind, g, amount(), D0 - rng.int(30, 80));
        const paid = Math.round(d.cents * (0.3 + rng.next() * 0.3));
        const p = doc(vc, Math.min(D0 - 3, d.day + rng.int(10, 25)), paid, g, kind, 'Règlement');
        p.due = p.day;
        p.ref = rng.chance(0.5) ? `CHQ ${rng.digits(7)}` : '';
        p.lib = rng.pick(['Règlement partiel', 'Acompte reçu', 'Versement partiel']) + ` ${vc.name.slice(0, 20).trim()}`;
        d.let = p.let = letCode();
        inc(pd, d.cents - paid, () => vir(vc, `${rng.pick(['SOLDE ', 'RELIQUAT ', 'SOLDE DE ', ''])}${fact(d)}`, e2e()), g, kind);
        break;
      }
      case 'payer_name_only': {
        const d = inv(vc, kind, g, uniqueFor(vc));
        inc(pd, d.cents, () => vir(vc, rng.pick(['', '', 'REGLEMENT', 'PAIEMENT', 'VIREMENT', `VIREMENT ${vc.bank.split(' ')[0]}`]), rng.pick(['NOTPROVIDED', e2e()])), g, kind);
        break;
      }
      case 'ambiguous_equal_amounts': {
        const a = uniqueFor(vc), d = inv(vc, kind, g, a), twin = inv(vc, kind, null, a);
        d.amb = twin.amb = true;
        inc(pd, d.cents, () => vir(vc, rng.pick(['', 'REGLEMENT', 'PAIEMENT FACTURE']), 'NOTPROVIDED'), g, kind, true);
        break;
      }
      case 'unpaid_invoice': inv(skew(custs), kind, null, amount(), rng.int(D0 - 60, last - 2)); break;
      case 'open_credit_note': doc(skew(custs), rng.int(D0 - 40, last - 5), rng.amountCents(40, 3000), null, kind, 'Avoir'); break;
    }
  }

  // Piece numbers: per year, in date order, with gaps (invoices already settled). Règlement rows: the bank journal's own series.
  let bq = rng.int(400000, 450000);
  for (const yr of [2025, 2026]) {
    let seq = yr === 2025 ? rng.int(3300, 3900) : 0;
    for (const d of docs.filter((x) => x.yr === yr && x.type !== 'Règlement').sort((a, b) => a.day - b.day)) {
      seq += rng.chance(0.75) ? 1 : rng.int(2, 4);
      d.seq = seq;
      d.no = `${yr}${pad(seq, 4)}`;
    }
  }
  for (const d of docs.filter((x) => x.type === 'Règlement').sort((a, b) => a.day - b.day)) d.no = String((bq += rng.int(1, 30)));

  // Noise: the bank account's other life.
  const months = ['JANVIER', 'FEVRIER', 'MARS'];
  for (const day of days) {
    const [, m, dd] = ymd(day);
    const month = months[m - 1] ?? 'MARS';
    if (dd <= 7 && wd(day) === 1 || rng.chance(0.04)) out(day, rng.amountCents(900, 14000), rng.pick([`PRLV SEPA URSSAF RHONE ALPES /MOTIF COTISATIONS ${pad(m === 1 ? 12 : m - 1, 2)}${m === 1 ? 2025 : 2026} /REF ${rng.digits(12)}`, `PRLV SEPA DGFIP /MOTIF TVA ${pad(m === 1 ? 12 : m - 1, 2)}${m === 1 ? 2025 : 2026} /REF ${rng.digits(15)}`, `PRLV SEPA EDF ENTREPRISES /MOTIF FACTURE ${rng.digits(10)}`, `PRLV SEPA GRENKE LOCATION /MOTIF LOYER ${rng.digits(8)}`, `PRLV SEPA DIAC LOCATION /MOTIF ECHEANCE ${rng.digits(6)}`, `PRLV SEPA ORANGE BUSINESS /MOTIF ${rng.digits(12)}`]), 'noise_prlv');
    if (rng.chance(0.16)) out(day, rng.pick([850, 1200, 2400, 3000, 650, 4500]), rng.pick(['FRAIS TENUE DE COMPTE', 'COMMISSION D INTERVENTION', 'COTIS OFFRE PRO', 'FRAIS VIR INST', 'COMMISSION DE MOUVEMENT', `FRAIS REMISE LCR ${pad(bordNo, 7)}`]), 'noise_bank_fee');
    if (rng.chance(0.28)) out(day, rng.amountCents(150, 30000), `VIR SEPA EMIS /A ${bankCase(rng.pick(SUPP)).slice(0, 32)} /MOTIF FACTURE ${rng.pick([`${2026}${pad(rng.int(1, 900), 4)}`, `F${rng.digits(6)}`, `FA${rng.digits(7)}`, `${rng.digits(8)}`])} /REF ${rng.digits(10)}`, 'noise_supplier');
    if (dd >= 26 && dd <= 30 && rng.chance(0.6)) for (let k = rng.int(2, 6); k > 0; k--) out(day, rng.amountCents(1500, 3600), `VIR SEPA EMIS /A M ${bankCase(rng.pick(FAMILY))} ${rng.pick(['JEAN', 'MARC', 'SOPHIE', 'LUCIE', 'KARIM', 'NICOLAS'])} /MOTIF SALAIRE ${month} 2026`, 'noise_salary');
    if (rng.chance(0.22)) out(day, rng.amountCents(12, 400), `CB ${rng.pick(['TOTALENERGIES', 'CASTORAMA', 'AMAZON PAYMENTS', 'SNCF INTERNET', 'RESTAURANT LE BOUCHON', 'BRICO DEPOT'])} ${ddmm(day - rng.int(1, 3))} ${rng.pick(['LYON', 'VENISSIEUX', 'VILLEURBANNE', 'PARIS'])} CARTE ${rng.digits(4)}`, 'noise_card_purchase');
  }
  lines.push({ day: rng.pick(days), vday: 0, amt: rng.amountCents(2000, 20000), lib: () => `VIR SEPA RECU /DE DGFIP FINANCES PUBLIQUES /MOTIF REMBOURSEMENT CREDIT TVA ${rng.digits(10)} /REF ${rng.digits(12)}`, g: null, kind: 'noise_tax_refund' });

  // Files. ERP sorted by account then date; the bank newest first.
  const truth: WorldTruthRow[] = [];
  const tr = (side: WorldTruthRow['side'], row: number, g: string | null, kind: string, amb?: boolean) => truth.push(amb ? { side, row, group: g, kind, ambiguous: true } : { side, row, group: g, kind });
  const q = (s: string) => (/[;"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const oi = [...docs].sort((a, b) => (a.c.code < b.c.code ? -1 : a.c.code > b.c.code ? 1 : a.day - b.day || (a.no < b.no ? -1 : 1)));
  const oiLines = oi.map((d, i) => {
    tr('open_items', i + 1, d.g, d.kind, d.amb);
    return [d.c.code, q(d.c.name), dmy(d.day), d.type === 'Règlement' ? 'BQ' : 'VT', d.no, d.type, q(d.ref), q(d.lib), dmy(d.due), d.type === 'Règlement' ? '' : d.c.mode, fr(d.cents), d.cents < 0 ? 'C' : 'D', d.let].join(';');
  });
  const chrono = lines.map((l) => [l, rng.next()] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]).map(([l]) => l);
  const open = rng.amountCents(20000, 90000) * 10;
  const closing = chrono.reduce((s, l) => s + l.amt, open);
  const stLines = [...chrono].reverse().map((l, i) => {
    tr('statement', i + 1, l.g, l.kind, l.amb);
    return [dmy(l.day), dmy(l.vday || l.day), q(l.lib().replace(/\s+/g, ' ').trim()), l.amt < 0 ? fr(l.amt) : '', l.amt > 0 ? fr(l.amt) : ''].join(';');
  });
  const bban = '18106000' + rng.digits(3) + pad(rng.int(0, 99999999), 8) + rng.digits(2);
  const iban = 'FR' + pad(98 - mod97(lettersToDigits(bban + 'FR00')), 2) + bban;
  const pre = ['Relevé de compte courant;', 'Titulaire;MENUISERIES INDUSTRIELLES DU RHONE SAS', `Compte;${iban.replace(/(.{4})(?=.)/g, '$1 ')}`, `Période;du ${dmy(D0)} au ${dmy(last)}`, `Solde au ${dmy(last)};${closing < 0 ? '-' : ''}${fr(closing)}`, ''];
  return {
    name: 'fr-lettrage',
    description:
      'Menuiseries Industrielles du Rhône SAS (Lyon): a Sage/Cegid-style open customer items export (;, UTF-8 BOM, dd/mm/yyyy, decimal comma, 411 auxiliary accounts, numeric piece numbers 20260412, avoirs in the same series, unsigned Montant with Sens D/C, customer order refs in Référence, a Lettrage column mostly empty with lower-case partial codes on invoices partly settled earlier plus the earlier payment row) against a French bank CSV (Windows-1252, preamble, Date opération;Date valeur;Libellé;Débit;Crédit, newest first) with VIR SEPA RECU /DE NAME /MOTIF … /REF … libellés (payer in capitals, no accents, cut at 32), REMISE CHQ deposits of several cheques, REMISE CB card settlements net of commission, REMISE LCR bordereaux at due date, cheque returns (IMPAYE CHQ), PRLV debits, fees, salaries, supplier transfers, card purchases and a VAT refund. Cases: exact /REF, invoice in the motif, order ref only, several invoices, avoirs netted, part and escompte-short payments, remaining balance after partial lettrage, payer only (unique or ambiguous amount), unpaid invoices, open avoirs.',
    openItems: { fileName: 'fr-lettrage-echeancier-clients.csv', content: '\ufeff' + ['Compte tiers;Nom tiers;Date pièce;Journal;N° pièce;Type;Référence;Libellé;Échéance;Mode règlement;Montant;Sens;Lettrage', ...oiLines].join('\r\n') + '\r\n' },
    statement: { fileName: 'fr-lettrage-releve-banque.csv', content: Buffer.from([...pre, 'Date opération;Date valeur;Libellé;Débit;Crédit', ...stLines].join('\r\n') + '\r\n', 'latin1') },
    truth,
  };
};
