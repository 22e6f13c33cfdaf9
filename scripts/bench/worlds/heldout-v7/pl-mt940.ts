/**
 * pl-mt940 — VOLTEX Hurtownia Elektryczna Sp. z o.o., Poznań (PLN). Open items: Comarch ERP Optima
 * "Rozrachunki" exported to a real .xlsx workbook; statement: a daily SWIFT MT940 file from an mBank-style
 * corporate account (Windows-1250, CRLF, Polish structured :86: with `<`-subfields). See `description`.
 */
import type { World } from '../world';
import { Book, Rng, dayOf, ymd, pad, nextBiz, prevBiz, isBiz, money, encodeSbcs, iban, nip, sortCode, truth, runCases, typo, xlsxSync, type Cust, type Item } from './common';

interface T { kind: string; code: string; title: string; name: string; acct: string; addr: string }
interface PlCust extends Cust { nip: string; city: string; street: string; acct: string; payer: string }

const PREFIX = ['Elektro', 'Instal', 'Energo', 'Tech', 'Mar', 'Pol', 'Eko', 'Euro', 'Volt', 'Agro', 'Lux', 'Term', 'Bud', 'Fot', 'Kab', 'Amp', 'Sol', 'Wat'];
const SUFFIX = ['-Mont', 'pol', 'ex', 'max', 'bud', 'serwis', 'tech', 'instal', 'car', 'net', 'system', '-Projekt', 'trans', 'pak'];
const FORM = [' Sp. z o.o.', ' Sp. z o.o.', ' Sp. z o.o.', ' S.A.', ' Sp. j.', ' s.c.', ' Sp. z o.o. Sp. k.'];
const FIRST = ['Jan', 'Piotr', 'Krzysztof', 'Andrzej', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Łukasz', 'Grzegorz', 'Wojciech', 'Mariusz', 'Dariusz', 'Zbigniew', 'Jerzy', 'Agnieszka', 'Małgorzata', 'Katarzyna', 'Barbara'];
const LAST = ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Kwiatkowski', 'Krawczyk', 'Piotrowski', 'Grabowski', 'Nowakowski', 'Pawłowski', 'Michalski', 'Król', 'Wieczorek', 'Jabłoński', 'Wróbel', 'Majewski', 'Olszewski', 'Stępień', 'Malinowski', 'Jaworski'];
const TRADE = ['Zakład Usług Elektrycznych', 'PHU', 'Usługi Elektroinstalacyjne', 'F.H.U.', 'Instalatorstwo Elektryczne', 'Przedsiębiorstwo Handlowo-Usługowe'];
const CITY = ['Poznań', 'Gniezno', 'Konin', 'Leszno', 'Piła', 'Kalisz', 'Września', 'Środa Wielkopolska', 'Swarzędz', 'Luboń', 'Oborniki', 'Szamotuły', 'Września', 'Ostrów Wielkopolski', 'Wrocław', 'Łódź', 'Zielona Góra', 'Bydgoszcz'];
const STREET = ['ul. Przemysłowa', 'ul. Kwiatowa', 'ul. Głogowska', 'ul. Lipowa', 'ul. Szkolna', 'ul. Polna', 'os. Jagiellońskie', 'ul. Składowa', 'ul. Fabryczna', 'ul. Dębowa'];
const BANKS = ['1020', '1140', '1050', '1240', '1090', '1160', '2490', '1750', '1540', '1870'];
const FOLD: Record<string, string> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z', Ą: 'A', Ć: 'C', Ę: 'E', Ł: 'L', Ń: 'N', Ó: 'O', Ś: 'S', Ź: 'Z', Ż: 'Z' };
const fold = (s: string) => s.replace(/[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/g, (c) => FOLD[c]);
const OWN_NIP = '7792468135';

export function plMt940({ seed, openItems }: { seed: number; openItems: number }): World {
  const rng = new Rng(seed * 7919 + 25007);
  const book = new Book<T>(rng, 'pl');
  const OCT1 = dayOf(2026, 10, 1), OCT31 = dayOf(2026, 10, 31), EXPORT = dayOf(2026, 11, 2);
  const ncust = Math.max(12, Math.min(900, Math.round(openItems / 6)));
  const names = new Set<string>();
  const custs: PlCust[] = [];
  while (custs.length < ncust) {
    const person = rng.chance(0.35);
    const nm = person ? `${rng.pick(TRADE)} ${rng.pick(FIRST)} ${rng.pick(LAST)}` : `${rng.pick(PREFIX)}${rng.pick(SUFFIX)}${rng.pick(FORM)}`;
    if (names.has(nm)) continue;
    names.add(nm);
    const code = fold(person ? nm.split(' ').slice(-1)[0] + '_' + nm.split(' ').slice(-2)[0][0] : nm.replace(/ (Sp\.|S\.A\.|s\.c\.).*$/, '')).toUpperCase().replace(/[^A-Z0-9_-]/g, '').slice(0, 20);
    const bank = rng.pick(BANKS);
    const acct = iban('PL', sortCode(bank, pad(rng.int(0, 999), 3)) + pad(rng.int(0, 99999999), 8) + pad(rng.int(0, 99999999), 8));
    const payer = rng.chance(0.5) ? fold(nm).toUpperCase() : nm;
    custs.push({ code: `${code}`, name: nm, nip: nip(rng), city: rng.pick(CITY), street: `${rng.pick(STREET)} ${rng.int(1, 120)}`, acct, payer });
  }
  const uniqCodes = new Map<string, number>();
  for (const c of custs) { const k = uniqCodes.get(c.code) ?? 0; uniqCodes.set(c.code, k + 1); if (k) c.code = `${c.code}${k + 1}`; }
  const cust = () => custs[rng.skewedIndex(custs.length)];
  const net = () => rng.amountCents(150, 40000);
  /** Invoice amount (gross) for a customer, with its VAT kept. */
  const inv = (c: PlCust, day: number, kind: string, g: string | null, unique = false, o: Partial<Item> = {}, draw = net): Item => {
    let vat = 0;
    const amt = book.amount(c, () => { const n = draw(); vat = Math.round(n * 0.23); return n + vat; }, unique);
    return book.item(c, day, amt, kind, g, { due: day + rng.pick([14, 14, 21, 30, 30, 45, 60]), x: { vat: String(vat) }, ...o });
  };
  const payDay = () => nextBiz(rng.int(OCT1, OCT31 - 1));
  const issued = (pay: number) => prevBiz(pay - rng.int(3, 75));
  const mm = (it: Item) => pad(ymd(it.day)[1], 2);
  /** An invoice number as a payer writes it. */
  const said = (it: Item): string => {
    const n = it.seq, m = mm(it);
    switch (rng.int(0, 9)) {
      case 0: return `FS-${n}/${m}/26`;
      case 1: return `FS/${n}/${m}/2026`;
      case 2: return `Faktura ${n}/${m}/2026`;
      case 3: return `fs ${n}/${m}/2026`;
      case 4: return `FV ${n}/${m}/2026`;
      case 5: return `F-ra nr FS ${n}/${m}/2026`;
      case 6: return `FS ${n}/${m}/26`;
      default: return it.no;
    }
  };
  const lead = () => rng.pick(['', '', 'Zapłata za ', 'Płatność ', 'Zapł. fakt. ', 'Za fakturę ', 'ZAPLATA ']);
  const transfer = (c: PlCust, title: string): T => ({ kind: 'PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY', code: '020', title, name: c.payer, acct: c.acct, addr: `${c.street}, ${c.city}` });

  runCases(rng, openItems, {
    title_invoice_ref: 380, title_typo: 100, mpp_split_payment: 220, multi_invoice: 180, kor_netted: 110,
    part_payment: 70, nip_only: 100, ambiguous_equal_amounts: 60, unpaid_invoice: 520, open_correction: 20,
  }, {
    title_invoice_ref: () => {
      const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'title_invoice_ref', g);
      // One in eight was part-paid in September: the list shows the rest, and October's transfer pays the rest.
      if (rng.chance(0.125)) it.x.doc = String(it.amt + Math.round(it.amt * (0.2 + rng.next() * 0.5) / 100) * 100);
      book.line(d, it.amt, 'title_invoice_ref', g, () => transfer(c, lead() + said(it)));
      return 1;
    },
    title_typo: () => { const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'title_typo', g); book.line(d, it.amt, 'title_typo', g, () => { let t = ''; do t = typo(rng, said(it)); while (t.includes(it.no) || book.items.some((o) => o.cust === c && new RegExp(`(^|\\D)${o.seq}/${mm(o)}(\\D|$)`).test(t))); return transfer(c, lead() + t); }); return 1; },
    mpp_split_payment: () => {
      const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'mpp_split_payment', g, false, {}, () => (rng.chance(0.7) ? rng.amountCents(12200, 90000) : net())), vat = Number(it.x.vat);
      book.line(d, it.amt - vat, 'mpp_split_payment', g, () => ({ ...transfer(c, `/VAT/${money(vat, ',')}/IDC/${OWN_NIP}/INV/${rng.chance(0.8) ? it.no : said(it)}/TXT/${rng.pick(['Zaplata', 'Platnosc za towar', 'MPP', c.code, 'Zaplata za fakture'])}`), kind: 'PRZELEW MPP PRZYCHODZĄCY' }));
      return 1;
    },
    multi_invoice: () => {
      const c = cust(), d = payDay(), g = book.group(), k = rng.int(2, 4), its: Item[] = [];
      for (let i = 0; i < k; i++) its.push(inv(c, issued(d), 'multi_invoice', g));
      book.line(d, its.reduce((s, x) => s + x.amt, 0), 'multi_invoice', g, () => {
        its.sort((a, b) => a.day - b.day || a.seq - b.seq);
        const sameMonth = its.every((x) => mm(x) === mm(its[0])) && rng.chance(0.5);
        const t = sameMonth ? `FS ${its.map((x) => x.seq).join(', ')}/${mm(its[0])}/2026` : its.map((x) => (rng.chance(0.7) ? x.no : said(x))).join(rng.pick([', ', ' ', '; ']));
        return transfer(c, rng.pick(['Faktury ', 'Zapłata za faktury: ', '', 'Zapł. ']) + t);
      });
      return k;
    },
    kor_netted: () => {
      const c = cust(), d = payDay(), g = book.group(), k = rng.int(1, 2), its: Item[] = [];
      for (let i = 0; i < k; i++) its.push(inv(c, issued(d), 'kor_netted', g));
      const base = its[0], korAmt = -book.amount(c, () => Math.round(base.amt * (0.03 + rng.next() * 0.4)));
      const kor = book.item(c, Math.min(d - 1, base.day + rng.int(2, 20)), korAmt, 'kor_netted', g, { due: d, x: { vat: '0' } });
      book.line(d, its.reduce((s, x) => s + x.amt, 0) + kor.amt, 'kor_netted', g, () => transfer(c, `${its.map((x) => said(x)).join(', ')} ${rng.pick(['minus', 'pomniejszona o', '-', 'po korekcie'])} KOR ${kor.seq}/${pad(ymd(kor.day)[1], 2)}/2026`));
      return k + 1;
    },
    part_payment: () => {
      const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'part_payment', g);
      const p = Math.round(it.amt * (0.3 + rng.next() * 0.4) / 100) * 100;
      book.line(d, p, 'part_payment', g, () => transfer(c, `${rng.pick(['Częściowa zapłata ', 'Czesc. zaplata ', '1 rata ', 'Zaliczka na '])}${said(it)}`));
      return 1;
    },
    nip_only: () => {
      const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'nip_only', g);
      book.line(d, it.amt, 'nip_only', g, () => transfer(c, rng.pick([`Zapłata NIP ${c.nip}`, `NIP ${c.nip.slice(0, 3)}-${c.nip.slice(3, 6)}-${c.nip.slice(6, 8)}-${c.nip.slice(8)} należność`, `Płatność wg zestawienia, NIP ${c.nip}`, `${c.nip} zaplata`])));
      return 1;
    },
    ambiguous_equal_amounts: () => {
      const c = cust(), d = payDay(), g = book.group(), a = inv(c, issued(d), 'ambiguous_equal_amounts', g, false, { amb: true });
      book.item(c, issued(d), a.amt, 'ambiguous_equal_amounts', null, { amb: true, x: { vat: a.x.vat } });
      book.line(d, a.amt, 'ambiguous_equal_amounts', g, () => transfer(c, rng.pick(['Zapłata za fakturę', 'Płatność za towar', 'Przelew', 'Zaplata za materialy elektryczne'])), { amb: true });
      return 2;
    },
    unpaid_invoice: () => { const c = cust(); inv(c, prevBiz(rng.int(dayOf(2026, 7, 1), dayOf(2026, 10, 31))), 'unpaid_invoice', null); return 1; },
    open_correction: () => { const c = cust(); book.item(c, prevBiz(rng.int(dayOf(2026, 8, 1), dayOf(2026, 10, 31))), -book.amount(c, () => rng.amountCents(20, 3000)), 'open_correction', null, { x: { vat: '0' } }); return 1; },
  });

  // Noise: card settlements, ZUS, tax office, fees, suppliers, salaries.
  const noise = (day: number, amt: number, kind: string, t: T) => book.line(day, amt, kind, null, () => t);
  const acq = rng.pick(['FISERV POLSKA S.A.', 'ESERVICE SP. Z O.O.', 'ELAVON FINANCIAL SERVICES DAC']);
  const acqAcct = iban('PL', sortCode('1240', '6247') + pad(rng.int(0, 99999999), 8) + pad(rng.int(0, 99999999), 8));
  const mid = pad(rng.int(1, 99999999), 9);
  for (let d = OCT1; d <= OCT31; d++) {
    if (!isBiz(d)) continue;
    const [y, m, dd] = ymd(d - (new Date(d * 86400000).getUTCDay() === 1 ? 3 : 1));
    noise(d, rng.amountCents(300, 9000), 'noise_card_settlement', { kind: 'UZNANIE - ROZLICZENIE KART', code: '034', title: `Rozliczenie transakcji kartowych z dn. ${y}-${pad(m, 2)}-${pad(dd, 2)} MID ${mid}`, name: acq, acct: acqAcct, addr: 'ul. Stanisława Żaryna 2A, Warszawa' });
    if (rng.chance(0.6)) noise(d, -rng.int(1, 8) * 150, 'noise_bank_fee', { kind: 'OPŁATA', code: '844', title: 'Opłata za przelewy Elixir', name: '', acct: '', addr: '' });
  }
  const usAcct = iban('PL', sortCode('1010', '0071') + '222' + '1' + OWN_NIP + '00');
  noise(nextBiz(dayOf(2026, 10, 15)), -rng.amountCents(30000, 60000), 'noise_zus', { kind: 'PRZELEW ZUS', code: '076', title: 'Składki ZUS 09/2026', name: 'ZAKŁAD UBEZPIECZEŃ SPOŁECZNYCH', acct: iban('PL', sortCode('1010', '1023') + '0000' + pad(rng.int(0, 999999999999), 12)), addr: 'ul. Szamocka 3, 5, 01-748 Warszawa' });
  for (const [day, sfp, lo, hi] of [[20, 'PIT-4', 8000, 20000], [20, 'CIT-8', 10000, 40000], [26, 'VAT-7', 40000, 120000]] as const)
    noise(nextBiz(dayOf(2026, 10, day)), -rng.amountCents(lo, hi), 'noise_tax_office', { kind: 'PRZELEW DO US', code: '071', title: `/TI/N${OWN_NIP}/OKR/26M09/SFP/${sfp}/TXT/${sfp} za 09/2026`, name: 'MIKRORACHUNEK PODATKOWY', acct: usAcct, addr: '' });
  noise(dayOf(2026, 10, 30), -9900, 'noise_bank_fee', { kind: 'OPŁATA', code: '844', title: 'Opłata za prowadzenie rachunku 10/2026', name: '', acct: '', addr: '' });
  const suppliers = ['TELE-FONIKA KABLE S.A.', 'SCHNEIDER ELECTRIC POLSKA SP. Z O.O.', 'LEGRAND POLSKA SP. Z O.O.', 'PHILIPS LIGHTING POLAND', 'KANLUX S.A.', 'ORNO-LOGISTIC SP. Z O.O.', 'ABB SP. Z O.O.', 'HAGER POLO SP. Z O.O.', 'ENEA S.A.', 'ORLEN PAY'];
  const nsup = Math.max(6, Math.round(openItems / 35));
  for (let i = 0; i < nsup; i++) {
    const s = rng.pick(suppliers);
    noise(nextBiz(rng.int(OCT1, OCT31 - 2)), -rng.amountCents(500, 90000), 'noise_supplier_payment', { kind: 'PRZELEW WYCHODZĄCY', code: '073', title: `${rng.pick(['FV', 'Faktura', 'F'])} ${rng.int(1, 9999)}/${rng.pick(['2026', '10/2026', 'P/2026'])}`, name: s, acct: iban('PL', sortCode(rng.pick(BANKS), pad(rng.int(0, 999), 3)) + pad(rng.int(0, 99999999), 8) + pad(rng.int(0, 99999999), 8)), addr: '' });
  }
  const staff = Math.max(3, Math.round(openItems / 150));
  for (let i = 0; i < staff; i++) {
    const who = `${rng.pick(FIRST)} ${rng.pick(LAST)}`.toUpperCase();
    noise(dayOf(2026, 10, 9), -rng.amountCents(4200, 11000), 'noise_salary', { kind: 'PRZELEW WYCHODZĄCY', code: '073', title: 'Wynagrodzenie 09/2026', name: fold(who), acct: iban('PL', sortCode(rng.pick(BANKS), pad(rng.int(0, 999), 3)) + pad(rng.int(0, 99999999), 8) + pad(rng.int(0, 99999999), 8)), addr: '' });
  }

  book.number((it) => String(ymd(it.day)[1]), (seq, it) => `${it.credit ? 'KOR' : 'FS'} ${seq}/${pad(ymd(it.day)[1], 2)}/2026`, () => rng.int(1, 9), () => rng.int(1, 3));
  const items = [...book.items].sort((a, b) => a.cust.name.localeCompare(b.cust.name, 'pl') || a.day - b.day || a.seq - b.seq);
  const lines = book.orderedLines();

  // ---- Rozrachunki.xlsx --------------------------------------------------------------------------
  const total = items.reduce((s, x) => s + x.amt, 0);
  const xlsx = xlsxSync({
    sheetName: 'Rozrachunki',
    titles: ['Rozrachunki – należności nierozliczone (stan na dzień 02.11.2026)', 'VOLTEX Hurtownia Elektryczna Sp. z o.o., ul. Gdyńska 58, 61-016 Poznań, NIP 779-246-81-35'],
    header: ['Lp.', 'Akronim', 'Kontrahent', 'NIP', 'Numer dokumentu', 'Data dokumentu', 'Termin płatności', 'Dni po terminie', 'Kwota dokumentu', 'Pozostaje do zapłaty', 'Waluta'],
    rows: items.map((it, i) => {
      const c = it.cust as PlCust, over = EXPORT - it.due;
      return [i + 1, c.code, c.name, `${c.nip.slice(0, 3)}-${c.nip.slice(3, 6)}-${c.nip.slice(6, 8)}-${c.nip.slice(8)}`, it.no, { date: it.day }, { date: it.due }, over > 0 ? over : 0, Number(it.x.doc ?? it.amt) / 100, it.amt / 100, 'PLN'];
    }),
    numFmt: [null, null, null, null, null, 'yyyy-mm-dd', 'yyyy-mm-dd', '0', '#,##0.00 "zł";-#,##0.00 "zł"', '#,##0.00 "zł";-#,##0.00 "zł"', null],
    widths: [6, 18, 42, 15, 18, 13, 13, 9, 15, 15, 7],
    footer: [['', '', 'Razem:', '', '', '', '', '', items.reduce((s, x) => s + Number(x.x.doc ?? x.amt), 0) / 100, total / 100, 'PLN']],
    created: EXPORT,
    creator: 'Comarch ERP Optima',
  });

  // ---- MT940 -----------------------------------------------------------------------------------
  const ownAcct = iban('PL', sortCode('1140', '2004') + '0000' + '3502' + pad(rng.int(10000000, 99999999), 8));
  const out: string[] = [];
  let bal = rng.amountCents(150000, 400000) + 40000000, stmt = rng.int(150, 200);
  const yymmdd = (d: number) => { const [y, m, dd] = ymd(d); return `${String(y).slice(2)}${pad(m, 2)}${pad(dd, 2)}`; };
  const bal940 = (tag: string, d: number, c: number) => `:${tag}:${c < 0 ? 'D' : 'C'}${yymmdd(d)}PLN${money(Math.abs(c), ',')}`;
  const sub = (n: number, s: string, w: number, k: number) => { const parts: string[] = []; for (let i = 0; i < k; i++) { const p = s.slice(i * w, (i + 1) * w); if (p) parts.push(`<${n + i}${p}`); } return parts.join(''); };
  let ref = rng.int(1000000, 9000000);
  for (let d = OCT1; d <= OCT31; d++) {
    const day = lines.filter((l) => l.day === d);
    if (!day.length) continue;
    out.push(`:20:${yymmdd(d)}${pad(stmt, 5)}`, `:25:/${ownAcct}`, `:28C:${pad(stmt, 5)}/1`, bal940('60F', d, bal));
    for (const l of day) {
      const t = l.t!;
      out.push(`:61:${yymmdd(d)}${yymmdd(d).slice(2)}${l.amt < 0 ? 'D' : 'C'}${money(Math.abs(l.amt), ',')}N${t.code === '844' ? 'CHG' : t.code === '034' ? 'MSC' : 'TRF'}NONREF//${yymmdd(d)}${++ref}`);
      let s86 = `${t.code}<00${t.kind}<10${pad(ref, 8)}${sub(20, t.title, 27, 6)}`;
      if (t.name) s86 += `${sub(27, t.name, 27, 2)}<29${t.addr.slice(0, 27)}`;
      if (t.acct) s86 += `<30${t.acct.slice(4, 12)}<31${t.acct.slice(12)}`;
      if (t.name) s86 += `${sub(32, t.name, 35, 2)}<38${t.acct}`;
      s86 += `<63${t.code === '020' || t.code === '034' ? 'REF' + yymmdd(d) + ref : ''}`;
      const raw = `:86:${s86}`;
      for (let i = 0; i < raw.length; i += 65) out.push(raw.slice(i, i + 65));
      bal += l.amt;
    }
    out.push(bal940('62F', d, bal), bal940('64', d, bal), '-');
    stmt++;
  }
  const statement = encodeSbcs(out.join('\r\n') + '\r\n', 'windows-1250');

  return {
    name: 'pl-mt940',
    description: `A Poznań wholesaler of electrical goods (VOLTEX Hurtownia Elektryczna Sp. z o.o., PLN). Open items: Comarch ERP Optima "Rozrachunki" (receivables not settled, as at 02.11.2026) saved as a real .xlsx workbook — one sheet, two title rows and a blank row above the Polish header (Lp., Akronim, Kontrahent, NIP, Numer dokumentu, Data dokumentu, Termin płatności, Dni po terminie, Kwota dokumentu, Pozostaje do zapłaty, Waluta), amounts as numbers with a "zł" number format, dates as Excel dates, a "Razem:" total row after a blank row; sales invoices numbered per month "FS 123/10/2026" and corrections "KOR 12/10/2026" (negative), sorted by customer. Statement: a SWIFT MT940 file (.sta) from an mBank-style account, Windows-1250, CRLF, one message per business day (:20:, :25:/PL IBAN, :28C:, :60F:, :61:, :86:, :62F:, :64:, "-"), :86: in the Polish structured layout (transaction code, <00 description, <10 number, <20–<25 title in 27-character pieces, <27–<28 payer name, <29 address, <30 sort code, <31 account, <32–<33 name, <38 IBAN, <63), wrapped at 65 characters. Cases: transfers citing the invoice in the many ways payers write it (FS-123/10/26, FS/123/10/2026, FV 123/10/2026, "Faktura 123/10/2026"), titles with typos (a digit dropped or swapped, O for 0, a lost space), split payments (MPP: title /VAT/…/IDC/<our NIP>/INV/<invoice>/TXT/…, only the net lands on this account, the VAT goes to the VAT account), one transfer for 2–4 invoices, invoices less a KOR correction, part payments (rounded to złoty), payments naming only the payer's NIP, two equal invoices of one customer paid by a transfer naming neither (ambiguous), unpaid invoices and open corrections; noise: daily card settlements from the acquirer, Elixir fees, the monthly account fee, ZUS, split tax-office payments (PIT-4, CIT-8, VAT-7 to the mikrorachunek podatkowy), supplier payments and salaries. Statement rows are the :61: entries in file order.`,
    openItems: { fileName: 'pl-mt940-rozrachunki.xlsx', content: xlsx },
    statement: { fileName: 'pl-mt940-wyciag.sta', content: statement },
    truth: truth(items, lines),
  };
}
