/**
 * uk-bank — A UK small business exports its outstanding invoices from its cloud accounting package
 * (`,`-separated, dd/mm/yyyy, plain numbers with `.` decimals, amounts over 1,000 sometimes written
 * with thousands commas inside quotes): `Invoice Number,Contact Name,Invoice Date,Due Date,
 * Reference,Total,Amount Due,Currency`, invoice numbers `INV-0451` (credit notes `CN-0021`), a free
 * Reference holding the customer's PO, and Amount Due below Total where an earlier part payment was
 * received. The bank statement is a high-street business-account CSV, newest first:
 * `Date,Type,Description,Paid out,Paid in,Balance` with one of the two amount columns filled, a
 * running balance, and transaction types FPI/BGC/FPO/DD/SO/CHG/DEB/INT. There is no payer column:
 * the payer's name sits inside Description, upper case, often cut to 18 characters, followed by the
 * payer's reference (`INV0451`, `INV 451`, `REF 451`, `451`, `INVOICE 0451`) and sometimes a
 * Faster-Payments trace (`FP 12/03/26 1034 4EM72921`), a sort code and account number, or a phone
 * number. Cases as in the other tune worlds (single, instalments, multi-invoice, no-reference
 * batches, fees £10/£25 and a 2.5 % prompt-payment discount, typos, netted credit notes, part
 * payments, unpaid, ambiguous equal invoices) plus noise (suppliers, salaries, HMRC, rent, bank
 * charges, interest, card takings, refunds to customers, payments for closed invoices, deposits
 * quoting a 4-digit contract number).
 */
import type { World, WorldGenerator } from '../world';
import { makePlan, buildTruth, type Line } from './plan';
import { Rng, money, fmtDate, pad, makeNamer, csvField } from './random';

const FIRST = ['Acme', 'Northern', 'Thames', 'Pennine', 'Oakwood', 'Riverside', 'Summit', 'Brightwater', 'Castle', 'Harbour', 'Kingsway', 'Meadow', 'Redbrick', 'Silverline', 'Westfield', 'Albion', 'Anchor', 'Beacon', 'Crown', 'Highland', 'Severn', 'Mercia', 'Wessex', 'Cotswold', 'Fenland', 'Lakeside', 'Granite', 'Phoenix', 'Orchard', 'Union', 'Victoria', 'Waverley', 'Yorkshire', 'Clyde', 'Tyne', 'Medway', 'Chiltern', 'Downs', 'Heath', 'Bridgewater'];
const SECOND = ['Trading', 'Engineering', 'Logistics', 'Building Services', 'Joinery', 'Electrical', 'Catering', 'Print', 'Motors', 'Consulting', 'Supplies', 'Plumbing', 'Roofing', 'Digital', 'Interiors', 'Landscapes', 'Fabrications', 'Hire', 'Scaffolding', 'Facilities', 'Packaging', 'Developments', 'Dental', 'Veterinary'];
const FORMS = ['Ltd', 'Ltd', 'Ltd', 'Limited', 'LLP', '& Co', 'PLC', 'Group Ltd'];
const SURNAMES = ['Smith', 'Jones', 'Patel', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Khan', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Hughes', 'Edwards', 'Green', 'Hall', 'Wood', 'Clarke', 'Turner'];
const SUPPLIERS: [string, string][] = [['DD', 'BT GROUP PLC'], ['DD', 'BRITISH GAS'], ['DEB', 'AMAZON.CO.UK*2K4'], ['DD', 'XERO UK LTD'], ['FPO', 'SCREWFIX DIRECT'], ['DD', 'VODAFONE LTD'], ['FPO', 'TRAVIS PERKINS'], ['DEB', 'TESCO STORES 2271'], ['DD', 'AVIVA INSURANCE'], ['FPO', 'DHL PARCEL UK'], ['DEB', 'SHELL 5547 LEEDS'], ['DD', 'ADOBE SYSTEMS']];

const C = ',';
const row = (f: string[]) => f.map((x) => csvField(x, C)).join(C);

export const ukBank: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 104729 + 3);
  const newName = makeNamer(rng, FIRST, SECOND, FORMS);
  const soleTraders = new Set<string>();
  let poSeq = 2000 + rng.int(0, 999);
  const contracts = new Map<number, string>();
  const plan = makePlan({
    seed: seed + 1000, openItems, fees: [1000, 2500], discount: 0.025, poPayerShare: 0.06, priorPartShare: 0.04, medianAmount: 950,
    makeCustomer: (r, idx) => {
      if (r.chance(0.15)) { // sole trader: the bank shows the person
        const ini = r.upper(1);
        const sur = r.pick(SURNAMES);
        let name = `${ini} ${sur} ${r.pick(SECOND)}${idx % 7 ? '' : ' & Son'}`;
        for (let t = 0; soleTraders.has(name); t++) name = t < 5 ? `${r.upper(1)} ${sur} ${r.pick(SECOND)} ${r.pick(FIRST)}` : newName();
        soleTraders.add(name);
        return { name, no: String(idx), bankName: r.pick([`${ini} ${sur}`.toUpperCase(), `MR ${ini} ${sur}`.toUpperCase(), `${sur} ${ini}`.toUpperCase()]), iban: `${pad(r.int(10, 99), 2)}-${pad(r.int(0, 99), 2)}-${pad(r.int(0, 99), 2)} ${r.digits(8)}`, bic: '' };
      }
      const name = newName();
      let bank = name.toUpperCase();
      if (r.chance(0.3)) bank = bank.replace(/ LIMITED$/, ' LTD').replace(/ LTD$/, r.chance(0.5) ? ' LIMITED' : ' LTD');
      if (r.chance(0.4)) bank = bank.slice(0, 18).trim();
      return { name, no: String(idx), bankName: bank, iban: `${pad(r.int(10, 99), 2)}-${pad(r.int(0, 99), 2)}-${pad(r.int(0, 99), 2)} ${r.digits(8)}`, bic: '' };
    },
    docNo: (k, seq) => (k === 'inv' ? `INV-${pad(450 + seq, 4)}` : `CN-${pad(20 + seq, 4)}`),
    closedDocNo: (k) => `INV-${pad(Math.max(1, 450 - k), 4)}`,
    poNo: (r, c) => {
      const s = c.paysByPo ? c.idx % 2 : c.idx % 5;
      if (s === 0) return `PO ${(poSeq += r.int(1, 9))}`;
      if (s === 1) return `PO-${(poSeq += r.int(1, 9))}`;
      return s === 2 ? '' : r.pick(['', 'Website work', 'Call-out', 'Monthly service', 'Spring order']);
    },
    contractNo: (r, c, force) => {
      if (!force && c.idx % 6 !== 0) return '';
      let v = contracts.get(c.idx);
      if (!v) contracts.set(c.idx, (v = String(r.int(1000, 9999))));
      return v;
    },
  });
  const R = plan.rng;

  // ---- invoice list
  const amt = (c: number) => (Math.abs(c) >= 100000 && R.chance(0.4) ? money(c, '.', ',') : money(c, '.'));
  const oi = [row(['Invoice Number', 'Contact Name', 'Invoice Date', 'Due Date', 'Reference', 'Total', 'Amount Due', 'Currency'])];
  for (const it of plan.items) oi.push(row([it.doc, it.cust.name, fmtDate(it.issue, 'dd/mm/yyyy'), fmtDate(it.due, 'dd/mm/yyyy'), it.credit ? '' : it.po, amt(it.total), amt(it.cents), 'GBP']));

  // ---- payer references
  const num = (doc: string) => doc.replace(/^\D+-?/, ''); // "0451"
  const short = (doc: string) => String(Number(num(doc))); // "451"
  const docForm = (doc: string, habit: number): string => {
    const h = habit < 0.75 ? Math.floor(habit * 10) % 8 : R.int(0, 7);
    return [`INV${num(doc)}`, `INV ${short(doc)}`, `REF ${short(doc)}`, short(doc), `INVOICE ${num(doc)}`, doc, `inv${short(doc)}`, `INV-${short(doc)}`][h];
  };
  const TRACE: [(ln: Line) => string, number][] = [
    [() => '', 5], [(ln) => ` FP ${fmtDate(ln.day, 'dd/mm/yyyy').replace(/\/20(\d\d)$/, '/$1')} ${pad(R.int(0, 23), 2)}${pad(R.int(0, 59), 2)} ${R.digits(1)}${R.upper(2)}${R.digits(5)}`, 2],
    [(ln) => ` ${ln.cust!.iban}`, 0.6], [() => ` TEL 07${R.digits(3, true)} ${R.digits(6, true)}`, 0.4],
  ];
  const trace = (ln: Line) => R.weighted(TRACE)(ln);
  const ref = (ln: Line): string => {
    const c = ln.cust!;
    const [a, b] = ln.refs;
    if (ln.mode === 'none') return R.pick(['', '', 'PAYMENT', 'SUPPLIER PAYMENT', 'BACS', 'INVOICES', `ACC ${c.name.slice(0, 4).toUpperCase()}01`]);
    if (ln.mode === 'typo') return docForm(ln.ref, c.habit);
    if (ln.mode === 'po') {
      const pos = ln.refs.filter((i) => !i.credit).map((i) => (R.chance(0.5) ? i.po.toUpperCase() : i.po.replace(/\W/g, '')));
      return pos.join(' ') + (ln.part ? ` PT${ln.part[0]}` : '');
    }
    if (ln.kind === 'credit_note_netted') return b ? `${docForm(a.doc, c.habit)} LESS ${b.doc.replace('-', '')}` : `${docForm(a.doc, c.habit)} LESS CREDIT`;
    if (ln.refs.length > 1) return R.pick(['INV ', 'INVS ', '']) + ln.refs.map((i, k) => (k === 0 || R.chance(0.5) ? short(i.doc) : num(i.doc))).join(R.pick([' ', '/', ' & ']));
    const d = docForm(a.doc, c.habit);
    if (ln.part) return R.pick([`${d} ${ln.part[0]}/${ln.part[1]}`, `${d} PART ${ln.part[0]}`, `INSTALMENT ${ln.part[0]} ${d}`]);
    if (ln.kind === 'part_payment') return R.pick([`PART PAY ${d}`, `${d} ON ACCOUNT`, `${d} PART`]);
    if (ln.kind === 'early_payment_discount') return R.pick([`${d} LESS 2.5%`, `${d} LESS DISC`, d]);
    return d;
  };
  const month = (day: number) => ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN'][Math.min(5, Number(fmtDate(day, 'yyyymmdd').slice(4, 6)) - 1)];
  const noise = (ln: Line): [string, string] => {
    switch (ln.noise!) {
      case 'supplier': { const [t, n] = R.pick(SUPPLIERS); return [t, `${n} ${t === 'DEB' ? fmtDate(ln.day - 1, 'dd/mm/yyyy').slice(0, 5) : ln.ref.slice(0, 8)}`]; }
      case 'salary': return ['FPO', `${R.pick(FIRST).slice(0, 1)} ${SURNAMES[Number(ln.ref) % SURNAMES.length].toUpperCase()} SALARY ${month(ln.day)}`];
      case 'bank_fee': return ['CHG', R.pick(['SERVICE CHARGES', 'ACCOUNT FEE', 'CHARGES TO ' + fmtDate(ln.day, 'dd/mm/yyyy').slice(0, 5)])];
      case 'interest': return ['INT', 'INTEREST (GROSS)'];
      case 'tax': return ['FPO', R.pick([`HMRC VAT ${R.digits(9)}`, `HMRC PAYE ${R.digits(3)}PX${R.digits(6)}`])];
      case 'rent': return ['SO', 'GREYSTONE ESTATES RENT ' + month(ln.day)];
      case 'card_settlement': return ['BGC', R.pick([`WORLDPAY ${R.digits(7)}`, 'STRIPE PAYMENTS UK STRIPE', `SUMUP PAYMENTS ${R.upper(4)}${R.digits(4)}`])];
      case 'refund': return ['FPO', `${ln.cust!.bankName} REFUND ${ln.ref.replace('INV-', 'CN')}`];
      case 'closed_invoice': return ['FPI', `${ln.cust!.bankName} ${docForm(ln.ref, ln.cust!.habit)}`];
      case 'sweep': return ['TFR', `TO 40-11-62 ${R.pick(['71238890', '71238890 SAVINGS'])}`];
      case 'advance_contract': return ['FPI', `${ln.cust!.bankName} ${R.pick(['CONTRACT', 'DEPOSIT CONTR', 'JOB'])} ${ln.ref}`];
    }
  };
  const body: string[] = [];
  let balance = 1823455 + R.int(0, 99999);
  for (const ln of plan.lines) {
    let type: string;
    let desc: string;
    if (ln.noise) [type, desc] = noise(ln);
    else {
      type = R.chance(0.75) ? 'FPI' : 'BGC';
      desc = `${ln.cust!.bankName} ${ref(ln)}`.trim() + (type === 'FPI' ? trace(ln) : '');
    }
    balance += ln.cents;
    const out = ln.cents < 0 ? money(-ln.cents, '.') : '';
    const inn = ln.cents > 0 ? money(ln.cents, '.') : '';
    body.push(row([fmtDate(ln.day, 'dd/mm/yyyy'), type, desc.replace(/\s+/g, ' '), out, inn, money(balance, '.')]));
  }
  body.reverse(); // newest first
  const lines = plan.lines.slice().reverse();

  return {
    name: 'uk-bank',
    description: DESCRIPTION,
    openItems: { fileName: 'Aged_Receivables_Invoices.csv', content: oi.join('\n') + '\n' },
    statement: { fileName: 'Statement_Business_Current_Account.csv', content: [row(['Date', 'Type', 'Description', 'Paid out', 'Paid in', 'Balance']), ...body].join('\n') + '\n' },
    truth: buildTruth(plan.items, lines),
  };
};

const DESCRIPTION =
  'UK accounting-package invoice list (",", dd/mm/yyyy, INV-0451 numbers, CN- credit notes, customer PO in Reference, Amount Due below Total after earlier part payments, thousands commas in quotes on some amounts) against a high-street bank CSV, newest first, with Paid out / Paid in columns and a running balance; no payer column — the payer name (upper case, often cut to 18 characters) and its free reference share the Description, next to Faster-Payments traces, sort codes, account and phone numbers. Fees £10/£25, prompt-payment discount 2.5 %.';

