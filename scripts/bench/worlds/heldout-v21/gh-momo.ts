/**
 * gh-momo — a beverage distributor in Kumasi (Tally Prime, GHS) that collects from its retailers on
 * an MTN Mobile Money merchant wallet and sweeps the wallet to its bank. The open items are Tally's
 * "Bills Receivable" report exported as ASCII (comma delimited): every field quoted, a company and
 * period preamble, d-Mmm-yy dates, amounts with Dr/Cr suffixes, an Opening Amount that differs from the
 * Pending Amount when a bill was part-paid before the period, a Grand Total. The statement is the
 * wallet's CSV statement: a preamble with opening and closing balance, newest first, 12-hour
 * timestamps, unsigned amounts whose direction is told by which side our wallet number is on, fees,
 * an E-LEVY column that stays 0.00 since the levy was abolished, BAL BEFORE/BAL AFTER, an 11-digit
 * F_ID and the payer's free REF (invoice numbers in a dozen spellings, phone numbers, the shop's name,
 * "1", nothing). Shop owners pay from their personal wallets, so FROM NAME is the owner (Tally names
 * the ledger after the shop, sometimes with the owner in brackets); agents make cash deposits for
 * shops; supermarkets and hotels, who are withholding agents, pay from their bank (bank-to-wallet
 * through the bank's OVA) net of 3 % withholding tax on the VAT-exclusive value; retailers deduct the
 * transfer charge they paid; empties returned are credit notes netted.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, afterOf, dMonYY, dateOf, ddMonYYYY, money, pad, q, rngFor, openingFor, sumOf, typo, LAST_DAY, type Row } from './common';

const NAME = 'gh-momo';
/** Withholding on goods: 3 % of the value before VAT and levies (20 %), per invoice, to the pesewa. */
export const ghWht = (total: number) => Math.round((total * 3) / 120);
/** The sender's P2P charge some retailers take off the amount: 1 %, at most GHS 10. */
export const ghP2pFee = (c: number) => Math.min(1000, Math.round(c / 100));
export const GH_WALLET = '233244987654';

const M = ['Kwame', 'Kofi', 'Kwabena', 'Kwaku', 'Yaw', 'Kwasi', 'Kojo', 'Emmanuel', 'Isaac', 'Joseph', 'Samuel', 'Daniel'];
const F = ['Ama', 'Akosua', 'Adwoa', 'Abena', 'Akua', 'Yaa', 'Afia', 'Efua', 'Grace', 'Comfort', 'Patience', 'Mercy', 'Gifty', 'Rita'];
const SUR = ['Mensah', 'Boateng', 'Owusu', 'Asante', 'Osei', 'Agyei', 'Appiah', 'Amoah', 'Ofori', 'Acheampong', 'Darko', 'Antwi', 'Adjei', 'Sarpong', 'Frimpong', 'Gyamfi', 'Opoku', 'Danso', 'Asamoah', 'Bonsu'];
const SHOP = ['God Is Able Provisions', 'Blessed Cold Store', 'Nyame Bekyere Enterprise', 'Sika Mpoano Drinks Bar', 'Ebenezer Chop Bar', 'Gye Nyame Mini Mart', 'Shalom Wholesale', 'Ohemaa Drinks Spot', 'Hope Cold Store', 'Unity Provisions', 'Aseda Enterprise', 'Onyame Ne Hene Spot', 'Favour Drinks Depot', 'Abundant Grace Stores', 'Obaatan Pa Provisions', 'Royal Chop Bar', 'Akwaaba Spot', 'Mmofra Pa Store'];
const AREA = ['Adum', 'Suame', 'Asafo', 'Bantama', 'Tafo', 'Ejisu', 'Kejetia', 'Ayigya', 'Santasi', 'Atonsu', 'Abrepo', 'Oforikrom', 'Kwadaso', 'Buokrom'];
const CORP = [['Ashtown Hospitality Ltd', 'GCB BANK PLC', 'GCBOVA'], ['Prempeh Catering Services Ltd', 'ECOBANK GHANA PLC', 'ECOOVA'], ['Kumasi Metro Supermarkets Ltd', 'CALBANK PLC', 'CALOVA'], ['Garden City Hotels Ltd', 'FIDELITY BANK GHANA', 'FBLOVA'], ['Manhyia Events Centre Ltd', 'STANBIC BANK GHANA', 'SBGOVA']];
const AGENTS = ['KWAKU ACHEAMPONG VENTURES', 'BLESSED MOMO CENTRE', 'SUAME MOBILE MONEY SPOT', 'ADUM JUNCTION AGENCY', 'GRACE TELECOM ENTERPRISE'];

interface Cust { name: string; owner: string; phone: string; shownOwner: boolean; corp?: { bank: string; ova: string; acct: string } }

export function ghMomo(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 21002);
  const book = new Book();
  const usedNames = new Set<string>(), usedPhones = new Set<string>();
  const phone = () => { let p = ''; while (!p || usedPhones.has(p)) p = `233${r.pick(['24', '54', '55', '59', '53', '25'])}${pad(r.int(0, 9999999), 7)}`; usedPhones.add(p); return p; };
  const person = () => { const fem = r.chance(0.55); return `${r.pick(fem ? F : M)}${r.chance(0.3) ? ` ${r.pick(fem ? F : M)}` : ''} ${r.pick(SUR)}`; };
  const mk = (): Cust => {
    let shop = '';
    for (let t = 0; !shop || usedNames.has(shop); t++) shop = `${r.pick(SHOP)} - ${r.pick(AREA)}${t > 50 ? ` ${t}` : ''}`;
    usedNames.add(shop);
    const owner = person(), shown = r.chance(0.6);
    return { name: shown ? `${shop} (${owner})` : shop, owner, phone: phone(), shownOwner: shown };
  };
  const custs = Array.from({ length: Math.max(40, Math.round(o.openItems / 8)) }, mk);
  const named = custs.filter((c) => c.shownOwner);
  const corps: Cust[] = CORP.map(([n, bank, ova]) => ({ name: n, owner: n.toUpperCase(), phone: '', shownOwner: true, corp: { bank, ova, acct: pad(r.int(0, 9999999999999), 13) } }));
  const momoName = (c: Cust) => { const p = c.owner.toUpperCase().split(' '); return r.chance(0.3) ? [p[p.length - 1], ...p.slice(0, -1)].join(' ') : p.join(' '); };

  const per = Math.max(1, o.openItems * 1.1) / 110;
  let k = 0, no = r.int(3000, 6000), cn = r.int(100, 300);
  const inv = (c: Cust, kind: string, group: string | null, opt: { amt?: number; amb?: boolean; cn?: boolean; day?: number; partOpen?: boolean } = {}): Row => {
    const day = opt.day ?? Math.min(84, -20 + Math.floor(k++ / per));
    const amt = opt.amt ?? (c.corp ? r.cents(1500, 40000) : r.chance(0.5) ? r.cents(150, 2500) : r.cents(2500, 15000));
    const ref = opt.cn ? `CN/26/${pad(cn++, 4)}` : `ABD/26/${pad(no++, 5)}`;
    // A bill part-paid before the period: Tally shows the original and the pending amount.
    const orig = opt.partOpen ? amt + r.int(1, 20) * 5000 : amt;
    return book.addOi({ day, cents: opt.cn ? -amt : amt, group, kind, amb: opt.amb, cells: { ref, party: c.name, orig: String(opt.cn ? -orig : orig), due: String(day + (c.corp ? 30 : r.pick([7, 14, 14, 30]))) } });
  };
  let fid = r.int(50000000000, 55000000000);
  /** One wallet line; `cents` signed (+ = into our wallet). */
  const line = (day: number, cents: number, type: string, other: { no: string; name: string; acct?: string; ova?: string }, ref: string, group: string | null, kind: string, fee = 0, amb?: boolean) => {
    const d = Math.max(day, 0);
    return book.addSt({ day: d, seq: r.int(6 * 3600, 21 * 3600), cents, group, kind, amb, cells: { type, no: other.no, name: other.name, acct: other.acct ?? other.no, ova: other.ova ?? '', ref, fee: String(fee), fid: '' } });
  };
  const fromShop = (c: Cust) => ({ no: c.phone, name: momoName(c) });
  const cite = (x: Row, c: Cust) => {
    const n5 = x.cells.ref.slice(7), n = String(Number(n5)), shopWord = c.name.split(' ')[0];
    return r.pick([`inv ${n}`, x.cells.ref, n5, `INV${n5}`, `invoice ${n}`, `abd ${n}`, `bill ${n}`, `${n} ${shopWord}`, `pymt for inv ${n}`, `ABD-26-${n5}`, `abd26${n5}`, `Inv no.${n}`]);
  };
  const pay = (day: number, cents: number, c: Cust, ref: string, group: string | null, kind: string, amb?: boolean) =>
    line(day, cents, r.pick(['PAYMENT', 'PAYMENT', 'TRANSFER']), fromShop(c), ref, group, kind, 0, amb);
  const after = (xs: Row[], lo = 0, hi = 20) => afterOf(r, xs, lo, hi);
  const revOf = new Map<Row, Row>();

  while (book.oi.length < o.openItems) {
    const u = r.next(), c = r.pick(custs), cn2 = r.pick(named), co = r.pick(corps);
    if (u < 0.2) { const g = book.group(), x = inv(c, 'invoice_in_ref', g, { partOpen: r.chance(0.06) }); pay(after([x]), x.cents, c, cite(x, c), g, 'invoice_in_ref'); }
    else if (u < 0.25) {
      const g = book.group(), x = inv(c, 'phone_number_and_invoice_in_ref', g), ph = `0${c.phone.slice(3)}`;
      pay(after([x]), x.cents, c, r.pick([`${ph} ${cite(x, c)}`, `${cite(x, c)} ${ph}`, `momo ${ph} ${cite(x, c)}`]), g, 'phone_number_and_invoice_in_ref');
    } else if (u < 0.33) {
      const g = book.group(), x = inv(cn2, 'owner_name_and_amount_only', g);
      pay(after([x]), x.cents, cn2, r.pick(['', '1', 'goods', 'drinks', 'payment', 'for drinks', 'Paymt', `0${cn2.phone.slice(3)}`]), g, 'owner_name_and_amount_only');
    } else if (u < 0.38) {
      // Someone else pays for the shop (a son, the shop attendant): the shop is named in the REF.
      const g = book.group(), x = inv(c, 'paid_by_other_person_shop_in_ref', g), payer = person().toUpperCase();
      line(after([x]), x.cents, 'TRANSFER', { no: phone(), name: payer }, r.pick([c.name.split(' - ')[0], `${c.name.split(' - ')[0]} ${c.name.split(' - ')[1]?.split(' ')[0] ?? ''}`.trim(), `for ${c.name.split(' (')[0]}`]).slice(0, 40), g, 'paid_by_other_person_shop_in_ref');
    } else if (u < 0.43) {
      // An agent's cash deposit made for the shop: the agent is the sender; the REF is what the agent typed.
      const g = book.group(), x = inv(c, 'agent_cash_deposit', g), ag = r.pick(AGENTS);
      line(after([x]), x.cents, 'CASH_IN', { no: phone(), name: ag }, r.pick([c.name.split(' - ')[0], `${c.name.split(' - ')[0]} ${cite(x, c)}`, cite(x, c)]).slice(0, 40), g, 'agent_cash_deposit');
    } else if (u < 0.50) {
      const g = book.group(), x = inv(c, 'instalments', g, { amt: r.cents(3000, 15000) }), m = r.int(2, 4), d0 = after([x], 0, 10);
      const part = Math.floor(x.cents / m / 5000) * 5000;
      for (let i = 0; i < m; i++) pay(d0 + i * r.int(3, 10), i < m - 1 ? part : x.cents - part * (m - 1), c, r.pick([`part ${i + 1} ${cite(x, c)}`, `${cite(x, c)} part pymt`, cite(x, c), `balance ${cite(x, c)}`]), g, 'instalments');
    } else if (u < 0.53) {
      const g = book.group(), x = inv(cn2, 'instalments_owner_name_only', g, { amt: r.cents(2000, 8000) }), m = r.int(2, 3), d0 = after([x], 0, 10);
      const part = Math.floor(x.cents / m / 10000) * 10000;
      for (let i = 0; i < m; i++) pay(d0 + i * r.int(3, 8), i < m - 1 ? part : x.cents - part * (m - 1), cn2, r.pick(['', 'part payment', 'small small', '1']), g, 'instalments_owner_name_only');
    } else if (u < 0.56) {
      const g = book.group(), x = inv(c, 'part_payment', g, { amt: r.cents(2000, 12000) });
      pay(after([x]), Math.round((x.cents * r.int(20, 60)) / 100 / 5000) * 5000, c, `${r.pick(['part', 'part pymt', 'pay small'])} ${cite(x, c)}`, g, 'part_payment');
    } else if (u < 0.60) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_invoices_one_payment', g, { amt: r.cents(150, 3000) }));
      pay(after(xs), sumOf(xs), c, `${r.pick(['inv', 'bills', 'abd', ''])} ${xs.map((x) => String(Number(x.cells.ref.slice(7)))).join(r.pick([' ', ',', '&', ' and ']))}`.trim().slice(0, 40), g, 'several_invoices_one_payment');
    } else if (u < 0.64) {
      // Empties (crates and bottles) returned: a credit note the shop takes off.
      const g = book.group(), x = inv(c, 'empties_credit_netted', g, { amt: r.cents(800, 8000) }), a = inv(c, 'empties_credit_netted', g, { cn: true, amt: r.int(2, 20) * 2400, day: Math.min(LAST_DAY, x.day + r.int(0, 6)) });
      pay(after([x, a]), x.cents + a.cents, c, `${cite(x, c)} ${r.pick(['less empties', 'minus empties', '- CN', 'empties deducted'])}`.slice(0, 40), g, 'empties_credit_netted');
    } else if (u < 0.67) {
      // The retailer took the transfer charge off the amount.
      const g = book.group(), x = inv(c, 'sender_charges_deducted', g);
      line(after([x]), x.cents - ghP2pFee(x.cents), 'TRANSFER', fromShop(c), `${cite(x, c)} ${r.pick(['less charges', 'minus charges', 'charges deducted', ''])}`.trim(), g, 'sender_charges_deducted');
    } else if (u < 0.72) {
      // A withholding agent pays from its bank net of 3 % WHT on the VAT-exclusive value.
      const g = book.group(), xs = Array.from({ length: r.int(1, 4) }, () => inv(co, 'wht_deducted_bank_to_wallet', g)), d = after(xs, 10, 35);
      line(d, sumOf(xs) - xs.reduce((a, x) => a + ghWht(x.cents), 0), 'DEPOSIT', { no: co.corp!.acct, name: `${co.corp!.bank} / ${co.name.toUpperCase()}`, acct: co.corp!.acct, ova: co.corp!.ova }, `${r.pick(['INV', 'PYMT INV', 'SETTLEMENT'])} ${xs.map((x) => x.cells.ref).join(' ')} LESS WHT 3%`.slice(0, 60), g, 'wht_deducted_bank_to_wallet');
    } else if (u < 0.735) {
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g), bad = typo(r, x.cells.ref.slice(7));
      pay(after([x]), x.cents, c, r.pick([`inv ${bad}`, `ABD/26/${bad}`, bad]), g, 'mistyped_invoice_number');
    } else if (u < 0.755) {
      const c2 = r.pick(named.filter((z) => z !== cn2)), amt = r.int(2, 40) * 5000;
      for (const z of [cn2, c2]) { const g = book.group(), x = inv(z, 'same_amount_two_customers', g, { amt }); pay(after([x]), x.cents, z, r.pick(['', 'drinks', 'payment']), g, 'same_amount_two_customers'); }
    } else if (u < 0.77) {
      // A shop on a weekly standing order: two bills of the same amount, one paid naming neither.
      const g = book.group(), amt = r.cents(300, 2500), a = inv(cn2, 'ambiguous_equal_amounts', g, { amt, amb: true });
      inv(cn2, 'ambiguous_equal_amounts', null, { amt, amb: true, day: a.day > 75 ? a.day - 7 : a.day + 7 });
      pay(after([a], 8, 20), amt, cn2, r.pick(['', 'drinks', 'weekly order']), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.785) {
      // The network timed out and the shop paid twice; the distributor sends the second one back.
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d1 = after([x]), ref = cite(x, c);
      pay(d1, x.cents, c, ref, g, 'duplicate_refunded');
      pay(d1, x.cents, c, ref, null, 'duplicate_refunded');
      line(d1 + r.int(0, 3), -x.cents, 'TRANSFER', { no: c.phone, name: momoName(c) }, `refund double payment ${x.cells.ref}`, null, 'duplicate_refunded', ghP2pFee(x.cents));
    } else if (u < 0.795) {
      // A stranger's transfer to the wrong number, reversed by MTN on the sender's complaint.
      const d = r.int(0, LAST_DAY - 2), v = r.int(5, 200) * 500, who = { no: phone(), name: person().toUpperCase() };
      const a = line(d, v, 'TRANSFER', who, r.pick(['', 'chop money', 'school fees', 'for mama']), null, 'wrong_number_reversed');
      revOf.set(line(d + r.int(1, 2), -v, 'REVERSAL', who, '', null, 'wrong_number_reversed'), a);
    } else if (u < 0.815) {
      line(r.int(0, LAST_DAY), r.int(2, 60) * 500, 'PAYMENT', { no: phone(), name: person().toUpperCase() }, r.pick(['', 'drinks', '1', 'malt', 'water', 'crate']), null, 'walk_in_sale_not_on_list');
    } else if (u < 0.825) {
      pay(r.int(0, LAST_DAY), r.cents(200, 3000), c, r.pick([`old bill`, `ABD/25/${pad(r.int(1000, 2999), 5)}`, 'arrears 2025']), null, 'payment_not_on_list');
    } else {
      inv(r.chance(0.85) ? c : co, 'unpaid_invoice', null, { partOpen: r.chance(0.08) });
    }
    book.endCase();
  }
  // The rest of the wallet: sweeps to the bank, utility bills, airtime, drivers' fuel money.
  for (let d = 0; d <= LAST_DAY; d++) {
    if (dateOf(d).dow === 0) continue;
    if (r.chance(0.25)) line(d, -r.int(10, 200) * 500, r.pick(['DEBIT', 'TRANSFER']), { no: phone(), name: r.pick(['ECG PREPAID', 'GHANA WATER LTD', 'MTN AIRTIME', `${person().toUpperCase()}`]) }, r.pick(['prepaid', 'fuel', 'airtime', 'loading boys', 'water bill']), null, 'other_wallet_line', r.int(0, 300));
  }

  // Sweeps to the bank at the end of most days, leaving a float in the wallet for refunds and bills.
  const net = new Map<number, number>();
  for (const x of book.st) net.set(x.day, (net.get(x.day) ?? 0) + x.cents - (x.cents < 0 ? Number(x.cells.fee) : 0));
  let run = r.cents(5000, 20000);
  for (let d = 0; d <= LAST_DAY; d++) {
    run += net.get(d) ?? 0;
    const keep = r.cents(3000, 8000), amt = Math.floor((run - keep) / 100000) * 100000;
    if (dateOf(d).dow !== 0 && amt > 0 && r.chance(0.7)) {
      const x = line(d, -amt, 'WITHDRAWAL', { no: '1041130008765', name: 'GCB BANK PLC / ADOM BEVERAGES DISTRIBUTION LTD', ova: 'GCBOVA' }, 'SWEEP TO GCB A/C 1041130008765', null, 'sweep_to_bank', 1000);
      x.seq = 21 * 3600 + r.int(1, 3000);
      run -= amt + 1000;
    }
  }
  const { oi, st, truth } = book.finish(true);
  // F_IDs rise with time; a reversal quotes the F_ID of the line it reverses.
  for (const x of [...st].reverse()) x.cells.fid = String(fid += r.int(1, 90000));
  for (const x of st) if (x.cells.type === 'REVERSAL') x.cells.ref = `REVERSAL OF FT ${revOf.get(x)!.cells.fid}`;
  const dr = (c: number) => `${money(Math.abs(c), ',', '.')} ${c < 0 ? 'Cr' : 'Dr'}`;
  const qq = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const ol = [qq('ADOM BEVERAGES DISTRIBUTION LTD'), qq('Plot 14 Block C, Suame Industrial Area, Kumasi'), qq('Bills Receivable'), qq(`${dMonYY(-40)} to ${dMonYY(LAST_DAY)}`), '', ['Date', 'Ref. No.', "Party's Name", 'Opening Amount', 'Pending Amount', 'Due on', 'Overdue by days'].map(qq).join(',')];
  for (const x of oi) { const due = Number(x.cells.due); ol.push([dMonYY(x.day), x.cells.ref, x.cells.party, dr(Number(x.cells.orig)), dr(x.cents), dMonYY(due), LAST_DAY > due && x.cents > 0 ? String(LAST_DAY - due) : ''].map(qq).join(',')); }
  ol.push(['', '', 'Grand Total', dr(oi.reduce((a, x) => a + Number(x.cells.orig), 0)), dr(sumOf(oi)), '', ''].map(qq).join(','));
  // MoMo statement: compute balances oldest first, print newest first.
  const oldest = [...st].reverse(), open = openingFor(oldest.map((x) => ({ ...x, cents: x.cents - Number(x.cells.fee) })), r.cents(2000, 20000));
  let bal = open;
  const bals = new Map<Row, [number, number]>();
  for (const x of oldest) { const before = bal; bal += x.cents - (x.cents < 0 ? Number(x.cells.fee) : 0); bals.set(x, [before, bal]); }
  const m2 = (c: number) => money(c, ',', '.');
  const time = (s: number) => { const h = Math.floor(s / 3600), mi = Math.floor((s % 3600) / 60), se = s % 60; return `${pad(((h + 11) % 12) + 1, 2)}:${pad(mi, 2)}:${pad(se, 2)} ${h < 12 ? 'AM' : 'PM'}`; };
  const H = ['TRANSACTION DATE', 'FROM ACCT', 'FROM NAME', 'FROM NO.', 'TRANS. TYPE', 'AMOUNT', 'FEES', 'E-LEVY', 'BAL BEFORE', 'BAL AFTER', 'TO NO.', 'TO NAME', 'TO ACCT', 'F_ID', 'REF', 'OVA'];
  const me = { no: GH_WALLET, name: 'ADOM BEVERAGES DISTRIBUTION LTD' };
  const sl = ['MTN MOBILE MONEY', 'STATEMENT OF ACCOUNT', `Account Name:,${me.name}`, `Account Number:,${GH_WALLET}`, `Period:,${ddMonYYYY(0)} - ${ddMonYYYY(LAST_DAY)}`, `Opening Balance:,${q(m2(open), ',')}`, `Closing Balance:,${q(m2(bal), ',')}`, '', H.join(',')];
  for (const x of st) {
    const [b0, b1] = bals.get(x)!, inn = x.cents > 0, other = { no: x.cells.no, name: x.cells.name, acct: x.cells.acct };
    const from = inn ? other : { ...me, acct: GH_WALLET }, to = inn ? { ...me, acct: GH_WALLET } : other;
    sl.push([`${ddMonYYYY(x.day)} ${time(x.seq ?? 0)}`, from.acct, from.name, from.no, x.cells.type, m2(Math.abs(x.cents)), m2(inn ? 0 : Number(x.cells.fee)), '0.00', m2(b0), m2(b1), to.no, to.name, to.acct, x.cells.fid, x.cells.ref, x.cells.ova].map((s) => q(s, ',')).join(','));
  }
  return {
    name: NAME,
    description: 'A Kumasi beverage distributor\'s Tally Prime "Bills Receivable" exported as ASCII comma-delimited (UTF-8, every field quoted, company/address/report/period preamble, d-Mmm-yy dates, 1,234.56 Dr / Cr amounts, Opening Amount above Pending Amount where a bill was part-paid earlier, Due on, Overdue by days, Grand Total; bills ABD/26/nnnnn, empties credit notes CN/26/nnnn; ledgers named after the shop, sometimes with the owner in brackets) against its MTN MoMo merchant wallet statement (CSV, a preamble with account, period, opening and closing balances, newest first, dd-Mmm-yyyy hh:mm:ss AM/PM, unsigned amounts with our wallet on the FROM or TO side, FEES, E-LEVY 0.00, BAL BEFORE/BAL AFTER, 12-digit MSISDNs, 11-digit F_IDs, free REF, bank OVA on bank-to-wallet lines). Kinds: invoice_in_ref (twelve spellings), phone_number_and_invoice_in_ref, owner_name_and_amount_only (MoMo name = owner, sometimes surname first), paid_by_other_person_shop_in_ref, agent_cash_deposit, instalments, instalments_owner_name_only, part_payment, several_invoices_one_payment, empties_credit_netted, sender_charges_deducted (1 %, at most GHS 10), wht_deducted_bank_to_wallet (3 % of the VAT-exclusive value per invoice), mistyped_invoice_number, same_amount_two_customers, ambiguous_equal_amounts, duplicate_refunded, wrong_number_reversed, walk_in_sale_not_on_list, payment_not_on_list, unpaid_invoice, not_yet_due, sweep_to_bank, other_wallet_line.',
    openItems: { fileName: 'Bills Receivable.csv', content: ol.join('\r\n') + '\r\n' },
    statement: { fileName: `MoMo_Statement_${GH_WALLET}.csv`, content: sl.join('\n') + '\n' },
    truth,
  };
}
