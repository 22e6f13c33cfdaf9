/**
 * de-camt053 — Brenner Antriebstechnik GmbH, Aalen (EUR), on SAP S/4HANA. Open items: FBL5N line items
 * exported to CSV (Windows-1252, `;`, German numbers with trailing minus); statement: one ISO 20022
 * camt.053.001.08 XML statement for October 2026. See `description`.
 */
import type { World } from '../world';
import { Book, Rng, dayOf, ymd, pad, money, nextBiz, prevBiz, isBiz, encodeSbcs, iban, rfRef, letters, mod97, truth, runCases, type Cust, type Item } from './common';

/** One statement row: an entry (Ntry) or one transaction (TxDtls) of an entry. */
interface Tx { e2e: string; name: string; acct: string; bic: string; ustrd: string; strd: string; mndt: string; rtr: string; amt: number }
interface T { key: string; gvc: string; domn: [string, string, string]; info: string; batch?: number; tx: Tx | null }
interface DeCust extends Cust { kd: string; acct: string; bic: string; dd: boolean; po: () => string }

const STEM = ['Müller', 'Schmid', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Werner', 'Krause', 'Lehmann', 'Köhler', 'Maier', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Vogel', 'Keller', 'Günther', 'Frank', 'Berger', 'Roth', 'Beck', 'Lorenz', 'Baumann', 'Franke', 'Albrecht', 'Ludwig'];
const TRADE = ['Maschinenbau', 'Fördertechnik', 'Anlagenbau', 'Automation', 'Metallbau', 'Verpackungstechnik', 'Antriebe', 'Industrieservice', 'Elektrotechnik', 'Werkzeugbau', 'Landtechnik', 'Stahlbau', 'Kunststofftechnik', 'Präzisionsteile', 'Hydraulik'];
const FORM = [' GmbH', ' GmbH', ' GmbH', ' GmbH & Co. KG', ' GmbH & Co. KG', ' AG', ' KG', ' e.K.', ' SE'];
const BANK: [string, string][] = [['60050101', 'SOLADEST600'], ['61450050', 'OASPDE6AXXX'], ['60010070', 'PBNKDEFFXXX'], ['50040000', 'COBADEFFXXX'], ['70020270', 'HYVEDEMMXXX'], ['60090100', 'VOBADESSXXX'], ['10070000', 'DEUTDEBBXXX'], ['66050101', 'KARSDE66XXX'], ['76050101', 'SSKNDE77XXX'], ['37040044', 'COBADEFFXXX']];
const OWN_IBAN = iban('DE', '61450050' + '1000348977');
const CDTR_ID = (() => { const nat = '0000' + '0512433'.padStart(11, '0').slice(4); return 'DE' + pad(98 - mod97(letters(nat + 'DE') + '00'), 2) + 'ZZZ' + nat; })();
const x = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function deCamt053({ seed, openItems }: { seed: number; openItems: number }): World {
  const rng = new Rng(seed * 15485863 + 25073);
  const book = new Book<T>(rng, 'de');
  const OCT1 = dayOf(2026, 10, 1), OCT30 = dayOf(2026, 10, 30), RUN = dayOf(2026, 11, 2);
  const ncust = Math.max(12, Math.min(700, Math.round(openItems / 5)));
  const custs: DeCust[] = [], seen = new Set<string>();
  while (custs.length < ncust) {
    const nm = rng.chance(0.8) ? `${rng.pick(STEM)} ${rng.pick(TRADE)}${rng.pick(FORM)}` : `${rng.pick(STEM)} & ${rng.pick(STEM)}${rng.pick(FORM)}`;
    if (seen.has(nm)) continue;
    seen.add(nm);
    const [blz, bic] = rng.pick(BANK), sap = rng.chance(0.45);
    custs.push({ code: String(100100 + custs.length * 7 + rng.int(0, 6)), kd: '', name: nm, acct: iban('DE', blz + pad(rng.int(0, 9999999999), 10)), bic, dd: rng.chance(0.18),
      po: () => (sap ? `45${pad(rng.int(0, 99999999), 8)}` : rng.chance(0.5) ? `PO-2026-${pad(rng.int(1, 9999), 4)}` : `${rng.int(10000, 99999)}`) });
  }
  const dd = custs.filter((c) => c.dd), sct = custs.filter((c) => !c.dd);
  const pick = (cs: DeCust[]) => cs[rng.skewedIndex(cs.length)];
  const eur = () => rng.amountCents(180, 48000);
  const inv = (c: DeCust, day: number, kind: string, g: string | null, o: Partial<Item> = {}, draw = eur): Item =>
    book.item(c, day, book.amount(c, draw), kind, g, { due: day + (c.dd ? 14 : rng.pick([14, 30, 30, 30, 45, 60])), x: { po: c.po() }, ...o });
  const credit = (c: DeCust, day: number, of: number, kind: string, g: string | null) =>
    book.item(c, day, -book.amount(c, () => Math.round(of * (0.02 + rng.next() * 0.35))), kind, g, { due: day, x: { po: '' } });
  const payDay = () => nextBiz(rng.int(OCT1, OCT30));
  const issued = (pay: number) => prevBiz(pay - rng.int(4, 70));
  const dmy = (d: number) => { const [y, m, dd2] = ymd(d); return `${pad(dd2, 2)}.${pad(m, 2)}.${y}`; };
  const ref = (it: Item) => it.x.ref;
  const say = (it: Item): string => rng.pick([`RE ${ref(it)}`, `Rechnung ${ref(it)} vom ${dmy(it.day)}`, `RECHNUNG NR. ${ref(it)} KD-NR. ${it.cust.code}`, ref(it), `Re.-Nr. ${ref(it)}`, `RG ${ref(it)}`, `Rg.Nr.${ref(it)}`]);
  const up = (s: string) => (rng.chance(0.4) ? s.toUpperCase() : s);
  let e2eN = rng.int(100000, 900000);
  const sctIn = (c: DeCust, ustrd: string, strd = '', amt = 0): T => ({ key: 'SEPA-GUTSCHRIFT', gvc: '166', domn: ['PMNT', 'RCDT', 'ESCT'], info: 'GUTSCHRIFT SEPA', tx: { e2e: rng.chance(0.5) ? 'NOTPROVIDED' : `E2E${++e2eN}`, name: rng.chance(0.3) ? c.name.toUpperCase() : c.name, acct: c.acct, bic: c.bic, ustrd: ustrd.slice(0, 140), strd, mndt: '', rtr: '', amt } });
  const single = (kind: string, say2: (its: Item[]) => T, n = 1, extra?: (c: DeCust, its: Item[], g: string) => number) => () => {
    const c = pick(sct), d = payDay(), g = book.group(), its: Item[] = [];
    for (let i = 0; i < n; i++) its.push(inv(c, issued(d), kind, g));
    const amt = extra ? extra(c, its, g) : its.reduce((s, v) => s + v.amt, 0);
    book.line(d, amt, kind, g, () => say2(its));
    return book.items.filter((v) => v.g === g).length;
  };
  const rfDoc = (nb: string, amt: number, credit2: boolean) => `<Strd><RfrdDocInf><Tp><CdOrPrtry><Cd>${credit2 ? 'CREN' : 'CINV'}</Cd></CdOrPrtry></Tp><Nb>${nb}</Nb></RfrdDocInf><RfrdDocAmt><RmtdAmt Ccy="EUR">${money(Math.abs(amt))}</RmtdAmt></RfrdDocAmt></Strd>`;

  // Direct-debit runs: dates, their items, and the rows.
  const runs = [nextBiz(dayOf(2026, 10, 5)), nextBiz(dayOf(2026, 10, 15)), nextBiz(dayOf(2026, 10, 26))];
  const returned: Item[] = [];

  runCases(rng, openItems, {
    sct_invoice_ref: 380, sct_rf_reference: 150, sct_structured_multi: 100, sct_multi_invoice: 120, skonto_deducted: 150, credit_memo_netted: 90,
    po_number_cited: 70, name_only: 80, part_payment: 50, ambiguous_equal_amounts: 60, dd_batch_details: 150, dd_batch_total_only: 60,
    unpaid_invoice: 480, open_credit_memo: 20,
  }, {
    sct_invoice_ref: single('sct_invoice_ref', ([it]) => sctIn(it.cust as DeCust, up(say(it)))),
    sct_rf_reference: single('sct_rf_reference', ([it]) => sctIn(it.cust as DeCust, '', `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${it.x.rf}</Ref></CdtrRefInf></Strd>`)),
    sct_structured_multi: () => {
      const c = pick(sct), d = payDay(), g = book.group(), k = rng.int(2, 6), its: Item[] = [];
      for (let i = 0; i < k; i++) its.push(inv(c, issued(d), 'sct_structured_multi', g));
      if (rng.chance(0.3)) its.push(credit(c, issued(d), its[0].amt, 'sct_structured_multi', g));
      book.line(d, its.reduce((s, v) => s + v.amt, 0), 'sct_structured_multi', g, () => sctIn(c, '', its.map((v) => rfDoc(ref(v), v.amt, v.credit)).join('')));
      return its.length;
    },
    sct_multi_invoice: single('sct_multi_invoice', (its) => sctIn(its[0].cust as DeCust, up(`${rng.pick(['RE ', 'RECHNUNGEN ', 'Rg. ', ''])}${its.map(ref).join(rng.pick([' ', ', ', '/']))}`)), rng.int(2, 4)),
    skonto_deducted: single('skonto_deducted', ([it]) => sctIn(it.cust as DeCust, up(`${say(it)}${rng.chance(0.6) ? ` ABZGL. ${it.x.sk}% SKONTO` : ''}`)), 1, (_c, [it]) => { const r = rng.chance(0.75) ? 2 : 3; it.x.sk = String(r); return it.amt - Math.round(it.amt * r / 100); }),
    credit_memo_netted: () => {
      const c = pick(sct), d = payDay(), g = book.group(), it = inv(c, issued(d), 'credit_memo_netted', g), gs = credit(c, Math.min(d - 1, it.day + rng.int(2, 20)), it.amt, 'credit_memo_netted', g);
      book.line(d, it.amt + gs.amt, 'credit_memo_netted', g, () => sctIn(c, up(`RE ${ref(it)} ABZGL. GS ${ref(gs)}`)));
      return 2;
    },
    po_number_cited: single('po_number_cited', ([it]) => sctIn(it.cust as DeCust, up(rng.pick([`IHRE BESTELLUNG ${it.x.po}`, `Bestellnr. ${it.x.po}`, `PO ${it.x.po}`, `Best.-Nr. ${it.x.po} Lieferung`]))), 1),
    name_only: single('name_only', ([it]) => sctIn(it.cust as DeCust, up(rng.pick([`KD-NR ${it.cust.code}`, 'Zahlung', 'Begleichung offener Posten', `Kundennr. ${it.cust.code} Zahlung`, ''])))),
    part_payment: single('part_payment', ([it]) => sctIn(it.cust as DeCust, up(rng.pick(['Abschlag ', 'Teilzahlung ', '1. Rate ']) + say(it))), 1, (_c, [it]) => { const unit = it.amt >= 100000 ? 10000 : 1000; return Math.round(it.amt * (0.3 + rng.next() * 0.4) / unit) * unit; }),
    ambiguous_equal_amounts: () => {
      const c = pick(sct), d = payDay(), g = book.group(), a = inv(c, issued(d), 'ambiguous_equal_amounts', g, { amb: true });
      book.item(c, issued(d), a.amt, 'ambiguous_equal_amounts', null, { amb: true, due: a.due, x: { po: c.po() } });
      book.line(d, a.amt, 'ambiguous_equal_amounts', g, () => sctIn(c, up(rng.pick(['Zahlung', 'Rechnungsausgleich', 'Ausgleich Konto', 'Überweisung']))), { amb: true });
      return 2;
    },
    dd_batch_details: () => { const c = pick(dd), run = rng.pick([runs[0], runs[2]]); inv(c, run - 14, 'dd_batch_details', 'pending'); return 1; },
    dd_batch_total_only: () => { const c = pick(dd); inv(c, runs[1] - 14, 'dd_batch_total_only', 'pending'); return 1; },
    unpaid_invoice: () => { const c = pick(rng.chance(0.9) ? sct : custs); inv(c, prevBiz(rng.int(dayOf(2026, 7, 1), RUN)), 'unpaid_invoice', null); return 1; },
    open_credit_memo: () => { const c = pick(sct); credit(c, prevBiz(rng.int(dayOf(2026, 8, 1), RUN)), rng.amountCents(500, 5000), 'open_credit_memo', null); return 1; },
  });

  // Direct-debit runs. Runs 1 and 3: one entry with a TxDtls per item (each its own group); returned items
  // come back as an R-transaction (collection row and return row: no group). Run 2: one entry with only the
  // total — the group is that row, its returns and the items that stayed collected.
  const ddTx = (it: Item, amt: number, rtr = ''): Tx => ({ e2e: ref(it), name: it.cust.name, acct: (it.cust as DeCust).acct, bic: (it.cust as DeCust).bic, ustrd: `RE ${ref(it)} VOM ${dmy(it.day)} KD ${it.cust.code}`, strd: '', mndt: `BRE-${it.cust.code}-01`, rtr, amt });
  const feeLine = (d: number, amt: number, kind: string, info: string | (() => string)) => book.line(d, -amt, kind, null, () => ({ key: 'ENTGELT', gvc: '808', domn: ['ACMT', 'MDOP', 'CHRG'], info: typeof info === 'string' ? info : info(), tx: null }));
  const ret = (it: Item, d: number, g: string | null, kind: string) => {
    const code = rng.pick(['AM04', 'AM04', 'MD06', 'AC04', 'MS03']);
    book.line(d, -it.amt, kind, g, () => ({ key: 'RUECKLASTSCHRIFT', gvc: '109', domn: ['PMNT', 'IDDT', 'UPDD'], info: `RUECKLASTSCHRIFT ${code}`, tx: ddTx(it, -it.amt, code) }));
    feeLine(d, 300, 'noise_return_fee', () => `ENTGELT RUECKLASTSCHRIFT ${ref(it)}`);
  };
  for (const [ri, run] of runs.entries()) {
    const its = book.items.filter((it) => it.g === 'pending' && it.day === run - 14);
    if (!its.length) continue;
    const detailed = ri !== 1, bid = `${rng.int(100000, 999999)}`;
    const g1 = detailed ? null : book.group();
    const total = its.reduce((s, v) => s + v.amt, 0);
    for (const [i, it] of its.entries()) {
      const back = rng.chance(0.05) && its.length > 2 && i > 0;
      if (back) returned.push(it);
      it.kind = back ? 'dd_returned' : it.kind;
      it.g = back ? null : detailed ? book.group() : g1;
      if (detailed) {
        const g = it.g;
        book.line(run, it.amt, back ? 'dd_returned' : 'dd_batch_details', g, () => ({ key: 'SEPA-LASTSCHRIFTEINZUG', gvc: '192', domn: ['PMNT', 'IDDT', 'ESDD'], info: `SAMMLER-GUTSCHRIFT LASTSCHRIFTEN ${its.length} POSTEN MSG-ID ${bid}`, batch: its.length, tx: ddTx(it, it.amt) }), { ord: 0.5 });
      }
      if (back) ret(it, Math.min(prevBiz(OCT30), nextBiz(run + rng.int(2, 4))), detailed ? null : g1, detailed ? 'dd_returned' : 'dd_batch_total_only');
    }
    if (!detailed) book.line(run, total, 'dd_batch_total_only', g1, () => ({ key: 'SEPA-LASTSCHRIFTEINZUG', gvc: '192', domn: ['PMNT', 'IDDT', 'ESDD'], info: `SAMMLER-GUTSCHRIFT LASTSCHRIFTEN ${its.length} POSTEN MSG-ID ${bid}`, batch: its.length, tx: null }));
  }

  // Noise: salary run (one debit entry, a TxDtls per employee), suppliers, tax, social insurance, fees.
  const outTx = (name: string, ustrd: string, amt: number): Tx => { const [blz, bic] = rng.pick(BANK); return { e2e: `BRE${++e2eN}`, name, acct: iban('DE', blz + pad(rng.int(0, 9999999999), 10)), bic, ustrd, strd: '', mndt: '', rtr: '', amt }; };
  const staff = Math.max(3, Math.round(openItems / 120)), payday = prevBiz(dayOf(2026, 10, 28));
  for (let i = 0; i < staff; i++) {
    const a = -rng.amountCents(2100, 5200), nm = `${rng.pick(['Thomas', 'Michael', 'Andreas', 'Stefan', 'Sabine', 'Petra', 'Julia', 'Markus', 'Daniel', 'Katrin'])} ${rng.pick(STEM)}`;
    book.line(payday, a, 'noise_salary_batch', null, () => ({ key: 'SAMMELUEBERWEISUNG', gvc: '191', domn: ['PMNT', 'ICDT', 'ESCT'], info: `SAMMLER-UEBERWEISUNG ${staff} POSTEN`, batch: staff, tx: outTx(nm, 'LOHN/GEHALT 10/2026', a) }), { ord: 0.3 });
  }
  const sup = ['Thyssenkrupp Materials Services GmbH', 'Schaeffler Technologies AG & Co. KG', 'SKF GmbH', 'Würth Industrie Service GmbH & Co. KG', 'Hoffmann GmbH Qualitätswerkzeuge', 'EnBW Energie Baden-Württemberg AG', 'DB Schenker', 'Stadtwerke Aalen GmbH'];
  for (let i = 0; i < Math.max(6, Math.round(openItems / 40)); i++) {
    const a = -rng.amountCents(300, 60000), s = rng.pick(sup);
    book.line(payDay(), a, 'noise_supplier_payment', null, () => ({ key: 'SEPA-UEBERWEISUNG', gvc: '116', domn: ['PMNT', 'ICDT', 'ESCT'], info: 'UEBERWEISUNG SEPA', tx: outTx(s, `RG ${rng.int(100000, 9999999)} KD-NR 4711${rng.int(10, 99)}`, a) }));
  }
  const ust = -rng.amountCents(40000, 150000);
  book.line(nextBiz(dayOf(2026, 10, 12)), ust, 'noise_tax', null, () => ({ key: 'SEPA-UEBERWEISUNG', gvc: '116', domn: ['PMNT', 'ICDT', 'ESCT'], info: 'UEBERWEISUNG SEPA', tx: { ...outTx('Finanzamt Aalen', `St.-Nr. 53012/34567 UST 09.2026`, ust), bic: 'MARKDEF1600' } }));
  const sv = -rng.amountCents(30000, 90000);
  book.line(prevBiz(dayOf(2026, 10, 27)), sv, 'noise_social_insurance', null, () => ({ key: 'SEPA-LASTSCHRIFT', gvc: '105', domn: ['PMNT', 'RDDT', 'ESDD'], info: 'LASTSCHRIFT SEPA', tx: { ...outTx('AOK Baden-Wuerttemberg', 'Beitragsnachweis 10/2026 BNR 12345678', sv), mndt: 'AOKBW-12345678' } }));
  feeLine(OCT30, rng.int(4500, 12000), 'noise_bank_fee', 'ABSCHLUSS ENTGELTE KONTOFUEHRUNG 10/2026');
  for (let d = OCT1; d <= OCT30; d++) if (isBiz(d) && rng.chance(0.15)) feeLine(d, rng.int(5, 40) * 10, 'noise_bank_fee', 'ENTGELT SEPA-ZAHLUNGSVERKEHR');

  // Every Friday the balance above a floor goes to the overnight/Tagesgeld account (as treasurers do).
  const opening = rng.amountCents(200000, 900000);
  {
    const net = new Map<number, number>();
    for (const l of book.lines) net.set(l.day, (net.get(l.day) ?? 0) + l.amt);
    let b = opening;
    for (let d = OCT1; d <= OCT30; d++) {
      b += net.get(d) ?? 0;
      if (new Date(d * 86400000).getUTCDay() !== 5 || b < 40000000) continue;
      const out = Math.floor((b - 25000000) / 1000000) * 1000000;
      book.line(d, -out, 'noise_internal_transfer', null, () => ({ key: 'UMBUCHUNG', gvc: '116', domn: ['PMNT', 'ICDT', 'BOOK'], info: 'UMBUCHUNG', tx: { e2e: 'NOTPROVIDED', name: 'Brenner Antriebstechnik GmbH', acct: iban('DE', '61450050' + '1000349009'), bic: 'OASPDE6AXXX', ustrd: 'UEBERTRAG AUF TAGESGELDKONTO 1000349009', strd: '', mndt: '', rtr: '', amt: -out } }), { ord: 0.99 });
      b -= out;
    }
  }

  // Numbering: billing document numbers (Referenz) 9026xxxx in date order, FI document numbers, RF references.
  const fi = rng.int(100000, 300000);
  book.number(() => '', (seq) => String(seq), (it) => (it.credit ? 70260000 + rng.int(100, 900) : 90260000 + rng.int(1000, 9000)), () => rng.chance(0.75) ? 1 : rng.int(2, 5));
  let fiSeq = fi;
  for (const it of [...book.items].sort((a, b) => a.day - b.day || a.seq - b.seq)) {
    it.x.ref = it.no;
    it.x.bel = it.credit ? `16000${pad(++fiSeq % 100000, 5)}` : `00${it.no}`;
    it.x.rf = rfRef(`${it.cust.code}${it.no}`);
  }
  const items = [...book.items].sort((a, b) => Number(a.cust.code) - Number(b.cust.code) || a.day - b.day || a.seq - b.seq);
  const lines = book.orderedLines();

  // ---- FBL5N CSV ------------------------------------------------------------------------------
  const de = (c: number) => money(Math.abs(c), ',', '.') + (c < 0 ? '-' : '');
  const head = 'Kunde;Name 1;Zuordnung;Belegnummer;Referenz;Belegart;BSchl;Belegdatum;Nettofälligkeit;Zahlweg;Betrag in HW;HWähr;Text';
  const oi = ['Debitoren Einzelpostenliste', `Buchungskreis 1000 Brenner Antriebstechnik GmbH  Offene Posten zum ${dmy(RUN)}`, '', head];
  for (const it of items) {
    const c = it.cust as DeCust;
    oi.push([c.code, c.name, it.credit ? it.x.ref : it.x.po, it.x.bel, it.x.ref, it.credit ? 'DG' : 'RV', it.credit ? '11' : '01', dmy(it.day), dmy(it.due), c.dd ? 'L' : 'U', de(it.amt), 'EUR', it.credit ? `Gutschrift zu Rg.` : ''].join(';'));
  }
  const sum = items.reduce((s, v) => s + v.amt, 0);
  oi.push(`*;;;;;;;;;;${de(sum)};EUR;`);

  // ---- camt.053.001.08 -----------------------------------------------------------------------------
  const iso = (d: number) => { const [y, m, dd2] = ymd(d); return `${y}-${pad(m, 2)}-${pad(dd2, 2)}`; };
  const closing = opening + lines.reduce((s, l) => s + l.amt, 0);
  const bal = (tp: string, a: number, d: number) => `<Bal><Tp><CdOrPrtry><Cd>${tp}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${money(Math.abs(a))}</Amt><CdtDbtInd>${a < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${iso(d)}</Dt></Dt></Bal>`;
  const cd = (a: number) => (a < 0 ? 'DBIT' : 'CRDT');
  const txXml = (t: Tx, credit2: boolean, amt: number): string => {
    const party = `<Pty><Nm>${x(t.name.slice(0, 70))}</Nm></Pty>`, acct = `<Id><IBAN>${t.acct}</IBAN></Id>`;
    const rp = credit2 ? `<RltdPties><Dbtr>${party}</Dbtr><DbtrAcct>${acct}</DbtrAcct><Cdtr><Pty><Nm>Brenner Antriebstechnik GmbH</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>${OWN_IBAN}</IBAN></Id></CdtrAcct></RltdPties>`
      : `<RltdPties><Dbtr><Pty><Nm>Brenner Antriebstechnik GmbH</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>${OWN_IBAN}</IBAN></Id></DbtrAcct><Cdtr>${party}</Cdtr><CdtrAcct>${acct}</CdtrAcct></RltdPties>`;
    const agt = credit2 ? `<RltdAgts><DbtrAgt><FinInstnId><BICFI>${t.bic}</BICFI></FinInstnId></DbtrAgt></RltdAgts>` : `<RltdAgts><CdtrAgt><FinInstnId><BICFI>${t.bic}</BICFI></FinInstnId></CdtrAgt></RltdAgts>`;
    const rmt = t.ustrd || t.strd ? `<RmtInf>${t.ustrd ? `<Ustrd>${x(t.ustrd)}</Ustrd>` : ''}${t.strd}</RmtInf>` : '';
    const rtr = t.rtr ? `<RtrInf><Rsn><Cd>${t.rtr}</Cd></Rsn></RtrInf>` : '';
    const mndt = t.mndt ? `<MndtId>${t.mndt}</MndtId>` : '';
    // A direct debit collected by us (or returned to us) names the customer as debtor and us as creditor.
    const ddIn = !!t.mndt && t.e2e.startsWith('9');
    const rp2 = ddIn ? `<RltdPties><Dbtr>${party}</Dbtr><DbtrAcct>${acct}</DbtrAcct><Cdtr><Pty><Nm>Brenner Antriebstechnik GmbH</Nm><Id><PrvtId><Othr><Id>${CDTR_ID}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></Pty></Cdtr><CdtrAcct><Id><IBAN>${OWN_IBAN}</IBAN></Id></CdtrAcct></RltdPties><RltdAgts><DbtrAgt><FinInstnId><BICFI>${t.bic}</BICFI></FinInstnId></DbtrAgt></RltdAgts>` : rp + agt;
    return `<TxDtls><Refs><EndToEndId>${x(t.e2e)}</EndToEndId>${mndt}</Refs><Amt Ccy="EUR">${money(Math.abs(amt))}</Amt><CdtDbtInd>${cd(amt)}</CdtDbtInd>${rp2}${rmt}${rtr}</TxDtls>`;
  };
  const ntries: string[] = [], sums = { c: [0, 0], d: [0, 0] };
  let acctRef = rng.int(10000000, 90000000);
  for (let i = 0; i < lines.length;) {
    const l = lines[i], t = l.t!;
    let j = i + 1;
    if (t.batch) while (j < lines.length && lines[j].t!.info === t.info && lines[j].day === l.day && lines[j].t!.batch) j++;
    const grp = lines.slice(i, j), amt = grp.reduce((s, v) => s + v.amt, 0);
    const [dn, fm, sf] = t.domn;
    const dtls = t.tx ? `<NtryDtls>${t.batch ? `<Btch><NbOfTxs>${grp.length}</NbOfTxs><TtlAmt Ccy="EUR">${money(Math.abs(amt))}</TtlAmt><CdtDbtInd>${cd(amt)}</CdtDbtInd></Btch>` : ''}${grp.map((v) => txXml(v.t!.tx!, v.amt > 0, v.amt)).join('')}</NtryDtls>`
      : t.batch ? `<NtryDtls><Btch><MsgId>${t.info.split('MSG-ID ')[1]}</MsgId><NbOfTxs>${t.batch}</NbOfTxs><TtlAmt Ccy="EUR">${money(Math.abs(amt))}</TtlAmt><CdtDbtInd>${cd(amt)}</CdtDbtInd></Btch></NtryDtls>` : '';
    ntries.push(`<Ntry><NtryRef>${pad(ntries.length + 1, 6)}</NtryRef><Amt Ccy="EUR">${money(Math.abs(amt))}</Amt><CdtDbtInd>${cd(amt)}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${iso(l.day)}</Dt></BookgDt><ValDt><Dt>${iso(l.day)}</Dt></ValDt><AcctSvcrRef>${++acctRef}</AcctSvcrRef><BkTxCd><Domn><Cd>${dn}</Cd><Fmly><Cd>${fm}</Cd><SubFmlyCd>${sf}</SubFmlyCd></Fmly></Domn><Prtry><Cd>N${t.key === 'ENTGELT' ? 'CHG' : 'MSC'}+${t.gvc}+00931</Cd><Issr>DK</Issr></Prtry></BkTxCd>${dtls}<AddtlNtryInf>${x(t.info)}</AddtlNtryInf></Ntry>`);
    const side = amt < 0 ? sums.d : sums.c;
    side[0]++; side[1] += Math.abs(amt);
    i = j;
  }
  const xml = ['<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08 camt.053.001.08.xsd">',
    '<BkToCstmrStmt>',
    `<GrpHdr><MsgId>OASP${iso(OCT30).replace(/-/g, '')}${rng.int(100000, 999999)}</MsgId><CreDtTm>2026-10-31T05:12:44+01:00</CreDtTm><MsgPgntn><PgNb>1</PgNb><LastPgInd>true</LastPgInd></MsgPgntn></GrpHdr>`,
    `<Stmt><Id>2026-10-${rng.int(1000, 9999)}</Id><ElctrncSeqNb>10</ElctrncSeqNb><LglSeqNb>10</LglSeqNb><CreDtTm>2026-10-31T05:12:44+01:00</CreDtTm><FrToDt><FrDtTm>2026-10-01T00:00:00+02:00</FrDtTm><ToDtTm>2026-10-30T23:59:59+01:00</ToDtTm></FrToDt>`,
    `<Acct><Id><IBAN>${OWN_IBAN}</IBAN></Id><Ccy>EUR</Ccy><Ownr><Nm>Brenner Antriebstechnik GmbH</Nm></Ownr><Svcr><FinInstnId><BICFI>OASPDE6AXXX</BICFI><Nm>Kreissparkasse Ostalb</Nm></FinInstnId></Svcr></Acct>`,
    bal('OPBD', opening, OCT1), bal('CLBD', closing, OCT30),
    `<TxsSummry><TtlNtries><NbOfNtries>${ntries.length}</NbOfNtries></TtlNtries><TtlCdtNtries><NbOfNtries>${sums.c[0]}</NbOfNtries><Sum>${money(sums.c[1])}</Sum></TtlCdtNtries><TtlDbtNtries><NbOfNtries>${sums.d[0]}</NbOfNtries><Sum>${money(sums.d[1])}</Sum></TtlDbtNtries></TxsSummry>`,
    ...ntries, '</Stmt>', '</BkToCstmrStmt>', '</Document>', ''].join('\n');

  return {
    name: 'de-camt053',
    description: `A German Mittelstand maker of drive components (Brenner Antriebstechnik GmbH, Aalen, EUR) on SAP S/4HANA. Open items: transaction FBL5N (customer line items, open at ${dmy(RUN)}, run before the October statement was posted) exported to CSV — Windows-1252, ";", two title lines and a blank line, header "Kunde;Name 1;Zuordnung;Belegnummer;Referenz;Belegart;BSchl;Belegdatum;Nettofälligkeit;Zahlweg;Betrag in HW;HWähr;Text", German numbers with the SAP trailing minus ("1.234,56-"), dd.mm.yyyy, Belegnummer the 10-digit FI document (00 + billing number for invoices, 16000… for credit memos), Referenz the 8-digit billing number the customer sees on the invoice, Zuordnung the customer's order number (45… from SAP customers, other forms otherwise), Zahlweg L for customers paying by SEPA direct debit, a "*" total line. Statement: one ISO 20022 camt.053.001.08 XML statement for October 2026 (Kreissparkasse-style, OPBD and CLBD balances, TxsSummry), entries with BkTxCd (ISO domain and German GVC), NtryDtls/TxDtls with EndToEndId, RltdPties Dbtr/Cdtr Pty/Nm and IBAN, DbtrAgt BICFI, RmtInf/Ustrd or RmtInf/Strd (CdtrRefInf SCOR RF creditor references with valid ISO 11649 check digits built from customer and invoice number; RfrdDocInf CINV/CREN Nb with RmtdAmt for payment-run remittances). A statement row is one TxDtls, or the entry itself when it has no TxDtls. Cases: SEPA credit transfers citing the billing number in many spellings, RF references only, structured remittances of 2–6 invoices (sometimes with a credit memo), unstructured lists of 2–4 invoices, Skonto (2 % or 3 % cash discount deducted, stated or not), invoices less a credit memo, payments citing only the customer's order number (the Zuordnung), naming only the customer number or nothing, part payments, two equal invoices of one customer paid by a transfer naming neither (ambiguous); SEPA direct-debit collection runs: two booked as one entry with a TxDtls per mandate (each its own row and group), one booked with only the batch total (NbOfTxs, TtlAmt; its group is the entry, its returns and the items that stayed collected); R-transactions (Rücklastschrift with RtrInf reason AM04/MD06/AC04/MS03 and a return fee; a returned item stays open, no group); noise: a salary batch (one debit entry, a TxDtls per employee), supplier transfers, VAT to the Finanzamt, the AOK social-insurance direct debit, SEPA and account-closing fees; unpaid invoices and open credit memos.`,
    openItems: { fileName: 'de-camt053-fbl5n.csv', content: encodeSbcs(oi.join('\r\n') + '\r\n', 'windows-1252') },
    statement: { fileName: 'de-camt053-camt053.xml', content: xml },
    truth: truth(items, lines),
  };
}
