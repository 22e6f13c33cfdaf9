/**
 * tr-havale — a Turkish packaging manufacturer (Anadolu Ambalaj, Gebze; TRY).
 *
 * Open items: a Logo/Mikro-like "Cari Hesap Açık Kalemler" list, Windows-1254, `;`, CRLF, two title
 * lines, a `Genel Toplam` line after a blank; dd.mm.yyyy; `1.234,56`; customer codes on the 120
 * (Alıcılar) account `120.01.0042`; VKN (10 digits) or TCKN (11) with valid check digits; e-Fatura
 * numbers `AAS2026000004123` numbered by date; the customers' own return invoices (iade faturası, their
 * prefix) on the Alacak side; `Açık Tutar` with Logo's (B)/(A) suffix.
 * Statement: a Garanti/İş-like "Hesap Hareketleri" CSV, UTF-8 with BOM, `;`, oldest first, signed
 * `Tutar`, running `Bakiye`. FAST / EFT / HAVALE credits carry the sender's name in capitals — as a
 * Turkish locale writes them (İ, I), as a program that ignores the locale does (I for i) or without
 * Turkish letters — and what the payer typed; çek collections name the drawer; DBS (supplier finance)
 * collections cite the dealer code and the invoice; noise with EFT fees and their BSMV.
 */
import type { World, WorldGenerator } from '../world';
import {
  AY_TR, Amounts, Rng, allot, asciiTr, csvField, dayOf, encodeCp1254, fmtMoney, inFileOrder, naiveUpper, nextBiz, openingFor, pad, sweeps, tcknTail, trUpper, truthFor, uniqueName, vknCheck, weekday, ymd, cut,
} from './common';
import type { Gen } from './common';

const YEAR = 2026;
const START = dayOf(2026, 10, 1), END = dayOf(2026, 10, 30);
const EXPORT_DAY = dayOf(2026, 11, 2);
export const TR_PREFIX = 'AAS';

const BRAND = ['Öztürk', 'Yıldız', 'Demir', 'Çelik', 'Şahin', 'Aydın', 'Kaya', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Koç', 'Kurt', 'Özdemir', 'Güneş', 'Bulut', 'Akgün', 'Ekinci', 'Işık', 'İnan', 'Uğur', 'Günay', 'Tekin', 'Sönmez', 'Başaran', 'Ilgaz', 'Ünal', 'Şimşek', 'Erdem', 'Karadağ', 'Altıntaş', 'Gökçe', 'İpek', 'Yiğit', 'Ağaoğlu', 'Türkmen', 'Eryılmaz'];
const ACT = ['Gıda', 'Tekstil', 'Kimya', 'Plastik', 'Mobilya', 'Kozmetik', 'Deterjan', 'İnşaat', 'Lojistik', 'Tarım Ürünleri', 'Süt Ürünleri', 'Otomotiv Yan Sanayi', 'Elektrik', 'Temizlik Ürünleri', 'İlaç', 'Şekerleme', 'Bisküvi', 'Zeytinyağı', 'Baharat', 'Kuruyemiş'];
const SUFFIX = ['San. ve Tic. Ltd. Şti.', 'Sanayi ve Ticaret A.Ş.', 'Tic. Ltd. Şti.', 'San. Tic. A.Ş.', 'Pazarlama Ltd. Şti.', 'İç ve Dış Tic. Ltd. Şti.'];
const FIRST = ['Mehmet', 'Mustafa', 'Ahmet', 'Ali', 'Hüseyin', 'Hasan', 'İbrahim', 'İsmail', 'Osman', 'Yusuf', 'Fatma', 'Ayşe', 'Emine', 'Hatice', 'Zeynep', 'Şükrü', 'Ömer', 'Gülşen', 'İlker', 'Çağrı'];
const VD = ['Gebze', 'Kartal', 'İkitelli', 'Bornova', 'Ostim', 'Nilüfer', 'Alemdağ', 'Şişli', 'Tuzla', 'Çorlu', 'Selçuk', 'Kocaeli İhtisas', 'Uludağ', 'Kozyatağı', 'Ilıca'];
const BANKS = ['AKBANK', 'İŞ BANKASI', 'YAPI KREDİ', 'ZİRAAT BANKASI', 'HALKBANK', 'VAKIFBANK', 'QNB', 'DENİZBANK', 'TEB', 'KUVEYT TÜRK'];
const SUPPLIERS = ['Kartonsan Karton San. ve Tic. A.Ş.', 'Olmuksan Ambalaj A.Ş.', 'Petkim Petrokimya Holding A.Ş.', 'Mondi Tire Kutsan Kağıt', 'Hat Lojistik Ltd. Şti.', 'Boyar Matbaa Mürekkepleri', 'Sedef Tutkal Kimya', 'Ege Palet San. Tic.', 'Marmara Enerji A.Ş.', 'Gebze Oto Kiralama Ltd. Şti.'];

interface Cust { code: string; name: string; tax: string; vd: string; pre: string; indiv: boolean }
interface Item { c: Cust; iade: boolean; seq: number; no: string; date: number; days: number; v: number; closed: number; kind: string; g: string | null; amb?: boolean; desc: string }
interface Line { day: number; time: number; amt: number; op: string; text: () => string; kind: string; g: string | null; amb?: boolean }

/** How a bank wrote a name: Turkish capitals, locale-blind capitals or plain ASCII; dots dropped; cut. */
function bankName(rng: Rng, name: string, n = 40): string {
  const r = rng.int(0, 9), s = name.replace(/\./g, '').replace(/\s+-\s+/g, ' ');
  return cut((r < 4 ? trUpper(s) : r < 7 ? naiveUpper(s) : asciiTr(s)).replace(/\s+/g, ' '), n);
}

export const trHavale: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 104729 + 77);
  const amounts = new Amounts(rng);
  const N = Math.max(80, openItems);
  const k = allot(N, {
    efatura_no_cited: 0.19, multi_invoice_cited: 0.08, cari_monthly_sum: 0.12, iade_netted: 0.045, name_only_single: 0.045, part_payment: 0.04,
    kurus_dropped: 0.03, kdv_tevkifat: 0.035, cek_tahsilat: 0.05, dbs_tahsilat: 0.06, remaining_balance: 0.015, ambiguous_equal_amounts: 0.02,
    open_iade: 0.008, unpaid_invoice: 1,
  });
  k.unpaid_invoice += k.ambiguous_equal_amounts % 2;
  k.ambiguous_equal_amounts -= k.ambiguous_equal_amounts % 2;

  // ---- customers
  const usedNames = new Set<string>(), usedTax = new Set<string>(), usedPre = new Set<string>([TR_PREFIX]);
  let code = 0;
  const cust = (indiv: boolean): Cust => {
    const brand = rng.pick(BRAND);
    const name = uniqueName(usedNames, () => (indiv ? `${rng.pick(FIRST)} ${brand} - ${brand} ${rng.pick(['Ticaret', 'Gıda', 'Toptan', 'Market'])}` : `${rng.pick(BRAND)} ${rng.pick(ACT)} ${rng.pick(SUFFIX)}`));
    const tax = uniqueName(usedTax, () => {
      if (indiv) { const b = rng.digits(9); return b + tcknTail(b); }
      const b = pad(rng.int(0, 999999999), 9);
      return b + vknCheck(b);
    });
    const pre = uniqueName(usedPre, () => asciiTr(name).replace(/[^A-Z]/g, '').slice(0, 1) + String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25)));
    return { code: `120.01.${pad((code += rng.int(1, 4)), 4)}`, name, tax, vd: rng.pick(VD), pre, indiv };
  };
  const custs = Array.from({ length: Math.max(20, Math.round(N / 8)) }, () => cust(rng.chance(0.15)));
  const dbsCusts = custs.filter((c) => !c.indiv).slice(0, Math.max(5, Math.round(custs.length / 6)));
  const anyC = () => custs[rng.skewedIndex(custs.length)];

  const items: Item[] = [], lines: Line[] = [];
  let gid = 0;
  const G = () => `tr${++gid}`;
  const bizDays: number[] = [];
  for (let d = START; d <= END; d++) if (weekday(d) !== 0 && weekday(d) !== 6) bizDays.push(d);
  const payDay = () => rng.pick(bizDays);
  const DESC = ['Karton koli', 'Oluklu mukavva', 'Baskılı kutu', 'Streç film', 'Etiket', 'PE torba', 'Ofset baskılı ambalaj', 'Palet sargı filmi'];
  const addItem = (c: Cust, kind: string, g: string | null, o: { date: number; v: number; iade?: boolean; closed?: number; amb?: boolean; desc?: string }): Item => {
    const it: Item = { c, iade: !!o.iade, seq: 0, no: '', date: o.date, days: rng.pick([30, 45, 60, 60, 90]), v: o.v, closed: o.closed ?? 0, kind, g, amb: o.amb, desc: o.desc ?? (o.iade ? 'İade faturası' : rng.pick(DESC)) };
    items.push(it);
    return it;
  };
  const draw = (lo: number, hi: number) => () => rng.amountCents(lo, hi);
  const invDate = (pay: number, lo = 20, hi = 95) => Math.max(dayOf(2026, 6, 1), pay - rng.int(lo, hi));
  const time = () => rng.int(8 * 3600, 18 * 3600);
  const line = (day: number, amt: number, op: string, text: () => string, kind: string, g: string | null, amb?: boolean) => lines.push({ day, time: time(), amt, op, text, kind, g, amb });
  /** A credit transfer: FAST up to 100,000 TL, otherwise EFT; a fifth from the same bank (HAVALE). */
  const transfer = (c: Cust, amt: number, remit: () => string, kind: string, g: string | null, amb?: boolean, day = payDay()) => {
    const nm = bankName(rng, c.name), how = rng.chance(0.2) ? 'HAVALE' : amt <= 10000000 && rng.chance(0.7) ? 'FAST' : 'EFT', bank = rng.pick(BANKS);
    const vkn = rng.chance(0.2) ? ` VKN:${c.tax}` : '';
    line(day, amt, how === 'HAVALE' ? 'Havale' : how, () => {
      const r = remit();
      if (how === 'FAST') return `FAST GELEN - ${nm} -${vkn} ${r}`.replace(/\s+$/, '');
      if (how === 'EFT') return `EFT GELEN ${bank} ${nm}${vkn} ${r}`.replace(/\s+$/, '');
      return `GELEN HAVALE ${nm} ${r}`.replace(/\s+$/, '');
    }, kind, g, amb);
  };
  const cite = (it: Item): string => {
    const r = rng.int(0, 9);
    if (r < 4) return rng.pick([it.no, `${it.no} NOLU FATURA`, `FATURA NO ${it.no}`, `${it.no} FT ÖDEMESİ`]);
    if (r < 7) return rng.pick([`${it.seq} NOLU FATURA ÖDEMESİ`, `FT NO ${it.seq}`, `FAT.NO:${it.seq}`, `${it.seq} NO'LU FT`]);
    if (r < 9) return `${TR_PREFIX}${it.seq}`;
    return pad(it.seq, 9);
  };

  for (let i = 0; i < k.efatura_no_cited; i++) {
    const c = anyC(), pay = payDay(), g = G();
    const it = addItem(c, 'efatura_no_cited', g, { date: invDate(pay), v: amounts.fresh(c.name, draw(1500, 600000)) });
    transfer(c, it.v, () => cite(it), 'efatura_no_cited', g, false, pay);
  }
  for (let left = k.multi_invoice_cited; left > 0;) {
    const n = Math.max(2, Math.min(left, rng.int(2, 6))), c = anyC(), pay = payDay(), g = G();
    const its = Array.from({ length: n }, () => addItem(c, 'multi_invoice_cited', g, { date: invDate(pay), v: amounts.fresh(c.name, draw(1500, 250000)) }));
    left -= n;
    const form = rng.int(0, 2);
    transfer(c, its.reduce((s, x) => s + x.v, 0), () => {
      const sq = [...its].sort((a, b) => a.seq - b.seq);
      return cut(form === 0 ? sq.map((x) => x.no).join(' ') : form === 1 ? `${sq.map((x) => x.seq).join('-')} NOLU FATURALAR` : `FT ${sq.map((x) => x.seq).join(',')} ÖDEMESİ`, 100);
    }, 'multi_invoice_cited', g, false, pay);
  }
  for (let left = k.cari_monthly_sum; left > 0;) {
    const n = Math.max(2, Math.min(left, rng.int(3, 8))), c = anyC(), pay = payDay(), g = G(), month = rng.pick([7, 8, 9]);
    const first = dayOf(YEAR, month, 1), days = dayOf(YEAR, month + 1, 1) - first;
    const its = Array.from({ length: n }, () => addItem(c, 'cari_monthly_sum', g, { date: first + rng.int(0, days - 1), v: amounts.fresh(c.name, draw(1500, 150000)) }));
    left -= n;
    const ay = AY_TR[month - 1], remit = rng.pick([`${ay} AYI FATURALARI`, 'CARİ HESAP ÖDEMESİ', `${ay} ${YEAR} CARİ`, 'BORCA MAHSUBEN', `${ay} AYI ÖDEMESİ`, 'CARİ HESABA']);
    transfer(c, its.reduce((s, x) => s + x.v, 0), () => remit, 'cari_monthly_sum', g, false, pay);
  }
  for (let left = k.iade_netted; left > 0;) {
    const n = Math.max(2, Math.min(left, rng.int(2, 4))), c = anyC(), pay = payDay(), g = G();
    const its = Array.from({ length: n - 1 }, () => addItem(c, 'iade_netted', g, { date: invDate(pay, 25, 80), v: amounts.fresh(c.name, draw(5000, 300000)) }));
    const sum = its.reduce((s, x) => s + x.v, 0);
    const ret = addItem(c, 'iade_netted', g, { date: invDate(pay, 3, 20), v: -amounts.fresh(c.name, () => Math.max(50000, Math.round(sum * (0.04 + rng.next() * 0.3)))), iade: true });
    left -= n;
    const form = rng.int(0, 2);
    transfer(c, sum + ret.v, () => cut(form === 0 ? `${its.map((x) => x.no).join(' ')} - İADE ${ret.no}` : form === 1 ? `${its.map((x) => x.seq).join(',')} NOLU FT İADE FARKI DÜŞÜLDÜ` : 'FATURA-İADE FARKI', 100), 'iade_netted', g, false, pay);
  }
  for (let i = 0; i < k.name_only_single; i++) {
    const c = anyC(), pay = payDay(), g = G();
    const it = addItem(c, 'name_only_single', g, { date: invDate(pay), v: amounts.fresh(c.name, draw(1500, 200000)) });
    const r = rng.pick(['ÖDEME', 'MAL BEDELİ', 'TİCARİ ÖDEME', '', 'CARİ', 'ANADOLU AMBALAJ']);
    transfer(c, it.v, () => r, 'name_only_single', g, false, pay);
  }
  for (let i = 0; i < k.part_payment; i++) {
    const c = anyC(), pay = payDay(), g = G();
    const it = addItem(c, 'part_payment', g, { date: invDate(pay, 40, 110), v: amounts.fresh(c.name, draw(40000, 900000)) });
    const unit = it.v >= 20000000 ? 100000 : 10000, part = Math.round((it.v * (0.33 + rng.next() * 0.34)) / unit) * unit;
    const how = rng.int(0, 2);
    transfer(c, part, () => (how === 0 ? `KISMİ ÖDEME ${cite(it)}` : how === 1 ? `${cite(it)} MAHSUBEN` : 'KISMİ ÖDEME'), 'part_payment', g, false, pay);
  }
  for (let i = 0; i < k.kurus_dropped; i++) {
    const c = anyC(), pay = payDay(), g = G();
    const it = addItem(c, 'kurus_dropped', g, { date: invDate(pay), v: amounts.fresh(c.name, () => { const v = rng.amountCents(1500, 300000); return v % 100 === 0 ? v + rng.int(1, 99) : v; }) });
    transfer(c, Math.floor(it.v / 100) * 100, () => cite(it), 'kurus_dropped', g, false, pay);
  }
  for (let i = 0; i < k.kdv_tevkifat; i++) {
    const c = anyC(), pay = payDay(), g = G();
    let net = 0, kdv = 0;
    const v = amounts.fresh(c.name, () => { net = rng.amountCents(5000, 400000); kdv = Math.round(net * 0.2); return net + kdv; });
    const it = addItem(c, 'kdv_tevkifat', g, { date: invDate(pay), v, desc: rng.pick(['Fason baskı hizmeti', 'Fason kesim-yapıştırma hizmeti', 'Nakliye hizmeti']) });
    const tev = Math.round((kdv * rng.pick([2, 5, 7, 9])) / 10);
    transfer(c, v - tev, () => `${cite(it)}${rng.chance(0.5) ? ' TEVKİFATLI' : ' KDV TEVKİFATI DÜŞÜLMÜŞTÜR'}`, 'kdv_tevkifat', g, false, pay);
  }
  for (let left = k.cek_tahsilat; left > 0;) {
    const n = Math.max(1, Math.min(left, rng.int(1, 3))), c = anyC(), pay = payDay(), g = G();
    const its = Array.from({ length: n }, () => addItem(c, 'cek_tahsilat', g, { date: invDate(pay, 60, 120), v: amounts.fresh(c.name, draw(5000, 300000)) }));
    left -= n;
    const drawer = rng.chance(0.6) ? bankName(rng, c.name, 30) : bankName(rng, `${rng.pick(BRAND)} ${rng.pick(ACT)} ${rng.pick(SUFFIX)}`, 30), no = rng.digits(7), bank = rng.pick(BANKS);
    line(pay, its.reduce((s, x) => s + x.v, 0), 'Çek Tahsilat', () => `ÇEK TAHSİLATI ${bank} ÇEK NO:${no} KEŞİDECİ:${drawer} VADE:${pad(ymd(pay)[2], 2)}.${pad(ymd(pay)[1], 2)}.${YEAR}`, 'cek_tahsilat', g);
  }
  for (let i = 0; i < k.dbs_tahsilat; i++) {
    const c = rng.pick(dbsCusts), pay = payDay(), g = G();
    const it = addItem(c, 'dbs_tahsilat', g, { date: pay - rng.pick([30, 45, 60]), v: amounts.fresh(c.name, draw(10000, 500000)) });
    const bank = rng.pick(['AKBANK', 'YAPI KREDİ', 'GARANTİ BBVA']);
    line(pay, it.v, 'DBS', () => `DBS TAHSİLAT ${bank} BAYİ:${it.c.code} ${bankName(rng, c.name, 25)} FATURA:${it.no}`, 'dbs_tahsilat', g);
  }
  for (let i = 0; i < k.remaining_balance; i++) {
    const c = anyC(), pay = payDay(), g = G();
    const v = rng.amountCents(20000, 500000), closed = Math.round((v * (0.3 + rng.next() * 0.3)) / 100000) * 100000;
    if (closed <= 0 || amounts.has(c.name, v - closed)) { i--; continue; }
    amounts.mark(c.name, v - closed);
    const it = addItem(c, 'remaining_balance', g, { date: invDate(pay, 50, 120), v, closed });
    transfer(c, v - closed, () => `${cite(it)} KALAN`, 'remaining_balance', g, false, pay);
  }
  for (let left = k.ambiguous_equal_amounts; left > 0; left -= 2) {
    const c = anyC(), pay = payDay(), g = G();
    const v = amounts.fresh(c.name, () => Math.round(rng.amountCents(5000, 80000) / 10000) * 10000);
    const first = invDate(pay, 35, 45), pick = rng.chance(0.5);
    const desc = rng.pick(['Kalıp kira bedeli', 'Depolama hizmet bedeli', 'Makine kira bedeli']);
    addItem(c, 'ambiguous_equal_amounts', pick ? g : null, { date: first, v, amb: true, desc });
    addItem(c, 'ambiguous_equal_amounts', pick ? null : g, { date: Math.min(first + rng.int(28, 31), pay - 2), v, amb: true, desc });
    const r = rng.pick(['KİRA BEDELİ', 'KİRA', 'DEPOLAMA', 'ÖDEME']);
    transfer(c, v, () => r, 'ambiguous_equal_amounts', g, true, pay);
  }
  for (let i = 0; i < k.open_iade; i++) {
    const c = anyC();
    addItem(c, 'open_iade', null, { date: rng.int(dayOf(2026, 8, 1), END), v: -amounts.fresh(c.name, draw(500, 40000)), iade: true });
  }
  for (let i = 0; i < k.unpaid_invoice; i++) {
    const c = rng.chance(0.1) ? rng.pick(dbsCusts) : anyC();
    addItem(c, 'unpaid_invoice', null, { date: rng.chance(0.8) ? rng.int(dayOf(2026, 9, 1), END) : rng.int(dayOf(2026, 6, 1), dayOf(2026, 8, 31)), v: amounts.fresh(c.name, draw(1500, 400000)) });
  }

  // ---- e-Fatura numbers by date; the customers' return invoices carry their own prefix
  let seq = rng.int(3800, 4600);
  for (const it of items.filter((x) => !x.iade).sort((a, b) => a.date - b.date)) { it.seq = (seq += 1); it.no = `${TR_PREFIX}${YEAR}${pad(it.seq, 9)}`; }
  const iadeNo = new Set<string>();
  for (const it of items.filter((x) => x.iade)) { it.no = uniqueName(iadeNo, () => `${it.c.pre}${YEAR}${pad((it.seq = rng.int(12, 900)), 9)}`); }
  // Advances for new orders whose number equals one of the customer's unpaid invoice numbers (a trap).
  const unpaid = items.filter((x) => x.kind === 'unpaid_invoice');
  for (let i = 0; i < Math.max(2, Math.round(N / 250)); i++) {
    const it = rng.pick(unpaid), v = rng.int(2, 50) * 1000000;
    if (amounts.has(it.c.name, v)) continue;
    transfer(it.c, v, () => `SİPARİŞ ${it.seq} AVANS`, 'noise_avans', null);
  }

  // ---- noise (fees carry BSMV, 5 %)
  const nNoise = Math.round(N * 0.09);
  for (let i = 0; i < nNoise; i++) {
    const d = payDay(), r = rng.int(0, 19);
    if (r < 7) {
      const s = bankName(rng, rng.pick(SUPPLIERS), 35), f = rng.digits(6), fee = rng.pick([550, 875, 1250]);
      line(d, -rng.amountCents(5000, 800000), 'EFT', () => `GİDEN EFT ${s} FT ${f}`, 'noise', null);
      line(d, -fee, 'Masraf', () => 'EFT MASRAFI', 'noise', null);
      line(d, -Math.round(fee * 0.05), 'Masraf', () => 'BSMV', 'noise', null);
    } else if (r < 9) { const t = rng.pick(['KDV', 'MUHTASAR', 'DAMGA VERGİSİ', 'GEÇİCİ VERGİ']); const ref = rng.digits(16); line(d, -rng.amountCents(20000, 900000), 'Vergi', () => `GİB VERGİ ÖDEMESİ ${t} TAHAKKUK:${ref}`, 'noise', null); }
    else if (r < 10) { const ref = rng.digits(12); line(d, -rng.amountCents(50000, 600000), 'SGK', () => `SGK PRİM ÖDEMESİ ${ref}`, 'noise', null); }
    else if (r < 12) { line(d, -rng.amountCents(30000, 400000), 'Kredi', () => `KREDİ TAKSİT TAHSİLATI ${rng.digits(10)}`, 'noise', null); }
    else if (r < 13) { line(d, -rng.pick([15000, 25000, 35000]), 'Masraf', () => 'HESAP İŞLETİM ÜCRETİ', 'noise', null); }
    else if (r < 15) { const t = rng.pick(['TÜRK TELEKOM', 'İGDAŞ', 'SEDAŞ ELEKTRİK', 'İSU']); line(d, -rng.amountCents(500, 60000), 'Fatura', () => `OTOMATİK FATURA ÖDEME ${t} ${rng.digits(8)}`, 'noise', null); }
    else if (r < 16) { line(d, -rng.amountCents(10000, 300000), 'Kart', () => `KREDİ KARTI ÖDEMESİ ${rng.digits(4)}`, 'noise', null); }
    else if (r < 17) { line(d, -rng.amountCents(20000, 200000), 'Çek', () => `ÇEK ÖDEMESİ ÇEK NO:${rng.digits(7)}`, 'noise', null); }
    else { const t = rng.pick(['OPET', 'SHELL', 'TRENDYOL', 'MİGROS']); line(d, -rng.amountCents(100, 20000), 'Kart', () => `BANKA KARTI HARCAMA ${t}`, 'noise', null); }
  }
  // One payroll file a month (toplu maaş), sized to the company.
  const staff = Math.max(20, Math.round(N / 14));
  line(nextBiz(dayOf(2026, 10, 26)), -staff * rng.int(3000000, 4200000), 'Maaş', () => `TOPLU MAAŞ ÖDEMESİ EKİM ${YEAR} ${staff} KİŞİ`, 'noise', null);
  for (const s of sweeps(lines, bizDays.filter((d) => weekday(d) === 5), 300000000, 300000000, 900000000)) lines.push({ day: s.day, time: 17 * 3600 + 55 * 60 + rng.int(0, 299), amt: s.amt, op: 'Virman', text: () => 'VADELİ HESABA VİRMAN 32 GÜN', kind: 'noise', g: null });

  // ---- open items file (by customer code, then date)
  const F = (v: number) => fmtMoney(v, '.', ',');
  const D = (d: number) => { const [y, m, dd] = ymd(d); return `${pad(dd, 2)}.${pad(m, 2)}.${y}`; };
  const oiOrdered = inFileOrder(items.map((it): Gen<Item> => ({ key: Number(it.c.code.slice(7)) * 1000 + (it.date - dayOf(2026, 1, 1)), v: it, g: it.g, kind: it.kind, amb: it.amb })), rng);
  const sep = ';', q = (s: string) => csvField(s, sep);
  const oiLines = [
    'ANADOLU AMBALAJ SANAYİ VE TİCARET A.Ş.',
    `Cari Hesap Açık Kalemler Listesi - ${D(EXPORT_DAY)}`,
    '',
    ['Cari Hesap Kodu', 'Cari Hesap Ünvanı', 'Vergi/TC Kimlik No', 'Vergi Dairesi', 'Fiş Türü', 'Belge No', 'Tarih', 'Vade Tarihi', 'Açıklama', 'Borç', 'Alacak', 'Kapatılan', 'Açık Tutar'].join(sep),
  ];
  let borc = 0, alacak = 0;
  for (const r of oiOrdered) {
    const it = r.v, open = it.iade ? -it.v : it.v - it.closed;
    if (it.iade) alacak += -it.v; else borc += it.v - it.closed;
    oiLines.push([it.c.code, q(it.c.name), it.c.tax, it.c.vd, it.iade ? 'Toptan Satış İade Faturası' : 'Toptan Satış Faturası', it.no, D(it.date), D(it.date + it.days), q(it.desc),
      it.iade ? '' : F(it.v), it.iade ? F(-it.v) : '', F(it.closed), `${F(open)} (${it.iade ? 'A' : 'B'})`].join(sep));
  }
  oiLines.push('', ['Genel Toplam', '', '', '', '', '', '', '', '', '', '', '', `${F(borc - alacak)} (B)`].join(sep), '');

  // ---- statement file (oldest first)
  const stOrdered = inFileOrder(lines.map((l): Gen<Line> => ({ key: l.day * 100000 + l.time, v: l, g: l.g, kind: l.kind, amb: l.amb })), rng);
  const opening = openingFor(stOrdered.map((r) => r.v.amt), rng.int(5000, 20000) * 10000);
  const T = (s: number) => `${pad(Math.floor(s / 3600), 2)}:${pad(Math.floor(s / 60) % 60, 2)}:${pad(s % 60, 2)}`;
  const stLines = [
    'HESAP HAREKETLERİ',
    'Müşteri Adı;ANADOLU AMBALAJ SAN VE TİC AŞ',
    'IBAN;TR12 0006 2000 4410 0006 2987 41',
    `Tarih Aralığı;${D(START)} - ${D(END)}`,
    `Devreden Bakiye;${F(opening)}`,
    '',
    ['Tarih', 'Saat', 'İşlem', 'Açıklama', 'Tutar', 'Bakiye', 'Dekont No'].join(sep),
  ];
  let run = opening, dekont = rng.int(100000, 900000);
  for (const r of stOrdered) {
    const l = r.v;
    run += l.amt;
    stLines.push([D(l.day), T(l.time), l.op, q(l.text()), F(l.amt), F(run), String((dekont += rng.int(1, 40)))].join(sep));
  }
  stLines.push('', `Son Bakiye;${F(run)}`, '');

  return {
    name: 'tr-havale',
    description: `Anadolu Ambalaj Sanayi ve Ticaret A.Ş. (Gebze, Türkiye; TRY). Open items: a Logo/Mikro-like "Cari Hesap Açık Kalemler" list, Windows-1254, ';', CRLF, dd.mm.yyyy, 1.234,56, customer codes 120.01.nnnn, VKN/TCKN, e-Fatura numbers ${TR_PREFIX}${YEAR}000004123 by date, customers' return invoices with their own prefix on the Alacak side, Açık Tutar with (B)/(A). Statement: a Garanti/İş-like Hesap Hareketleri CSV (UTF-8 with BOM, ';', oldest first, signed Tutar, Bakiye, Dekont No). FAST/EFT/HAVALE credits with the sender in capitals (Turkish İ/I, locale-blind I, or plain ASCII) and free text: the e-Fatura number in full or by its sequence only, several invoices, a month's invoices as "EYLÜL AYI FATURALARI", return invoices deducted, name only, part payments in round liras, kuruş dropped, VAT withholding (KDV tevkifatı) deducted, çek collections naming the drawer (sometimes a third party), DBS supplier-finance collections citing dealer code and invoice; noise: supplier EFTs with fee and BSMV, taxes, SGK, loans, payroll, sweeps, advance payments citing an order number.`,
    openItems: { fileName: 'tr-havale-cari-acik-kalemler.csv', content: encodeCp1254(oiLines.join('\r\n')) },
    statement: { fileName: 'tr-havale-hesap-hareketleri.csv', content: '\ufeff' + stLines.join('\r\n') },
    truth: [...truthFor('open_items', oiOrdered), ...truthFor('statement', stOrdered)],
  };
};
