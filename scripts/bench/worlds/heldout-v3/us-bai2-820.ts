/**
 * us-bai2-820 — Ridgeline Industrial Supply, Inc., Columbus OH: an MRO distributor selling to
 * contractors, hardware stores and a few large retail and industrial accounts.
 *
 * Open items: an A/R aging detail report exported to CSV (`,`, two title lines, MM/DD/YYYY,
 * `$1,234.56` in quotes, credits in parentheses `($123.45)`, aging buckets as of 10/31/2026, a report
 * total line). Invoice numbers are six digits; credit memos `CM-` plus five digits; a PO column.
 *
 * Statement: a prior-day BAI2 file, one group (02) per business day, one account (03) with
 * opening/closing ledger and credit/debit totals, 16 detail records whose text runs on in 88
 * continuation records, 49/98/99 control totals. Money in: ACH CCD+ with one RMR segment, ACH CTX
 * whose addenda is an EDI 820 (BPR, TRN, N1, ENT, RMR/REF/ADX …), ACH without addenda, Fedwire with
 * the invoice in OBI, and lockbox deposits as one line per batch with no payer detail.
 */
import type { World, WorldOptions } from '../world';
import { Amounts, Rng, csvField, dayOf, fmtMoney, inFileOrder, nextBiz, pad, truthFor, weekday, ymd, type Gen } from './common';

const NAME = 'us-bai2-820';
const ASOF = dayOf(2026, 10, 31);

type Channel = 'ctx' | 'ccd' | 'plain' | 'wire' | 'check' | 'intl';
interface Customer { id: string; name: string; ach: string; achId: string; channel: Channel; discount: boolean; terms: number; poStyle: number; bank: string }
interface Inv { cust: Customer; no: string; cm: boolean; date: number; due: number; po: string; orig: number; bal: number }
interface StRow { date: number; type: number; amount: number; bankRef: string; custRef: string; text: string | (() => string) }

const A = ['Great Lakes', 'Buckeye', 'Summit', 'Midwest', 'Tri-County', 'Heartland', 'Keystone', 'Allegheny', 'Prairie', 'Lakeshore', 'Riverbend', 'Northstar', 'Central Ohio', 'Hoosier', 'Blue Ridge', 'Maumee', 'Scioto', 'Ohio Valley', 'Cardinal', 'Liberty', 'Pioneer', 'Frontier', 'Capital City', 'Miami Valley'];
const B = ['Hardware', 'Supply', 'Mechanical', 'Fabrication', 'Electric', 'Plumbing', 'Industrial', 'Maintenance', 'Contractors', 'Equipment', 'Building Products', 'Fasteners', 'Welding', 'HVAC', 'Millwork', 'Machine'];
const C = ['Inc.', 'LLC', 'Co.', 'Corp.', 'Inc', 'Company'];
const BIG: [string, string][] = [
  ['BuildMart Stores, Inc.', 'BUILDMART STORES'], ['Northway Home Centers LLC', 'NWHC ACCTS PAYAB'], ['ProHardware Cooperative', 'PRO HARDWARE COO'],
  ['Fleetline Auto Parts Corp.', 'FLEETLINE AUTO P'], ['Consolidated Metals Group', 'CMG AP'], ['Tristate Facility Services', 'TRISTATE FACILIT'],
  ['American Rail Car Industries', 'ARCI PAYABLES'], ['Valley Health System', 'VALLEY HEALTH SY'],
];
const INTL: [string, string][] = [['Ontario Bolt & Screw Ltd.', 'ROYAL BANK OF CANADA'], ['Maquinados del Norte SA de CV', 'BBVA MEXICO'], ['Laurentian Equipment Inc.', 'BANK OF MONTREAL']];

export function usBai2820({ seed, openItems }: WorldOptions): World {
  const rng = new Rng(seed * 69069 + 0x820);
  const amounts = new Amounts(rng);
  const S0 = dayOf(2026, 8, 3), S1 = dayOf(2026, 10, 30);
  const custs: Customer[] = [];
  const seen = new Set<string>();
  const achId = () => `${rng.pick(['1', '3', '9'])}${rng.digits(9)}`;
  while (custs.length < 190) {
    const name = `${rng.pick(A)} ${rng.pick(B)} ${rng.pick(C)}`;
    const key = name.replace(/ (Inc\.?|LLC|Co\.|Corp\.|Company)$/, '');
    if (seen.has(key)) continue;
    seen.add(key);
    const channel = rng.weighted({ ccd: 30, plain: 10, wire: 8, check: 40, ctx: 4 } as Record<Channel, number>);
    const ach = rng.chance(0.7) ? name.toUpperCase().replace(/[.,]/g, '').slice(0, 16) : key.toUpperCase().split(' ').map((w) => w[0]).join('') + ' ' + rng.pick(['AP', 'INC', 'PAYABLES', 'OPERATING']);
    custs.push({ id: `C${pad(1000 + custs.length * 3 + rng.int(0, 2), 5)}`, name, ach: ach.slice(0, 16), achId: achId(), channel, discount: rng.chance(0.3), terms: rng.pick([30, 30, 30, 45, 15]), poStyle: rng.int(0, 2), bank: '' });
  }
  for (const c of custs) if (c.discount) c.terms = 30; // 2% 10 net 30
  for (const [name, ach] of BIG) custs.push({ id: `C${pad(9000 + custs.length, 5)}`, name, ach, achId: achId(), channel: 'ctx', discount: false, terms: rng.pick([30, 45, 60]), poStyle: 0, bank: '' });
  for (const c of custs) if (c.channel === 'ctx' && !c.discount && rng.chance(0.5)) { c.discount = true; c.terms = 30; }
  for (const [name, bank] of INTL) custs.push({ id: `C${pad(9500 + custs.length, 5)}`, name, ach: name.toUpperCase(), achId: '', channel: 'intl', discount: false, terms: 30, poStyle: 1, bank });
  const pool = (ch: Channel) => custs.filter((c) => c.channel === ch);
  const pools = { ctx: pool('ctx'), ccd: pool('ccd'), plain: pool('plain'), wire: pool('wire'), check: pool('check'), intl: pool('intl') };
  const disc = { ctx: pools.ctx.filter((c) => c.discount), ccd: pools.ccd.filter((c) => c.discount) };

  const oi: Gen<Inv>[] = [];
  const st: Gen<StRow>[] = [];
  const invs: Inv[] = [];
  let gid = 0;
  const G = () => `g${++gid}`;
  const amt = (c: Customer) => amounts.fresh(c.id, () => (rng.chance(0.1) ? rng.int(2, 80) * 2500 : rng.amountCents(45, 68000)));
  const inv = (c: Customer, payOn: number | null, o: Partial<Inv> = {}): Inv => {
    const date = o.date ?? (payOn === null ? rng.int(S0 - 100, ASOF - 2) : payOn - c.terms - rng.int(-12, 15));
    const orig = o.orig ?? amt(c);
    const it: Inv = { cust: c, no: '', cm: false, date, due: date + c.terms, po: po(c, rng), orig, bal: orig, ...o };
    invs.push(it);
    return it;
  };
  const add = (it: Inv, g: string | null, kind: string, amb = false) => oi.push({ key: it.date, v: it, g, kind, amb });
  const day = () => nextBiz(rng.int(S0, S1 - 1));
  const money2 = (v: number) => `${v < 0 ? '-' : ''}${Math.floor(Math.abs(v) / 100)}.${pad(Math.abs(v) % 100, 2)}`;
  let trace = rng.int(1000000, 9000000);
  const bankRef = () => `${rng.digits(9)}${pad(rng.int(0, 99999), 5)}`;
  const achText = (c: Customer, sec: 'CCD' | 'CTX', date: number, addenda: string) => {
    const [y, m, d] = ymd(date - rng.int(0, 2));
    return `ACH CREDIT RECEIVED ORIG CO NAME:${c.ach} ORIG ID:${c.achId} DESC DATE:${String(y).slice(2)}${pad(m, 2)}${pad(d, 2)} CO ENTRY DESCR:${sec === 'CTX' ? 'EDI PYMNTS' : rng.pick(['PAYMENT', 'ACH PMT', 'VENDOR PAY', 'AP PAYMNT'])} SEC:${sec} TRACE#:0${rng.digits(8)}${pad(trace++, 7)} IND ID NO:${c.id} IND NAME:RIDGELINE INDUSTRIAL${addenda ? ` ADDENDA:${addenda}` : ''}`;
  };
  const ccd = (c: Customer, date: number, amount: number, rmr: (() => string) | '', g: string | null, kind: string, amb = false) =>
    st.push({ key: date, v: { date, type: rmr ? 165 : 142, amount, bankRef: bankRef(), custRef: '', text: () => achText(c, 'CCD', date, rmr ? rmr() : '') }, g, kind, amb });
  /** An 820 transaction set as CTX addenda: BPR, TRN, N1 payer/payee, ENT and one RMR (+ADX/REF) per document. */
  const ctx = (c: Customer, date: number, lines: { inv: Inv; paid: number; adx?: [number, string, string]; disc?: number }[], g: string, kind: string) => {
    const total = lines.reduce((s, l) => s + l.paid, 0);
    const [y, m, d] = ymd(date);
    const ymd8 = `${y}${pad(m, 2)}${pad(d, 2)}`;
    st.push({
      key: date,
      v: {
        date, type: 165, amount: total, bankRef: bankRef(), custRef: '',
        text: () => {
          const segs = [`ST*820*${pad(rng.int(1, 9999), 4)}`, `BPR*C*${money2(total)}*C*ACH*CTX*01*${rng.digits(9)}*DA*${rng.digits(10)}*${c.achId}**01*041215663*DA*4417002981*${ymd8}`, `TRN*1*${rng.digits(10)}*${c.achId}`, `N1*PR*${c.name.toUpperCase().replace(/[.,]/g, '')}`, `N1*PE*RIDGELINE INDUSTRIAL SUPPLY`, 'ENT*1'];
          for (const l of lines) {
            const qual = l.inv.cm ? 'CM' : 'IV';
            segs.push(l.disc ? `RMR*${qual}*${l.inv.no}*PI*${money2(l.paid)}*${money2(l.inv.bal)}*${money2(l.disc)}` : l.adx || l.paid !== l.inv.bal ? `RMR*${qual}*${l.inv.no}*PI*${money2(l.paid)}*${money2(l.inv.bal)}` : `RMR*${qual}*${l.inv.no}*PI*${money2(l.paid)}`);
            if (l.inv.po && rng.chance(0.4)) segs.push(`REF*PO*${l.inv.po}`);
            if (l.adx) segs.push(`ADX*${money2(l.adx[0])}*${l.adx[1]}`, `REF*ZZ*${l.adx[2]}`);
          }
          segs.push(`SE*${segs.length + 1}*0001`);
          return achText(c, 'CTX', date, segs.join('~') + '~');
        },
      },
      g, kind,
    });
  };
  const rmrVariant = (no: string) => rng.pick([`INV${no}`, pad(no, 10), `${no}-00`, `IN ${no}`, `#${no}`]);
  const lockbox: { date: number; its: Inv[]; paid: number; checks: number }[] = [];

  const W = {
    ccd_rmr_exact: 270, rmr_invoice_variant: 110, rmr_po_number: 65, ctx_multi_invoice: 75, ctx_credit_memo_netted: 34, early_pay_discount: 120, unearned_discount: 38,
    deduction_short_pay: 100, lockbox_batch: 330, wire_obi: 70, short_paid_fee: 28, payer_name_only: 60, ambiguous_equal_amounts: 18, part_payment: 28, remaining_balance: 38,
    unpaid_invoice: 250, open_credit_memo: 24,
  };
  while (oi.length < openItems) {
    const kind = rng.weighted(W);
    const P = day();
    const g = G();
    switch (kind) {
      case 'ccd_rmr_exact':
      case 'rmr_invoice_variant':
      case 'rmr_po_number': {
        const c = rng.pick(pools.ccd), it = inv(c, P);
        if (kind === 'rmr_po_number' && !it.po) it.po = `PO${rng.digits(6)}`;
        add(it, g, kind);
        ccd(c, P, it.bal, () => `RMR*${kind === 'rmr_po_number' ? 'PO' : 'IV'}*${kind === 'rmr_po_number' ? it.po : kind === 'rmr_invoice_variant' ? rmrVariant(it.no) : it.no}*PI*${money2(it.bal)}\\`, g, kind);
        break;
      }
      case 'ctx_multi_invoice': {
        const c = rng.pick(pools.ctx), n = rng.int(2, 9);
        const its = Array.from({ length: n }, () => inv(c, P));
        for (const it of its) add(it, g, kind);
        ctx(c, P, its.map((it) => ({ inv: it, paid: it.bal })), g, kind);
        break;
      }
      case 'ctx_credit_memo_netted': {
        const c = rng.pick(pools.ctx), its = Array.from({ length: rng.int(1, 4) }, () => inv(c, P));
        const cm = inv(c, null, { cm: true, orig: -amounts.fresh(c.id, () => Math.round(its[0].orig * (0.04 + rng.next() * 0.4))), date: P - rng.int(5, 40), po: '' });
        cm.due = cm.date;
        for (const it of [...its, cm]) add(it, g, kind);
        ctx(c, P, [...its, cm].map((it) => ({ inv: it, paid: it.bal })), g, kind);
        break;
      }
      case 'early_pay_discount':
      case 'unearned_discount': {
        const useCtx = rng.chance(0.4) && disc.ctx.length > 0;
        const c = rng.pick(useCtx ? disc.ctx : disc.ccd.length ? disc.ccd : pools.ccd);
        c.discount = true;
        c.terms = 30;
        const it = inv(c, P, { date: kind === 'early_pay_discount' ? P - rng.int(4, 10) : P - rng.int(15, 34) });
        it.due = it.date + 30;
        add(it, g, kind);
        const d = Math.round(it.bal * 0.02);
        if (useCtx) ctx(c, P, [{ inv: it, paid: it.bal - d, disc: d }], g, kind);
        else ccd(c, P, it.bal - d, () => `RMR*IV*${it.no}*PI*${money2(it.bal - d)}*${money2(it.bal)}*${money2(d)}\\`, g, kind);
        break;
      }
      case 'deduction_short_pay': {
        const c = rng.pick(pools.ctx), its = Array.from({ length: rng.int(1, 3) }, () => inv(c, P));
        for (const it of its) add(it, g, kind);
        const lines = its.map((it, i) => {
          if (i > 0 && rng.chance(0.5)) return { inv: it, paid: it.bal };
          const [code, why, share] = rng.pick([['19', 'PROMO ALLOWANCE', 0.05], ['04', 'SHORT SHIPMENT', 0.12], ['AX', 'ASN COMPLIANCE FINE', 0], ['22', 'DAMAGED IN TRANSIT', 0.08], ['CS', 'PRICE DIFFERENCE', 0.03]] as [string, string, number][]);
          const ded = share ? Math.max(100, Math.round(it.bal * share * (0.5 + rng.next()))) : rng.pick([2500, 5000, 15000, 25000]);
          const dd = Math.min(ded, Math.floor(it.bal * 0.3));
          return { inv: it, paid: it.bal - dd, adx: [-dd, code, `DED${rng.digits(7)} ${why}`] as [number, string, string] };
        });
        ctx(c, P, lines, g, kind);
        break;
      }
      case 'lockbox_batch': {
        const c = rng.pick(pools.check);
        const its = Array.from({ length: rng.chance(0.2) ? rng.int(2, 3) : 1 }, () => inv(c, P));
        const bucket = lockbox.find((b) => b.date === P && b.its.length < 14) ?? lockbox[lockbox.push({ date: P, its: [], paid: 0, checks: 0 }) - 1];
        bucket.its.push(...its);
        bucket.checks++;
        for (const it of its) { bucket.paid += it.bal; add(it, null, kind); }
        gid--;
        break;
      }
      case 'wire_obi': {
        const c = rng.pick(pools.wire), its = Array.from({ length: rng.chance(0.25) ? rng.int(2, 4) : 1 }, () => inv(c, P));
        for (const it of its) add(it, g, kind);
        const total = its.reduce((s, it) => s + it.bal, 0);
        st.push({ key: P, v: { date: P, type: 195, amount: total, bankRef: `${ymdStr(P)}B1Q8${rng.digits(6)}`, custRef: '', text: () => `INCOMING MONEY TRANSFER ORG=${c.name.toUpperCase()} ORG BK=${rng.pick(['JPMORGAN CHASE BANK NA', 'PNC BANK NA', 'FIFTH THIRD BANK', 'HUNTINGTON NATIONAL BANK', 'KEYBANK NATIONAL ASSOCIATION'])} OBI=${rng.pick(['INV ', 'INVOICE ', 'INV# ', ''])}${its.map((it) => it.no).join(rng.pick([' ', ', ', '/']))} IMAD=${ymdStr(P)}QMGFT${rng.digits(3)}${pad(rng.int(0, 999999), 6)}` }, g, kind });
        break;
      }
      case 'short_paid_fee': {
        const c = rng.pick(pools.intl), it = inv(c, P);
        add(it, g, kind);
        const fee = rng.pick([1500, 2000, 2500, 3000, 3500, 4500]);
        st.push({ key: P, v: { date: P, type: 195, amount: it.bal - fee, bankRef: `${ymdStr(P)}B1Q8${rng.digits(6)}`, custRef: '', text: () => `INCOMING MONEY TRANSFER ORG=${c.name.toUpperCase()} ORG BK=${c.bank} INTERMEDIARY BK=CITIBANK NA OBI=PAYMENT INVOICE ${it.no} CHGS=SHA` }, g, kind });
        break;
      }
      case 'payer_name_only': {
        const c = rng.pick(pools.plain), it = inv(c, P);
        add(it, g, kind);
        ccd(c, P, it.bal, '', g, kind);
        break;
      }
      case 'ambiguous_equal_amounts': {
        const c = rng.pick(pools.plain), a = inv(c, P), b = inv(c, P, { orig: a.orig, date: a.date + rng.pick([-31, -30, 30, 31]) });
        b.due = b.date + c.terms;
        add(a, g, kind, true);
        add(b, null, kind, true);
        ccd(c, P, a.bal, '', g, kind, true);
        break;
      }
      case 'part_payment': {
        const c = rng.pick(pools.ccd), it = inv(c, P);
        add(it, g, kind);
        const paid = Math.round((it.bal * (0.3 + rng.next() * 0.4)) / 100) * 100;
        ccd(c, P, paid, () => `RMR*IV*${it.no}*PI*${money2(paid)}*${money2(it.bal)}\\`, g, kind);
        break;
      }
      case 'remaining_balance': {
        const c = rng.pick([...pools.ccd, ...pools.wire]), it = inv(c, P, { orig: 0 });
        it.orig = rng.amountCents(300, 40000);
        it.bal = amounts.fresh(c.id, () => it.orig - Math.round(it.orig * (0.2 + rng.next() * 0.6)));
        add(it, g, kind);
        if (c.channel === 'wire') st.push({ key: P, v: { date: P, type: 195, amount: it.bal, bankRef: `${ymdStr(P)}B1Q8${rng.digits(6)}`, custRef: '', text: () => `INCOMING MONEY TRANSFER ORG=${c.name.toUpperCase()} OBI=BAL DUE INV ${it.no}` }, g, kind });
        else ccd(c, P, it.bal, () => `RMR*IV*${it.no}*PI*${money2(it.bal)}\\`, g, kind);
        break;
      }
      case 'unpaid_invoice':
        add(inv(rng.pick(custs), null), null, kind);
        gid--;
        break;
      case 'open_credit_memo': {
        const c = rng.pick(custs), it = inv(c, null, { cm: true, po: '' });
        it.orig = it.bal = -amounts.fresh(c.id, () => rng.amountCents(20, 3000));
        it.due = it.date;
        add(it, null, kind);
        gid--;
        break;
      }
    }
  }
  // Lockbox: one deposit line per day's batch (no per-check detail in the BAI2 file).
  let batchNo = rng.int(1, 40);
  for (const b of lockbox) {
    const g = G();
    for (const r of oi) if (r.kind === 'lockbox_batch' && b.its.includes(r.v)) r.g = g;
    const n = b.checks;
    st.push({ key: b.date, v: { date: b.date, type: 115, amount: b.paid, bankRef: bankRef(), custRef: `LBX 418877`, text: `LOCKBOX DEPOSIT LBX 418877 BATCH ${pad(batchNo = (batchNo % 99) + 1, 3)} ITEMS ${n}` }, g, kind: 'lockbox_batch' });
  }

  // Numbers: invoices in date order with gaps; credit memos their own series.
  invs.sort((a, b) => a.date - b.date);
  let n = 318000 + rng.int(0, 400), cmn = 20400 + rng.int(0, 50);
  for (const it of invs) it.no = it.cm ? `CM-${cmn += rng.int(1, 3)}` : String(n += rng.chance(0.1) ? rng.int(2, 6) : 1);

  // Noise.
  const noise = (date: number, type: number, amount: number, text: string, kind = 'noise', custRef = '') => st.push({ key: date, v: { date, type, amount, bankRef: bankRef(), custRef, text }, g: null, kind });
  let made = 0;
  const target = Math.round(openItems * 0.09);
  for (let d = S0; d <= S1; d++) {
    if (weekday(d) === 0 || weekday(d) === 6) continue;
    const [, m, dd] = ymd(d);
    if (weekday(d) === 5 && rng.chance(0.5)) { noise(d, 451, -rng.int(18000000, 26000000), 'ACH DEBIT ORIG CO NAME:ADP WAGE PAY ORIG ID:9333006036 CO ENTRY DESCR:WAGE PAY SEC:CCD'); made++; }
    if (weekday(d) === 5 && rng.chance(0.5)) { noise(d, 451, -rng.int(5000000, 8000000), 'ACH DEBIT ORIG CO NAME:IRS ORIG ID:3387702000 CO ENTRY DESCR:USATAXPYMT SEC:CCD'); made++; }
    if (dd <= 3 && rng.chance(0.4)) { noise(d, 698, -rng.int(45000, 160000), `ACCOUNT ANALYSIS FEE ${pad(m - 1, 2)}/2026`); made++; }
    if (rng.chance(0.35)) { noise(d, 301, rng.amountCents(200, 9000), 'COMMERCIAL DEPOSIT MERCHANT BANKCARD DEP MID 4445091276', 'noise'); made++; }
  }
  const vendors = ['FASTENAL COMPANY', 'GRAINGER', 'MSC INDUSTRIAL', 'UPS', 'AEP OHIO', 'CINTAS CORP', 'UNITED RENTALS'];
  while (made < target) {
    const d = day(), t = rng.int(0, 5);
    made++;
    if (t <= 1) noise(d, 475, -rng.amountCents(80, 25000), 'CHECK PAID', 'noise', String(rng.int(104000, 109999)));
    else if (t === 2) noise(d, 455, -rng.amountCents(300, 60000), `ACH DEBIT ORIG CO NAME:${rng.pick(vendors)} CO ENTRY DESCR:VENDOR PMT SEC:CCD ADDENDA:RMR*IV*${rng.int(300000, 330000)}*PI*${money2(rng.amountCents(300, 9000))}\\`);
    else if (t === 3) {
      // A vendor refunds a credit by ACH, citing its own credit memo numbered like our invoices.
      const c = rng.int(310000, 330000);
      noise(d, 165, rng.amountCents(40, 4000), `ACH CREDIT RECEIVED ORIG CO NAME:${rng.pick(vendors)} CO ENTRY DESCR:REFUND SEC:CCD ADDENDA:RMR*CM*${c}*PI*REFUND\\`, 'noise_vendor_refund');
    } else if (t === 4) noise(d, rng.chance(0.5) ? 275 : 575, 0, 'ZBA TRANSFER', 'noise');
    else noise(d, 206, rng.int(5, 60) * 1000000, 'BOOK TRANSFER CREDIT FROM 000004417009911 LINE OF CREDIT ADVANCE');
  }
  // ZBA lines carry an amount that nets the day to a target — give them a real amount.
  for (const r of st) if (r.v.amount === 0) r.v.amount = r.v.type === 275 ? rng.amountCents(5000, 200000) : -rng.amountCents(5000, 200000);

  // ---- Render ----
  const oiRows = inFileOrder(oi, rng);
  const stRows = inFileOrder(st, rng);
  const usd = (v: number) => (v < 0 ? `($${fmtMoney(-v, ',', '.')})` : `$${fmtMoney(v, ',', '.')}`);
  const mdy = (d: number) => { const [y, m, dd] = ymd(d); return `${pad(m, 2)}/${pad(dd, 2)}/${y}`; };
  const bucket = (it: Inv) => { const late = ASOF - it.due; return late <= 0 ? 0 : late <= 30 ? 1 : late <= 60 ? 2 : late <= 90 ? 3 : 4; };
  const termsText = (c: Customer, it: Inv) => (it.cm ? '' : c.discount ? '2% 10 Net 30' : `Net ${c.terms}`);
  const oiLines = ['Ridgeline Industrial Supply, Inc.', `A/R Aging Detail,As of ${mdy(ASOF)}`, '', ['Customer ID', 'Customer Name', 'Invoice #', 'Invoice Date', 'Due Date', 'Terms', 'PO Number', 'Original Amount', 'Balance Due', 'Current', '1-30 Days', '31-60 Days', '61-90 Days', 'Over 90 Days'].join(',')];
  const totals = [0, 0, 0, 0, 0, 0, 0];
  for (const { v: it } of oiRows) {
    const bk = ['', '', '', '', ''];
    bk[bucket(it)] = usd(it.bal);
    totals[0] += it.orig; totals[1] += it.bal; totals[2 + bucket(it)] += it.bal;
    oiLines.push([it.cust.id, it.cust.name, it.no, mdy(it.date), mdy(it.due), termsText(it.cust, it), it.po, usd(it.orig), usd(it.bal), ...bk].map((f) => csvField(f, ',')).join(','));
  }
  oiLines.push('', ['Report Total', '', '', '', '', '', '', ...totals.map(usd)].map((f) => csvField(f, ',')).join(','));

  // BAI2: one group per business day.
  const out: string[] = [];
  const fileDate = ymdStr(dayOf(2026, 11, 2));
  out.push(`01,041215663,RIDGELINE01,${fileDate},0615,1,80,,2/`);
  let fileTotal = 0, groups = 0, ledger = rng.int(80000000, 250000000);
  const days = [...new Set(stRows.map((r) => r.v.date))].sort((a, b) => a - b);
  const rec: string[][] = [];
  for (const d of days) {
    const rows = stRows.filter((r) => r.v.date === d);
    const detail: string[] = [];
    let credits = 0, debits = 0, nc = 0, nd = 0, detailSum = 0;
    for (const { v } of rows) {
      const a = Math.abs(v.amount);
      if (v.amount >= 0) { credits += a; nc++; } else { debits += a; nd++; }
      detailSum += a;
      const text = typeof v.text === 'string' ? v.text : v.text();
      const head = `16,${v.type},${a},${v.type === 115 ? '1' : v.type === 195 ? '0' : 'Z'},${v.bankRef},${v.custRef},`;
      const parts = chunk(text, 80 - head.length, 77);
      detail.push(head + parts[0], ...parts.slice(1).map((p) => `88,${p}`));
    }
    const open = ledger;
    ledger += credits - debits;
    // The account record runs past 80 characters: its summaries continue in an 88 record.
    const acct = [`03,4417002981,USD,010,${open},,,015,${ledger},,/`, `88,100,${credits},${nc},,400,${debits},${nd},/`];
    // Control total: every amount of the 03 record (balances and totals, not counts) and of the 16 records.
    const acctTotal = open + ledger + credits + debits + detailSum;
    const recs = [...acct, ...detail];
    recs.push(`49,${acctTotal},${recs.length + 1}/`);
    const group = [`02,RIDGELINE01,041215663,1,${ymdStr(d)},2400,USD,2/`, ...recs];
    group.push(`98,${acctTotal},1,${group.length + 1}/`);
    fileTotal += acctTotal;
    groups++;
    rec.push(group);
  }
  for (const g of rec) out.push(...g);
  out.push(`99,${fileTotal},${groups},${out.length + 1}/`);
  return {
    name: NAME,
    description: `A US MRO distributor (Ridgeline Industrial Supply, Columbus OH). Open items: an A/R aging detail CSV (title lines, MM/DD/YYYY, "$1,234.56", credit memos in parentheses, aging buckets as of 10/31/2026, a report total), six-digit invoice numbers, CM- credit memos, customers' PO numbers. Statement: a BAI2 prior-day file, one 02 group per business day, 16 detail records with 88 continuations and 49/98/99 control totals. Receipts: ACH CCD+ with one RMR segment (the invoice exactly, with a prefix or zero padding, or the PO number), ACH CTX carrying an EDI 820 with several RMR segments, credit memos netted, 2% 10 net 30 discounts taken on time and after the 10 days, deductions (promotion allowances, shortages, compliance fines, damage, price) as ADX segments, part payments, balances of part-paid invoices, Fedwire with invoices in OBI, Canadian/Mexican wires short by intermediary charges, ACH without addenda (payer name only, equal amounts ambiguous), lockbox deposits as one line per batch without payer detail; noise: payroll, tax, account analysis fees, card deposits, checks paid, vendor debits and a vendor refund citing its own numbers, ZBA and line-of-credit transfers.`,
    openItems: { fileName: 'us-bai2-820-ar-aging.csv', content: oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: 'us-bai2-820-prior-day.bai', content: out.join('\n') + '\n' },
    truth: [...truthFor('open_items', oiRows), ...truthFor('statement', stRows)],
  };
}

const ymdStr = (d: number) => { const [y, m, dd] = ymd(d); return `${String(y).slice(2)}${pad(m, 2)}${pad(dd, 2)}`; };
/** Text split for a 16 record (first piece `first` characters) and 88 records (`rest` each). */
function chunk(s: string, first: number, rest: number): string[] {
  const out = [s.slice(0, Math.max(10, first))];
  for (let i = out[0].length; i < s.length; i += rest) out.push(s.slice(i, i + rest));
  return out;
}
/** Customers' PO numbers: SAP-style, PO-prefixed or a job reference; some leave it blank. */
function po(c: Customer, rng: Rng): string {
  if (rng.chance(0.15)) return '';
  return c.poStyle === 0 ? `45${rng.digits(8)}` : c.poStyle === 1 ? `PO-${rng.digits(5)}` : `JOB ${rng.int(1000, 9999)}-${rng.pick(['A', 'B', 'C', 'D'])}`;
}
