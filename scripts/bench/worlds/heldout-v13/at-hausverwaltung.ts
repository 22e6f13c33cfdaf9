/**
 * at-hausverwaltung: a Vienna property manager's rent roll (monthly demands per flat, operating-cost
 * settlements, dunning fees) against its Raiffeisen ELBA account export, in which each building's
 * monthly SEPA direct-debit run arrives as one credit line.
 */
import type { Mulberry32 } from '../mulberry32';
import type { World, WorldOptions } from '../world';
import { businessDay, cp1252, dayOf, dmy, field, money, rngFor, row, truthOf, type Row } from './common';

const FIRST = ['Maria', 'Anna', 'Elisabeth', 'Johann', 'Josef', 'Franz', 'Michael', 'Thomas', 'Andreas', 'Stefan', 'Christian', 'Sabine', 'Claudia', 'Petra', 'Mehmet', 'Ayse', 'Fatma', 'Dragan', 'Milica', 'Jelena', 'Marko', 'Ivana', 'Tomasz', 'Agnieszka', 'Jürgen', 'Günther', 'Brigitte', 'Karin'];
const LAST = ['Huber', 'Gruber', 'Wagner', 'Müller', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer', 'Leitner', 'Berger', 'Fuchs', 'Eder', 'Fischer', 'Schmid', 'Winkler', 'Weber', 'Schwarz', 'Maier', 'Schneider', 'Yilmaz', 'Kaya', 'Demir', 'Jovanovic', 'Petrovic', 'Nikolic', 'Horvath', 'Novak', 'Kowalski', 'Popescu', 'Böhm', 'Köhler', 'Strauß'];
const STREETS = ['Favoritenstraße', 'Simmeringer Hauptstraße', 'Quellenstraße', 'Brünner Straße', 'Wagramer Straße', 'Ottakringer Straße', 'Hernalser Hauptstraße', 'Meidlinger Hauptstraße', 'Landstraßer Hauptstraße', 'Thaliastraße', 'Leopoldauer Straße', 'Erdbergstraße', 'Gudrunstraße', 'Laxenburger Straße'];
const PLZ = ['1100', '1110', '1100', '1210', '1220', '1160', '1170', '1120', '1030', '1160', '1210', '1030', '1100', '1100'];
const MONTHS = ['Sep', 'Okt', 'Nov'];
const MONTH_LONG = ['September', 'Oktober', 'November'];

interface Obj { no: string; addr: string; std: boolean }
interface Tenant { family: boolean; obj: Obj; top: number; bn: string; last: string; first: string; name: string; pay: 'Einzug' | 'Überweisung' | 'Sozialamt'; mandate: string; iban: string; rent: number; raise: number }
interface Item { t: Tenant; beleg: string; day: number; due: number; text: string; amount: number; month: number }
interface StRow { day: number; text: string; amount: number }

/** A payer's name as a SEPA channel passes it: umlauts spelt out or dropped, in the payer's order and case. */
function sepaName(r: Mulberry32, first: string, last: string): string {
  const spell = (s: string) => (r.chance(0.7) ? s.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ü/g, 'UE').replace(/ß/g, 'ss') : s.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss'));
  const v = r.int(0, 3);
  const n = v === 0 ? `${first} ${last}` : v === 1 ? `${last} ${first}` : v === 2 ? `${first[0]}. ${last}` : `${last.toUpperCase()} ${first.toUpperCase()}`;
  return spell(n);
}
const iban = (r: Mulberry32) => `AT${r.int(10, 99)}${r.pick(['20111', '12000', '32000', '14000', '19043', '60000'])}${String(r.int(0, 99999999999)).padStart(11, '0')}`;

export function atHausverwaltung(options: WorldOptions): World {
  const r = rngFor(options.seed, 1303);
  const N = Math.max(60, options.openItems);
  const T = Math.max(16, Math.round(N / 3.6));
  const objs: Obj[] = [];
  const tenants: Tenant[] = [];
  while (tenants.length < T) {
    const s = r.int(0, STREETS.length - 1);
    const obj: Obj = { no: String(10 + objs.length * r.int(1, 3)).padStart(4, '0'), addr: `${STREETS[s]} ${r.int(2, 180)}, ${PLZ[s]} Wien`, std: r.chance(0.5) };
    if (objs.some((o) => o.no === obj.no)) continue;
    objs.push(obj);
    // A co-operative building has a few flat types with identical monthly demands.
    const types = [r.int(52000, 98000), r.int(68000, 125000), r.int(90000, 160000)];
    const tops = Math.min(T - tenants.length, r.int(8, 36));
    for (let k = 1; k <= tops; k++) {
      const prev = tenants[tenants.length - 1];
      const family = obj.std && prev && prev.obj === obj && r.chance(0.12);
      const last = family ? prev.last : r.pick(LAST);
      const first = family ? r.pick(FIRST.filter((f) => f[0] === prev.first[0])) : r.pick(FIRST);
      const x = r.next();
      const pay = x < 0.45 ? 'Einzug' : x < 0.92 ? 'Überweisung' : 'Sozialamt';
      const bn = `${obj.no}/${String(k).padStart(4, '0')}/${String(r.int(1, 4)).padStart(2, '0')}`;
      tenants.push({ family, obj, top: k, bn, last, first, name: `${r.chance(0.06) ? 'Mag. ' : ''}${last} ${first}${r.chance(0.1) ? ' und ' + r.pick(FIRST) : ''}`, pay, mandate: pay === 'Einzug' ? `HVST-${bn.replace(/\//g, '-')}` : '', iban: iban(r), rent: obj.std ? (family ? prev.rent : r.pick(types)) : r.int(45000, 180000), raise: r.chance(0.18) ? 1 + r.int(28, 58) / 1000 : 1 });
    }
  }
  let beleg = 40000;
  const items: Row<Item>[] = [];
  const st: Row<StRow>[] = [];
  const due = (m: number) => dayOf(2026, 9 + m, 5);
  const mk = (t: Tenant, m: number, text: string, amount: number, day = dayOf(2026, 9 + Math.max(0, m), 1) - 10): Item => ({ t, beleg: `${m < 0 ? 'V2608' : 'V26' + String(9 + m).padStart(2, '0')}-${++beleg}`, day, due: m < 0 ? dayOf(2026, 8, 5) : due(m), text, amount, month: m });
  const rentOf = (t: Tenant, m: number) => (m >= 1 ? Math.round(t.rent * t.raise) : t.rent);
  let g = 0;
  /** Direct-debit runs: per building and month, the tenants' debits, some returned. */
  const batches = new Map<string, { items: Row<Item>[]; returns: StRow[]; n: number; sum: number }>();
  const credit = (day: number, payer: string, ibanA: string, purpose: string, amount: number): StRow => ({ day, amount, text: `Gutschrift Überweisung Auftraggeber: ${payer}${purpose ? ' Verwendungszweck: ' + purpose : ''} IBAN Auftraggeber: ${ibanA} BIC Auftraggeber: ${r.pick(['GIBAATWWXXX', 'BKAUATWWXXX', 'RLNWATWWXXX', 'OBKLAT2LXXX', 'BAWAATWWXXX'])}` });
  const dayIn = (m: number, lo: number, hi: number) => businessDay(dayOf(2026, 9 + m, 1) + r.int(lo, hi));
  // How each tenant pays: their bank's spelling of the name, a partner paying, the standing order's fixed text.
  const habits = new Map<Tenant, { payer: string; who: string; fixed: string; thirdParty: boolean }>();
  tenants.forEach((t, k) => {
    const initial = (x: Tenant) => `${x.first[0]}. ${x.last}`.replace(/ü/g, 'ue').replace(/ö/g, 'oe').replace(/ä/g, 'ae').replace(/ß/g, 'ss');
    const payer = t.family ? initial(t) : sepaName(r, t.first, t.last);
    const prev = t.family ? habits.get(tenants[k - 1])! : null;
    if (prev && !prev.thirdParty) prev.who = prev.payer = initial(tenants[k - 1]);
    const thirdParty = !t.family && r.chance(0.1);
    habits.set(t, { payer, who: thirdParty ? sepaName(r, r.pick(FIRST), r.pick(LAST)) : payer, fixed: r.pick([`Miete Top ${t.top}`, `Miete ${t.obj.addr.split(',')[0]}/${t.top}`, `${t.bn}`, 'Miete', `BN ${t.bn.replace(/\//g, '')}`, '', 'Miete']), thirdParty });
  });
  // Two flats whose payers look alike, write nothing that tells them apart and owe the same: a person could not decide.
  const sigOf = (t: Tenant) => { const h = habits.get(t)!; return h.fixed === 'Miete' || h.fixed === '' ? `${h.who}|${t.rent}|${Math.round(t.rent * t.raise)}` : `${t.bn}`; };
  const sigCount = new Map<string, number>();
  for (const t of tenants) if (t.pay === 'Überweisung') sigCount.set(sigOf(t), (sigCount.get(sigOf(t)) ?? 0) + 1);
  for (const t of tenants) {
    const twin = t.pay === 'Überweisung' && (sigCount.get(sigOf(t)) ?? 0) > 1;
    const monthly = [0, 1, 2].map((m) => mk(t, m, `Vorschreibung ${MONTHS[m]} 2026 Top ${t.top}${t.raise > 1 && m === 1 ? ' (Wertsicherung)' : ''}`, rentOf(t, m)));
    const bk = r.chance(0.35) ? mk(t, 1, `BK-Abrechnung 2025 ${r.chance(0.6) ? 'Nachzahlung' : 'Guthaben'}`, 0, dayOf(2026, 9, 15)) : null;
    if (bk) bk.amount = bk.text.endsWith('Nachzahlung') ? r.int(2000, 60000) : -r.int(2000, 40000);
    const arrears = r.chance(0.08) ? [mk(t, -1, `Vorschreibung Aug 2026 Top ${t.top}`, t.rent), mk(t, -1, 'Mahnspesen 1. Mahnung', r.pick([1500, 2500]), dayOf(2026, 8, 25))] : [];
    const { payer, who, fixed, thirdParty } = habits.get(t)!;
    if (t.pay === 'Einzug') {
      for (const a of arrears) items.push(row(a, null, 'arrears_unpaid'));
      for (let m = 0; m < 3; m++) {
        const mine = [monthly[m], ...(m === 1 && bk ? [bk] : [])];
        const key = `${t.obj.no}:${m}`;
        const b = batches.get(key) ?? { items: [], returns: [], n: 0, sum: 0 };
        batches.set(key, b);
        const sum = mine.reduce((s, i) => s + i.amount, 0);
        b.n++;
        b.sum += sum;
        if (r.chance(0.04) && sum > 0) {
          // Returned: insufficient funds or refused; the tenant sometimes transfers the month later.
          b.returns.push({ day: businessDay(due(m) + r.int(2, 6)), amount: -sum, text: `Rücklastschrift SEPA-Lastschrift Mandat: ${t.mandate} Grund: ${r.pick(['AM04 Deckung unzureichend', 'MD06 Rückgabe auf Verlangen des Zahlers', 'MS03 Grund nicht angegeben'])} Zahlungspflichtiger: ${payer} Ursprungsbetrag: ${money(sum, { dec: ',', thou: '.', decimals: 2 })}` });
          st.push(row({ day: businessDay(due(m) + r.int(2, 6)), amount: -r.pick([600, 850]), text: `Spesen Rücklastschrift ${t.mandate}` }, null, 'return_fee'));
          if (r.chance(0.5)) {
            const id = `at${++g}`;
            for (const i of mine) items.push(row(i, id, 'paid_after_return'));
            st.push(row(credit(businessDay(due(m) + r.int(8, 20)), payer, t.iban, `Miete ${MONTH_LONG[m]} Top ${t.top} nach Rueckbuchung`, sum), id, 'paid_after_return'));
          } else for (const i of mine) items.push(row(i, null, 'returned_debit_unpaid'));
          continue;
        }
        for (const i of mine) b.items.push(row(i, `batch:${key}`, 'direct_debit_batch'));
      }
      continue;
    }
    if (t.pay === 'Sozialamt') {
      // The social-welfare office pays a fixed share direct to the landlord; the tenant pays the rest.
      for (const a of arrears) items.push(row(a, null, 'arrears_unpaid'));
      if (bk) items.push(row(bk, null, bk.amount < 0 ? 'credit_unapplied' : 'unpaid_invoice'));
      const share = Math.round((t.rent * r.int(40, 75)) / 100 / 1000) * 1000;
      const gz = `MA40-SH/${r.int(100000, 999999)}/2026`;
      for (let m = 0; m < 3; m++) {
        const i = monthly[m];
        const id = `at${++g}`;
        const own = r.chance(0.75);
        const kind = own ? 'welfare_split' : 'welfare_part_only';
        items.push(row(i, id, kind));
        st.push(row({ day: dayIn(m, 0, 4), amount: share, text: `Gutschrift Überweisung Auftraggeber: Stadt Wien MA 40 Sozialzentrum Verwendungszweck: GZ ${gz} Mietanteil ${t.last.toUpperCase()} ${t.first.toUpperCase()} ${MONTHS[m].toUpperCase()} 2026 IBAN Auftraggeber: AT401200051428024701 BIC Auftraggeber: BKAUATWWXXX` }, id, kind));
        if (own) st.push(row(credit(dayIn(m, 2, 12), payer, t.iban, `Miete Rest Top ${t.top}`, i.amount - share), id, kind));
      }
      continue;
    }
    // Transfers: mostly standing orders with a fixed text; the text says the month only when typed by hand.
    const habit = r.next();
    const kindOf = (base: string) => (thirdParty ? 'third_party_payer' : base);
    if (arrears.length) {
      const id = `at${++g}`;
      for (const a of arrears) items.push(row(a, id, 'arrears_with_dunning_fee'));
      st.push(row(credit(dayIn(0, 8, 25), who, t.iban, `Rueckstand August + Mahnspesen Top ${t.top}`, arrears[0].amount + arrears[1].amount), id, 'arrears_with_dunning_fee'));
    }
    // Operating-cost settlement: a back payment paid at once or in two instalments; a credit netted or left.
    if (bk && bk.amount > 0) {
      const y = r.next();
      if (y < 0.55) { const id = `at${++g}`; items.push(row(bk, id, 'bk_back_payment')); st.push(row(credit(dayIn(1, 10, 40), who, t.iban, `BK-Abrechnung 2025 ${r.chance(0.5) ? 'Top ' + t.top : t.bn}`, bk.amount), id, 'bk_back_payment')); }
      else if (y < 0.8 && bk.amount >= 4000) {
        const id = `at${++g}`;
        const first = Math.round(bk.amount / 2);
        items.push(row(bk, id, 'instalments'));
        st.push(row(credit(dayIn(1, 10, 20), who, t.iban, `1. Rate BK-Nachzahlung Top ${t.top}`, first), id, 'instalments'), row(credit(dayIn(2, 10, 20), who, t.iban, `2. Rate BK-Nachzahlung Top ${t.top}`, bk.amount - first), id, 'instalments'));
      } else items.push(row(bk, null, 'unpaid_invoice'));
    }
    const netCredit = bk && bk.amount < 0 && r.chance(0.5);
    if (bk && bk.amount < 0 && !netCredit) items.push(row(bk, null, 'credit_unapplied'));
    if (habit < 0.1) { for (const i of [...monthly, ...(netCredit ? [bk!] : [])]) items.push(row(i, null, i.amount < 0 ? 'credit_unapplied' : 'unpaid_invoice')); continue; }
    if (habit < 0.25) {
      // Skips October: November brings both months, or one month whose text does not say which.
      items.push(row(monthly[0], `at${++g}`, kindOf('standing_order_rent'), twin));
      st.push(row(credit(dayIn(0, 0, 5), who, t.iban, fixed, monthly[0].amount), `at${g}`, kindOf('standing_order_rent'), twin));
      if (r.chance(0.5) && !netCredit) {
        const id = `at${++g}`;
        items.push(row(monthly[1], id, 'multi_month'), row(monthly[2], id, 'multi_month'));
        st.push(row(credit(dayIn(2, 0, 8), who, t.iban, `Miete Okt + Nov Top ${t.top}`, monthly[1].amount + monthly[2].amount), id, 'multi_month'));
      } else {
        const id = `at${++g}`;
        const amb = monthly[1].amount === monthly[2].amount;
        items.push(row(monthly[1], null, amb ? 'month_unclear' : 'unpaid_invoice', amb), row(monthly[2], id, amb ? 'month_unclear' : kindOf('standing_order_rent'), amb));
        st.push(row(credit(dayIn(2, 0, 5), who, t.iban, fixed, monthly[2].amount), id, amb ? 'month_unclear' : kindOf('standing_order_rent'), amb));
        if (netCredit) items.push(row(bk!, null, 'credit_unapplied'));
      }
      continue;
    }
    for (let m = 0; m < 3; m++) {
      const i = monthly[m];
      const id = `at${++g}`;
      if (m === 1 && netCredit) {
        items.push(row(i, id, 'credit_netted'), row(bk!, id, 'credit_netted'));
        st.push(row(credit(dayIn(1, 0, 6), who, t.iban, `Miete ${MONTHS[1]} 2026 abzgl. BK-Guthaben Top ${t.top}`, i.amount + bk!.amount), id, 'credit_netted'));
        continue;
      }
      if (m >= 1 && t.raise > 1) {
        // The standing order was never raised after the index adjustment: the old amount arrives.
        items.push(row(i, id, 'stale_standing_order', twin));
        st.push(row(credit(dayIn(m, 0, 5), who, t.iban, fixed, t.rent), id, 'stale_standing_order', twin));
        continue;
      }
      const kind = kindOf('standing_order_rent');
      const own = r.chance(0.15);
      items.push(row(i, id, kind, twin && !own));
      const d = dayIn(m, 0, 5);
      st.push(row(credit(d, who, t.iban, own ? `Miete ${MONTH_LONG[m]} 2026 Top ${t.top}` : fixed, i.amount), id, kind, twin && !own));
      if (r.chance(0.015)) st.push(row(credit(businessDay(d + r.int(1, 9)), who, t.iban, `Miete ${MONTH_LONG[m]}`, i.amount), null, 'duplicate_payment'));
    }
  }
  // One credit line per building and month for the direct-debit run, booked on the due date.
  for (const [key, b] of batches) {
    const [obj, ms] = key.split(':');
    const m = Number(ms);
    if (!b.items.length && !b.returns.length) continue;
    const id = `batch:${key}`;
    st.push(row({ day: businessDay(due(m)), amount: b.sum, text: `Gutschrift SEPA-Lastschrift Sammelauftrag HV${obj}-26${String(9 + m).padStart(2, '0')} ${b.n} Posten Creditor-ID AT12ZZZ00000045871 Einreicher Hausverwaltung Steiner GmbH` }, b.items.length ? id : null, b.items.length ? 'direct_debit_batch' : 'returned_debit_unpaid'));
    for (const ret of b.returns) st.push(row(ret, b.items.length ? id : null, b.items.length ? 'direct_debit_return' : 'returned_debit_unpaid'));
    items.push(...b.items);
  }
  // Lines that pay nothing on the list.
  const nNoise = Math.round(st.length * 0.08);
  for (let k = 0; k < nNoise; k++) {
    const day = businessDay(dayOf(2026, 9, 1) + r.int(0, 88));
    const o = r.pick(objs);
    const v = r.int(0, 4);
    const d = (text: string, amount: number, kind = 'noise_debit') => st.push(row({ day, text, amount }, null, kind));
    if (v === 0) d(`Abbuchung Einzug Wien Energie GmbH Gas/Strom Allgemein Objekt ${o.no} Vertragskonto ${r.int(1e9, 9.9e9)}`, -r.int(8000, 90000));
    else if (v === 1) d(`Überweisung Hausbetreuung ${r.pick(['Nowak', 'Clean-Team', 'Sauber'])} GmbH RE ${r.int(1000, 9999)} Objekt ${o.no}`, -r.int(30000, 250000));
    else if (v === 2) d(`Abbuchung Einzug UNIQA Versicherungen AG Polizze ${r.int(1e8, 9.9e8)} Gebaeudeversicherung`, -r.int(40000, 400000));
    else if (v === 3) d(`Gutschrift Überweisung Auftraggeber: ${sepaName(r, r.pick(FIRST), r.pick(LAST))} Verwendungszweck: Kaution Top ${r.int(1, 30)} ${o.addr.split(',')[0]} IBAN Auftraggeber: ${iban(r)}`, r.int(150000, 450000), 'deposit_no_item');
    else d(`Gutschrift Überweisung Auftraggeber: UNIQA Versicherungen AG Verwendungszweck: Schadensfall ${r.int(1e6, 9.9e6)} Wasserschaden Objekt ${o.no}`, r.int(20000, 500000), 'insurance_payout');
  }
  // Account fees and interest (net of capital-gains tax) at each month's end.
  for (const [m, d] of [dayOf(2026, 9, 30), dayOf(2026, 10, 30), dayOf(2026, 11, 30)].entries()) {
    st.push(row({ day: d, text: `Kontoführung ${MONTHS[m]} 2026`, amount: -r.pick([1890, 2450]) }, null, 'noise_debit'));
    st.push(row({ day: d, text: 'Habenzinsen abzgl. KESt', amount: r.int(100, 4000) }, null, 'interest'));
  }
  // The rent roll: by building and flat, a subtotal line per building, a grand total.
  const eur = (v: number) => money(v, { dec: ',', thou: '.', decimals: 2 });
  const oiRows = [...items].sort((a, b) => a.data.t.bn.localeCompare(b.data.t.bn) || a.data.due - b.data.due || a.data.beleg.localeCompare(b.data.beleg));
  const L = ['Hausverwaltung Steiner GmbH;;;;;;;;;;;', 'Offene Posten Bestandnehmer per 30.11.2026 (vor Bankverbuchung Sep-Nov);;;;;;;;;;;', 'Alle Objekte - sortiert nach Objekt/Top;;;;;;;;;;;', 'Objekt;Top;BN-Nr;Bestandnehmer;Belegnr;Belegdatum;Fällig;Buchungstext;Zahlungsart;Mandatsreferenz;Soll;Offen'];
  let objSum = 0, total = 0;
  oiRows.forEach(({ data: i }, k) => {
    L.push([i.t.obj.no, String(i.t.top), i.t.bn, i.t.name, i.beleg, dmy(i.day, '.'), dmy(i.due, '.'), i.text, i.t.pay, i.t.mandate, eur(i.amount), eur(i.amount)].map((f) => field(f, ';')).join(';'));
    objSum += i.amount;
    total += i.amount;
    if (k + 1 === oiRows.length || oiRows[k + 1].data.t.obj !== i.t.obj) {
      L.push([`Summe Objekt ${i.t.obj.no} ${i.t.obj.addr}`, '', '', '', '', '', '', '', '', '', eur(objSum), eur(objSum)].map((f) => field(f, ';')).join(';'));
      objSum = 0;
    }
  });
  L.push(['Gesamtsumme', '', '', '', '', '', '', '', '', '', eur(total), eur(total)].join(';'));
  // ELBA: no header line; date;text;value date;signed amount;currency;timestamp; newest first.
  const sts = st.map((s, k) => ({ s, k })).sort((a, b) => b.s.data.day - a.s.data.day || b.k - a.k).map((x) => x.s);
  const S = sts.map(({ data: s }, k) => [dmy(s.day, '.'), `"${s.text.replace(/"/g, '""')}"`, dmy(s.day, '.'), money(s.amount, { dec: ',', thou: '.', decimals: 2, plus: true }), 'EUR', `${dmy(s.day, '.')} ${String(6 + (k % 12)).padStart(2, '0')}:${String((k * 7) % 60).padStart(2, '0')}:${String((k * 13) % 60).padStart(2, '0')}:${String((k * 37) % 1000).padStart(3, '0')}`].join(';'));
  return {
    name: 'at-hausverwaltung',
    description: `A Vienna property manager exports its tenants' open items from its property-management software (windows-1252, ';', decimal comma, dd.mm.yyyy, a three-line preamble padded with separators, a "Summe Objekt" subtotal line after each building and a grand total; columns building, flat (Top), tenant number Objekt/Top/contract, tenant "Surname First", document number, due date, text, payment method Einzug/Überweisung/Sozialamt and SEPA mandate) covering the August arrears and the September–November demands before the bank account is posted, and the Raiffeisen ELBA export of its trust account (windows-1252, no header line, date;text;value date;signed amount "+1.234,56";EUR;timestamp, newest first, the whole transfer — payer, purpose, IBAN, BIC — in one quoted text field). Monthly demands repeat the same amount for a flat, and co-operative buildings give flats of one type identical amounts; payers' names arrive reordered, initialled, in capitals and with umlauts spelt out. Cases: each building's monthly direct-debit run is one credit line (n Posten) grouping all its debited demands, including October operating-cost back payments and credits netted into the debit; returned debits (Rücklastschrift with reason code, separate fee) are netted in that run's group and the demand stays open, some paid later by transfer; standing orders with a fixed text that never names the month; standing orders not raised after an index adjustment (short by the increase); tenants skipping October then paying two months at once, or one month whose text does not say which (ambiguous); payments by a partner or relative; the welfare office (MA 40) paying a fixed share with the tenant paying the rest, or only the share; operating-cost back payments paid at once or in two instalments, credits netted or left open; August arrears paid with the dunning fee; duplicate standing-order payments; unpaid demands; deposits (Kaution), insurance payouts, utility and caretaker debits, account fees and interest.`,
    openItems: { fileName: 'OP-Liste_Bestandnehmer_30112026.csv', content: cp1252(L.join('\r\n') + '\r\n') },
    statement: { fileName: 'ELBA_AT483200000012345678_20260901-20261130.csv', content: cp1252(S.join('\r\n') + '\r\n') },
    truth: [...truthOf('open_items', oiRows), ...truthOf('statement', sts)],
  };
}
