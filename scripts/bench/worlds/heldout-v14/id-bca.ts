/**
 * id-bca: an Indonesian distributor of steel fittings and installation services (PT Karya Logam
 * Nusantara). The open items are an Accurate "Rincian Piutang" export saved from Excel with the
 * Indonesian locale; the bank side is the KlikBCA Bisnis "Mutasi Rekening" CSV download of its BCA
 * current account, over the year end.
 */
import type { World, WorldOptions } from '../world';
import { Builder, civil, dayOf, dmy, line, money, pad2, rngFor, sample, weighted } from './common';

interface Bank { code: string; name: string }
const BANKS: Bank[] = [
  { code: '014', name: 'BCA' }, { code: '014', name: 'BCA' }, { code: '014', name: 'BCA' },
  { code: '008', name: 'MANDIRI' }, { code: '009', name: 'BNI' }, { code: '002', name: 'BRI' },
  { code: '022', name: 'CIMB NIAGA' }, { code: '011', name: 'DANAMON' }, { code: '451', name: 'BSI' }, { code: '013', name: 'PERMATA' },
];
const W1 = ['SUMBER', 'KARYA', 'MITRA', 'ABADI', 'JAYA', 'MAKMUR', 'SENTOSA', 'BERKAH', 'CAHAYA', 'PUTRA', 'SINAR', 'MULIA', 'TEKNIK', 'BANGUN', 'PRIMA', 'INTI', 'GRAHA', 'SURYA', 'BINA', 'DUTA'];
const W2 = ['MAKMUR', 'SEJAHTERA', 'ABADI', 'PERKASA', 'MANDIRI', 'UTAMA', 'LESTARI', 'SENTOSA', 'NUSANTARA', 'INDAH', 'BERSAMA', 'GEMILANG', 'JAYA', 'TEKNIKA', 'KONSTRUKSI'];
const CITIES = ['SURABAYA', 'BEKASI', 'TANGERANG', 'SEMARANG', 'MEDAN', 'BANDUNG', 'CIKARANG', 'SIDOARJO', 'MAKASSAR', 'BATAM'];
const PEOPLE = ['BUDI SANTOSO', 'HENDRA WIJAYA', 'SITI RAHAYU', 'AGUS SETIAWAN', 'DEWI LESTARI', 'RUDI HARTONO', 'YULIANTI', 'SUGIANTO', 'LIEM HOK SIANG', 'ANDI PRASETYO', 'EKO SUPRIYANTO', 'NANIK SURYANI', 'TJHIN MEI LING', 'IWAN KURNIAWAN', 'SRI WAHYUNI', 'JOKO SUSILO'];

type Style = 'corp' | 'agent' | 'shop';
interface Customer { code: string; name: string; bank: Bank; style: Style; payName: string }
interface Inv {
  no: string; date: number; due: number; cust: Customer; po: string; fp: string; note: string;
  dpp: number; ppn: number; total: number; sisa: number; cn: boolean; jasa: boolean;
}
type Channel = 'ebank' | 'bifast' | 'llg' | 'rtgs' | 'switch' | 'cash' | 'noise';
interface Line { day: number; tod: number; pend: boolean; channel: Channel; amt: number; cabang: string; text: () => string }

const START = dayOf(2026, 12, 15), END = dayOf(2027, 1, 29), LIST_DAY = dayOf(2026, 12, 14);
const HOLIDAYS = new Set([dayOf(2026, 12, 25), dayOf(2026, 12, 26), dayOf(2027, 1, 1)]);
const bizDay = (d: number): boolean => civil(d).wd !== 0 && civil(d).wd !== 6 && !HOLIDAYS.has(d);
const nextBiz = (d: number): number => { while (!bizDay(d)) d++; return d; };

type Case = 'single_invoice_ref' | 'single_tax_invoice_ref' | 'single_po_ref' | 'name_only_exact' | 'multi_invoice' | 'credit_note_netted'
  | 'pph23_withheld' | 'instalments' | 'partial_payment' | 'remaining_balance' | 'rounded_payment' | 'transfer_fee_short' | 'cash_deposit'
  | 'ambiguous_equal_amounts' | 'duplicate_refunded' | 'unpaid_invoice';

export function idBca(opts: WorldOptions): World {
  const rng = rngFor(opts.seed, 0x1d0bca);
  const b = new Builder<Inv, Line>();
  const nCust = Math.max(40, Math.round(opts.openItems / 7));
  const customers: Customer[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < nCust; i++) {
    const style: Style = weighted(rng, [['corp', 5], ['agent', 3], ['shop', 3]] as const);
    let name = '', tries = 0;
    do {
      name = style === 'shop' ? `${rng.pick(['TOKO', 'UD', 'CV'])} ${rng.pick(W1)} ${rng.pick(W2)}` : `PT ${rng.pick(W1)} ${rng.pick(W2)}${rng.chance(0.3) ? ' ' + rng.pick(CITIES) : ''}`;
      if (++tries > 10) name += ` ${rng.pick(CITIES)}${tries > 20 ? ' ' + tries : ''}`;
    } while (usedNames.has(name));
    usedNames.add(name);
    // Banks show the ordering party as the account holder's name, cut at 20-odd characters; shops
    // often pay from the owner's own account.
    const holder = style === 'shop' && rng.chance(0.5) ? rng.pick(PEOPLE) : rng.chance(0.25) ? name.replace(/^PT (.*)$/, '$1 PT') : name;
    customers.push({ code: `C.${String(1000 + i * 3 + rng.int(0, 2)).padStart(5, '0')}`, name, bank: rng.pick(BANKS), style, payName: holder.slice(0, rng.pick([18, 20, 23])).trim() });
  }
  const invDate = () => LIST_DAY - Math.floor(Math.pow(rng.next(), 1.6) * 120);
  const rupiah = () => Math.round(Math.pow(10, 6 + rng.next() * 2.4) / 100) * 100;
  const makeInv = (c: Customer, jasa = rng.chance(0.3), dpp = rupiah()): Inv => {
    const date = invDate();
    const ppn = Math.floor((dpp * 11) / 100);
    const po = c.style === 'shop' ? (rng.chance(0.3) ? `PO/${c.name.split(' ')[1].slice(0, 3)}/${rng.int(100, 999)}` : '') : rng.chance(0.7) ? `45${String(rng.int(0, 99999999)).padStart(8, '0')}` : `PO-${civil(date).y}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
    const note = jasa ? rng.pick(['Jasa instalasi pipa', 'Jasa maintenance bulanan', 'Jasa fabrikasi', 'Jasa pemasangan hydrant']) : rng.pick(['Penjualan fitting', 'Penjualan pipa baja', 'Penjualan valve', 'Penjualan flange', 'Penjualan material']);
    return { no: '', date, due: date + rng.pick([14, 30, 30, 45, 60]), cust: c, po, fp: '', note, dpp, ppn, total: dpp + ppn, sisa: dpp + ppn, cn: false, jasa };
  };
  const payDay = (ch: Channel): number => {
    let d = START + rng.int(0, END - START);
    if (ch === 'llg' || ch === 'rtgs') d = nextBiz(d);
    return Math.min(d, END);
  };
  const chanFor = (c: Customer, big: number): Channel => {
    if (big >= 1_000_000_000) return 'rtgs';
    if (c.bank.name === 'BCA') return 'ebank';
    return c.style === 'shop' && big <= 50_000_000 ? weighted(rng, [['switch', 3], ['bifast', 2]] as const) : weighted(rng, [['bifast', 3], ['llg', 2]] as const);
  };
  const refText = (inv: Inv): string => {
    const [, y, m, n] = inv.no.split('.');
    return rng.pick([inv.no, `SI${y}${m}${n}`, `INV ${n}`, `FAKTUR ${Number(n)}`, `PEMBAYARAN ${inv.no}`, `${inv.no.replace(/\./g, '/')}`]);
  };
  const pay = (day: number, ch: Channel, c: Customer, amt: number, note: () => string, group: string | null, kind: string, amb = false) =>
    b.addSt({ day, tod: rng.next(), pend: false, channel: ch, amt, cabang: ch === 'cash' ? `'0${rng.int(100, 999)}` : "'0000", text: () => describe(ch, day, c, amt, note()) }, group, kind, amb);
  const describe = (ch: Channel, day: number, c: Customer, amt: number, note: string): string => {
    const dd = `${pad2(civil(day).d)}${pad2(civil(day).m)}`;
    switch (ch) {
      case 'ebank': return `TRSF E-BANKING CR ${dd}/FTSCY/WS95031 ${(amt / 1).toFixed(2)} ${note} ${c.payName}`.replace(/ +/g, ' ').trim();
      case 'bifast': return `BI-FAST CR BIF TRANSFER DR ${c.bank.code} ${c.payName}${note ? ' ' + note : ''}`;
      case 'llg': return `KR OTOMATIS LLG-${c.bank.name} ${c.payName}${note ? ' ' + note : ''}`;
      case 'rtgs': return `KR OTOMATIS RTGS ${c.bank.name} ${c.payName}${note ? ' ' + note : ''}`;
      case 'switch': return `SWITCHING CR TRANSFER DR ${c.bank.code} ${c.payName}`;
      case 'cash': return `SETORAN TUNAI${note ? ' ' + note : ''}`;
      default: return note;
    }
  };
  const cutNote = (s: string) => s.slice(0, 36);

  let made = 0;
  const target = opts.openItems;
  const CASES: (readonly [Case, number])[] = [
    ['single_invoice_ref', 20], ['single_tax_invoice_ref', 5], ['single_po_ref', 6], ['name_only_exact', 8], ['multi_invoice', 5],
    ['credit_note_netted', 2.5], ['pph23_withheld', 6], ['instalments', 2], ['partial_payment', 2.5], ['remaining_balance', 3],
    ['rounded_payment', 3], ['transfer_fee_short', 3], ['cash_deposit', 3], ['ambiguous_equal_amounts', 1.2], ['duplicate_refunded', 0.8], ['unpaid_invoice', 22],
  ];
  const agents = customers.filter((x) => x.style === 'agent'), shops = customers.filter((x) => x.style === 'shop');
  while (made < target) {
    const kind = weighted(rng, CASES);
    let c = rng.pick(customers);
    if (kind === 'pph23_withheld') c = rng.pick(agents);
    if (kind === 'cash_deposit') c = rng.pick(shops);
    const g = b.gid();
    if (kind === 'unpaid_invoice') {
      b.addOi(makeInv(c), null, kind); made++;
    } else if (kind === 'single_invoice_ref' || kind === 'single_tax_invoice_ref' || kind === 'single_po_ref' || kind === 'name_only_exact') {
      const inv = makeInv(c);
      if (kind === 'single_po_ref' && !inv.po) inv.po = `45${String(rng.int(0, 99999999)).padStart(8, '0')}`;
      b.addOi(inv, g, kind); made++;
      // ATM switching carries no message and has a daily cap: only small, unreferenced payments use it.
      let ch: Channel = kind === 'name_only_exact' ? (c.bank.name === 'BCA' ? 'ebank' : rng.pick(['switch', 'bifast'] as const)) : chanFor(c, inv.total);
      if (ch === 'switch' && (kind !== 'name_only_exact' || inv.total > 50_000_000)) ch = 'bifast';
      const note = kind === 'single_invoice_ref' ? () => cutNote(refText(inv)) : kind === 'single_tax_invoice_ref' ? () => rng.pick([`FP ${inv.fp}`, `NSFP ${inv.fp.replace(/[.-]/g, '')}`, inv.fp]) : kind === 'single_po_ref' ? () => `PO ${inv.po}` : () => '';
      pay(payDay(ch), ch, c, inv.total, note, g, kind);
    } else if (kind === 'multi_invoice' || kind === 'pph23_withheld') {
      const n = kind === 'multi_invoice' ? rng.int(2, 6) : rng.chance(0.6) ? 1 : rng.int(2, 4);
      const invs = Array.from({ length: n }, () => makeInv(c, kind === 'pph23_withheld' ? true : undefined));
      for (const inv of invs) b.addOi(inv, g, kind);
      made += n;
      const sum = invs.reduce((s, x) => s + x.total, 0);
      // PPh 23: the payer withholds 2% of the price before VAT and sends the tax slip (bukti potong) later.
      const withheld = kind === 'pph23_withheld' ? invs.reduce((s, x) => s + Math.floor((x.dpp * 2) / 100), 0) : 0;
      const ch = chanFor(c, sum);
      const note = () => cutNote(rng.chance(0.5) ? (invs.length <= 3 ? invs.map((x) => `INV ${x.no.split('.')[3]}`).join(' ') : `INV ${invs[0].no.split('.')[3]} DST`) : rng.pick([`PELUNASAN ${invs.length} FAKTUR`, 'PEMBAYARAN TAGIHAN', kind === 'pph23_withheld' ? 'NETT PPH23' : 'PELUNASAN NOV-DES', '']));
      pay(payDay(ch), ch, c, sum - withheld, note, g, kind);
    } else if (kind === 'credit_note_netted') {
      const invs = Array.from({ length: rng.int(1, 3) }, () => makeInv(c));
      const base = invs[0];
      const cnDpp = Math.round((base.dpp * rng.int(5, 40)) / 100 / 100) * 100;
      const cnPpn = Math.floor((cnDpp * 11) / 100);
      const cn: Inv = { ...makeInv(c, false, cnDpp), date: Math.min(LIST_DAY, base.date + rng.int(3, 20)), dpp: -cnDpp, ppn: -cnPpn, total: -(cnDpp + cnPpn), sisa: -(cnDpp + cnPpn), cn: true, po: '', note: '' };
      cn.due = cn.date;
      for (const inv of invs) b.addOi(inv, g, kind);
      b.addOi(cn, g, kind);
      made += invs.length + 1;
      const net = invs.reduce((s, x) => s + x.total, 0) + cn.total;
      const ch = chanFor(c, net);
      pay(payDay(ch), ch, c, net, () => cutNote(rng.chance(0.6) ? `INV ${base.no.split('.')[3]} POT RETUR` : refText(base)), g, kind);
      cn.note = 'RETUR';
      Object.defineProperty(cn, 'retOf', { value: base, enumerable: false });
    } else if (kind === 'instalments') {
      const inv = makeInv(c, false, Math.round((Math.pow(10, 7.6 + rng.next() * 1.2)) / 100) * 100);
      b.addOi(inv, g, kind); made++;
      const k = rng.int(2, 3);
      const parts: number[] = [];
      let left = inv.total;
      for (let i = 0; i < k - 1; i++) { const p = Math.round((inv.total / k) / 1_000_000) * 1_000_000 || Math.floor(inv.total / k); parts.push(p); left -= p; }
      parts.push(left);
      const ch = chanFor(c, inv.total);
      const days = parts.map(() => payDay(ch)).sort((x, y) => x - y);
      parts.forEach((p, i) => pay(days[i], ch, c, p, () => cutNote(`CICILAN ${i + 1} ${refText(inv)}`), g, kind));
    } else if (kind === 'partial_payment') {
      const inv = makeInv(c);
      b.addOi(inv, g, kind); made++;
      const p = Math.round((inv.total * (0.3 + rng.next() * 0.4)) / 100_000) * 100_000 || Math.floor(inv.total / 2);
      const ch = chanFor(c, p);
      pay(payDay(ch), ch, c, p, () => cutNote(rng.pick([`DP ${refText(inv)}`, `SEBAGIAN ${refText(inv)}`, refText(inv)])), g, kind);
    } else if (kind === 'remaining_balance') {
      const inv = makeInv(c);
      inv.sisa = inv.total - Math.round((inv.total * (0.2 + rng.next() * 0.5)) / 1_000_000) * 1_000_000;
      if (inv.sisa <= 0) inv.sisa = Math.floor(inv.total / 2);
      b.addOi(inv, g, kind); made++;
      const ch = chanFor(c, inv.sisa);
      pay(payDay(ch), ch, c, inv.sisa, () => cutNote(rng.pick([`PELUNASAN ${refText(inv)}`, `SISA ${refText(inv)}`, ''])), g, kind);
    } else if (kind === 'rounded_payment') {
      const inv = makeInv(c);
      if (inv.total % 1000 === 0) {
        inv.dpp += 700;
        inv.ppn = Math.floor((inv.dpp * 11) / 100);
        inv.total = inv.sisa = inv.dpp + inv.ppn;
      }
      b.addOi(inv, g, kind); made++;
      const unit = inv.total > 20_000_000 && rng.chance(0.4) ? 10_000 : 1_000;
      const p = Math.floor(inv.total / unit) * unit === inv.total ? inv.total - unit : Math.floor(inv.total / unit) * unit;
      const ch = chanFor(c, p);
      pay(payDay(ch), ch, c, p, () => (rng.chance(0.5) ? cutNote(refText(inv)) : ''), g, kind);
    } else if (kind === 'transfer_fee_short') {
      const inv = makeInv(c);
      b.addOi(inv, g, kind); made++;
      const ch = c.bank.name === 'BCA' ? 'bifast' : rng.pick(['bifast', 'llg'] as const);
      const fee = ch === 'llg' ? 2_900 : rng.pick([2_500, 6_500]);
      pay(payDay(ch), ch, c, inv.total - fee, () => cutNote(refText(inv)), g, kind);
    } else if (kind === 'cash_deposit') {
      const inv = makeInv(c, false, Math.round(Math.pow(10, 6 + rng.next() * 1.3) / 100) * 100);
      b.addOi(inv, g, kind); made++;
      let d = payDay('cash');
      d = nextBiz(d);
      pay(Math.min(d, END), 'cash', c, inv.total, () => (rng.chance(0.4) ? cutNote(c.name.replace(/^(TOKO|UD|CV) /, '')) : ''), g, kind);
    } else if (kind === 'ambiguous_equal_amounts') {
      // A monthly maintenance contract: the same fee invoiced twice, paid once with no reference.
      const dpp = rng.pick([4_500_000, 7_500_000, 12_000_000, 15_000_000, 2_750_000]);
      const a = makeInv(c, true, dpp), a2 = makeInv(c, true, dpp);
      a.note = a2.note = 'Jasa maintenance bulanan';
      const withheld = c.style === 'agent' ? Math.floor((dpp * 2) / 100) : 0;
      b.addOi(a, g, kind, true);
      b.addOi(a2, null, kind, true);
      made += 2;
      const ch = c.bank.name === 'BCA' ? 'ebank' : 'bifast';
      pay(payDay(ch), ch, c, a.total - withheld, () => rng.pick(['MAINTENANCE', 'JASA MAINTENANCE', '']), g, withheld ? 'ambiguous_equal_amounts_pph23' : kind, true);
      if (withheld) b.oi.slice(-2).forEach((r) => (r.kind = 'ambiguous_equal_amounts_pph23'));
    } else if (kind === 'duplicate_refunded') {
      const inv = makeInv(c);
      b.addOi(inv, g, kind); made++;
      const ch = chanFor(c, inv.total);
      const d1 = START + rng.int(0, Math.floor((END - START) / 2));
      const note = cutNote(refText(inv));
      pay(ch === 'llg' || ch === 'rtgs' ? nextBiz(d1) : d1, ch, c, inv.total, () => note, g, kind);
      const d2 = Math.min(END, d1 + rng.int(1, 6));
      pay(d2, ch, c, inv.total, () => note, null, 'duplicate_payment');
      const d3 = Math.min(END, d2 + rng.int(2, 10));
      b.addSt({ day: d3, tod: rng.next(), pend: false, channel: 'noise', amt: -inv.total, cabang: "'0000", text: () => `TRSF E-BANKING DB ${pad2(civil(d3).d)}${pad2(civil(d3).m)}/FTSCY/WS95031 ${inv.total.toFixed(2)} REFUND KELEBIHAN BAYAR ${c.payName}` }, null, 'duplicate_payment');
    }
  }

  // Noise on the statement: what else moves through a distributor's current account.
  const noise = (day: number, amt: number, text: string, kind: string, cabang = "'0000") => b.addSt({ day, tod: rng.next(), pend: false, channel: 'noise', amt, cabang, text: () => text }, null, kind);
  for (let d = START; d <= END; d++) {
    const c = civil(d), dd = `${pad2(c.d)}${pad2(c.m)}`;
    if (c.d === 25 || (c.d === 24 && c.m === 12)) {
      if (!(c.d === 25 && c.m === 12)) for (const p of sample(rng, PEOPLE, rng.int(8, 14))) { const a = rng.int(48, 140) * 100_000; noise(d, -a, `TRSF E-BANKING DB ${dd}/FTSCY/WS95031 ${a.toFixed(2)} GAJI ${c.m === 12 ? 'DES' : 'JAN'} ${p}`, 'salary'); }
    }
    if (bizDay(d)) for (let i = rng.int(0, 3); i > 0; i--) { const a = rng.int(2, 3000) * 50_000; noise(d, -a, `TRSF E-BANKING DB ${dd}/FTSCY/WS95031 ${a.toFixed(2)} BAYAR SUPPLIER PT ${rng.pick(W1)} ${rng.pick(W2)}`, 'supplier_payment'); }
    if (rng.chance(0.8)) { const gross = rng.int(5, 600) * 10_000; const a = gross - Math.round(gross * 0.003); noise(d, a, `KR OTOMATIS MID : 885001${rng.int(100000, 999999)} QRIS ${dd} NETT`, 'card_settlement'); }
    if (rng.chance(0.15)) { const a = rng.int(5, 50) * 100_000; noise(d, -a, `TARIKAN ATM ${pad2(c.d)}/${pad2(c.m)}`, 'cash_withdrawal'); }
    // Suppliers at other banks are paid by BI-FAST, each with its Rp 2.500 fee on a line of its own.
    if (bizDay(d)) for (let i = rng.int(0, 2); i > 0; i--) {
      const a = rng.int(1, 400) * 25_000 + rng.int(0, 9) * 500;
      const t = noise(d, -a, `BI-FAST DB BIF TRANSFER KE ${rng.pick(BANKS.filter((x) => x.name !== 'BCA')).code} CV ${rng.pick(W1)} ${rng.pick(W2)} INV ${rng.int(1000, 9999)}`, 'supplier_payment');
      noise(d, -2_500, 'BIAYA TXN BI-FAST', 'bank_fee').data.tod = t.data.tod + 1e-9;
    }
    const last = civil(d + 1).d === 1;
    if (last) {
      const bunga = rng.int(150_000, 900_000) + rng.int(0, 99) / 100;
      noise(d, Math.round(bunga), 'BUNGA', 'interest');
      noise(d, -Math.round(bunga * 0.2), 'PAJAK BUNGA', 'interest_tax');
      noise(d, -17_000, 'BIAYA ADM', 'bank_fee');
    }
    if (c.d === 10 && bizDay(d)) { const a = rng.int(20, 90) * 1_000_000; noise(d, -a, `TRSF E-BANKING DB ${dd}/FTSCY/WS95031 ${a.toFixed(2)} MPN PAJAK PPN MASA ${c.m === 12 ? '11' : '12'}`, 'tax_payment'); }
    if (c.d === 15 && bizDay(d)) noise(d, -rng.int(40, 90) * 100_000, 'DB OTOMATIS BPJS KETENAGAKERJAAN', 'social_security');
  }
  // Each Friday the treasurer moves most of the week's surplus to a time deposit (deposito) at the same bank.
  const net = new Map<number, number>();
  for (const r of b.st) net.set(r.data.day, (net.get(r.data.day) ?? 0) + r.data.amt);
  let acc = 0;
  for (let d = START; d <= END; d++) {
    acc += net.get(d) ?? 0;
    if (civil(d).wd === 5 && acc > 500_000_000) {
      const a = Math.floor((acc * 0.8) / 100_000_000) * 100_000_000;
      noise(d, -a, `TRSF E-BANKING DB ${pad2(civil(d).d)}${pad2(civil(d).m)}/FTSCY/WS95031 ${a.toFixed(2)} PENEMPATAN DEPOSITO 0353099871 PT KARYA LOGAM NUSANTARA`, 'internal_transfer');
      acc -= a;
    }
  }
  // The last day's lines not yet booked show as PEND at the end of the download.
  for (const r of b.st) if (r.data.day === END && rng.chance(0.5)) r.data.pend = true;

  // Numbers: invoices per month in date order, with the gaps of invoices already paid.
  const byDate = [...b.oi].sort((x, y) => x.data.date - y.data.date || x.seq - y.seq);
  const seqs = new Map<string, number>();
  let fpSeq = 41_230_000 + rng.int(0, 999);
  for (const r of byDate) {
    const inv = r.data, c = civil(inv.date), key = `${inv.cn ? 'SR' : 'SI'}.${c.y}.${pad2(c.m)}`;
    const n = (seqs.get(key) ?? (inv.cn ? rng.int(1, 9) : rng.int(100, 400))) + (inv.cn ? rng.int(1, 3) : rng.int(1, 4));
    seqs.set(key, n);
    inv.no = `${key}.${String(n).padStart(5, '0')}`;
    if (!inv.cn) { fpSeq += rng.int(1, 4); inv.fp = `010.005-${String(c.y).slice(2)}.${String(fpSeq).padStart(8, '0')}`; }
  }
  for (const r of b.oi) {
    const base = (r.data as Inv & { retOf?: Inv }).retOf;
    if (base) r.data.note = `Retur Penjualan atas ${base.no}`;
  }

  const { oi, st, truth } = b.finish(
    (x, y) => x.cust.code.localeCompare(y.cust.code) || x.date - y.date || x.no.localeCompare(y.no),
    (x, y) => Number(x.pend) - Number(y.pend) || x.day - y.day || x.tod - y.tod,
  );

  // Open items: Accurate report saved as CSV with the Indonesian locale (; and 1.234.567,00).
  const idr = (n: number) => money(n * 100, '.', ',');
  const oiLines = [
    'PT KARYA LOGAM NUSANTARA',
    'Rincian Piutang Pelanggan - Faktur Belum Lunas',
    `Per Tgl. ${dmy(LIST_DAY)}`,
    'Mata Uang: IDR',
    '',
    line(['No. Faktur', 'Tgl Faktur', 'Jatuh Tempo', 'No. Pelanggan', 'Nama Pelanggan', 'No. PO', 'No. Faktur Pajak', 'Keterangan', 'DPP', 'PPN', 'Total Faktur', 'Sisa Piutang'], ';'),
  ];
  for (const x of oi) oiLines.push(line([x.no, dmy(x.date), dmy(x.due), x.cust.code, x.cust.name, x.po, x.fp, x.note, idr(x.dpp), idr(x.ppn), idr(x.total), idr(x.sisa)], ';'));
  const sum = (f: (x: Inv) => number) => oi.reduce((s, x) => s + f(x), 0);
  oiLines.push(line(['Total', '', '', '', '', '', '', '', idr(sum((x) => x.dpp)), idr(sum((x) => x.ppn)), idr(sum((x) => x.total)), idr(sum((x) => x.sisa))], ';'));

  // Statement: KlikBCA Bisnis CSV: dates without a year behind an apostrophe, unsigned amounts with CR/DB.
  const opening = 312_457_118 + rng.int(0, 99_999_999);
  let bal = opening, deb = 0, kre = 0, nd = 0, nk = 0;
  const stLines = ['No. rekening : 0353012477', 'Nama : PT KARYA LOGAM NUSANTARA', `Periode : ${dmy(START)} - ${dmy(END)}`, 'Kode Mata Uang : Rp', '', 'Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo'];
  for (const x of st) {
    bal += x.amt;
    if (x.amt < 0) { deb -= x.amt; nd++; } else { kre += x.amt; nk++; }
    const c = civil(x.day);
    stLines.push(line([x.pend ? "'PEND" : `'${pad2(c.d)}/${pad2(c.m)}`, x.text(), x.cabang, Math.abs(x.amt).toFixed(2), x.amt < 0 ? 'DB' : 'CR', bal.toFixed(2)], ','));
  }
  stLines.push('', `Saldo Awal,=,${opening.toFixed(2)}`, `Mutasi Kredit,=,${kre.toFixed(2)},${nk}`, `Mutasi Debet,=,${deb.toFixed(2)},${nd}`, `Saldo Akhir,=,${bal.toFixed(2)}`);

  return {
    name: 'id-bca',
    description: `PT Karya Logam Nusantara, an Indonesian distributor of pipes and fittings that also sells installation and maintenance services, reconciles its BCA current account over the year end. Open items: an Accurate "Rincian Piutang" report saved as CSV with the Indonesian locale (';', '1.234.567,00', dd/mm/yyyy, a four-line preamble and a Total line), sorted by customer: invoice numbers SI.2026.11.00123 with gaps, credit notes (retur) SR.2026.12.00012 with negative amounts, the customer's PO (SAP-style 45xxxxxxxx), the 16-digit tax-invoice number (Faktur Pajak 010.005-26.41230123) and DPP, PPN 11% and total. Statement: the KlikBCA Bisnis "Mutasi Rekening" CSV for 15/12/2026-29/01/2027: dates as '15/12 with no year (the period crosses into 2027), unsigned amounts "2500000.00" with CR/DB in an unnamed column, a running balance, the last day's unbooked lines as 'PEND at the end, a preamble and a Saldo Awal / Mutasi / Saldo Akhir trailer. Descriptions are the bank's own text: TRSF E-BANKING CR with the amount repeated inside it, BI-FAST CR, KR OTOMATIS LLG/RTGS (SKN clearing credited the next working day), SWITCHING CR (ATM transfers, name only), SETORAN TUNAI (cash, no name); the ordering party is the account holder, cut at 18-23 characters, sometimes the shop owner or "NAME PT". Cases: payments quoting the invoice number in six spellings (SI2026110123, INV 00123, FAKTUR 123, slashes), the tax-invoice number or the PO instead; name-only exact payments; one transfer for 2-6 invoices; retur credit notes netted; PPh 23: withholding agents pay services net of 2% of the DPP (not of the total); instalments (CICILAN); partial payments; balances left after an earlier payment; payments rounded down to the thousand or ten thousand; transfer fees (Rp 2.500/2.900/6.500) deducted; cash deposits with no reference; a monthly maintenance fee invoiced twice and paid once with no reference (ambiguous); a duplicate payment refunded by a DB transfer; unpaid invoices; and noise: salaries, supplier payments (BI-FAST ones with a Rp 2.500 fee line each), QRIS merchant settlements net of MDR, ATM withdrawals, interest and its tax, admin fee, tax payments, BPJS. Kinds: single_invoice_ref, single_tax_invoice_ref, single_po_ref, name_only_exact, multi_invoice, credit_note_netted, pph23_withheld, ambiguous_equal_amounts(_pph23), instalments, partial_payment, remaining_balance, rounded_payment, transfer_fee_short, cash_deposit, duplicate_refunded (the first payment) and duplicate_payment (the second and its refund, unmatched), unpaid_invoice; noise: salary, supplier_payment, card_settlement, cash_withdrawal, internal_transfer, interest, interest_tax, bank_fee, tax_payment, social_security.`,
    openItems: { fileName: 'Rincian_Piutang_14122026.csv', content: oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: 'MutasiBCA_0353012477.csv', content: stLines.join('\r\n') + '\r\n' },
    truth,
  };
}
