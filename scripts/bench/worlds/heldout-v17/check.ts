/**
 * Self-check of the seventeenth held-out set: `npx tsx scripts/bench/worlds/heldout-v17/check.ts
 * [--seed 1] [--open-items 2000] [--world NAME] [--kinds]`. Reads each world's two files back with
 * its own knowledge of the layouts (encodings, separators, decimal marks, non-breaking-space
 * thousands, preambles, trailers, newest-first order), checks running balances and totals, the
 * creditor references' check digits, the VAT quoted in Ukrainian purpose lines, the bank's
 * commission lines, that the truth names every transaction row once, and that every group's
 * amounts add up net of the cash discounts, SWIFT charges, VAT withholding, credit notes, returns,
 * instalments and part payments modelled.
 */
import type { World } from '../world';
import { csvTable, colOf } from '../csv';
import { mod97 } from '../mulberry32';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { parseMoney } from './common';
import { HELDOUT_V17_WORLDS } from './index';
import { fiCheck, fiDiscounted } from './fi-viitenumero';
import { uaVat } from './ua-privat';
import { maNet } from './ma-attijari';

const utf8 = (c: string | Buffer) => (typeof c === 'string' ? c : c.toString('utf8'));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const fiValid = (ref: string) => /^\d{2,20}$/.test(ref) && fiCheck(ref.replace(/^0+/, '').slice(0, -1)) === Number(ref.slice(-1));
const rfValid = (rf: string) => /^RF\d{2}\d{1,21}$/.test(rf) && mod97(rf.slice(4) + '2715' + rf.slice(2, 4)) === 1;

/** Per open-item row: its amount, the customer, and what the group checks need. */
interface Item { amt: number; cust: string; ht: number; tva: number; no: string }
interface Parsed { oi: Item[]; st: number[]; desc: string[]; payer: string[] }

function parse(w: World): Parsed {
  if (w.name === 'fi-viitenumero') {
    const o = csvTable(utf8(w.openItems.content), ';', 'Asiakasnro', assert), oc = colOf(o.head), m = (s: string) => parseMoney(s, ' ', ',');
    const oi = o.rows.map((f) => {
      const a = m(f[oc('Avoinna')]), ref = f[oc('Viitenumero')].replace(/ /g, ''), no = f[oc('Laskunro')], cust = f[oc('Asiakasnro')];
      const nat = ref.startsWith('RF') ? ref.slice(4) : ref;
      assert(nat === cust + no + fiCheck(cust + no) && (!ref.startsWith('RF') || rfValid(ref)), `${w.name}: reference ${ref} of ${no}`);
      assert((a < 0) === (f[oc('Tyyppi')] === 'Hyvityslasku') && m(f[oc('Laskun summa')]) === a && /^\d{1,2}\.\d{1,2}\.20\d\d$/.test(f[oc('Laskupäivä')]), `${w.name}: sign, sum and date of ${no}`);
      return { amt: a, cust, ht: 0, tva: 0, no };
    });
    assert(new Set(oi.map((x) => x.no)).size === oi.length, `${w.name}: invoice numbers unique`);
    const tot = o.after.find((l) => l.startsWith('Yhteensä'));
    assert(!!tot && m(tot.split(';').pop()!) === sum(oi.map((x) => x.amt)), `${w.name}: Yhteensä line`);
    const text = utf8(w.statement.content);
    assert(text.startsWith('\ufeff'), `${w.name}: statement starts with a BOM`);
    const s = csvTable(text, ';', 'Kirjauspäivä', assert), sc = colOf(s.head), d = (x: string) => parseMoney(x, '', ',');
    const amts = s.rows.map((f) => d(f[sc('Määrä')]));
    s.rows.forEach((f, i) => {
      assert(/^[+-]\d+,\d\d$/.test(f[sc('Määrä')]) && /^2026\/\d\d\/\d\d$/.test(f[0]), `${w.name}: signed amount and date at row ${i + 1}`);
      if (i + 1 < s.rows.length) assert(f[0] >= s.rows[i + 1][0] && d(f[sc('Saldo')]) === d(s.rows[i + 1][sc('Saldo')]) + amts[i], `${w.name}: newest first, running balance at row ${i + 1}`);
      const ref = f[sc('Viitenumero')];
      if (ref) assert(ref.startsWith('RF') ? rfValid(ref) : fiValid(ref), `${w.name}: reference field ${ref} valid at row ${i + 1}`);
    });
    return { oi, st: amts, desc: s.rows.map((f) => `${f[sc('Viitenumero')]} ${f[sc('Viesti')]}`), payer: s.rows.map((f) => f[sc('Nimi')]) };
  }
  if (w.name === 'ua-privat') {
    const buf = w.openItems.content as Buffer;
    assert(Buffer.isBuffer(buf) && buf.includes(0xa0) && !buf.includes(Buffer.from('а')), `${w.name}: open items in Windows-1251 with NBSP thousands`);
    const o = csvTable(new TextDecoder('windows-1251').decode(buf), ';', 'Контрагент', assert), oc = colOf(o.head), m = (s: string) => parseMoney(s, '\u00a0', ',');
    const oi = o.rows.map((f) => {
      const a = m(f[oc('Залишок')]), doc = f[oc('Документ')], ret = doc.startsWith('Повернення');
      assert(m(f[oc('Сума документа')]) - m(f[oc('Оплачено')]) === a && (a < 0) === ret && (ret || /^СФ-\d{7}$/.test(f[oc('Рахунок на оплату')])), `${w.name}: sum, paid and remainder of ${doc}`);
      assert(/^\d{8}$|^\d{10}$/.test(f[oc('Код за ЄДРПОУ')]), `${w.name}: ЄДРПОУ of ${doc}`);
      return { amt: a, cust: f[oc('Код за ЄДРПОУ')], ht: 0, tva: 0, no: f[oc('Рахунок на оплату')] || doc };
    });
    const tot = o.after.find((l) => l.startsWith('Разом'));
    assert(!!tot && m(tot.split(';').pop()!) === sum(oi.map((x) => x.amt)), `${w.name}: Разом line`);
    const sbuf = w.statement.content as Buffer;
    assert(Buffer.isBuffer(sbuf) && !sbuf.includes(Buffer.from('а')), `${w.name}: statement in Windows-1251`);
    const text = new TextDecoder('windows-1251').decode(sbuf), s = csvTable(text, ';', 'ЄДРПОУ', assert), sc = colOf(s.head), d = (x: string) => parseMoney(x, '', '.');
    const lines = text.split(/\r?\n/), val = (label: string) => { const l = lines.find((x) => x.startsWith(label + ';')); if (!l) throw new Error(`no line ${label}`); return l.split(';').slice(1); };
    const amts = s.rows.map((f, i) => {
      const db = f[sc('Дебет')], cr = f[sc('Кредит')];
      assert((db === '') !== (cr === '') && /^\d\d\.\d\d\.2026 \d\d:\d\d$/.test(f[sc('Дата операції')]), `${w.name}: one of debit/credit and the date at row ${i + 1}`);
      const purpose = f[sc('Призначення платежу')], v = cr ? d(cr) : -d(db);
      const pdv = /ПДВ(?: 20 ?%)?(?: -)? (\d+[.,]\d\d)/.exec(purpose);
      if (pdv) assert(parseMoney(pdv[1], '', pdv[1].includes(',') ? ',' : '.') === uaVat(Math.abs(v)), `${w.name}: VAT in the purpose of row ${i + 1} is a sixth of ${v}`);
      return v;
    });
    const [turnD, turnC] = val('Обороти').map(d);
    assert(-sum(amts.filter((v) => v < 0)) === turnD && sum(amts.filter((v) => v > 0)) === turnC, `${w.name}: turnovers`);
    assert(d(val('Вхідний залишок')[0]) + sum(amts) === d(val('Вихідний залишок')[0]), `${w.name}: opening + turnovers = closing`);
    return { oi, st: amts, desc: s.rows.map((f) => f[sc('Призначення платежу')]), payer: s.rows.map((f) => f[sc('ЄДРПОУ кореспондента')]) };
  }
  if (w.name === 'ma-attijari') {
    const buf = w.openItems.content as Buffer;
    assert(Buffer.isBuffer(buf) && buf.includes(0xe9) && !buf.includes(Buffer.from('é')), `${w.name}: open items in Windows-1252`);
    const o = csvTable(new TextDecoder('windows-1252').decode(buf), '\t', 'N° compte', assert), oc = colOf(o.head), m = (s: string) => parseMoney(s, ' ', ',');
    const oi = o.rows.map((f) => {
      const a = m(f[oc('Reste à payer')]), ht = m(f[oc('Montant HT')]), tva = m(f[oc('TVA')]), no = f[oc('N° pièce')];
      assert(ht + tva === a && (a < 0 ? /^AV26-\d{4}$/.test(no) && f[oc('Type')] === 'Avoir' : /^FA26-\d{5}$/.test(no) && tva === Math.round(ht * 0.2)), `${w.name}: HT + TVA = rest for ${no}`);
      assert(/^\d{15}$/.test(f[oc('ICE')]) && /^\d\d\/\d\d\/20\d\d$/.test(f[oc('Date pièce')]), `${w.name}: ICE and date of ${no}`);
      return { amt: a, cust: f[oc('N° compte')], ht, tva, no };
    });
    const tot = o.after.find((l) => l.includes('Total général'));
    assert(!!tot && m(tot.split('\t').pop()!) === sum(oi.map((x) => x.amt)), `${w.name}: Total général line`);
    const text = utf8(w.statement.content), s = csvTable(text, ';', 'Date opération', assert), sc = colOf(s.head);
    const lines = text.split(/\r?\n/), sold = lines.filter((l) => l.startsWith('Solde au ')).map((l) => m(l.split(';').pop()!));
    assert(sold.length === 2, `${w.name}: opening and closing balance lines`);
    let bal = sold[0];
    const amts = s.rows.map((f, i) => {
      const db = f[sc('Débit')], cr = f[sc('Crédit')];
      assert((db === '') !== (cr === ''), `${w.name}: one of debit/credit at row ${i + 1}`);
      const v = cr ? m(cr) : -m(db);
      bal += v;
      assert(bal === m(f[sc('Solde')]) && f[sc('Libellé')].length <= 70 && !/[^\x20-\x7e]/.test(f[sc('Libellé')]), `${w.name}: running balance and plain libellé at row ${i + 1}`);
      return v;
    });
    assert(bal === sold[1], `${w.name}: closing balance`);
    const tm = lines.find((l) => l.startsWith('TOTAL MOUVEMENTS'))!.split(';');
    assert(m(tm[3]) === -sum(amts.filter((v) => v < 0)) && m(tm[4]) === sum(amts.filter((v) => v > 0)), `${w.name}: TOTAL MOUVEMENTS`);
    const lib = s.rows.map((f) => f[sc('Libellé')]);
    const virs = lib.filter((l, i) => amts[i] > 0 && /^VIR/.test(l) && !l.includes('ATTIJARI')).length;
    const com = lib.filter((l, i) => l.startsWith('COM VIR RECU') && amts[i] === -500).length, tvc = lib.filter((l, i) => l.startsWith('TVA/COM VIR RECU') && amts[i] === -50).length;
    assert(virs === com && com === tvc, `${w.name}: a commission and its VAT for every transfer received (${virs}/${com}/${tvc})`);
    return { oi, st: amts, desc: lib, payer: lib };
  }
  throw new Error(`unknown world ${w.name}`);
}

const EXACT: Record<string, string[]> = {
  'fi-viitenumero': ['reference_field', 'reference_in_message', 'invoice_number_in_message', 'several_invoices_one_message', 'credit_note_netted', 'payment_plan_instalments', 'name_and_amount_only', 'mistyped_reference', 'collection_agency_remittance', 'same_amount_fee_by_reference', 'ambiguous_equal_amounts', 'customer_no_and_business_id_in_text', 'duplicate_refunded'],
  'ua-privat': ['invoice_number_in_purpose', 'shipping_note_quoted', 'contract_number_only', 'several_invoices', 'prepayment_then_balance', 'remainder_after_earlier_payment', 'return_netted', 'paid_by_third_party', 'name_and_amount_only', 'mistyped_invoice_number', 'same_amount_two_customers', 'ambiguous_equal_amounts', 'tax_id_and_phone_in_text', 'duplicate_refunded'],
  'ma-attijari': ['transfer_invoice_cited', 'lcn_at_maturity', 'cheque_number_only', 'cash_by_sales_rep', 'credit_note_netted', 'acompte_then_balance', 'replaced_after_unpaid_lcn', 'name_and_amount_only', 'ice_and_phone_in_text', 'mistyped_invoice_number', 'same_amount_two_customers', 'ambiguous_equal_amounts', 'duplicate_refunded'],
};

function groupOk(w: World, kind: string, items: Item[], S: number): boolean {
  const I = sum(items.map((x) => x.amt));
  if (w.name === 'fi-viitenumero') {
    if (kind === 'cash_discount_2pct') return S === sum(items.map((x) => fiDiscounted(x.amt)));
    if (kind === 'foreign_payment_fee_deducted') return [1000, 1500, 2000, 2500].includes(I - S);
  }
  if (w.name === 'ua-privat' && kind === 'part_payment') return S > 0 && S < I && S % 10000 === 0;
  if (w.name === 'ma-attijari' && kind.startsWith('transfer_vat_withheld')) return S < I && S === sum(items.map((x) => maNet(x.ht, x.tva)));
  return EXACT[w.name].includes(kind) && S === I;
}

function check(w: World): void {
  const p = parse(w);
  const { groups, kindOf } = truthGroups(w, p);
  for (const [id, g] of groups) {
    assert(g.oi.length > 0 && g.st.length > 0, `${w.name}: group ${id} has both sides`);
    assert(g.kinds.size === 1, `${w.name}: group ${id} one kind (${[...g.kinds]})`);
    const kind = [...g.kinds][0], items = g.oi.map((i) => p.oi[i]), S = sum(g.st.map((i) => p.st[i]));
    if (kind !== 'collection_agency_remittance') assert(new Set(items.map((x) => x.cust)).size === 1, `${w.name}: group ${id} one customer`);
    else assert(new Set(items.map((x) => x.cust)).size >= 2, `${w.name}: group ${id} remits for several debtors`);
    assert(groupOk(w, kind, items, S), `${w.name}: group ${id} (${kind}) items ${sum(items.map((x) => x.amt))} paid ${S}`);
    if (kind === 'ambiguous_equal_amounts') assert(g.amb, `${w.name}: group ${id} flagged ambiguous`);
    if (w.name === 'ua-privat') {
      const same = g.st.every((i) => p.payer[i] === items[0].cust);
      assert(kind === 'paid_by_third_party' ? !same : same, `${w.name}: group ${id} payer ЄДРПОУ ${kind === 'paid_by_third_party' ? 'differs from' : 'is'} the debtor's`);
    }
    if (kind === 'reference_field') assert(g.st.every((i) => /^(RF|\d)/.test(p.desc[i])), `${w.name}: group ${id} reference in the field`);
    if (kind === 'mistyped_reference') assert(g.st.every((i) => { const ref = p.desc[i].replace(/^.*Viite /, ''); return !fiValid(ref); }), `${w.name}: group ${id} mistyped reference fails its check digit`);
  }
  // Lines with no counterpart that undo each other.
  for (const k of ['duplicate_refunded', 'misdirected_returned', 'lcn_returned_unpaid']) {
    const net = w.truth.filter((t) => t.side === 'statement' && t.kind === k && t.group === null).reduce((a, t) => a + p.st[t.row - 1], 0);
    assert(net === 0, `${w.name}: ${k} lines net to zero (${net})`);
  }
  const amb = w.truth.filter((t) => t.side === 'open_items' && t.kind === 'ambiguous_equal_amounts');
  assert(amb.every((t) => t.ambiguous), `${w.name}: both equal twins flagged`);
  for (const t of amb) assert(amb.some((u) => u !== t && p.oi[u.row - 1].amt === p.oi[t.row - 1].amt && p.oi[u.row - 1].cust === p.oi[t.row - 1].cust), `${w.name}: open item ${t.row} has an equal twin`);
  void kindOf;
}

void runSelfChecks(HELDOUT_V17_WORLDS, check);
