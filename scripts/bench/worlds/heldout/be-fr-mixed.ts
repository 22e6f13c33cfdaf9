/**
 * be-fr-mixed — Ateliers Mosans SA, a Belgian company in Liège selling to Belgian, French, Dutch,
 * Swiss/British and a few American customers, reconciles its EUR current account.
 *
 * Open items: a `;`-separated export from a French-language accounting package (dd/mm/yyyy,
 * decimal comma, thousands with a space). Invoices `VF25-04210` / `VF26-00451` are numbered per
 * year in date order (gaps are invoices already settled); credit notes `NC26-0012`. Each invoice
 * carries a Belgian structured communication `+++ccc/cccc/cccck+++` (10 digits + mod-97 check),
 * or for most French customers an ISO 11649 `RF` creditor reference. USD invoices show the USD
 * amount and the EUR amount booked at the invoice-date rate.
 *
 * Statement: a CODA-derived CSV (`;`, decimal comma, signed amounts, EUR account) with extract and
 * movement numbers, booking and value dates, counterparty IBAN/name/BIC, the communication
 * (structured, RF, or free text writing the invoice loosely: `fact 451`, `VF 26/451`, `VF2600451`)
 * and the bank's details text; a blank line and `Solde initial` / `Solde final` close the file.
 * Cases: single payments by structured ref / RF / loose text / direct debit, instalments,
 * multi-invoice transfers, credit notes netted, 2 % cash discount, SWIFT charges deducted, no
 * reference, part payments, typos, USD invoices paid in EUR, parent companies paying invoices of
 * several subsidiaries. Traps: customer numbers, postcodes, phone and order numbers in the text;
 * other customers paying the same amount; references to settled invoices; refunds equal to an open
 * invoice; payments followed by their reversal (`Retour` / `Remboursement`); a parent naming one
 * invoice it does not pay.
 */
import type { World, WorldGenerator } from '../world';
import { Rng, type Row, assemble, businessDay, dateFormat, dayOf, grouped, lettersToDigits, mod97, orderBy, pad, plain } from './prng';

type Land = 'BE' | 'FR' | 'NL' | 'CH' | 'GB' | 'US';
type Style = 'structured' | 'loose' | 'dd' | 'none';
interface Cust { cp?: string; code: string; num: number; name: string; bank: string; iban: string; bic: string; land: Land; style: Style; rank: number; family?: number }
interface Doc { c: Cust; day: number; eur: number; usd: number; cm: boolean; rf: boolean; yy: number; seq: number; no: string; ref: string; ord: number; g: string | null; kind: string; amb?: boolean }
interface Pay { day: number; amt: number; c: Cust; name?: string; style: Style; docs: Doc[]; text?: () => string; det?: string; info?: string; g: string | null; kind: string; amb?: boolean }

const START = dayOf(2026, 1, 2), SPAN = 59, NEWYEAR = dayOf(2026, 1, 1);
const TRADES = ['Boulangerie', 'Brasserie', 'Transports', 'Garage', 'Imprimerie', 'Menuiserie', 'Pharmacie', 'Librairie', 'Boucherie', 'Ets', 'Atelier', "Bureau d'études", 'Cabinet', 'Entreprise', 'Hôtel', 'Quincaillerie', 'Chauffage', 'Toitures'];
const NAMES = ['Dupont', 'Lemaire', 'Peeters', 'Janssens', 'Maes', 'Jacobs', 'Mertens', 'Willems', 'Claes', 'Goossens', 'Wouters', 'De Smet', 'Lambert', 'Dubois', 'Leroy', 'Moreau', 'Lefèvre', 'Fontaine', 'Renard', 'Simon', 'Laurent', 'Michel', 'Hermans', 'Martin', 'Bernard', 'Petit', 'Durand', 'Mathieu', 'Collard', 'Delvaux'];
const FORMS: Record<Land, string[]> = { BE: ['SA', 'SRL', 'SPRL', 'SC', 'SNC'], FR: ['SAS', 'SARL', 'SA', 'EURL'], NL: ['BV', 'NV'], CH: ['AG', 'SA', 'GmbH'], GB: ['Ltd', 'Limited'], US: ['Inc.', 'LLC', 'Corp.'] };
const TOWNS = ['4000 Liège', '5000 Namur', '1000 Bruxelles', '6000 Charleroi', '7000 Mons', '4800 Verviers', '59000 Lille', '75011 Paris', '69003 Lyon', '1300 Wavre'];
const BICS: Record<Land, string[]> = { BE: ['GEBABEBB', 'KREDBEBB', 'BBRUBEBB', 'GKCCBEBB', 'ARSPBE22'], FR: ['BNPAFRPP', 'CRLYFRPP', 'SOGEFRPP', 'AGRIFRPP'], NL: ['INGBNL2A', 'RABONL2U', 'ABNANL2A'], CH: ['UBSWCHZH', 'CRESCHZZ'], GB: ['NWBKGB2L', 'BARCGB22'], US: ['CHASUS33', 'BOFAUS3N', 'CITIUS33'] };

const dmy = dateFormat((y, m, d) => `${pad(d, 2)}/${pad(m, 2)}/${y}`);
const frAmt = (c: number) => grouped(c, ' ', ',');
const iban = (cc: string, bban: string) => cc + pad(98 - mod97(lettersToDigits(bban + cc + '00')), 2) + bban;
const structured = (base: number) => { const s = pad(base, 10) + pad(base % 97 || 97, 2); return `+++${s.slice(0, 3)}/${s.slice(3, 7)}/${s.slice(7)}+++`; };
const sc = (num: number, yy: number, seq: number) => structured((num % 100) * 1e8 + (yy % 10) * 1e7 + (seq % 1e7));
const rfRef = (ref: string) => { const s = `RF${pad(98 - mod97(ref + '271500'), 2)}${ref}`; /* 'RF00' as digits */ return s.replace(/(.{4})(?=.)/g, '$1 '); };
const usdRate = (day: number) => 1.09 + 0.035 * Math.sin(day / 23);

export const beFrMixed: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed);
  const custs: Cust[] = [], families: { parent: Cust; members: Cust[] }[] = [], seen = new Set<string>();
  const mkCust = (land: Land, name: string, family?: number): Cust => {
    while (seen.has(name)) name = `${name} (${rng.pick(TOWNS).split(' ')[1]} ${rng.int(2, 99)})`;
    seen.add(name);
    const bban = { BE: () => { const b = rng.digits(10); return b + pad(mod97(b) || 97, 2); }, FR: () => rng.digits(10) + rng.digits(11) + pad(rng.int(1, 97), 2), NL: () => rng.pick(['INGB', 'RABO', 'ABNA']) + rng.digits(10), CH: () => rng.digits(5) + rng.digits(12), GB: () => 'NWBK' + rng.digits(14), US: () => '' }[land]();
    const num = custs.length + 1;
    const style: Style = land === 'BE' ? rng.weighted({ structured: 65, loose: 20, dd: 15 }) : land === 'FR' ? rng.weighted({ structured: 35, loose: 65 }) : 'loose';
    const bank = rng.chance(0.25) ? name.toUpperCase() : rng.chance(0.1) ? name.replace(/^(\S+) (.*) (\S+)$/, '$2 $1 $3') : name;
    const c: Cust = { code: name.normalize('NFD').replace(/[^A-Za-z]/g, '').slice(0, 6).toUpperCase() + pad(num, 4), num, name, bank, iban: land === 'US' ? rng.digits(10) : iban(land, bban), bic: rng.pick(BICS[land]), land, style, rank: 0, family };
    custs.push(c);
    return c;
  };
  const nCust = Math.max(40, Math.round(openItems / 7));
  while (custs.length < nCust) {
    const land: Land = custs.length === 3 ? 'US' : rng.weighted({ BE: 68, FR: 20, NL: 4, CH: 2, GB: 2, US: 4 });
    const fam = land === 'BE' && rng.chance(0.03) && custs.length > 5;
    const nm = rng.pick(NAMES);
    if (fam) {
      const members = Array.from({ length: rng.int(2, 4) }, (_, k) => mkCust('BE', `${['Transports', 'Logistique', 'Immo', 'Services', 'Distribution'][k]} ${nm} ${rng.pick(FORMS.BE)}`, families.length));
      families.push({ parent: { ...members[0], name: `Groupe ${nm} SA`, bank: `GROUPE ${nm.toUpperCase()} SA`, iban: iban('BE', ((b) => b + pad(mod97(b) || 97, 2))(rng.digits(10))) }, members });
    } else if (land === 'US' || land === 'GB' || land === 'CH') mkCust(land, `${nm} ${rng.pick(['Components', 'Trading', 'Industries', 'Technik'])} ${rng.pick(FORMS[land])}`);
    else mkCust(land, `${rng.pick(TRADES)} ${nm} ${rng.pick(FORMS[land])}`);
  }
  [...custs].sort((a, b) => (a.code < b.code ? -1 : 1)).forEach((c, i) => (c.rank = i));
  const local = custs.filter((c) => c.land !== 'US'), usd = custs.filter((c) => c.land === 'US'), swift = custs.filter((c) => c.land === 'CH' || c.land === 'GB');
  if (!swift.length) swift.push(local[0]);

  const docs: Doc[] = [], pays: Pay[] = [];
  const biz: number[] = [];
  for (let d = START; d < START + SPAN; d++) if (businessDay(d) === d) biz.push(d);
  const cust = (pool: Cust[]) => pool[rng.skewedIndex(pool.length)];
  const doc = (c: Cust, day: number, amt: number, g: string | null, kind: string, cm = false): Doc => {
    const usdAmt = c.land === 'US' && !cm ? amt : 0;
    const d: Doc = { c, day, eur: (cm ? -1 : 1) * (usdAmt ? Math.round(amt / usdRate(day)) : amt), usd: usdAmt, cm, rf: c.land === 'FR' && c.style !== 'dd' && rng.chance(0.6), yy: day < NEWYEAR ? 25 : 26, seq: 0, no: '', ref: '', ord: 0, g, kind };
    docs.push(d);
    return d;
  };
  const sum = (ds: Doc[]) => ds.reduce((s, d) => s + d.eur, 0);
  const loose = (d: Doc, seq = d.seq, k = rng.int(0, 8)) => ([`${d.no.slice(0, 5)}${pad(seq, 5)}`, `VF ${d.yy}/${seq}`, `VF${d.yy}${pad(seq, 5)}`, `fact ${seq}`, `facture ${d.yy}-${pad(seq, 5)}`, `Fact. n° ${seq}`, `F${d.yy}/${pad(seq, 5)}`, `fact VF${d.yy}-${seq}`, `votre facture ${pad(seq, 5)}`][k]);
  const known = new Set<string>(), closed: number[] = []; // yy * 1e8 + seq of settled invoices
  const noise = () => rng.pick(['', '', '', ` client ${rng.digits(4)}`, ` réf. client ${pad(rng.int(1, 999), 5)}`, ` bon de commande ${rng.digits(rng.int(4, 7))}`, ` ${rng.pick(TOWNS)}`, ` tél 04 ${rng.int(200, 399)} ${rng.int(10, 99)} ${rng.int(10, 99)}`]);
  let gid = 0;

  while (docs.length < openItems) {
    let kind: string = rng.weighted({ single: 46, instalments: 3, multi_invoice: 7, credit_note_netted: 4, discount_taken: 2, bank_fee_deducted: 2, no_reference: 5, part_payment: 2, typo_reference: 2, fx_payment: 3, parent_payer: 2, ambiguous_same_amount: 0.7, unpaid_invoice: 10, open_credit_note: 1, returned_payment: 1.5, near_miss_same_amount: 1.5, near_miss_refund: 1, closed_invoice_reference: 1.5 });
    const g = `g${++gid}`, pd = rng.pick(biz);
    const c = kind === 'fx_payment' || (kind === 'unpaid_invoice' && rng.chance(0.05)) ? rng.pick(usd) : kind === 'bank_fee_deducted' ? rng.pick(swift) : cust(local);
    if (kind === 'single') kind = c.style === 'dd' ? 'direct_debit' : c.style === 'loose' ? 'single_by_loose_ref' : 'single_by_structured_ref';
    const inv = (k = kind, gg: string | null = g, cc = c, day = pd - rng.int(6, 50)) => doc(cc, day, rng.amountCents(80, 25000), gg, k);
    const style: Style = c.style === 'dd' ? 'structured' : c.style;
    switch (kind) {
      case 'single_by_structured_ref': case 'single_by_loose_ref': case 'direct_debit': case 'typo_reference': {
        const d = inv();
        if (kind === 'single_by_structured_ref' && d.rf) d.kind = kind = 'single_by_rf_ref';
        const st: Style = kind === 'direct_debit' ? 'dd' : kind === 'single_by_loose_ref' ? 'loose' : kind === 'typo_reference' ? 'none' : 'structured';
        const text = kind !== 'typo_reference' ? undefined : () => {
          if (rng.chance(0.4) && !d.rf) { const s = d.ref.replace(/\D/g, '').split(''); const i = rng.int(0, 11); s[i] = String((Number(s[i]) + rng.int(1, 9)) % 10); return `${s.slice(0, 3).join('')}/${s.slice(3, 7).join('')}/${s.slice(7).join('')}`; }
          for (let n = 0; n < 60; n++) {
            const a = pad(d.seq, 5).split(''), i = rng.int(0, a.length - 2);
            if (rng.chance(0.5)) [a[i], a[i + 1]] = [a[i + 1], a[i]]; else a[i + 1] = String(rng.int(0, 9));
            const t = Number(a.join(''));
            if (t > 0 && t !== d.seq && !known.has(`${d.yy}-${t}`)) return loose(d, t);
          }
          return d.ref.replace(/\d(?=\d*\D*$)/, (x) => String((Number(x) + 1) % 10)).replace(/\+/g, '');
        };
        pays.push({ day: pd, amt: d.eur, c, style: st, docs: [d], text, g, kind });
        break;
      }
      case 'instalments': {
        const d = inv(kind, g, c, pd - rng.int(30, 60)), n = rng.int(2, 3);
        rng.split(d.eur, n).forEach((p, i) => pays.push({ day: businessDay(Math.min(pd + i * rng.int(7, 25), START + SPAN - 1)), amt: p, c, style: 'loose', docs: [d], det: ` acompte ${i + 1}/${n}`, g, kind }));
        break;
      }
      case 'multi_invoice': case 'credit_note_netted': case 'no_reference': case 'ambiguous_same_amount': {
        const ds = Array.from({ length: kind === 'multi_invoice' ? rng.int(2, 5) : kind === 'credit_note_netted' ? rng.int(1, 3) : 1 }, () => inv());
        if (kind === 'credit_note_netted') ds.push(doc(c, pd - rng.int(3, 30), Math.round(sum(ds) * (0.05 + rng.next() * 0.4)), g, kind, true));
        if (kind === 'ambiguous_same_amount') { const b = doc(c, ds[0].day - rng.int(5, 25), ds[0].eur, null, kind); b.amb = ds[0].amb = true; }
        const none = kind === 'no_reference' || kind === 'ambiguous_same_amount';
        pays.push({ day: pd, amt: sum(ds), c, style: none ? 'none' : 'loose', docs: ds, g, kind, amb: kind === 'ambiguous_same_amount' || undefined });
        break;
      }
      case 'discount_taken': case 'bank_fee_deducted': case 'part_payment': case 'fx_payment': {
        const d = inv(kind, g, c, kind === 'fx_payment' ? pd - rng.int(15, 45) : undefined);
        let amt = d.eur, det = '', info = '';
        if (kind === 'discount_taken') { amt -= Math.round(d.eur * 0.02); det = rng.chance(0.5) ? ' escompte 2%' : ''; }
        if (kind === 'bank_fee_deducted') { const fee = rng.pick([10, 12, 15, 20, 25, 35]) * 100; amt -= fee; info = rng.chance(0.5) ? ` FRAIS RETENUS EUR ${plain(fee, ',')}` : ''; }
        if (kind === 'part_payment') amt = Math.round(d.eur * (0.2 + rng.next() * 0.6));
        if (kind === 'fx_payment') {
          let rate = usdRate(pd) * (1 + (rng.next() - 0.5) * 0.03);
          if (Math.abs(d.eur / (d.usd / rate) - 1) > 0.029) rate = usdRate(d.day) * (1 + (rng.next() - 0.5) * 0.04);
          amt = Math.round(d.usd / rate);
          info = ` MONTANT ORIGINAL USD ${plain(d.usd, ',')} COURS DE CHANGE ${rate.toFixed(4).replace('.', ',')}`;
        }
        pays.push({ day: pd, amt, c, style: kind === 'discount_taken' || kind === 'part_payment' ? style : 'loose', docs: [d], det, info, g, kind });
        break;
      }
      case 'parent_payer': {
        if (!families.length) { inv('unpaid_invoice', null); break; }
        const fam = rng.pick(families), ds = fam.members.flatMap((m) => Array.from({ length: rng.int(1, 2) }, () => inv(kind, g, m)));
        let named = ds;
        if (rng.chance(0.35)) { const x = inv('parent_named_unpaid', null, rng.pick(fam.members)); named = [...ds]; named.splice(rng.int(0, ds.length), 0, x); }
        const note = named.length > ds.length && rng.chance(0.5) ? rng.pick([' (hors litige)', ' - solde à suivre', '']) : '';
        pays.push({ day: pd, amt: sum(ds), c: fam.parent, style: 'loose', docs: named, det: note, g, kind });
        break;
      }
      case 'unpaid_invoice': inv(kind, null, c, START + rng.int(-70, SPAN - 3)); break;
      case 'open_credit_note': doc(c, START + rng.int(-70, SPAN - 3), rng.amountCents(40, 3000), null, kind, true); break;
      case 'returned_payment': case 'near_miss_refund': case 'near_miss_same_amount': case 'closed_invoice_reference': {
        const d = kind === 'closed_invoice_reference' ? null : inv(kind, null);
        const amt = d ? d.eur : rng.amountCents(80, 20000);
        const later = businessDay(Math.min(pd + rng.int(1, 8), START + SPAN + 1));
        if (kind === 'returned_payment' && d) {
          const dd = c.style === 'dd';
          pays.push({ day: pd, amt, c, style: dd ? 'dd' : 'structured', docs: [d], g: null, kind });
          pays.push({ day: later, amt: -amt, c, style: 'none', docs: [], text: () => (dd ? `RETOUR DOMICILIATION ${d.no} MOTIF ${rng.pick(['AM04 PROVISION INSUFFISANTE', 'MD06 REMBOURSEMENT DEMANDE PAR LE DEBITEUR', 'MS02 REFUS DU DEBITEUR'])}` : `Remboursement paiement ${rng.pick(['en double', 'erroné', 'du ' + dmy(pd)])}`), g: null, kind });
        } else if (kind === 'near_miss_refund') {
          pays.push({ day: pd, amt: -amt, c, style: 'none', docs: [], text: () => `Remboursement NC${rng.pick([25, 26])}-${pad(rng.int(1, 40), 4)} trop-perçu`, g: null, kind });
        } else {
          let o = kind === 'closed_invoice_reference' ? c : cust(local);
          while (d && o === c) o = cust(local);
          const withRef = kind === 'closed_invoice_reference' || rng.chance(0.5);
          pays.push({ day: later, amt, c: o, style: 'none', docs: [], text: () => { const z = closed.length ? rng.pick(closed) : 25e8 + 1, x = { yy: Math.floor(z / 1e8), seq: z % 1e8 }; return withRef ? (rng.chance(0.5) ? sc(o.num, x.yy, x.seq) : `fact VF${x.yy}-${pad(x.seq, 5)}`) : rng.pick(['Paiement', 'Règlement facture', 'Virement']); }, g: null, kind });
        }
      }
    }
  }

  // Numbers per year in date order; skipped numbers were settled before the export.
  const ctr: Record<string, number> = { VF25: rng.int(3800, 4600), VF26: 1, NC25: rng.int(150, 230), NC26: 1 };
  const order = orderBy(docs.length, (i) => docs[i].day - START + 400, rng);
  order.forEach((di, i) => {
    const d = docs[di];
    d.ord = i;
    const j = `${d.cm ? 'NC' : 'VF'}${d.yy}`;
    d.seq = ctr[j];
    ctr[j] += d.cm ? rng.int(1, 3) : rng.chance(0.6) ? 1 : rng.int(2, 5);
    d.no = `${j}-${pad(d.seq, d.cm ? 4 : 5)}`;
    if (d.cm) return;
    known.add(`${d.yy}-${d.seq}`);
    for (let s = d.seq + 1; s < ctr[j]; s++) closed.push(d.yy * 1e8 + s);
    d.ref = d.rf ? rfRef(`${pad(d.c.num, 5)}${d.yy}${pad(d.seq, 5)}`) : sc(d.c.num, d.yy, d.seq);
  });

  const openRows: Row[] = Array.from(order, (di) => docs[di]).map((d) => ({
    side: 'open_items', key: d.c.rank, group: d.g, kind: d.kind, ambiguous: d.amb,
    line: [d.no, d.c.code, d.c.name, dmy(d.day), dmy(d.cm ? d.day : d.day + (d.c.land === 'FR' ? 45 : 30)), d.usd ? 'USD' : 'EUR', frAmt(d.usd || d.eur), frAmt(d.eur), d.ref].join(';'),
  }));
  const bankRef = () => `${rng.digits(4)}${pad(rng.int(0, 99999999), 8)}`;
  const rows: Row[] = [];
  let total = 0, lastDate = START;
  const line = (day: number, amt: number, cp: string, name: string, bic: string, comm: string, det: string, g: string | null, kind: string, amb?: boolean) => {
    total += amt;
    lastDate = Math.max(lastDate, day);
    const val = rng.chance(0.15) ? day - 1 : day;
    rows.push({ side: 'statement', key: day - START + 5, group: g, kind, ambiguous: amb, line: [dmy(day), dmy(businessDay(val) === val ? val : day), plain(amt, ','), 'EUR', cp, name, bic, comm, det.replace(/\s+/g, ' ').trim()].join(';') });
  };
  for (const p of pays) {
    const c = p.c, name = p.name ?? c.bank, cp = (c.cp ??= c.land === 'US' ? c.iban : c.iban.replace(/(.{4})(?=.)/g, '$1 '));
    let comm = p.text ? p.text() : '';
    if (!p.text) {
      if (p.style === 'structured' && p.docs.length === 1 && !p.docs[0].rf) { const r = p.docs[0].ref; comm = rng.chance(0.1) ? r.replace(/\+/g, '*') : rng.chance(0.1) ? r.replace(/\D/g, '') : r; }
      else if (p.style === 'structured' || (p.style === 'dd' && p.docs[0].rf)) comm = p.docs[0].ref;
      else if (p.style === 'dd') comm = `${p.docs[0].no} MANDAT DOM-${pad(c.num, 5)}`;
      else if (p.style === 'loose') {
        const k = rng.chance(0.8) ? rng.pick([0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8]) : undefined;
        comm = (p.docs.length > 1 && (k === 0 || k === 2) ? rng.pick(['Factures ', 'Fact ', '']) : '') + p.docs.map((d) => (d.cm ? d.no : loose(d, d.seq, k))).join(rng.pick([' ', ', ', ' + ', ' / ']));
      }
      else comm = rng.pick(['Paiement', 'Règlement', 'Facture', 'Votre facture du mois', '', 'Virement']);
      if (p.style !== 'structured' && p.style !== 'dd') comm += (p.det ?? '') + noise();
    }
    const kindText = p.amt < 0 ? (comm.startsWith('RETOUR') ? 'RETOUR DOMICILIATION EUROPEENNE' : `VIREMENT EUROPEEN EN FAVEUR DE ${name}`) : p.style === 'dd' ? `ENCAISSEMENT DOMICILIATION EUROPEENNE B2B CREANCIER BE98ZZZ0425123456 REF. MANDAT DOM-${pad(c.num, 5)}` : c.land === 'US' || c.land === 'CH' || c.land === 'GB' ? `VIREMENT INTERNATIONAL RECU DE ${name}${p.info ?? ''}${p.kind === 'bank_fee_deducted' ? ' FRAIS PARTAGES (SHA)' : ''}` : `VIREMENT EUROPEEN RECU DE ${name}`;
    line(p.day, p.amt, cp, name, c.bic, comm.trim(), `${kindText} IBAN ${cp} BIC ${c.bic} REF. BANQUE ${bankRef()}`, p.g, p.kind, p.amb);
  }
  const nNoise = Math.round(openItems * 0.12), randBase = () => rng.int(0, 99999) * 1e5 + rng.int(0, 99999);
  const VENDORS = ['PROXIMUS SA', 'ENGIE ELECTRABEL', 'LUMINUS', 'SPF FINANCES - TVA', 'ONSS-RSZ', 'ARCELOR DISTRIBUTION', 'LYRECO BELGIUM', 'TOTALENERGIES MARKETING', 'ETHIAS SA', 'SECUREX'];
  const vendorIban = VENDORS.map(() => iban('BE', ((b) => b + pad(mod97(b) || 97, 2))(rng.digits(10))).replace(/(.{4})(?=.)/g, '$1 '));
  for (let i = 0; i < nNoise; i++) {
    const k = rng.weighted({ noise_salary: 2, noise_supplier: 5, noise_direct_debit_out: 2, noise_bank_fee: 1.5, noise_interest: 0.5, noise_card_settlement: 3, noise_tax: 1 }), d = rng.pick(biz);
    const vi = rng.int(0, VENDORS.length - 1), v = VENDORS[vi], vb = vendorIban[vi];
    if (k === 'noise_salary') line(d, -rng.amountCents(1500, 5200), vb, `${rng.pick(NAMES).toUpperCase()} ${rng.pick(['JEAN', 'MARIE', 'LUC', 'SOPHIE', 'KEVIN'])}`, 'GEBABEBB', `Salaire ${rng.pick(['janvier', 'février'])} 2026`, 'VIREMENT EUROPEEN EN FAVEUR DE', null, k);
    if (k === 'noise_supplier') line(d, -rng.amountCents(60, 30000), vb, v, 'BBRUBEBB', rng.chance(0.5) ? structured(randBase()) : `Facture ${rng.digits(rng.int(4, 7))} client ${rng.digits(5)}`, `VIREMENT EUROPEEN EN FAVEUR DE ${v}`, null, k);
    if (k === 'noise_direct_debit_out') line(d, -rng.amountCents(40, 2500), vb, v, 'GKCCBEBB', `${rng.digits(12)} ${v}`, `DOMICILIATION EUROPEENNE CREANCIER ${v} REF. MANDAT ${rng.digits(9)}`, null, k);
    if (k === 'noise_bank_fee') line(d, -rng.amountCents(3, 90), '', '', '', '', rng.pick(['FRAIS DE GESTION DE COMPTE', 'FRAIS VIREMENTS INTERNATIONAUX', 'REDEVANCE CARTE DE DEBIT']), null, k);
    if (k === 'noise_interest') line(d, rng.amountCents(2, 300), '', '', '', '', 'INTERETS CREDITEURS PERIODE DU 01/01/2026', null, k);
    if (k === 'noise_card_settlement') line(d, rng.amountCents(100, 9000), 'BE79 0017 7531 7733', 'WORLDLINE SA', 'GEBABEBB', `BANCONTACT ${rng.digits(6)} ${dmy(d - 1)}`, `VERSEMENT WORLDLINE TERMINAL ${rng.digits(8)}`, null, k);
    if (k === 'noise_tax') line(d, -rng.amountCents(500, 40000), 'BE39 6792 0022 9319', 'SPF FINANCES', 'PCHQBEBB', structured(randBase()), 'VIREMENT EUROPEEN EN FAVEUR DE SPF FINANCES - TVA', null, k);
  }

  const { open, stmt, truth } = assemble(openRows, rng.shuffle(rows));
  // Extract number = business day of the period (one extract a day), movement number within it.
  const extract = new Map<string, string>();
  biz.concat([1, 2, 3, 4].map((k) => START + SPAN + k)).forEach((d, i) => extract.set(dmy(d), pad(i + 1, 3)));
  let lastDay = '', mv = 0;
  const out = stmt.map((l) => {
    const day = l.slice(0, 10);
    if (day !== lastDay) { lastDay = day; mv = 0; }
    return `BE71 0961 2345 6769;ATELIERS MOSANS SA;${extract.get(day)};${pad(++mv, 4)};${l}`;
  });
  const opening = rng.amountCents(20000, 400000) * 10;
  return {
    name: 'be-fr-mixed',
    description: 'Ateliers Mosans SA (Belgium): French-language accounting export (;, decimal comma, dd/mm/yyyy, VF/NC numbers, Belgian structured communications or RF references, some USD invoices) against a CODA-derived bank CSV with structured or loose free-text communications, SEPA direct debits, SWIFT and USD-converted receipts, parent companies paying for subsidiaries, reversals (Retour/Remboursement) and Solde initial/final lines at the end.',
    openItems: { fileName: 'be-fr-mixed-open-items.csv', content: ['N° pièce;Tiers;Nom;Date pièce;Échéance;Devise;Montant devise;Montant EUR;Communication structurée', ...open].join('\r\n') + '\r\n' },
    statement: { fileName: 'be-fr-mixed-statement.csv', content: ['N° compte;Nom du compte;N° extrait;N° mouvement;Date comptable;Date valeur;Montant;Devise du compte;Contrepartie;Nom contrepartie;BIC contrepartie;Communication;Détails', ...out, '', `Solde initial;;;;${dmy(START - 1)};;${plain(opening, ',')};EUR;;;;;`, `Solde final;;;;${dmy(lastDate)};;${plain(opening + total, ',')};EUR;;;;;`].join('\r\n') + '\r\n' },
    truth,
  };
};
