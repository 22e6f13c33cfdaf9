/**
 * hr-hub3 — a Zagreb office-supplies distributor (Pantheon, EUR, 25 % PDV) against its Zagrebačka
 * banka statement, both in Windows-1250. Croatian fiscalised invoice numbers are three parts,
 * number-premises-device (457-1-1), and each premises counts on its own, so 457-1-1 and 457-2-1 are two
 * different invoices of two customers; the ERP keeps its own document key (26-300-000457) as well.
 * Payment orders (HUB3) carry a model and a poziv na broj: the distributor prints HR01 partner-invoice
 * with a MOD 11 control digit, payers who do not copy it use HR99 and type the invoice into the
 * description, or reuse the reference of an older invoice from their payment template. OIBs (11 digits),
 * phone numbers and court case numbers sit in the texts; FINA pays out of enforced collection with
 * interest and costs on top; a third company pays under an assignment (cesija); Bosnian and Serbian
 * customers pay by SWIFT with charges taken on the way.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, dmy, money, mod11ini, oibCheck, pad, q, rngFor, openingFor, workDay, cp1250, LAST_DAY, type Row } from './common';

const NAME = 'hr-hub3';
export const HR_PDV = (net: number) => Math.round(net * 0.25);
export const HR_SWIFT_FEES = [1000, 1500, 2500];
/** 18 Nov 2026 (Remembrance Day), a Croatian bank holiday inside the period. */
export const HR_HOLIDAYS = [78];

const N1 = ['Bistra', 'Jadran', 'Sloga', 'Zrinski', 'Kvarner', 'Dalmacija', 'Slavonija', 'Maslina', 'Lipa', 'Podravka Trade', 'Sunce', 'Vinodol', 'Lika', 'Zagorje', 'Mirna', 'Neretva', 'Učka', 'Velebit', 'Čakovec Ured', 'Šibenik Print', 'Đakovo Papir', 'Žitnjak', 'Ćićarija', 'Marjan'];
const N2 = ['d.o.o.', 'j.d.o.o.', 'd.d.'];
const OBRT = ['Obrt Horvat', 'Knjigovodstvo Kovačević', 'Obrt Babić', 'Ured Marić', 'Obrt Jurić', 'Papirnica Novak', 'Obrt Knežević', 'Fotokopiraonica Vuković'];
const FOREIGN = ['Biro Sarajevo d.o.o.', 'Kancelarija Mostar d.o.o.', 'Papir Beograd d.o.o.', 'Ured Banja Luka d.o.o.'];

interface Cust { code: string; name: string; bank: string; oib: string; foreign: boolean; phone: string; iban: string }

export function hrHub3(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 19002);
  const book = new Book();
  const used = new Set<string>();
  const oib = () => { const t = `${r.int(1, 9)}${pad(r.int(0, 999999999), 9)}`; return t + String(oibCheck(t)); };
  let code = r.int(1000, 1500);
  const mk = (name: string, foreign: boolean): Cust => ({ code: String(code++), name, bank: r.pick([name, name.toUpperCase(), name.replace(/ d\.o\.o\.$/, ' D.O.O.')]), oib: foreign ? '' : oib(), foreign, phone: `+385 9${r.pick(['1', '2', '5', '8', '9'])} ${r.int(100, 999)} ${pad(r.int(0, 9999), 4)}`, iban: foreign ? `${r.pick(['BA39', 'RS35'])}${pad(r.int(0, 9999999999), 10)}${pad(r.int(0, 999999), 6)}` : `HR${r.int(10, 99)}${r.pick(['2360000', '2402006', '2484008', '2340009', '2330003'])}${pad(r.int(0, 9999999999), 10)}` });
  const custs: Cust[] = [];
  for (let i = 0; i < Math.max(40, Math.round(o.openItems / 10)); i++) {
    let n = '';
    for (let t = 0; !n || used.has(n); t++) n = r.chance(0.15) ? `${r.pick(OBRT)}${t > 3 ? `, ${r.pick(['Zagreb', 'Split', 'Rijeka', 'Osijek', 'Zadar', 'Varaždin', 'Pula', 'Karlovac', 'Sisak', 'Velika Gorica'])}` : ''}${t > 30 ? ` ${t}` : ''}` : `${r.pick(N1)}${t > 5 ? ` ${r.pick(['Plus', 'Grupa', 'Trgovina', 'Servis'])}` : ''} ${r.pick(N2)}`;
    used.add(n);
    custs.push(mk(n, false));
  }
  const foreign = FOREIGN.map((n) => mk(n, true));

  // Two business premises, two devices each, each counting from its own start: the numbers overlap.
  const seqs: Record<string, number> = {};
  const start = r.int(300, 500);
  for (const p of ['1-1', '1-2', '2-1']) seqs[p] = start + r.int(0, 40);
  const doc0 = r.int(100, 300);
  let doc = doc0;
  const perDay = Math.max(1, o.openItems * 1.1) / 120;
  /** An invoice (or an odobrenje, `credit`, negative) of `c` for `net` cents. */
  const inv = (c: Cust, kind: string, group: string | null, opt: { net?: number; amb?: boolean; paid?: number; credit?: boolean } = {}): Row => {
    const pd = r.pick(['1-1', '1-1', '1-2', '2-1']), seq = seqs[pd]++, sg = opt.credit ? -1 : 1, d = doc++;
    const net = opt.net ?? r.cents(40, 4000), vat = c.foreign ? 0 : HR_PDV(net), total = net + vat, paid = opt.paid ?? 0;
    const day = Math.min(80, -35 + Math.floor((d - doc0) / perDay));
    const fiscal = `${seq}-${pd}`, digits = `${c.code}${seq}${pd.replace('-', '')}`;
    const pnb = `${c.code}-${seq}-${pd.replace('-', '')}${mod11ini(digits)}`;
    return book.addOi({ day, cents: sg * (total - paid), key: c.code, group, kind, amb: opt.amb, cells: { fiscal, doc: `26-${opt.credit ? '310' : '300'}-${pad(d, 6)}`, net: String(net), total: String(sg * total), paid: String(paid), cust: c.name, code: c.code, oib: c.oib, pnb } });
  };
  const pay = (day: number, cents: number, c: { bank: string; iban: string }, model: string, pnb: string, desc: string, purpose: string, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: workDay(Math.max(day, 0), [0, 6], HR_HOLIDAYS), cents, group, kind, amb, cells: { who: c.bank, iban: c.iban, model, pnb, desc, purpose, ref: `${r.int(1000, 9999)}${pad(r.int(0, 99999999), 8)}` } });
  const after = (rows: Row[], lo = 3, hi = 45) => Math.max(Math.max(...rows.map((x) => x.day)) + r.int(lo, hi), r.int(0, 10));
  /** How a payer writes the fiscal invoice number. */
  const cite = (x: Row) => { const f = x.cells.fiscal; return r.pick([`Plaćanje računa ${f}`, `Račun br. ${f}`, `R1 ${f}`, `rn. ${f.replace(/-/g, '/')}`, `Uplata po računu ${f}`, `račun ${f}`, `RN ${f.replace(/-/g, ' ')}`, `Po računu br. ${f.replace(/-/g, '/')}`]); };
  const sumOf = (xs: Row[]) => xs.reduce((a, x) => a + x.cents, 0);

  while (book.oi.length < o.openItems) {
    const u = r.next(), c = r.pick(custs);
    if (u < 0.22) {
      const g = book.group(), x = inv(c, 'hr01_reference', g);
      pay(after([x]), x.cents, c, 'HR01', x.cells.pnb, r.pick(['Plaćanje računa', 'Uredski materijal', `Račun ${x.cells.fiscal}`, 'Plaćanje po ponudi', 'Račun']), r.pick(['SUPP', 'OTHR', 'GDSV']), g, 'hr01_reference');
    } else if (u < 0.34) {
      const g = book.group(), x = inv(c, 'invoice_in_description', g);
      pay(after([x]), x.cents, c, 'HR99', '', cite(x), 'SUPP', g, 'invoice_in_description');
    } else if (u < 0.40) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_invoices_cited', g));
      pay(after(xs), sumOf(xs), c, 'HR99', '', `${r.pick(['Računi', 'Plaćanje računa', 'RN'])} ${xs.map((x) => x.cells.fiscal).join(r.pick([', ', ' i ', '; ', ',']))}`, 'SUPP', g, 'several_invoices_cited');
    } else if (u < 0.44) {
      const g = book.group(), x = inv(c, 'credit_note_netted', g, { net: r.cents(400, 5000) });
      const cn = inv(c, 'credit_note_netted', g, { credit: true, net: Math.round(Number(x.cells.net) * r.int(5, 30) / 100) });
      pay(after([x, cn]), x.cents + cn.cents, c, 'HR99', '', `${r.pick(['Račun', 'RN'])} ${x.cells.fiscal} ${r.pick(['umanjeno za odobrenje', '- odobrenje', 'minus knjižno odobrenje'])} ${cn.cells.fiscal}`, 'SUPP', g, 'credit_note_netted');
    } else if (u < 0.48) {
      const g = book.group(), x = inv(c, 'instalments', g, { net: r.cents(2000, 9000) }), n = r.int(2, 4);
      const part = Math.floor(x.cents / n / 100) * 100, d0 = after([x], 3, 12);
      for (let i = 0; i < n; i++) pay(d0 + i * r.int(12, 25), i < n - 1 ? part : x.cents - part * (n - 1), c, r.chance(0.5) ? 'HR01' : 'HR99', '', `${i + 1}. ${r.pick(['rata', 'obrok'])} ${r.pick([`računa ${x.cells.fiscal}`, `po računu ${x.cells.fiscal}`, `RN ${x.cells.fiscal}`])}`, 'SUPP', g, 'instalments');
      // the HR01 lines of an instalment plan quote the invoice's reference
      for (const s of book.st.slice(-n)) if (s.cells.model === 'HR01') s.cells.pnb = x.cells.pnb;
    } else if (u < 0.51) {
      const g = book.group(), x = inv(c, 'part_payment', g, { net: r.cents(800, 6000) }), part = Math.round(x.cents * r.int(20, 60) / 100 / 1000) * 1000;
      pay(after([x]), part, c, 'HR01', x.cells.pnb, r.pick(['Djelomično plaćanje', 'Akontacija', 'Djelomična uplata']) + ` ${x.cells.fiscal}`, 'SUPP', g, 'part_payment');
    } else if (u < 0.53) {
      const net = r.cents(500, 4000), paid = Math.round((net + HR_PDV(net)) * r.int(30, 70) / 100);
      const g = book.group(), x = inv(c, 'remainder_after_earlier_payment', g, { net, paid });
      pay(after([x]), x.cents, c, 'HR01', x.cells.pnb, `Ostatak duga ${x.cells.fiscal}`, 'SUPP', g, 'remainder_after_earlier_payment');
    } else if (u < 0.56) {
      // An assignment (cesija): the customer's own debtor pays the invoice; the name on the line is a third company's.
      const payer = r.pick(custs.filter((z) => z !== c)), g = book.group(), x = inv(c, 'cesija_third_party', g);
      pay(after([x]), x.cents, payer, r.pick(['HR01', 'HR99']), '', `${r.pick(['Po ugovoru o cesiji', 'Cesija', 'Asignacija'])} ${r.int(1, 99)}/2026 za ${c.name} ${r.pick([`račun ${x.cells.fiscal}`, `RN ${x.cells.fiscal}`])}`, 'OTHR', g, 'cesija_third_party');
      const s = book.st[book.st.length - 1];
      if (s.cells.model === 'HR01') s.cells.pnb = x.cells.pnb;
    } else if (u < 0.58) {
      // FINA pays out of the debtor's blocked account: principal, default interest and enforcement costs together.
      const g = book.group(), x = inv(c, 'fina_enforced_collection', g), interest = Math.round(x.cents * r.int(2, 9) / 100), costs = r.pick([2500, 4000, 6630]);
      pay(after([x], 60, 120), x.cents + interest + costs, { bank: 'FINANCIJSKA AGENCIJA', iban: 'HR1210010051863000160' }, 'HR00', `${r.int(100000, 999999)}`, `OVRHA ${r.pick(['Ovr', 'Ovrv'])}-${r.int(100, 9999)}/2026 DUŽNIK ${c.name.toUpperCase()} OIB ${c.oib} GLAVNICA ${money(x.cents, '.', ',')} KAMATE ${money(interest, '.', ',')} TROŠKOVI ${money(costs, '.', ',')}`, 'OTHR', g, 'fina_enforced_collection');
    } else if (u < 0.61) {
      const f = r.pick(foreign), g = book.group(), x = inv(f, 'swift_fee_deducted', g, { net: r.cents(800, 9000) });
      pay(after([x], 5, 30), x.cents - r.pick(HR_SWIFT_FEES), f, '', '', `${r.pick(['INO PRILIV', 'SWIFT PRILIV'])} /ORD/${f.name.toUpperCase()} /RFB/${r.pick([`INV ${x.cells.fiscal}`, x.cells.fiscal, `FAKTURA ${x.cells.fiscal.replace(/-/g, '/')}`])}`, '', g, 'swift_fee_deducted');
    } else if (u < 0.64) {
      // The payer's template still holds the reference of an older, long-paid invoice; the amount is this one's.
      const g = book.group(), x = inv(c, 'stale_reference_reused', g), old = r.int(100, 299), pd = r.pick(['11', '12', '21']);
      pay(after([x]), x.cents, c, 'HR01', `${c.code}-${old}-${pd}${mod11ini(`${c.code}${old}${pd}`)}`, r.pick(['Plaćanje računa', 'Uredski materijal', 'Račun']), 'SUPP', g, 'stale_reference_reused');
    } else if (u < 0.68) {
      const g = book.group(), x = inv(c, 'name_and_amount_only', g);
      pay(after([x]), x.cents, c, 'HR99', '', r.pick(['Plaćanje', 'Uplata', 'Uredski materijal', 'Plaćanje robe', '']), 'SUPP', g, 'name_and_amount_only');
    } else if (u < 0.71) {
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g), [s, p, dv] = x.cells.fiscal.split('-');
      let bad = s;
      while (bad === s) bad = r.chance(0.5) ? s[1] + s[0] + s.slice(2) : s.slice(0, -1) + String((Number(s.slice(-1)) + r.int(1, 9)) % 10);
      pay(after([x]), x.cents, c, 'HR99', '', r.pick([`Račun br. ${bad}-${p}-${dv}`, `Plaćanje računa ${bad}-${p}-${dv}`, `rn. ${bad}/${p}/${dv}`]), 'SUPP', g, 'mistyped_invoice_number');
    } else if (u < 0.74) {
      const g = book.group(), x = inv(c, 'oib_phone_in_text', g);
      const bits = r.shuffle([`OIB ${c.oib}`, r.pick([`tel. ${c.phone}`, `kontakt ${c.phone.replace(/ /g, '')}`, `narudžba ${r.int(1000, 9999)}/${r.int(2025, 2026)}`]), r.pick([`račun ${x.cells.fiscal}`, `RN ${x.cells.fiscal}`])]);
      pay(after([x]), x.cents, c, 'HR99', '', bits.join(' '), 'SUPP', g, 'oib_phone_in_text');
    } else if (u < 0.76) {
      const c2 = r.pick(custs.filter((z) => z !== c)), nn = r.int(2, 40) * 5000;
      for (const z of [c, c2]) { const g = book.group(), x = inv(z, 'same_amount_two_customers', g, { net: nn }); pay(after([x]), x.cents, z, 'HR99', '', r.pick(['Plaćanje', 'Uplata', '']), 'SUPP', g, 'same_amount_two_customers'); }
    } else if (u < 0.775) {
      const g = book.group(), net = r.cents(50, 2000), a = inv(c, 'ambiguous_equal_amounts', g, { net, amb: true });
      inv(c, 'ambiguous_equal_amounts', null, { net, amb: true });
      pay(after([a]), a.cents, c, 'HR99', '', r.pick(['Plaćanje računa', 'Uplata']), 'SUPP', g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.79) {
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d1 = after([x]);
      pay(d1, x.cents, c, 'HR01', x.cells.pnb, 'Plaćanje računa', 'SUPP', g, 'duplicate_refunded');
      pay(d1, x.cents, c, 'HR01', x.cells.pnb, 'Plaćanje računa', 'SUPP', null, 'duplicate_refunded');
      pay(d1 + r.int(2, 10), -x.cents, c, 'HR99', '', `Povrat dvostruke uplate ${r.pick([x.cells.fiscal, x.cells.pnb])}`, 'OTHR', null, 'duplicate_refunded');
    } else if (u < 0.805) {
      pay(r.int(0, LAST_DAY - 1), r.cents(30, 2500), c, 'HR99', '', r.pick([`Račun ${r.int(10, 299)}-1-1 iz 2025.`, 'Stari dug 2025', `RN ${r.int(10, 299)}/1/1 2025`]), 'SUPP', null, 'payment_not_on_list');
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    book.endCase();
  }
  const other = (day: number, cents: number, who: string, desc: string, purpose: string) => book.addSt({ day: workDay(day, [0, 6], HR_HOLIDAYS), cents, group: null, kind: 'other_bank_line', cells: { who, iban: '', model: 'HR99', pnb: '', desc, purpose, ref: `${r.int(1000, 9999)}${pad(r.int(0, 99999999), 8)}` } });
  for (let i = 0, n = Math.round(o.openItems * 0.15); i < n; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.3) other(day, r.cents(100, 3000), 'PBZ CARD D.O.O.', `Kartično poslovanje ${dmy(day - 1, '.')} MID ${pad(r.int(0, 9999999), 7)}`, 'CCRD');
    else if (v < 0.45) other(day, -r.int(50, 1500), 'ZAGREBAČKA BANKA D.D.', r.pick(['Naknada za vođenje računa', 'Naknada za platni promet', 'Naknada SWIFT']), 'BKFE');
    else if (v < 0.65) other(day, -r.cents(300, 20000), r.pick(['Tisak papir d.o.o.', 'Uredska oprema d.d.', 'Kemiko d.o.o.', 'Logistika Sesvete d.o.o.']), `Račun ${r.int(1, 999)}-${r.int(1, 9)}-${r.int(1, 9)}`, 'SUPP');
    else if (v < 0.8) other(day, -r.cents(1200, 3500), r.pick(['Ivan Perić', 'Ana Šimić', 'Marko Božić', 'Petra Đurić']), `Plaća za ${r.pick(['09', '10', '11'])}/2026`, 'SALA');
    else other(day, -r.cents(2000, 25000), 'Porezna uprava', r.pick(['PDV 09/2026', 'Doprinosi MIO', 'Porez i prirez']), 'TAXS');
  }

  const { oi, st, truth } = book.finish();
  // Pantheon "Otvorene stavke kupaca": Windows-1250, semicolons, dd.mm.yyyy. dates, 1.234,56, a subtotal per partner.
  const m = (c: number) => money(c, '.', ',');
  const dd = (day: number) => `${dmy(day, '.')}.`;
  const OH = ['Šifra', 'Partner', 'OIB', 'Dokument', 'Broj računa', 'Datum dokumenta', 'Datum dospijeća', 'Poziv na broj', 'Duguje', 'Potražuje', 'Saldo'];
  const oiLines = ['Otvorene stavke kupaca', `Na dan: ${dd(LAST_DAY)}`, '', OH.join(';')];
  let sumAll = 0, sumCust = 0;
  for (let i = 0; i < oi.length; i++) {
    const x = oi[i], t = Number(x.cells.total), dug = t > 0 ? t : 0, pot = t > 0 ? Number(x.cells.paid) : -t;
    oiLines.push([x.cells.code, x.cells.cust, x.cells.oib, x.cells.doc, x.cells.fiscal, dd(x.day), dd(x.day + 15), t > 0 ? `HR01 ${x.cells.pnb}` : '', m(dug), m(pot), m(x.cents)].map((s) => q(s, ';')).join(';'));
    sumAll += x.cents;
    sumCust += x.cents;
    if (i + 1 === oi.length || oi[i + 1].cells.code !== x.cells.code) {
      oiLines.push(['', `Ukupno ${x.cells.code}`, '', '', '', '', '', '', '', '', m(sumCust)].join(';'));
      sumCust = 0;
    }
  }
  oiLines.push('', `;UKUPNO;;;;;;;;;${m(sumAll)}`);
  // Zagrebačka banka "Promet po računu": Windows-1250, semicolons, a preamble, Isplata/Uplata, running balance, a trailer.
  const acct = `HR${r.int(10, 99)}2360000${pad(r.int(0, 9999999999), 10)}`;
  const open = openingFor(st, r.cents(15000, 80000));
  const SH = ['Datum knjiženja', 'Datum valute', 'Naziv platitelja/primatelja', 'IBAN platitelja/primatelja', 'Model', 'Poziv na broj', 'Opis plaćanja', 'Šifra namjene', 'Referenca', 'Isplata', 'Uplata', 'Stanje'];
  const stLines = ['Zagrebačka banka d.d.', `Promet po računu;${acct}`, `Razdoblje;${dmy(0, '.')} - ${dmy(LAST_DAY, '.')}`, `Početno stanje;${m(open)}`, '', SH.join(';')];
  let bal = open, out = 0, inn = 0;
  for (const x of st) {
    bal += x.cents;
    if (x.cents < 0) out -= x.cents; else inn += x.cents;
    stLines.push([dmy(x.day, '.'), dmy(x.day, '.'), x.cells.who, x.cells.iban, x.cells.model, x.cells.pnb, x.cells.desc, x.cells.purpose, x.cells.ref, x.cents < 0 ? m(-x.cents) : '', x.cents >= 0 ? m(x.cents) : '', m(bal)].map((s) => q(s, ';')).join(';'));
  }
  stLines.push('', `Ukupno isplate;${m(out)}`, `Ukupno uplate;${m(inn)}`, `Završno stanje;${m(bal)}`);
  return {
    name: NAME,
    description: 'A Zagreb office-supplies distributor\'s Pantheon open-items list (Windows-1250, semicolons, preamble, dd.mm.yyyy. dates with the trailing dot, 1.234,56, Duguje/Potražuje/Saldo, a subtotal line per partner and a grand total; fiscal invoice numbers 457-1-1 whose per-premises sequences overlap, the internal document key 26-300-000457, the customer OIB and an HR01 poziv na broj with a MOD 11 control digit; odobrenja negative) against a Zagrebačka banka account-movement export (Windows-1250, semicolons, preamble with the opening balance, separate Model and Poziv na broj columns, ISO purpose codes, Isplata/Uplata, running balance, trailer; weekends and 18 Nov are no booking days). Kinds: hr01_reference, invoice_in_description (eight spellings, dashes, slashes or spaces), several_invoices_cited, credit_note_netted, instalments, part_payment, remainder_after_earlier_payment, cesija_third_party (another company pays), fina_enforced_collection (principal + interest + costs), swift_fee_deducted (Bosnian and Serbian payers), stale_reference_reused (an older invoice\'s HR01 reference, this invoice\'s amount), name_and_amount_only, mistyped_invoice_number, oib_phone_in_text, same_amount_two_customers, ambiguous_equal_amounts, duplicate_refunded, payment_not_on_list, unpaid_invoice, not_yet_due, other_bank_line (card acquiring, fees, suppliers, salaries, taxes).',
    openItems: { fileName: 'OtvoreneStavkeKupaca.csv', content: cp1250(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: `Promet_${acct}.csv`, content: cp1250(stLines.join('\r\n') + '\r\n') },
    truth,
  };
}
