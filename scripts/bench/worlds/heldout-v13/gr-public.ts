/**
 * gr-public: an Athens supplier of medical and IT equipment and maintenance services, selling to
 * Greek public bodies (which pay by payment warrant, net of withholdings) and private firms.
 */
import { mod97, type Mulberry32 } from '../mulberry32';
import type { World, WorldOptions } from '../world';
import { businessDay, cp1253, dayOf, dmy, field, money, rngFor, row, shuffle, truthOf, typo, ymd, type Row } from './common';

/** Public-procurement deductions on the net value (0.07% + 0.06% + 3.6% stamp duty on them). */
export const KRATISEIS = 0.0013468;
/** Income-tax withholding on the net value after the deductions: goods 4%, services 8%; none up to 150 €. */
export const withholdingRate = (doc: string, net: number): number => (net <= 15000 ? 0 : doc === 'ΤΠΥ' ? 0.08 : 0.04);
/** What a public body pays for one invoice: the gross less the deductions and the withholding. */
export function publicNet(doc: string, net: number, gross: number): number {
  const kr = Math.round(net * KRATISEIS);
  const fe = Math.round((net - kr) * withholdingRate(doc, net));
  return gross - kr - fe;
}

const BODIES = ['ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ', 'ΔΗΜΟΣ ΠΕΙΡΑΙΑ', 'ΔΗΜΟΣ ΘΕΣΣΑΛΟΝΙΚΗΣ', 'ΔΗΜΟΣ ΠΑΤΡΕΩΝ', 'ΔΗΜΟΣ ΗΡΑΚΛΕΙΟΥ', 'ΔΗΜΟΣ ΛΑΡΙΣΑΙΩΝ', 'ΔΗΜΟΣ ΒΟΛΟΥ', 'ΔΗΜΟΣ ΙΩΑΝΝΙΤΩΝ', 'ΔΗΜΟΣ ΧΑΝΙΩΝ', 'ΔΗΜΟΣ ΚΑΛΑΜΑΤΑΣ', 'ΓΕΝΙΚΟ ΝΟΣΟΚΟΜΕΙΟ ΠΑΤΡΩΝ', 'ΓΕΝΙΚΟ ΝΟΣΟΚΟΜΕΙΟ ΛΑΡΙΣΑΣ', 'ΓΕΝΙΚΟ ΝΟΣΟΚΟΜΕΙΟ ΒΟΛΟΥ', 'ΓΕΝΙΚΟ ΝΟΣΟΚΟΜΕΙΟ ΧΑΝΙΩΝ', 'ΓΕΝΙΚΟ ΝΟΣΟΚΟΜΕΙΟ ΚΑΒΑΛΑΣ', 'ΠΑΝΕΠΙΣΤΗΜΙΟ ΙΩΑΝΝΙΝΩΝ', 'ΠΑΝΕΠΙΣΤΗΜΙΟ ΠΑΤΡΩΝ', 'ΠΑΝΕΠΙΣΤΗΜΙΟ ΚΡΗΤΗΣ', 'ΠΑΝΕΠΙΣΤΗΜΙΟ ΘΕΣΣΑΛΙΑΣ', 'ΠΕΡΙΦΕΡΕΙΑ ΑΤΤΙΚΗΣ', 'ΠΕΡΙΦΕΡΕΙΑ ΚΡΗΤΗΣ', 'ΠΕΡΙΦΕΡΕΙΑ ΔΥΤΙΚΗΣ ΕΛΛΑΔΑΣ'];
const SURN = ['ΠΑΠΑΔΟΠΟΥΛΟΣ', 'ΚΑΡΑΓΙΑΝΝΗΣ', 'ΝΙΚΟΛΑΟΥ', 'ΓΕΩΡΓΙΟΥ', 'ΔΗΜΗΤΡΙΟΥ', 'ΒΑΣΙΛΕΙΟΥ', 'ΙΩΑΝΝΟΥ', 'ΚΩΝΣΤΑΝΤΙΝΙΔΗΣ', 'ΜΑΚΡΗΣ', 'ΑΛΕΞΙΟΥ', 'ΣΤΑΥΡΟΠΟΥΛΟΣ', 'ΧΑΤΖΗΣ', 'ΠΑΠΠΑΣ', 'ΘΕΟΔΩΡΟΥ', 'ΜΙΧΑΗΛΙΔΗΣ', 'ΟΙΚΟΝΟΜΟΥ', 'ΤΣΙΡΟΣ', 'ΖΑΦΕΙΡΙΟΥ', 'ΛΑΜΠΡΟΥ', 'ΣΠΥΡΟΥ'];
const TRADE = ['ΙΑΤΡΙΚΑ ΕΙΔΗ', 'ΠΛΗΡΟΦΟΡΙΚΗ', 'ΤΕΧΝΙΚΗ', 'ΕΜΠΟΡΙΚΗ', 'ΚΛΙΝΙΚΗ', 'ΔΙΑΓΝΩΣΤΙΚΟ ΚΕΝΤΡΟ', 'ΦΑΡΜΑΚΑΠΟΘΗΚΗ', 'ΟΔΟΝΤΙΑΤΡΙΚΑ', 'ΕΡΓΑΣΤΗΡΙΑ', 'ΗΛΕΚΤΡΟΝΙΚΗ'];
const FORM = ['Α.Ε.', 'Ε.Π.Ε.', 'Ο.Ε.', 'Ι.Κ.Ε.', 'Ε.Ε.', 'ΜΟΝ. Ι.Κ.Ε.'];
const LATIN: Record<string, string> = { Α: 'A', Β: 'V', Γ: 'G', Δ: 'D', Ε: 'E', Ζ: 'Z', Η: 'I', Θ: 'TH', Ι: 'I', Κ: 'K', Λ: 'L', Μ: 'M', Ν: 'N', Ξ: 'X', Ο: 'O', Π: 'P', Ρ: 'R', Σ: 'S', Τ: 'T', Υ: 'Y', Φ: 'F', Χ: 'CH', Ψ: 'PS', Ω: 'O' };
/** Latin letters drawn exactly like Greek capitals: the payer's keyboard layout decides which one is typed. */
const LOOKALIKE: Record<string, string> = { Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X' };
const upperNoAccent = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
/** Greek to Greeklish, as a foreign bank or a Latin-only channel passes the text on. */
export const greeklish = (s: string): string => [...upperNoAccent(s).replace(/ΟΥ/g, 'OU')].map((c) => LATIN[c] ?? c).join('');
/** Some Greek capitals replaced by their Latin twins (same glyph, other code point). */
const mixed = (r: Mulberry32, s: string) => [...s].map((c) => (LOOKALIKE[c] && r.chance(0.6) ? LOOKALIKE[c] : c)).join('');

interface Cust { code: string; name: string; afm: string; doy: string; pub: boolean; bankName: string; foreign: boolean; maint: number }
interface Inv { cust: Cust; day: number; doc: 'ΤΙΜ' | 'ΤΠΥ' | 'ΠΙΣ'; series: string; no: number; net: number; vat: number; open: number; rf: string; note: string }
interface StRow { day: number; type: string; text: string; ref: string; amount: number }

const DOC_NAME = { ΤΙΜ: 'Τιμολόγιο Πώλησης', ΤΠΥ: 'Τιμολόγιο Παροχής Υπηρεσιών', ΠΙΣ: 'Πιστωτικό Τιμολόγιο' };
/** ISO 11649 creditor reference for a body, check digits over body + "RF00" (letters as 10..35). */
export function rf(body: string): string {
  const digits = (body + 'RF00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return `RF${String(98 - mod97(digits)).padStart(2, '0')}${body}`;
}

export function grPublic(options: WorldOptions): World {
  const r = rngFor(options.seed, 1302);
  const N = Math.max(60, options.openItems);
  const custs: Cust[] = BODIES.map((b, k) => {
    const abbr = b.replace('ΓΕΝΙΚΟ ΝΟΣΟΚΟΜΕΙΟ', r.pick(['ΓΕΝ. ΝΟΣ.', 'Γ.Ν.', 'ΓΝ'])).replace('ΠΑΝΕΠΙΣΤΗΜΙΟ', r.pick(['ΕΛΚΕ ΠΑΝ.', 'ΠΑΝ/ΜΙΟ', 'ΕΙΔ. ΛΟΓ. ΚΟΝΔ. ΕΡΕΥΝΑΣ ΠΑΝ.'])).replace('ΠΕΡΙΦΕΡΕΙΑ', 'ΠΕΡ.').replace('ΔΗΜΟΣ', r.pick(['ΔΗΜΟΣ', 'ΔΗΜ.']));
    return { code: `30.00.${String(k + 1).padStart(4, '0')}`, name: b, afm: String(r.int(90000000, 99999999)).padStart(9, '0'), doy: 'ΔΟΥ ' + b.split(' ').pop(), pub: true, bankName: abbr, foreign: false, maint: r.int(800, 6000) * 100 };
  });
  const nPriv = Math.max(15, Math.round(N / 7));
  const names = new Set<string>();
  while (names.size < nPriv) {
    const s = r.pick(SURN);
    const v = r.int(0, 2);
    names.add(v === 0 ? `ΑΦΟΙ ${s.replace(/ΟΣ$/, 'ΟΥ').replace(/ΗΣ$/, 'Η')} ${r.pick(FORM)}` : v === 1 ? `${s} ${r.pick(['Ι.', 'Κ.', 'Γ.', 'Α.', 'Δ.'])} & ΣΙΑ ${r.pick(['Ο.Ε.', 'Ε.Ε.'])}` : `${r.pick(TRADE)} ${s} ${r.pick(FORM)}`);
  }
  for (const n of names) {
    const foreign = r.chance(0.08);
    custs.push({ code: `30.01.${String(custs.length + 1).padStart(4, '0')}`, name: foreign ? n.replace(/ (Α\.Ε\.|Ε\.Π\.Ε\.|Ι\.Κ\.Ε\.|ΜΟΝ\. Ι\.Κ\.Ε\.|Ο\.Ε\.|Ε\.Ε\.)$/, ' LTD') : n, afm: foreign ? `CY${r.int(10000000, 99999999)}${r.pick(['L', 'X', 'Q'])}` : String(r.int(80000000, 99999999)).padStart(9, '0'), doy: foreign ? '' : r.pick(['ΦΑΕ ΑΘΗΝΩΝ', 'Δ ΑΘΗΝΩΝ', 'ΚΗΦΙΣΙΑΣ', 'ΠΕΙΡΑΙΑ', 'Ε ΘΕΣΣΑΛΟΝΙΚΗΣ', 'ΠΑΤΡΩΝ']), pub: false, bankName: '', foreign, maint: 0 });
  }
  const pubs = custs.filter((c) => c.pub), privs = custs.filter((c) => !c.pub);
  const nums: Record<string, number> = { 'ΤΙΜ-Α': 11800, 'ΤΠΥ-Α': 2400, 'ΠΙΣ-Α': 310 };
  const mk = (cust: Cust, doc: Inv['doc'], day: number, net: number): Inv => {
    const series = `${doc}-Α`;
    nums[series] += r.int(1, doc === 'ΤΙΜ' ? 4 : 2);
    const vat = Math.round(net * (doc !== 'ΤΠΥ' && r.chance(0.3) ? 0.13 : 0.24));
    const no = nums[series];
    const body = `${doc === 'ΤΙΜ' ? 1 : doc === 'ΤΠΥ' ? 2 : 3}26${String(no).padStart(7, '0')}`;
    return { cust, day, doc, series, no, net, vat, open: net + vat, rf: cust.pub || doc === 'ΠΙΣ' ? '' : rf(body), note: cust.pub ? `Σύμβαση ${r.int(1, 240)}/2026 ΑΔΑΜ 26SYMV${r.int(100000000, 999999999)}` : '' };
  };
  const invs: Inv[] = [];
  for (let k = 0; k < N; k++) {
    const pub = r.chance(0.45);
    const c = pub ? r.pick(pubs) : r.pick(privs);
    // Public bodies pay months late: their open invoices reach back to January.
    const day = pub ? dayOf(2026, 1, 10) + r.int(0, 320) : dayOf(2026, 6, 1) + r.int(0, 175);
    const net = r.chance(0.1) ? r.int(4000, 15000) : r.chance(0.75) ? r.int(200, 8000) * 100 + r.pick([0, 0, 50, r.int(1, 99)]) : r.int(8000, 60000) * 100;
    // A public body's maintenance contract bills the same fee every month.
    if (pub && r.chance(0.25)) {
      const m = mk(c, 'ΤΠΥ', day, c.maint);
      m.note = `Συντήρηση εξοπλισμού μηνός ${dmy(day, '/').slice(3)} - ${m.note}`;
      invs.push(m);
    } else invs.push(mk(c, r.chance(0.35) ? 'ΤΠΥ' : 'ΤΙΜ', day, net));
  }
  const oi: Row<Inv>[] = [];
  const st: Row<StRow>[] = [];
  let g = 0;
  const last = dayOf(2026, 11, 30);
  const LATEST = dayOf(2026, 11, 27);
  /** A payment lo–hi days after `from`; what fell due before September arrives spread over its first weeks; none after the period. */
  const pday = (from: number, lo: number, hi: number) => {
    let d = Math.max(from + r.int(lo, hi), dayOf(2026, 9, 1) + r.int(0, 25));
    if (d > LATEST) d = from + lo <= LATEST ? from + lo + r.int(0, LATEST - from - lo) : from + r.int(0, Math.max(0, LATEST - from));
    return Math.min(last, businessDay(d));
  };
  const docText = (r2: Mulberry32, i: Inv, script: 'greek' | 'latin' | 'mixed') => {
    const base = `${i.doc}${r2.pick([' Α ', '-Α-', ' Α', 'Α'])}${r2.chance(0.3) ? String(i.no).padStart(7, '0') : i.no}`;
    return script === 'greek' ? base : script === 'latin' ? greeklish(base) : mixed(r2, base);
  };
  const payerName = (c: Cust, script: string) => (script === 'latin' || c.foreign ? greeklish(c.name) : c.name).replace(/\./g, r.chance(0.5) ? '' : '.');
  const ref = () => `${r.pick(['DIAS', 'SEPA', 'IRIS'])}${r.int(100000000, 999999999)}`;
  const byCust = new Map<Cust, Inv[]>();
  for (const i of invs) byCust.set(i.cust, [...(byCust.get(i.cust) ?? []), i]);
  const amountCount = new Map<number, number>();
  for (const i of invs) amountCount.set(i.open, (amountCount.get(i.open) ?? 0) + 1);
  for (const c of custs) {
    const left = shuffle(r, [...(byCust.get(c) ?? [])]);
    if (c.pub) {
      // Payment warrants (ΧΕΠ), each paying one to four invoices net of the deductions, no invoice numbers.
      while (left.length) {
        if (r.chance(0.3)) { oi.push(row(left.pop()!, null, 'unpaid_invoice')); continue; }
        const take = left.splice(0, Math.min(left.length, r.pick([1, 1, 1, 2, 2, 3, 4])));
        const latest = take.reduce((m, i) => Math.max(m, i.day), 0);
        // Nothing is paid within two months of the invoice.
        if (latest + 60 > LATEST) { for (const i of take) oi.push(row(i, null, 'unpaid_invoice')); continue; }
        const id = `gr${++g}`;
        const pay = take.reduce((s, i) => s + publicNet(i.doc, i.net, i.open), 0);
        // Ambiguous when another one or two of the body's invoices would pay the same as the one or two paid.
        const pool = byCust.get(c)!.filter((i) => !take.includes(i));
        const nets = pool.map((i) => publicNet(i.doc, i.net, i.open));
        let amb = false;
        if (take.length <= 2) {
          amb = nets.some((v) => v === pay) || nets.some((v, a) => nets.some((w, b) => b > a && v + w === pay));
        }
        // Swapping one invoice for an identical one (a monthly maintenance fee) pays the same, whatever the count.
        amb ||= take.some((i) => pool.some((o) => o.net === i.net && o.open === i.open && o.doc === i.doc));
        const kind = take.length > 1 ? 'public_warrant_several' : 'public_warrant_withholding';
        for (const i of take) oi.push(row(i, id, kind, amb));
        const xep = `${r.int(1, 4800)}/${r.chance(0.5) ? '2026' : '26'}`;
        const text = r.pick([`${c.bankName} ΧΕΠ ${xep}`, `${c.bankName} ΕΞΟΦΛΗΣΗ ΧΕΠ ${xep} ΑΔΑ ${r.pick(['6', 'Ω', '9', 'Ψ'])}${r.pick(['Ρ', 'Λ', 'Ζ', 'Β'])}${r.pick(['Ξ', 'Θ', 'Φ'])}${r.int(1, 9)}${r.pick(['ΩΕΚ', 'ΟΡ1', '46Μ', 'ΩΞ3'])}-${r.pick(['ΑΒΓ', 'Τ5Λ', '9ΡΕ', 'ΖΩ2'])}`, `ΠΛΗΡΩΜΗ ${c.bankName} ΕΝΤΑΛΜΑ ${xep}`]);
        st.push(row({ day: pday(latest, 60, 240), type: r.pick(['ΠΙΣΤΩΣΗ ΑΠΟ ΤτΕ', 'ΕΙΣΕΡΧΟΜΕΝΟ ΕΜΒΑΣΜΑ DIAS']), text, ref: ref(), amount: pay }, id, kind, amb));
      }
      continue;
    }
    while (left.length) {
      const i = left.pop()!;
      const id = `gr${++g}`;
      const x = r.next();
      const script = r.pick(['greek', 'greek', 'latin', 'mixed'] as const);
      const credit = (amount: number, text: string, kind: string, day: number, amb = false, type = 'ΕΙΣΕΡΧΟΜΕΝΟ ΕΜΒΑΣΜΑ DIAS') => st.push(row({ day, type, text, ref: ref(), amount }, id, kind, amb));
      if (x < 0.15 || i.day + 5 > LATEST) { oi.push(row(i, null, 'unpaid_invoice')); continue; }
      if (c.foreign && x < 0.8) {
        // A Cypriot customer's SWIFT transfer (SHA): an intermediary keeps a fee, our bank charges its own.
        const fee = r.pick([1000, 1500, 2000, 2500]);
        oi.push(row(i, id, 'intl_fee_deducted'));
        const d = pday(i.day, 10, 50);
        credit(i.open - fee, `${greeklish(c.name)} INV ${greeklish(docText(r, i, 'greek'))} /BNF/ TECHNIKI EMPORIKI AIGAIOU SA`, 'intl_fee_deducted', d, false, 'ΕΙΣΕΡΧΟΜΕΝΟ ΕΜΒΑΣΜΑ ΕΞΩΤΕΡΙΚΟΥ');
        st.push(row({ day: d, type: 'ΠΡΟΜΗΘΕΙΑ', text: 'ΠΡΟΜΗΘΕΙΑ ΕΙΣΕΡΧΟΜΕΝΟΥ ΕΜΒΑΣΜΑΤΟΣ ΕΞΩΤΕΡΙΚΟΥ', ref: ref(), amount: -r.pick([500, 800]) }, null, 'bank_fee'));
        continue;
      }
      if (x < 0.35) {
        const compact = r.chance(0.5);
        const t = compact ? i.rf : i.rf.replace(/(.{4})/g, '$1 ').trim();
        oi.push(row(i, id, 'rf_reference'));
        credit(i.open, r.chance(0.5) ? t : `${payerName(c, 'greek')} ${t}`, 'rf_reference', pday(i.day, 5, 60));
        continue;
      }
      if (x < 0.57) {
        const kind = script === 'greek' ? 'doc_number_greek' : script === 'latin' ? 'doc_number_greeklish' : 'doc_number_mixed_script';
        const t = `${payerName(c, script)} ${script === 'latin' ? r.pick(['EXOFLISI', 'PLIROMI', 'EXOFL']) : r.pick(['ΕΞΟΦΛΗΣΗ', 'ΠΛΗΡΩΜΗ', 'ΕΞΟΦΛ.'])} ${docText(r, i, script)}`;
        oi.push(row(i, id, kind));
        credit(i.open, r.chance(0.05) ? typo(r, t) : t, kind, pday(i.day, 5, 60));
        continue;
      }
      if (x < 0.66 && left.length) {
        const all = [i, ...left.splice(0, Math.min(left.length, r.int(1, 3)))];
        for (const m of all) oi.push(row(m, id, 'multi_invoice'));
        credit(all.reduce((s, m) => s + m.open, 0), `${payerName(c, script)} ${all.map((m) => docText(r, m, script)).join(script === 'latin' ? ' KAI ' : r.pick([', ', ' ΚΑΙ ']))}`, 'multi_invoice', pday(Math.max(...all.map((m) => m.day)), 5, 60));
        continue;
      }
      if (x < 0.72) {
        // A credit note (πιστωτικό) for returned goods, netted by the payer.
        const cn = mk(c, 'ΠΙΣ', Math.min(i.day + r.int(3, 20), last - 5), -Math.round((i.net * r.int(5, 40)) / 100));
        cn.open = cn.net + Math.round((cn.net * i.vat) / i.net);
        cn.vat = cn.open - cn.net;
        cn.note = `Επιστροφή ειδών ${i.doc} ${i.no}`;
        oi.push(row(i, id, 'credit_note_netted'), row(cn, id, 'credit_note_netted'));
        credit(i.open + cn.open, `${payerName(c, script)} ${docText(r, i, script)} ${script === 'latin' ? 'MEION PIST' : 'ΜΕΙΟΝ ΠΙΣΤ'} ${cn.no}`, 'credit_note_netted', pday(cn.day, 5, 50));
        continue;
      }
      if (x < 0.79) {
        // A post-dated cheque handed over months ago, deposited at maturity: no payer name in the line.
        const amb = (amountCount.get(i.open) ?? 0) > 1;
        oi.push(row(i, id, 'postdated_cheque', amb));
        credit(i.open, `ΚΑΤΑΘΕΣΗ ΕΠΙΤΑΓΗΣ ΑΡ. ${r.int(10000000, 99999999)} ${r.pick(['ΕΘΝΙΚΗ', 'ALPHA', 'EUROBANK', 'ΠΕΙΡΑΙΩΣ', 'ATTICA'])}`, 'postdated_cheque', pday(i.day, 60, 150), amb, 'ΚΑΤΑΘΕΣΗ ΕΠΙΤΑΓΗΣ');
        continue;
      }
      if (x < 0.82) {
        // A cheque that bounced: deposited and charged back; the invoice stays open.
        const d = pday(i.day, 60, 150), no = r.int(10000000, 99999999);
        oi.push(row(i, null, 'unpaid_invoice'));
        st.push(row({ day: d, type: 'ΚΑΤΑΘΕΣΗ ΕΠΙΤΑΓΗΣ', text: `ΚΑΤΑΘΕΣΗ ΕΠΙΤΑΓΗΣ ΑΡ. ${no} ΕΘΝΙΚΗ`, ref: ref(), amount: i.open }, null, 'bounced_cheque'));
        st.push(row({ day: Math.min(last, businessDay(d + r.int(2, 5))), type: 'ΕΠΙΣΤΡΟΦΗ ΕΠΙΤΑΓΗΣ', text: `ΕΠΙΣΤΡΟΦΗ ΑΚΑΛΥΠΤΗΣ ΕΠΙΤΑΓΗΣ ΑΡ. ${no}`, ref: ref(), amount: -i.open }, null, 'bounced_cheque'));
        continue;
      }
      if (x < 0.88) {
        // On account (έναντι): a round sum naming no invoice, applied to none.
        oi.push(row(i, null, 'unpaid_invoice'));
        const amt = Math.max(10000, Math.round(i.open / 2 / 10000) * 10000);
        st.push(row({ day: pday(i.day, 5, 60), type: 'ΕΙΣΕΡΧΟΜΕΝΟ ΕΜΒΑΣΜΑ DIAS', text: `${payerName(c, script)} ${script === 'latin' ? 'ENANTI LOGARIASMOU' : 'ΕΝΑΝΤΙ ΛΟΓΑΡΙΑΣΜΟΥ'}`, ref: ref(), amount: amt === i.open ? amt - 10000 : amt }, null, 'on_account_payment'));
        continue;
      }
      if (x < 0.94) {
        const amb = (byCust.get(c) ?? []).some((o) => o !== i && o.open === i.open);
        oi.push(row(i, id, 'payer_name_only', amb));
        credit(i.open, `${payerName(c, script)}${r.chance(0.5) ? '' : script === 'latin' ? ' PLIROMI' : ' ΠΛΗΡΩΜΗ'}`, 'payer_name_only', pday(i.day, 5, 60), amb);
        continue;
      }
      oi.push(row(i, null, 'unpaid_invoice'));
    }
  }
  const nNoise = Math.round(st.length * 0.1);
  for (let k = 0; k < nNoise; k++) {
    const day = businessDay(dayOf(2026, 9, 1) + r.int(0, 88));
    const v = r.int(0, 5);
    if (v === 4) continue;
    const n = (type: string, text: string, amount: number, kind: string) => st.push(row({ day: Math.min(last, day), type, text, ref: ref(), amount }, null, kind));
    if (v === 0) n('ΠΙΣΤΩΣΗ ΚΑΡΤΩΝ', `ΠΙΣΤΩΣΗ ΣΥΝΑΛΛΑΓΩΝ POS ${r.int(10000000, 99999999)} ${dmy(day - 1, '/')}`, r.int(5000, 400000), 'card_settlement');
    else if (v === 1) n('ΧΡΕΩΣΗ', `ΠΛΗΡΩΜΗ e-ΕΦΚΑ ΑΜΕ ${r.int(1000000, 9999999)} ΠΕΡΙΟΔΟΣ ${ymd(day).m - 1}/2026`, -r.int(500000, 2500000), 'noise_debit');
    else if (v === 2) n('ΧΡΕΩΣΗ', `ΠΛΗΡΩΜΗ ΑΑΔΕ ΦΠΑ ΤΑΥΤ. ΟΦΕΙΛΗΣ ${r.int(1e9, 9.9e9)}`, -r.int(300000, 4000000), 'noise_debit');
    else if (v === 3) n('ΜΙΣΘΟΔΟΣΙΑ', `ΜΙΣΘΟΔΟΣΙΑ ${['ΑΥΓΟΥΣΤΟΥ', 'ΣΕΠΤΕΜΒΡΙΟΥ', 'ΟΚΤΩΒΡΙΟΥ', 'ΝΟΕΜΒΡΙΟΥ'][ymd(day).m - 8 - r.int(0, 1)]} 2026`, -r.int(3000000, 9000000), 'noise_debit');
    else if (v === 4) n('ΤΟΚΟΙ', 'ΠΙΣΤΩΤΙΚΟΙ ΤΟΚΟΙ ΤΡΙΜΗΝΟΥ', r.int(100, 9000), 'interest');
    else n('ΕΞΕΡΧΟΜΕΝΟ ΕΜΒΑΣΜΑ', `ΠΛΗΡΩΜΗ ΠΡΟΜΗΘΕΥΤΗ ${r.pick(SURN)} ${r.pick(FORM)} ΤΙΜ ${r.int(100, 9999)}`, -r.int(20000, 3000000), 'noise_debit');
  }
  // Credit interest, once a quarter.
  st.push(row({ day: dayOf(2026, 9, 30), type: 'ΤΟΚΟΙ', text: 'ΠΙΣΤΩΤΙΚΟΙ ΤΟΚΟΙ ΤΡΙΜΗΝΟΥ 07-09/2026', ref: ref(), amount: r.int(500, 9000) }, null, 'interest'));
  // ERP (windows-1253): by customer code, then date.
  const oiRows = [...oi].sort((a, b) => a.data.cust.code.localeCompare(b.data.cust.code) || a.data.day - b.data.day || a.data.no - b.data.no);
  const eur = (v: number) => money(v, { dec: ',', thou: '.', decimals: 2 });
  const L = ['ΤΕΧΝΙΚΗ ΕΜΠΟΡΙΚΗ ΑΙΓΑΙΟΥ Α.Ε.', 'Ανοικτά παραστατικά πελατών έως 30/11/2026', 'Εκτύπωση: 01/12/2026 08:14', '', 'Ημερομηνία;Παραστατικό;Σειρά;Αριθμός;Κωδικός;Επωνυμία;Α.Φ.Μ.;Δ.Ο.Υ.;Καθαρή αξία;Φ.Π.Α.;Σύνολο;Ανεξόφλητο;Κωδ. πληρωμής;Σχόλια'];
  let total = 0;
  for (const { data: i } of oiRows) {
    total += i.open;
    L.push([dmy(i.day, '/'), DOC_NAME[i.doc], i.series, String(i.no), i.cust.code, i.cust.name, i.cust.afm, i.cust.doy, eur(i.net), eur(i.vat), eur(i.net + i.vat), eur(i.open), i.rf, i.note].map((f) => field(f, ';')).join(';'));
  }
  L.push(['Σύνολα', '', '', '', '', '', '', '', '', '', '', eur(total), '', ''].join(';'));
  // Bank: newest first, unsigned amounts with Π/Χ, the balance after each line, then the two balances.
  const sts = st.map((s, k) => ({ s, k })).sort((a, b) => b.s.data.day - a.s.data.day || b.k - a.k).map((x) => x.s);
  // An opening balance the account never overdraws from.
  let low = 0, run = 0;
  for (let k = sts.length - 1; k >= 0; k--) { run += sts[k].data.amount; low = Math.min(low, run); }
  const opening = 18_437_512 + Math.ceil(-low / 1e7) * 1e7;
  let bal = opening + sts.reduce((s, x) => s + x.data.amount, 0);
  const closing = bal;
  const S = ['Αναλυτική Κίνηση Λογαριασμού', 'Λογαριασμός: 5042-012345-678 ΤΡΕΧΟΥΜΕΝΟΣ ΕΠΙΧΕΙΡΗΣΕΩΝ', 'IBAN: GR68 0172 0420 0050 4201 2345 678', 'Δικαιούχος: ΤΕΧΝΙΚΗ ΕΜΠΟΡΙΚΗ ΑΙΓΑΙΟΥ Α.Ε.', 'Περίοδος: 01/09/2026 - 30/11/2026', 'Νόμισμα: EUR', '', 'Α/Α;Ημ/νία Καταχώρησης;Ημ/νία Αξίας;Αιτιολογία;Περιγραφή;Αριθμός Αναφοράς;Ποσό;Πρόσημο;Λογιστικό Υπόλοιπο'];
  sts.forEach((s, k) => {
    S.push([String(k + 1), dmy(s.data.day, '/'), dmy(s.data.day, '/'), s.data.type, s.data.text, s.data.ref, eur(Math.abs(s.data.amount)), s.data.amount < 0 ? 'Χ' : 'Π', eur(bal)].map((f) => field(f, ';')).join(';'));
    bal -= s.data.amount;
  });
  S.push('', `Υπόλοιπο έναρξης;${eur(opening)}`, `Υπόλοιπο λήξης;${eur(closing)}`);
  return {
    name: 'gr-public',
    description: `An Athens supplier of medical and IT equipment and maintenance services exports its open receivables from a Greek ERP (windows-1253, ';', decimal comma with dot thousands, dd/mm/yyyy, a three-line preamble, a "Σύνολα" total line; columns for net, VAT, gross and open amount, the customer's tax number ΑΦΜ and, for private customers, an ISO 11649 RF payment code) and its Piraeus-style account statement (UTF-8 with BOM, ';', newest line first, unsigned amounts with a Π/Χ credit/debit column, the balance after each line, opening and closing balances below). Documents are series of Greek letters (ΤΙΜ-Α sales invoices, ΤΠΥ-Α service invoices, ΠΙΣ-Α credit notes). Public bodies (municipalities, hospitals, universities — often through their research account ΕΛΚΕ — and regions; 45% of invoices) pay months late by payment warrant (ΧΕΠ, sometimes with a Diavgeia ΑΔΑ code) naming no invoice, one to four invoices at a time, and pay each invoice's gross less 0.13468% deductions on the net value and an income-tax withholding of 4% (goods) or 8% (services) on the net after deductions, none at or below 150 € net; maintenance contracts bill a body the same fee every month, so a payment is ambiguous when an identical invoice could be swapped in or another one or two of the body's invoices would pay the same. Private customers pay by RF code (compact or in groups of four), by document number typed in Greek, in Greeklish (TIM, TPY) or with Latin letters that look exactly like the Greek ones (T, I, M, A, P, Y), several invoices at once, credit notes netted, by post-dated cheques deposited at maturity without a payer name (ambiguous when another open item has the same amount), bounced cheques charged back, round sums on account naming no invoice, name-only payments; Cypriot customers pay by SWIFT with an intermediary fee deducted and a separate incoming-transfer fee. Also unpaid invoices, POS card settlements, social-security (e-ΕΦΚΑ) and VAT payments, payroll, supplier payments and interest.`,
    openItems: { fileName: 'ANOIKTA_PELATON_30112026.csv', content: cp1253(L.join('\r\n') + '\r\n') },
    statement: { fileName: 'kinisi_5042012345678.csv', content: '\ufeff' + S.join('\r\n') + '\r\n' },
    truth: [...truthOf('open_items', oiRows), ...truthOf('statement', sts)],
  };
}
