/**
 * ng-gtb-distributor — a Lagos beverage manufacturer (Sage 300, NGN) against its GTBank current
 * account. The payer population is the hard part: distributors pay lump sums for their oldest
 * invoices naming none, round sums "on account", split one invoice over several NIP transfers
 * (daily limits), sales reps deposit cash in their own names, corporates deduct 5 % WHT on the
 * VAT-exclusive base (VAT 7.5 %), and every credit of NGN 10,000 or more draws a NGN 50 EMTL debit.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, bankDay, dateOf, money, pad, q, rngFor, openingFor, LAST_DAY, type Row } from './common';

const NAME = 'ng-gtb-distributor';
const FIRST = ['Chukwuemeka', 'Adebayo', 'Oluwaseun', 'Ngozi', 'Ibrahim', 'Aisha', 'Emeka', 'Funmilayo', 'Tunde', 'Chiamaka', 'Yusuf', 'Bola', 'Ifeanyi', 'Kelechi'];
const LAST = ['Okonkwo', 'Adeyemi', 'Balogun', 'Eze', 'Okafor', 'Abubakar', 'Olawale', 'Nwosu', 'Bello', 'Adeleke', 'Obi', 'Danjuma'];
const BIZ = ['Ventures', 'Global Enterprises', 'Nig. Ltd', 'Stores', 'Int\'l Concept', 'Resources Ltd', 'Brothers & Sons', 'Trading Co'];
const BANKS = ['ACCESS', 'ZENITH', 'FIRSTBANK', 'UBA', 'FCMB', 'FIDELITY', 'STANBIC', 'OPAY', 'MONIEPOINT', 'KUDA'];
const VAT = 1.075;
/** 5 % withholding tax on the VAT-exclusive base. */
export const wht = (gross: number) => Math.round((gross / VAT) * 0.05);

interface Cust { no: string; name: string; rep: string; corp: boolean; acct: string }

export function ngGtbDistributor(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 15002);
  const book = new Book();
  const reps = Array.from({ length: 12 }, () => `${r.pick(FIRST)} ${r.pick(LAST)}`);
  const custs: Cust[] = Array.from({ length: Math.max(30, Math.round(o.openItems / 16)) }, (_, i) => {
    const corp = r.chance(0.25);
    const name = corp ? `${r.pick(['Shoprite', 'Spar', 'Ebeano', 'Justrite', 'Prince Ebeano', 'Hubmart', 'Chicken Republic', 'Kilimanjaro'])} ${r.pick(['Nigeria Ltd', 'Supermarket Ltd', 'Foods Ltd', 'Retail Plc'])}` : `${r.pick(LAST)} ${r.pick(BIZ)}`;
    return { no: `D${pad(2001 + i * 3, 5)}`, name, rep: r.pick(reps), corp, acct: pad(r.int(10000000, 99999999), 10) };
  });
  let invNo = 4100 + r.int(0, 300), cn = 210;
  const inv = (c: Cust, kind: string, group: string | null, cents?: number, amb?: boolean, day?: number): Row =>
    book.addOi({ day: day ?? r.int(0, 72), cents: cents ?? r.cents(85000, 9500000), key: c.no, group, kind, amb, cells: { type: 'IN', no: `INV/LAG/2026/${pad(invNo++, 6)}`, cust: c.no, name: c.name, rep: c.rep } });
  const pay = (day: number, cents: number, remarks: string, group: string | null, kind: string, amb?: boolean) => {
    const d = bankDay(Math.min(day, LAST_DAY - 1));
    book.addSt({ day: d, cents, group, kind, amb, cells: { remarks: remarks.toUpperCase().slice(0, 72), ref: cents > 0 ? `${r.int(100000, 999999)}${pad(r.int(0, 99999999), 8)}` : '' } });
    if (cents >= 1000000) book.addSt({ day: d, cents: -5000, group: null, kind: 'emtl_levy', cells: { remarks: 'ELECTRONIC MONEY TRANSFER LEVY', ref: '' } });
  };
  const nip = (c: Cust, text: string) => `NIP TRANSFER FROM ${c.name}/${r.pick(BANKS)}/${c.acct}/${text}`;
  const short = (x: Row) => r.pick([x.cells.no, `INV ${Number(x.cells.no.slice(-6))}`, `INVOICE NO ${Number(x.cells.no.slice(-6))}`, String(Number(x.cells.no.slice(-6)))]);
  const after = (rows: Row[]) => Math.max(...rows.map((x) => x.day)) + r.int(1, 14);

  while (book.oi.length < o.openItems) {
    const c = r.pick(custs), u = r.next();
    if (u < 0.2) {
      const g = book.group(), x = inv(c, 'single_nip_reference', g);
      pay(after([x]), x.cents, nip(c, `PYMT ${short(x)}`), g, 'single_nip_reference');
    } else if (u < 0.33 && !c.corp) {
      // The oldest k invoices, paid to the kobo, naming none.
      const g = book.group(), d0 = r.int(0, 40), xs = Array.from({ length: r.int(2, 6) }, (_, k) => inv(c, 'distributor_lump_exact', g, undefined, false, d0 + k * r.int(1, 5)));
      pay(after(xs), xs.reduce((s, x) => s + x.cents, 0), nip(c, r.pick(['PAYMENT FOR GOODS', 'PYMT FOR DRINKS', 'SUPPLY PAYMENT', 'TRF'])), g, 'distributor_lump_exact');
    } else if (u < 0.4 && !c.corp) {
      // A round sum on account: covers the oldest invoices, the last one only in part; which is a guess.
      const g = book.group(), d0 = r.int(0, 40), xs = Array.from({ length: r.int(2, 4) }, (_, k) => inv(c, 'on_account_round_sum', g, undefined, true, d0 + k * r.int(1, 5)));
      const last = xs.at(-1)!, before = xs.slice(0, -1).reduce((s, x) => s + x.cents, 0);
      const r0 = Math.ceil((before + last.cents * 0.3) / 10000000) * 10000000;
      const round = r0 < before + last.cents ? r0 : Math.ceil((before + last.cents * 0.3) / 100000) * 100000;
      pay(after(xs), round, nip(c, r.pick(['ON ACCOUNT', 'PART PAYMENT', 'DEPOSIT FOR GOODS'])), g, 'on_account_round_sum', true);
    } else if (u < 0.47) {
      const g = book.group(), x = inv(c, 'split_nip_transfers', g, r.cents(6000000, 25000000)), n = r.int(2, 4), d = after([x]);
      let left = x.cents;
      for (let k = 0; k < n; k++) { const part = k === n - 1 ? left : Math.round(left / (n - k) / 100000) * 100000; left -= part; pay(d + Math.floor(k / 2), part, nip(c, `${short(x)} ${k + 1}/${n}`), g, 'split_nip_transfers'); }
    } else if (u < 0.53 && !c.corp) {
      const g = book.group(), x = inv(c, 'cash_deposit_by_rep', g, r.cents(50000, 1500000));
      pay(after([x]), x.cents, `CASH DEPOSIT BY ${c.rep}${r.chance(0.4) ? ` ${c.name.split(' ')[0]}` : ''}`, g, 'cash_deposit_by_rep');
    } else if (u < 0.62 && c.corp) {
      const g = book.group(), xs = Array.from({ length: r.int(1, 3) }, () => inv(c, 'wht_deducted', g));
      const tot = xs.reduce((s, x) => s + x.cents, 0);
      pay(after(xs), tot - wht(tot), `${c.name.slice(0, 20)} VENDOR PMT ${xs.map((x) => Number(x.cells.no.slice(-6))).join(',')} LESS WHT`, g, 'wht_deducted');
    } else if (u < 0.62) {
      // a small trader in the supermarkets' slot: pays one invoice in full, by reference
      const g = book.group(), x = inv(c, 'single_nip_reference', g);
      pay(after([x]), x.cents, nip(c, short(x)), g, 'single_nip_reference');
    } else if (u < 0.65) {
      const g = book.group(), x = inv(c, 'duplicate_reversed', g), d = after([x]);
      pay(d, x.cents, nip(c, short(x)), g, 'duplicate_reversed');
      pay(d, x.cents, nip(c, short(x)), null, 'duplicate_reversed');
      pay(d + r.int(1, 3), -x.cents, `REVERSAL OF DUPLICATE NIP CR ${c.name}`, null, 'duplicate_reversed');
    } else if (u < 0.7) {
      const g = book.group(), x = inv(c, 'credit_note_netted', g, r.cents(500000, 6000000));
      const n = book.addOi({ day: x.day + r.int(1, 8), cents: -Math.round(x.cents * r.int(3, 25) / 100), key: c.no, group: g, kind: 'credit_note_netted', cells: { type: 'CN', no: `CN/LAG/2026/${pad(cn++, 5)}`, cust: c.no, name: c.name, rep: c.rep } });
      pay(after([x, n]), x.cents + n.cents, nip(c, `${short(x)} LESS EMPTIES CREDIT`), g, 'credit_note_netted');
    } else if (u < 0.73) {
      const amt = r.cents(100000, 900000), g = book.group();
      const a = inv(c, 'ambiguous_equal_amounts', g, amt, true); inv(c, 'ambiguous_equal_amounts', null, amt, true);
      pay(after([a]), amt, nip(c, 'PAYMENT'), g, 'ambiguous_equal_amounts', true);
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    if (r.chance(0.03)) { const [d, mo] = r.pick([[27, 'SEPT'], [57, 'OCT'], [84, 'NOV']] as const); pay(d, -r.cents(2000000, 9000000), `SALARY ${mo} 2026 BULK PAYMENT`, null, 'payroll'); }
    if (r.chance(0.3)) pay(r.int(0, LAST_DAY), -r.cents(3000000, 40000000), `NIP TRANSFER TO ${r.pick(['NIGERIAN BOTTLING CO', 'DANGOTE SUGAR REFINERY', 'FLOUR MILLS OF NIG', 'GREIF NIGERIA', 'TOTALENERGIES MKTG', 'IKEJA ELECTRIC'])}/SUPPLIER PMT`, null, 'supplier_payment');
    if (r.chance(0.06)) pay(r.int(0, LAST_DAY), r.cents(20000, 900000), `POS SETTLEMENT TID 2058${r.int(1000, 9999)} ${r.int(1, 40)} TXNS`, null, 'card_settlement');
    if (r.chance(0.04)) pay(r.int(0, LAST_DAY), -r.pick([400, 1000, 5375, 10750]), r.pick(['SMS ALERT CHARGES', 'COT CHARGE', 'ACCOUNT MAINTENANCE FEE', 'VAT ON NIP CHARGE']), null, 'bank_charge');
  }
  const { oi, st, truth } = book.finish();
  const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const dmy = (day: number) => { const t = dateOf(day); return `${pad(t.d, 2)}-${MON[t.m - 1]}-${t.y}`; };
  const ymd = (day: number) => { const t = dateOf(day); return `${t.y}-${pad(t.m, 2)}-${pad(t.d, 2)}`; };
  const m = (c: number) => money(c, ',', '.');
  const oiLines = ['Customer No.,Customer Name,Doc Type,Document Number,Document Date,Due Date,Salesperson,Original Amount (NGN),Outstanding Balance (NGN)'];
  for (const x of oi) oiLines.push([x.cells.cust, q(x.cells.name, ','), x.cells.type === 'IN' ? 'Invoice' : 'Credit Note', x.cells.no, ymd(x.day), ymd(x.day + 30), q(x.cells.rep, ','), q(m(x.cents), ','), q(m(x.cents), ',')].join(','));
  let bal = openingFor(st, 58_412_330_75);
  const open = bal;
  const stLines = ['GUARANTY TRUST BANK PLC', 'CUSTOMER STATEMENT', 'Account Name:,EKO BEVERAGES AND BOTTLING LIMITED', 'Account No.:,0123498765', 'Currency:,NGN', `Period:,${dmy(0)} to ${dmy(LAST_DAY)}`, `Opening Balance:,${q(m(open), ',', true)}`, '', 'Trans. Date,Value. Date,Reference,Debits,Credits,Balance,Originating Branch,Remarks'];
  for (const x of st) {
    bal += x.cents;
    stLines.push([dmy(x.day), dmy(x.day), x.cells.ref, x.cents < 0 ? q(m(-x.cents), ',', true) : '', x.cents > 0 ? q(m(x.cents), ',', true) : '', q(m(bal), ',', true), r.pick(['E-BRANCH', 'IKEJA', 'APAPA', 'VICTORIA ISLAND']), q(x.cells.remarks, ',')].join(','));
  }
  stLines.push('', `Closing Balance:,${q(m(bal), ',', true)}`);
  return {
    name: NAME,
    description: 'A Lagos beverage maker exports open A/R from Sage 300 (comma CSV, ISO dates, NGN with comma thousands; invoices INV/LAG/2026/nnnnnn, credit notes CN/LAG/2026/nnnnn for returned empties, a Salesperson column) and its GTBank statement (CSV, preamble with opening balance, dd-Mon-yyyy dates, Debits/Credits/Balance, Remarks cut at 72 characters). Payers are distributors, supermarkets and sales reps: single_nip_reference (the invoice number in a short form), distributor_lump_exact (2-6 oldest invoices paid to the kobo naming none), on_account_round_sum (a round sum covering the oldest invoices, the last only in part: ambiguous), split_nip_transfers (one large invoice in 2-4 transfers because of daily limits), cash_deposit_by_rep (cash paid in under the salesperson\'s name), wht_deducted (supermarkets deduct 5 % WHT on gross/1.075), duplicate_reversed (a transfer credited twice, the second reversed by the bank), credit_note_netted, two equal invoices paid once with no reference (ambiguous), unpaid invoices. Noise: a NGN 50 electronic money transfer levy after every credit of NGN 10,000 or more, salaries, POS settlements, SMS/COT/maintenance charges.',
    openItems: { fileName: 'Sage300_AR_Aged_Open_Items.csv', content: oiLines.join('\n') + '\n' },
    statement: { fileName: 'GTBank_Statement_0123498765.csv', content: stLines.join('\n') + '\n' },
    truth,
  };
}
