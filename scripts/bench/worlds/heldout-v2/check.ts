/**
 * Self-check for the second held-out set: generates each world, reads both files back with its
 * own small parsers (CSV, camt.053 XML, OFX) and asserts that the truth covers every transaction
 * row exactly once, that every group has rows on both sides and one kind, that each kind's
 * arithmetic holds, and that the identifiers are valid (QR and RF references, Partita IVA,
 * CNPJ/CPF, Nosso Número DAC) and that balances and totals add up. Never runs the engine.
 *   npx tsx scripts/bench/worlds/heldout-v2/check.ts [--open-items 2000] [--seed 1] [--world ch-qr]
 */
import type { World } from '../world';
import { csvTable, splitCsvLine as split } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { HELDOUT_V2_WORLDS } from './index';
import { lettersToDigits, mod10rec, mod97 } from './common';
import { pivaCheck } from './it-riba';
import { cnpj, cpf, nnDac } from './br-boleto';


/** "1'234.50", "1.234,56", "-12.00" → cents. */
const cents = (s: string, thou: string, dec: string) => {
  let t = s.trim();
  const neg = t.startsWith('-');
  if (neg) t = t.slice(1);
  t = t.split(thou).join('');
  if (dec !== '.') t = t.replace(dec, '.');
  if (!/^\d+\.\d\d$/.test(t)) throw new Error(`bad amount "${s}"`);
  const v = Math.round(Number(t) * 100);
  return neg ? -v : v;
};
const table = (text: string, first: string) => csvTable(text, ';', first, assert);
const col = (head: string[], n: string) => { const i = head.indexOf(n); if (i < 0) throw new Error(`no column ${n}`); return i; };
const rfValid = (r: string) => /^RF\d\d[A-Z0-9]{1,21}$/.test(r) && mod97(lettersToDigits(r.slice(4) + r.slice(0, 4))) === 1;

interface Parsed { oi: { amt: number; cust: string; ref: string; orig: number }[]; st: { amt: number; text: string }[] }

function parse(w: World): Parsed {
  const txt = (c: string | Buffer, enc: BufferEncoding = 'utf8') => (typeof c === 'string' ? c : c.toString(enc));
  if (w.name === 'ch-qr') {
    const { head, rows, after } = table(txt(w.openItems.content), 'Kunde');
    const [a, o, cu, r, ty, ccy] = ['Betrag', 'Offen', 'Kunde', 'Referenz', 'Belegart', 'Währung'].map((n) => col(head, n));
    const oi = rows.map((f) => ({ amt: cents(f[o], "'", '.'), cust: f[cu], ref: f[r].replace(/\s/g, ''), orig: cents(f[a], "'", '.') }));
    rows.forEach((f, i) => {
      const ref = oi[i].ref;
      if (f[ty] === 'Gutschrift') assert(ref === '' && oi[i].amt < 0, `ch: credit note ${i + 1} negative, no reference`);
      else if (f[ccy] === 'CHF') assert(/^\d{27}$/.test(ref) && mod10rec(ref.slice(0, 26)) === Number(ref[26]), `ch: QR reference ${f[r]} valid`);
      else assert(rfValid(ref), `ch: RF reference ${f[r]} valid`);
      assert(/^\d{1,3}('\d{3})*\.\d\d$/.test(f[a].replace(/^-/, '')), `ch: apostrophe grouping ${f[a]}`);
    });
    for (const ccyName of ['CHF', 'EUR']) {
      const t = after.find((l) => l.startsWith(`Total ${ccyName};`));
      assert(!!t && cents(split(t, ';')[9], "'", '.') === rows.filter((f) => f[ccy] === ccyName).reduce((s, f) => s + cents(f[o], "'", '.'), 0), `ch: Total ${ccyName} adds up`);
    }
    const xml = txt(w.statement.content);
    const st: Parsed['st'] = [];
    for (const stmt of xml.split('<Stmt>').slice(1)) {
      const bal = (tp: string) => { const m = new RegExp(`<Cd>${tp}</Cd></CdOrPrtry></Tp><Amt Ccy="\\w+">([\\d.]+)</Amt><CdtDbtInd>(\\w+)`).exec(stmt)!; return cents(m[1], ',', '.') * (m[2] === 'DBIT' ? -1 : 1); };
      let sum = 0;
      for (const ntry of stmt.split('<Ntry>').slice(1)) {
        const m = /^<NtryRef>\d+<\/NtryRef><Amt Ccy="\w+">([\d.]+)<\/Amt><CdtDbtInd>(\w+)/.exec(ntry);
        assert(!!m && ntry.includes('<Sts><Cd>BOOK</Cd></Sts>'), 'ch: entry amount and status');
        const nAmt = cents(m![1], ',', '.') * (m![2] === 'DBIT' ? -1 : 1);
        const txs = ntry.split('<TxDtls>').slice(1);
        assert(txs.length >= 1, 'ch: every entry has TxDtls');
        let tsum = 0;
        for (const tx of txs) {
          const t = /<\/Refs><Amt Ccy="\w+">([\d.]+)<\/Amt><CdtDbtInd>(\w+)/.exec(tx)!;
          const v = cents(t[1], ',', '.') * (t[2] === 'DBIT' ? -1 : 1);
          tsum += v;
          st.push({ amt: v, text: tx.replace(/<[^>]+>/g, ' ') });
        }
        assert(tsum === nAmt, `ch: entry amount = sum of its TxDtls (${nAmt} vs ${tsum})`);
        sum += nAmt;
      }
      assert(bal('OPBD') + sum === bal('CLBD'), 'ch: opening + entries = closing');
    }
    return { oi, st };
  }
  if (w.name === 'it-riba') {
    const { head, rows } = table(txt(w.openItems.content, 'latin1'), 'Cod.Cli.');
    const [res, imp, pag, cu, piva, num, ty] = ['Residuo', 'Importo rata', 'Pagato', 'Cod.Cli.', 'Partita IVA', 'Num.doc.', 'Tipo doc.'].map((n) => col(head, n));
    for (const f of rows) {
      assert(/^(DE|ATU|CZ|CHE|FR)\d{8,11}$/.test(f[piva]) || (/^\d{11}$/.test(f[piva]) && pivaCheck(f[piva].slice(0, 10)) === f[piva][10]), `it: Partita IVA ${f[piva]} valid (or a foreign VAT id)`);
      assert(cents(f[imp], '.', ',') - cents(f[pag], '.', ',') === cents(f[res], '.', ','), 'it: Importo - Pagato = Residuo');
    }
    const { head: sh, rows: sr } = table(txt(w.statement.content), 'Data contabile');
    const [da, av, de] = ['Dare', 'Avere', 'Descrizione operazione'].map((n) => col(sh, n));
    assert(sr.every((f) => (f[da] === '') !== (f[av] === '')), 'it: exactly one of Dare/Avere');
    return {
      oi: rows.map((f) => ({ amt: cents(f[res], '.', ','), cust: f[cu], ref: `${f[ty]} ${f[num]} ${f[col(head, 'Scadenza')]}`, orig: cents(f[imp], '.', ',') })),
      st: sr.map((f) => ({ amt: f[av] ? cents(f[av], '.', ',') : -cents(f[da], '.', ','), text: f[de] })),
    };
  }
  if (w.name === 'br-boleto') {
    const { head, rows } = table(txt(w.openItems.content), 'Cliente');
    const [ab, orig, doc, nn] = ['Valor em Aberto', 'Valor Original', 'CNPJ/CPF', 'Nosso Número'].map((n) => col(head, n));
    for (const f of rows) {
      const d = f[doc].replace(/\D/g, '');
      assert(d.length === 14 ? cnpj(d.slice(0, 8), Number(d.slice(8, 12))) === f[doc] : cpf(d.slice(0, 9)) === f[doc], `br: CNPJ/CPF ${f[doc]} valid`);
      const m = /^109\/(\d{8})-(\d)$/.exec(f[nn]);
      assert(f[nn] === '' || (!!m && nnDac(m[1]) === Number(m[2])), `br: Nosso Número ${f[nn]} DAC`);
    }
    const ofx = txt(w.statement.content, 'latin1');
    assert(ofx.startsWith('OFXHEADER:100') && !/[^\r]\n/.test(ofx), 'br: OFX header, CRLF throughout');
    const st = ofx.split('<STMTTRN>').slice(1).map((b) => {
      const a = /<TRNAMT>(-?\d+\.\d\d)\r?\n/.exec(b);
      assert(!!a, 'br: TRNAMT');
      return { amt: cents(a![1], ',', '.'), text: b.replace(/<[^>]+>/g, ' ') };
    });
    return { oi: rows.map((f) => ({ amt: cents(f[ab], '.', ','), cust: f[doc], ref: f[col(head, 'Documento')], orig: cents(f[orig], '.', ',') })), st };
  }
  throw new Error(`no parser for ${w.name}`);
}

const EXACT = new Set(['qr_reference_exact', 'scor_reference', 'invoice_number_text', 'typo_reference', 'multi_invoice', 'credit_note_netted', 'remaining_balance', 'instalments', 'payer_name_only', 'ambiguous_equal_amounts', 'duplicate_payment_refunded', 'riba_distinta', 'riba_dopo_incasso', 'rata_by_transfer', 'boleto_nosso_numero', 'boleto_consolidated', 'pix_payer_name', 'pix_invoice_text', 'ted_invoice_text']);

function check(w: World): void {
  const p = parse(w);
  const { groups } = truthGroups(w, p);
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length || g.kinds.size !== 1) { assert(false, `${w.name} ${id}: both sides, one kind`); continue; }
    const kind = [...g.kinds][0];
    const I = g.oi.reduce((s, r) => s + p.oi[r].amt, 0), S = g.st.reduce((s, r) => s + p.st[r].amt, 0);
    if (EXACT.has(kind)) assert(I === S, `${w.name} ${id} (${kind}): payments ${S} = items ${I}`);
    else if (kind === 'part_payment') assert(S > 0 && S / I >= 0.29 && S / I <= 0.71, `${w.name} ${id}: part ${S}/${I}`);
    else if (kind === 'early_payment_discount' || kind === 'boleto_discount') assert(S === I - Math.round(I * 0.02), `${w.name} ${id}: 2 % discount ${I} → ${S}`);
    else if (kind === 'short_paid_fee') assert(I - S >= 500 && I - S <= 2500, `${w.name} ${id}: charges ${I - S}`);
    else if (kind === 'late_interest_added') assert((S - I) / I >= 0.0199 && (S - I) / I <= 0.0301, `${w.name} ${id}: multa+juros ${(S - I) / I}`);
    else if (kind === 'riba_insoluta_repaid') assert(S - I >= 750 && S - I <= 1500, `${w.name} ${id}: charges on the returned effect ${S - I}`);
    else assert(false, `${w.name} ${id}: unknown group kind ${kind}`);
    // Payer-only amounts are unique for the customer; the ambiguous ones have exactly one twin.
    if (kind === 'payer_name_only' || kind === 'pix_payer_name' || kind === 'ambiguous_equal_amounts') {
      const c = p.oi[g.oi[0]].cust, same = p.oi.filter((o) => o.cust === c && o.amt === I).length;
      assert(kind === 'ambiguous_equal_amounts' ? same === 2 && g.amb : same === 1 && !g.amb, `${w.name} ${id} (${kind}): ${same} items of ${I} for ${c}`);
    }
    if (kind === 'qr_reference_exact' || kind === 'scor_reference') assert(g.st.every((r) => p.st[r].text.includes(p.oi[g.oi[0]].ref)), `${w.name} ${id}: reference ${p.oi[g.oi[0]].ref} on the payment`);
    if (kind === 'riba_distinta') {
      const dues = new Set(g.oi.map((r) => p.oi[r].ref.split(' ')[2]));
      assert(dues.size === 1 && p.st[g.st[0]].text.includes(`N. ${g.oi.length} EFFETTI SCAD. ${[...dues][0]}`), `${w.name} ${id}: distinta of ${g.oi.length} effects due ${[...dues]}`);
    }
  }
  // Returns and refunds net to zero outside any group.
  for (const k of ['returned_payment', 'duplicate_payment_refunded']) {
    const s = w.truth.filter((t) => t.side === 'statement' && t.kind === k && t.group === null).reduce((a, t) => a + p.st[t.row - 1].amt, 0);
    assert(s === 0, `${w.name}: ${k} statement rows outside groups net to ${s}`);
  }
  const ins = w.truth.filter((t) => t.side === 'statement' && t.kind === 'riba_insoluta');
  assert(ins.every((t) => p.st[t.row - 1].amt < 0), `${w.name}: insoluto lines are debits`);
  const insItems = w.truth.filter((t) => t.side === 'open_items' && (t.kind === 'riba_insoluta' || t.kind === 'riba_insoluta_repaid')).map((t) => p.oi[t.row - 1].amt).sort();
  assert(JSON.stringify(insItems) === JSON.stringify(ins.map((t) => -p.st[t.row - 1].amt).sort()), `${w.name}: one insoluto debit per returned rata, same amount`);
}

void runSelfChecks(HELDOUT_V2_WORLDS, check);
