/**
 * br-boleto — Plastnor Embalagens Ltda (Joinville, SC), a plastic-packaging maker selling to
 * supermarkets, food producers and distributors in southern Brazil; one BRL account at a large
 * Brazilian bank, boletos registered with that bank (carteira 109).
 *
 * Open items: a "Contas a Receber" export of a Brazilian ERP (Omie/TOTVS style), `;`, UTF-8 with
 * BOM, dd/mm/yyyy, amounts `1.234,56`. One row per parcela:
 * `Cliente;CNPJ/CPF;Documento;Parcela;Emissão;Vencimento;Valor Original;Valor em Aberto;Forma de Recebimento;Nosso Número;Observação`.
 * Documents are NF-e numbers (`NF-e 48213`), parcelas `2/3` (28/56/84 DDL and the like), credit
 * notes are customers' return invoices (`NFD 1187`, negative), CNPJ `12.345.678/0001-90` / CPF with
 * valid check digits, Nosso Número `109/01234567-8` (Itaú-style DAC) for boleto parcelas. Rows by
 * customer, then due date.
 *
 * Statement: the bank's OFX 1.02 (SGML) "extrato" for the quarter, oldest first, `TRNAMT` with a
 * decimal point, `NAME` = the payer (cut at 32) when the bank knows it, `MEMO` the bank's text:
 * `LIQUIDACAO BOLETO NN 109/01234567-8` per boleto (some with `VLR TIT … JUROS …`), `CREDITO
 * COBRANCA - 6 TITULOS` for a day's boletos in one sum, `PIX RECEBIDO` (with the payer's message
 * when there is one, and the payer's CNPJ/CPF — a branch's 0002 CNPJ now and then), `TED RECEBIDA
 * 237 1234 …`, cheque deposits and returns, card-acquirer credits, fund redemptions, `SISPAG`
 * supplier and salary payments, DARF/DAS/FGTS taxes and tariffs.
 *
 * Kinds (same label on both sides of a group):
 *   boleto_nosso_numero    a parcela's boleto paid on time, credited with its Nosso Número.
 *   late_interest_added    a boleto paid late: value + 2 % multa + 1 % a month juros pro rata die.
 *   boleto_discount        a boleto paid early with its 2 % discount (desconto pontualidade).
 *   boleto_consolidated    the on-time boletos of a day from several customers in one credit.
 *   parcela_not_yet_due    boleto parcelas due after the period: no group.
 *   pix_payer_name         a PIX with the payer's name (and document) only; amount unique for the customer.
 *   pix_invoice_text       a PIX whose message names the NF (and parcela).
 *   ted_invoice_text       a TED naming the NF.
 *   typo_reference         a PIX/TED message naming the NF with one digit wrong.
 *   multi_invoice          one PIX/TED for 2–4 parcelas or NFs of one customer.
 *   credit_note_netted     parcelas minus a return invoice (NFD), one transfer naming them.
 *   part_payment           a PIX of 30–70 % of a parcela ("ADIANTAMENTO", "PARCIAL").
 *   remaining_balance      a parcela with Valor em Aberto < Valor Original; the transfer pays the rest.
 *   ambiguous_equal_amounts a PIX with only the payer while two parcelas of that amount are open (ambiguous).
 *   returned_payment       a cheque deposited and returned (motivo 11): parcela and both lines no group.
 *   unpaid_invoice, open_credit_note         no group.
 *   noise_supplier, noise_salary, noise_tax, noise_bank_fee, noise_card_acquirer, noise_investment.
 */
import type { World, WorldGenerator } from '../world';
import { Rng, biz, businessDays, dayOf, dmy, money, pad, q, sortRandomTies, truthRows, upperAscii, ymd } from './common';

type Forma = 'Boleto' | 'PIX' | 'TED' | 'Cheque';
interface Cust { name: string; doc: string; pj: boolean; forma: Forma; plan: number[]; payer: string; branch?: { name: string; doc: string } }
interface Inv { nf: number; rows: Doc[] }
interface Doc { c: Cust; inv: Inv; type: 'NF' | 'NFD'; day: number; p: number; n: number; due: number; orig: number; open: number; nn: string; g: string | null; kind: string; amb?: boolean }
interface Line { day: number; amt: number; name: string; memo: () => string; type: string; check?: string; g: string | null; kind: string; amb?: boolean }

const D0 = dayOf(2026, 4, 1), D1 = dayOf(2026, 6, 30);
const br = (c: number) => money(c, '.', ',');
const slash = (d: number) => dmy(d, '/');
const ddmm = (d: number) => slash(d).slice(0, 5);
const AG = '1548', CC = '27094';

const dv11 = (digits: string, weights: number[]) => { let s = 0; for (let i = 0; i < digits.length; i++) s += Number(digits[i]) * weights[i]; const r = s % 11; return r < 2 ? 0 : 11 - r; };
/** A CNPJ with valid check digits, formatted; `branch` 1 = matriz (0001). */
export function cnpj(root8: string, branch: number): string {
  const b = root8 + pad(branch, 4);
  const d1 = dv11(b, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = dv11(b + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const s = b + d1 + d2;
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
}
export function cpf(nine: string): string {
  const d1 = dv11(nine, [10, 9, 8, 7, 6, 5, 4, 3, 2]), d2 = dv11(nine + d1, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const s = nine + d1 + d2;
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}
/** Itaú-style DAC of a Nosso Número: mod 10 (weights 2,1 from the right) over agência, conta, carteira, número. */
export function nnDac(nn8: string): number {
  const s = AG + CC + '109' + nn8;
  let sum = 0;
  for (let i = s.length - 1, w = 2; i >= 0; i--, w = 3 - w) { const v = Number(s[i]) * w; sum += v > 9 ? v - 9 : v; }
  return (10 - (sum % 10)) % 10;
}

const FAM = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Costa', 'Schmitt', 'Krüger', 'Hoffmann', 'Zanella', 'Bortolini', 'Ferreira', 'Rodrigues', 'Almeida', 'Nunes', 'Machado', 'Becker', 'Vieira', 'Cardoso', 'Ribeiro', 'Lopes'];
const FIRST = ['João', 'José', 'Maria', 'Ana', 'Carlos', 'Paulo', 'Marcos', 'Luiz', 'Fernanda', 'Juliana', 'Ricardo', 'Adriana'];
const TRADE = ['Supermercado', 'Mercado', 'Distribuidora', 'Frigorífico', 'Laticínios', 'Panificadora', 'Indústria de Alimentos', 'Atacadista', 'Comércio de Embalagens', 'Agroindústria', 'Cooperativa Agrícola', 'Conservas'];
const SUFFIX = ['Ltda', 'Ltda', 'Ltda', 'S.A.', 'Eireli', 'ME', 'Ltda EPP'];
const CITY = ['Joinville', 'Blumenau', 'Jaraguá do Sul', 'Itajaí', 'Chapecó', 'Curitiba', 'Criciúma', 'Lages', 'Caxias do Sul', 'Passo Fundo', 'Ponta Grossa', 'Brusque'];

export const brBoleto: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 48271 + 5813);
  const custs: Cust[] = [], seen = new Set<string>();
  const nCust = Math.max(40, Math.round(openItems / 6.5));
  while (custs.length < nCust) {
    const pj = rng.chance(0.9);
    const fam = rng.pick(FAM);
    const name = pj ? (rng.chance(0.5) ? `${rng.pick(TRADE)} ${fam} ${rng.pick(SUFFIX)}` : `${rng.pick(TRADE)} ${rng.pick(CITY)} ${fam.slice(0, 1)}${rng.pick(FAM).slice(0, 1)} ${rng.pick(SUFFIX)}`) : `${rng.pick(FIRST)} ${rng.pick(FAM)} ${fam}`;
    const payer = upperAscii(name).replace(/\./g, '').slice(0, 32).trim();
    if (seen.has(name) || seen.has(payer)) continue;
    seen.add(name); seen.add(payer);
    const doc = pj ? cnpj(pad(rng.int(1000000, 99999999), 8), 1) : cpf(pad(rng.int(1000000, 999999999), 9));
    const forma: Forma = rng.weighted({ Boleto: 62, PIX: 22, TED: 13, Cheque: 3 });
    const plan = rng.pick([[28], [28, 56], [28, 56, 84], [30, 60, 90], [30, 60, 90, 120], [21], [35, 42, 49]]);
    const c: Cust = { name, doc, pj, forma, plan, payer };
    if (pj && rng.chance(0.12)) c.branch = { name: `${payer.split(' ').slice(0, 3).join(' ')} FILIAL ${upperAscii(rng.pick(CITY))}`.slice(0, 32), doc: cnpj(doc.replace(/\D/g, '').slice(0, 8), rng.int(2, 9)) };
    custs.push(c);
  }
  const skew = (pool: Cust[]) => pool[Math.min(pool.length - 1, Math.floor(pool.length * Math.pow(rng.next(), 1.6)))];
  const pools = { Boleto: custs.filter((c) => c.forma === 'Boleto'), X: custs.filter((c) => c.forma === 'PIX' || c.forma === 'TED'), Cheque: custs.filter((c) => c.forma === 'Cheque') };
  if (!pools.Cheque.length) pools.Cheque.push(custs[custs.length - 1]);

  const docs: Doc[] = [], lines: Line[] = [], invs: Inv[] = [];
  const days = businessDays(D0, D1);
  const reserved = new Map<Cust, Set<number>>();
  const amount = (c: Cust): number => { for (;;) { const a = rng.amountCents(300, 60000); if (!reserved.get(c)?.has(a)) return a; } };
  /** An NF-e split into parcelas; those due before the period were paid and are not listed. */
  const nf = (c: Cust, day: number, total: number, kindOf: (due: number, i: number) => [string, string | null] | null, plan = c.plan): Doc[] => {
    const inv: Inv = { nf: 0, rows: [] };
    invs.push(inv);
    const n = plan.length;
    let left = total;
    plan.forEach((p, i) => {
      const due = biz(day + p), amt = i === n - 1 ? left : Math.round(total / n);
      left -= amt;
      const k = kindOf(due, i);
      if (!k) return;
      const d: Doc = { c, inv, type: 'NF', day, p: i + 1, n, due, orig: amt, open: amt, nn: '', g: k[1], kind: k[0] };
      inv.rows.push(d);
      docs.push(d);
    });
    return inv.rows;
  };
  const one = (c: Cust, day: number, total: number, kind: string, g: string | null) => nf(c, day, total, () => [kind, g], [c.plan[0]])[0];
  const nfText = (d: Doc, no = d.inv.nf) => rng.pick([`NF ${no}`, `NF ${no} PARC ${d.p}`, `NFE ${no}`, `NOTA ${no}`, `NF ${no}/${d.p}`, `REF NF ${no}`, `PAGTO NF ${no}`, `DUPLICATA ${no}-${d.p}`]);
  const docOf = (c: Cust, useBranch: boolean) => (useBranch && c.branch ? c.branch.doc : c.doc);
  const pix = (c: Cust, day: number, amt: number, msg: () => string, g: string | null, kind: string, amb?: boolean) => {
    const br0 = !!c.branch && rng.chance(0.4);
    const name = br0 ? c.branch!.name : c.payer;
    const docTxt = c.pj ? docOf(c, br0) : `***.${c.doc.slice(4, 11)}-**`;
    lines.push({ day, amt, name, memo: () => { const m = msg(); return `PIX RECEBIDO ${ddmm(day)} ${docTxt}${m ? ' ' + m : ''}`; }, type: 'CREDIT', g, kind, amb });
  };
  const ted = (c: Cust, day: number, amt: number, msg: () => string, g: string | null, kind: string) =>
    lines.push({ day, amt, name: c.payer, memo: () => `TED RECEBIDA ${rng.pick(['237', '001', '104', '033', '748', '756'])} ${pad(rng.int(1, 9999), 4)} ${c.doc.replace(/\D/g, '')} ${msg()}`.trim(), type: 'CREDIT', g, kind });
  const transfer = (c: Cust, day: number, amt: number, msg: () => string, g: string | null, kind: string) => (c.forma === 'TED' || rng.chance(0.2) ? ted(c, day, amt, msg, g, kind) : pix(c, day, amt, msg, g, kind));
  const outL = (day: number, amt: number, name: string, memo: string, kind: string, type = 'DEBIT') => lines.push({ day, amt: -amt, name, memo: () => memo, type, g: null, kind });

  let gid = 0;
  const boletoRows: Doc[] = [];
  while (docs.length < openItems) {
    const kind = rng.weighted({ boleto: 45, pix_payer_name: 7, pix_invoice_text: 7, ted_invoice_text: 4, typo_reference: 2, multi_invoice: 5, credit_note_netted: 3, part_payment: 2, remaining_balance: 2, ambiguous_equal_amounts: 1.5, returned_payment: 1, unpaid_invoice: 7, open_credit_note: 1 });
    const g = `b${++gid}`, pd = rng.pick(days);
    const xc = skew(pools.X);
    switch (kind) {
      case 'boleto': { const c = skew(pools.Boleto); boletoRows.push(...nf(c, rng.int(D0 - 110, D1 - 15), amount(c), (due) => (due < D0 ? null : ['boleto', null]))); break; }
      case 'pix_payer_name': case 'ambiguous_equal_amounts': {
        let a: number;
        for (;;) { a = amount(xc); if (a % 10000 !== 0 && !docs.some((d) => d.c === xc && d.open === a)) break; }
        reserved.set(xc, (reserved.get(xc) ?? new Set()).add(a));
        if (kind === 'ambiguous_equal_amounts') {
          // Two parcelas of one NF of equal value, both due; a PIX of that value naming nothing.
          const rows = nf(xc, pd - rng.int(40, 70), a * 2, (_due, i) => [kind, i === 0 ? g : null], [rng.int(14, 21), rng.int(28, 35)]);
          for (const d of rows) d.amb = true;
          pix(xc, pd, a, () => '', g, kind, true);
        } else { one(xc, pd - rng.int(15, 60), a, kind, g); pix(xc, pd, a, () => rng.pick(['', '', 'PAGAMENTO', 'PAGTO FORNECEDOR']), g, kind); }
        break;
      }
      case 'pix_invoice_text': case 'ted_invoice_text': case 'typo_reference': {
        const c = xc, d = one(c, pd - rng.int(15, 60), amount(c), kind, g);
        const msg = () => (kind === 'typo_reference' ? nfText(d, mistype(d.inv.nf)) : nfText(d));
        if (kind === 'ted_invoice_text') ted(c, pd, d.open, msg, g, kind); else pix(c, pd, d.open, msg, g, kind);
        break;
      }
      case 'multi_invoice': case 'credit_note_netted': {
        const c = xc;
        const ds = rng.chance(0.4) && kind === 'multi_invoice'
          ? nf(c, pd - rng.int(60, 80), amount(c) * 3, (due, i) => (i < 2 ? [kind, g] : ['unpaid_invoice', null]), [28, 42, 90]).filter((d) => d.g === g)
          : Array.from({ length: kind === 'multi_invoice' ? rng.int(2, 4) : rng.int(1, 2) }, () => one(c, pd - rng.int(15, 60), amount(c), kind, g));
        let nfd: Doc | undefined;
        if (kind === 'credit_note_netted') {
          const v = Math.round(ds.reduce((s, d) => s + d.open, 0) * (0.04 + rng.next() * 0.3));
          nfd = { c, inv: { nf: rng.int(1000, 9999), rows: [] }, type: 'NFD', day: pd - rng.int(3, 20), p: 1, n: 1, due: 0, orig: -v, open: -v, nn: '', g, kind };
          nfd.due = nfd.day;
          nfd.inv.rows.push(nfd);
          docs.push(nfd);
        }
        transfer(c, pd, ds.reduce((s, d) => s + d.open, 0) + (nfd?.open ?? 0), () => {
          const same = ds.every((d) => d.inv === ds[0].inv);
          const head = same ? `NF ${ds[0].inv.nf} PARC ${ds.map((d) => d.p).join(' E ')}` : `${rng.pick(['NFS', 'NF', 'PAGTO NFS'])} ${ds.map((d) => d.inv.nf).join(rng.pick([' ', '/', ' E ', ',']))}`;
          return nfd ? `${head} ${rng.pick(['MENOS DEV', '- DEVOLUCAO', 'DESC NFD'])} ${nfd.inv.nf}` : head;
        }, g, kind);
        break;
      }
      case 'part_payment': {
        const d = one(xc, pd - rng.int(15, 60), amount(xc), kind, g);
        pix(xc, pd, Math.round(d.open * (0.3 + rng.next() * 0.4) / 100) * 100, () => `${rng.pick(['ADIANTAMENTO', 'PARCIAL', 'PGTO PARCIAL'])} ${nfText(d)}`, g, kind);
        break;
      }
      case 'remaining_balance': {
        const d = one(xc, pd - rng.int(40, 80), amount(xc), kind, g);
        d.open = Math.round(d.orig * (0.3 + rng.next() * 0.5));
        transfer(xc, pd, d.open, () => `${rng.pick(['SALDO', 'RESTANTE', 'SALDO DA'])} ${nfText(d)}`, g, kind);
        break;
      }
      case 'returned_payment': {
        const c = skew(pools.Cheque), day = rng.pick(days.filter((x) => x < D1 - 12)), d = one(c, day - rng.int(20, 40), amount(c), kind, null);
        const chq = pad(rng.int(1, 999999), 6);
        lines.push({ day, amt: d.open, name: '', memo: () => `DEP CHEQUE ${chq} BCO ${rng.pick(['001', '237', '341', '104'])}`, type: 'DEP', check: chq, g: null, kind });
        const rd = biz(day + rng.int(2, 8));
        lines.push({ day: rd, amt: -d.open, name: '', memo: () => `CHEQUE DEVOLVIDO ${chq} MOTIVO 11`, type: 'DEBIT', check: chq, g: null, kind });
        outL(rd, rng.pick([1750, 2000]), '', `TAR CHEQUE DEVOLVIDO ${chq}`, 'noise_bank_fee', 'FEE');
        break;
      }
      case 'unpaid_invoice': { const c = skew(custs); nf(c, rng.int(D0 - 60, D1 - 5), amount(c), () => ['unpaid_invoice', null]); break; }
      case 'open_credit_note': {
        const c = skew(custs), v = rng.amountCents(50, 3000), day = rng.int(D0 - 30, D1 - 5);
        const d: Doc = { c, inv: { nf: rng.int(1000, 9999), rows: [] }, type: 'NFD', day, p: 1, n: 1, due: day, orig: -v, open: -v, nn: '', g: null, kind };
        d.inv.rows.push(d);
        docs.push(d);
        break;
      }
    }
  }

  // Boleto parcelas: paid on time (credited D+1 with the NN), late with multa and juros, early with the discount, in a day's sum, or not yet due.
  const consolidated = new Map<number, Doc[]>();
  for (const d of boletoRows) {
    if (d.due > D1 - 2) { d.kind = 'parcela_not_yet_due'; continue; }
    const o = rng.weighted({ on_time: 66, late: 11, early: 5, consolidated: 12, open: 6 });
    const g = `b${++gid}`;
    const nnTxt = () => (rng.chance(0.8) ? `109/${d.nn}` : d.nn.replace('-', ''));
    if (o === 'open') { d.kind = d.due < D1 - 10 ? 'unpaid_invoice' : 'parcela_not_yet_due'; continue; }
    if (o === 'late') {
      const late = rng.int(2, 25), day = biz(d.due + late + 1);
      if (day > D1) { d.kind = 'parcela_not_yet_due'; continue; }
      const multa = Math.round(d.open * 0.02), juros = Math.round((d.open * 0.01 * (day - 1 - d.due)) / 30);
      d.g = g; d.kind = 'late_interest_added';
      lines.push({ day, amt: d.open + multa + juros, name: d.c.payer, memo: () => `LIQUIDACAO BOLETO NN ${nnTxt()}${rng.chance(0.35) ? ` VLR TIT ${br(d.open)} JUROS/MULTA ${br(multa + juros)}` : ''}`, type: 'CREDIT', g, kind: d.kind });
    } else if (o === 'early') {
      const day = biz(d.due - rng.int(3, 9));
      if (day < D0) { d.kind = 'parcela_not_yet_due'; continue; }
      d.g = g; d.kind = 'boleto_discount';
      lines.push({ day: biz(day + 1), amt: d.open - Math.round(d.open * 0.02), name: d.c.payer, memo: () => `LIQUIDACAO BOLETO NN ${nnTxt()}${rng.chance(0.35) ? ` VLR TIT ${br(d.open)} DESC ${br(Math.round(d.open * 0.02))}` : ''}`, type: 'CREDIT', g, kind: d.kind });
    } else {
      const day = biz(d.due + 1);
      if (o === 'consolidated') { consolidated.set(day, [...(consolidated.get(day) ?? []), d]); continue; }
      d.g = g; d.kind = 'boleto_nosso_numero';
      lines.push({ day, amt: d.open, name: rng.chance(0.85) ? d.c.payer : '', memo: () => `LIQUIDACAO BOLETO NN ${nnTxt()}`, type: 'CREDIT', g, kind: d.kind });
    }
  }
  for (const [day, ds] of [...consolidated].sort((a, b) => a[0] - b[0])) {
    const g = `b${++gid}`;
    for (const d of ds) { d.g = g; d.kind = 'boleto_consolidated'; }
    lines.push({ day, amt: ds.reduce((s, d) => s + d.open, 0), name: '', memo: () => `CREDITO COBRANCA - ${ds.length} ${ds.length === 1 ? 'TITULO' : 'TITULOS'}`, type: 'CREDIT', g, kind: 'boleto_consolidated' });
    lines.push({ day, amt: -ds.length * 250, name: '', memo: () => `TAR COBRANCA ${ds.length} TIT LIQUIDADOS`, type: 'FEE', g: null, kind: 'noise_bank_fee' });
  }

  // NF-e numbers in emission order; Nosso Número in the same order for boleto parcelas.
  let nfNo = rng.int(46000, 47000), nnSeq = rng.int(1200000, 1400000);
  for (const inv of invs.filter((i) => i.rows.length).sort((a, b) => a.rows[0].day - b.rows[0].day)) {
    inv.nf = nfNo += rng.chance(0.8) ? 1 : rng.int(2, 6);
    for (const d of inv.rows) if (d.c.forma === 'Boleto') { const n8 = pad(nnSeq += rng.int(1, 3), 8); d.nn = `${n8}-${nnDac(n8)}`; }
  }
  function mistype(no: number): number {
    const s = String(no);
    for (let k = 0; k < 40; k++) {
      const i = rng.int(1, s.length - 1), t = Number(s.slice(0, i) + String((Number(s[i]) + rng.int(1, 9)) % 10) + s.slice(i + 1));
      if (!invs.some((x) => x.nf === t)) return t;
    }
    return no + 100000;
  }

  // Noise.
  const SUPP = ['BRASKEM S/A', 'POLIMEROS DO SUL LTDA', 'TRANSPORTADORA CATARINENSE', 'CELESC DISTRIBUICAO', 'EMBALAGENS TINTAS PRIMAX', 'MANUTENCAO INDUSTRIAL KLEIN'];
  for (const day of days) {
    const [, m, dd] = ymd(day);
    if (rng.chance(0.35)) outL(day, rng.amountCents(500, 80000), rng.pick(SUPP), `SISPAG FORNECEDORES ${rng.pick(['TED', 'PIX', 'BOLETO'])} ${rng.digits(6)}`, 'noise_supplier');
    if (dd >= 4 && dd <= 6 && !lines.some((l) => l.kind === 'noise_salary' && ymd(l.day)[1] === m)) outL(day, rng.amountCents(90000, 180000) * 10, '', `SISPAG SALARIOS LOTE ${rng.digits(4)} ${rng.int(60, 90)} FUNCIONARIOS`, 'noise_salary');
    if (dd >= 20 && dd <= 22 && !lines.some((l) => l.kind === 'noise_tax' && ymd(l.day)[1] === m)) {
      outL(day, rng.amountCents(20000, 90000), '', `PAGTO DARF ${rng.pick(['IRPJ', 'CSLL', 'PIS', 'COFINS'])} ${rng.digits(17)}`, 'noise_tax');
      outL(day, rng.amountCents(15000, 40000), '', `PAGTO GUIA FGTS DIGITAL ${rng.digits(12)}`, 'noise_tax');
      outL(day, rng.amountCents(30000, 120000), '', `PAGTO GUIA ICMS SC ${rng.digits(10)}`, 'noise_tax');
    }
    if (rng.chance(0.3)) lines.push({ day, amt: rng.amountCents(300, 9000), name: '', memo: () => rng.pick([`CIELO ANTECIPACAO ${rng.digits(9)}`, `REDE VENDAS CREDITO ${rng.digits(8)}`, `STONE PAGAMENTOS CREDITO`]), type: 'CREDIT', g: null, kind: 'noise_card_acquirer' });
    if (rng.chance(0.1)) lines.push({ day, amt: rng.amountCents(5000, 120000), name: '', memo: () => rng.pick(['RESGATE CDB DI', 'REND PAGO APLIC AUT MAIS', 'RESGATE APLIC AUTOMATICA']), type: 'CREDIT', g: null, kind: 'noise_investment' });
    if (rng.chance(0.12)) outL(day, rng.pick([990, 1590, 3900, 6900, 245]), '', rng.pick(['TAR PACOTE SERVICOS', 'TARIFA PIX ENVIADO', 'IOF', 'TAR MANUT CONTA', 'TAR REGISTRO BOLETO']), 'noise_bank_fee', 'FEE');
  }

  // Files.
  const oi = [...docs].sort((a, b) => (a.c.name < b.c.name ? -1 : a.c.name > b.c.name ? 1 : a.due - b.due || a.inv.nf - b.inv.nf || a.p - b.p));
  const oiLines = oi.map((d) => [q(d.c.name, ';'), d.c.doc, d.type === 'NF' ? `NF-e ${d.inv.nf}` : `NFD ${d.inv.nf}`, d.type === 'NF' ? `${d.p}/${d.n}` : '', slash(d.day), slash(d.due), br(d.orig), br(d.open), d.type === 'NFD' ? 'Devolução' : d.c.forma === 'Boleto' ? 'Boleto Itaú' : d.c.forma === 'Cheque' ? 'Cheque' : d.c.forma === 'PIX' ? 'PIX' : 'Transferência', d.nn ? `109/${d.nn}` : '', d.type === 'NFD' ? `Devolução de mercadoria` : d.open !== d.orig ? 'Baixa parcial' : ''].join(';'));
  const chrono = sortRandomTies(lines, (l) => l.day, rng);
  const ofxDate = (d: number) => { const [y, m, dd] = ymd(d); return `${y}${pad(m, 2)}${pad(dd, 2)}100000[-03:EST]`; };
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  let fit = 0;
  const trn = chrono.map((l) => {
    const f = `${ofxDate(l.day).slice(0, 8)}${pad(++fit, 5)}`;
    return ['<STMTTRN>', `<TRNTYPE>${l.type}`, `<DTPOSTED>${ofxDate(l.day)}`, `<TRNAMT>${l.amt < 0 ? '-' : ''}${Math.floor(Math.abs(l.amt) / 100)}.${pad(Math.abs(l.amt) % 100, 2)}`, `<FITID>${f}`, ...(l.check ? [`<CHECKNUM>${l.check}`] : []), ...(l.name ? [`<NAME>${esc(upperAscii(l.name).slice(0, 32))}`] : []), `<MEMO>${esc(upperAscii(l.memo()).replace(/\s+/g, ' ').trim())}`, '</STMTTRN>'].join('\r\n');
  });
  const opening = rng.amountCents(20000, 200000) * 10, closing = chrono.reduce((s, l) => s + l.amt, opening);
  const ofx = ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', 'CHARSET:1252', 'COMPRESSION:NONE', 'OLDFILEUID:NONE', 'NEWFILEUID:NONE', '',
    '<OFX>', '<SIGNONMSGSRSV1>', '<SONRS>', '<STATUS>', '<CODE>0', '<SEVERITY>INFO', '</STATUS>', `<DTSERVER>${ofxDate(D1 + 1)}`, '<LANGUAGE>POR', '</SONRS>', '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>', '<STMTTRNRS>', '<TRNUID>1001', '<STATUS>', '<CODE>0', '<SEVERITY>INFO', '</STATUS>', '<STMTRS>', '<CURDEF>BRL', '<BANKACCTFROM>', '<BANKID>0341', `<ACCTID>${AG}${CC}${rng.int(0, 9)}`, '<ACCTTYPE>CHECKING', '</BANKACCTFROM>',
    '<BANKTRANLIST>', `<DTSTART>${ofxDate(D0)}`, `<DTEND>${ofxDate(D1)}`, ...trn, '</BANKTRANLIST>',
    '<LEDGERBAL>', `<BALAMT>${closing < 0 ? '-' : ''}${Math.floor(Math.abs(closing) / 100)}.${pad(Math.abs(closing) % 100, 2)}`, `<DTASOF>${ofxDate(D1)}`, '</LEDGERBAL>', '</STMTRS>', '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>', ''].join('\r\n');
  return {
    name: 'br-boleto',
    description:
      'Plastnor Embalagens Ltda (Joinville, SC): a Brazilian ERP Contas a Receber export (;, UTF-8 BOM, dd/mm/yyyy, 1.234,56, one row per parcela of NF-e invoices, CNPJ/CPF with check digits, Itaú-style Nosso Número with DAC, NFD return invoices as credits, Valor em Aberto below Valor Original for part-paid parcelas) against the bank\'s OFX 1.02 extrato (NAME = payer cut at 32, MEMO = bank text): boleto liquidations with the Nosso Número, on time, late with 2 % multa and 1 % a month juros, early with a 2 % discount, or summed per day (CREDITO COBRANCA - n TITULOS); PIX RECEBIDO with payer CNPJ/CPF (branch CNPJs now and then) and sometimes a message naming the NF; TED RECEBIDA; cheque deposits and a return; card-acquirer credits and fund redemptions (incoming traps), SISPAG suppliers and salaries, DARF/FGTS/ICMS and tariffs. Cases: boletos by Nosso Número (exact, juros/multa, desconto, consolidated), PIX by payer only (unique or ambiguous equal parcelas), NF in PIX/TED text (some mistyped), several parcelas or NFs, returns netted, part payments, remaining balances, a returned cheque, parcelas not yet due, unpaid parcelas, open return invoices.',
    openItems: { fileName: 'br-boleto-contas-a-receber.csv', content: '\ufeff' + ['Cliente;CNPJ/CPF;Documento;Parcela;Emissão;Vencimento;Valor Original;Valor em Aberto;Forma de Recebimento;Nosso Número;Observação', ...oiLines].join('\r\n') + '\r\n' },
    statement: { fileName: 'br-boleto-extrato.ofx', content: Buffer.from(ofx, 'latin1') },
    truth: [...truthRows('open_items', oi.map((d) => ({ g: d.g, kind: d.kind, amb: d.amb }))), ...truthRows('statement', chrono.map((l) => ({ g: l.g, kind: l.kind, amb: l.amb })))],
  };
};
