/**
 * pt-multibanco — a Portuguese building-materials wholesaler (Vougatec, Águeda; EUR).
 *
 * Open items: a PHC/Primavera-like "Pendentes de Clientes" export, Windows-1252, `;`, CRLF, two title
 * lines above the header, a `Total` line after a blank; dd-mm-aaaa; `1.234,56`; documents `FT 2026/4123`
 * (numbered by date) and `NC 2026/231`, the ATCUD, the customer's NIF (valid check digit), and the
 * Multibanco entidade + referência the invoicing plugin printed on every invoice (its check digits
 * carry the invoice amount).
 * Statement: a CGD-like "movimentos à ordem" CSV, Windows-1252, `;` with a trailing `;`, newest first,
 * Data mov. / Data valor / Descrição / Débito / Crédito / Saldo contabilístico / Saldo disponível.
 * A Multibanco payment shows only the entidade and referência (no name, no invoice); SEPA transfers show
 * the ordenante (capitals, no accents, cut) and whatever the payer typed; MB WAY shows a person's name;
 * cheques only their number; the SEPA direct-debit run one batch line and the returns later.
 */
import type { World, WorldGenerator } from '../world';
import {
  Amounts, Rng, allot, csvField, dayOf, encodeCp1252, fmtMoney, inFileOrder, mbCheck, nextBiz, nifCheck, openingFor, pad, sweeps, truthFor, uniqueName, weekday, ymd, cut,
} from './common';
import type { Gen } from './common';

export const PT_ENTIDADE = '24517';
const YEAR = 2026;
const START = dayOf(2026, 10, 1), END = dayOf(2026, 10, 31);
const EXPORT_DAY = dayOf(2026, 11, 2);

const ACT = ['Construções', 'Obras', 'Carpintaria', 'Serralharia', 'Canalizações', 'Eletricidade', 'Pinturas', 'Remodelações', 'Climatização', 'Empreiteiros', 'Construtora', 'Caixilharia', 'Isolamentos', 'Telhados'];
const SUR = ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Jesus', 'Sousa', 'Fernandes', 'Gonçalves', 'Gomes', 'Lopes', 'Marques', 'Alves', 'Almeida', 'Ribeiro', 'Pinto', 'Carvalho', 'Teixeira', 'Moreira', 'Correia', 'Mendes', 'Nunes', 'Soares', 'Vieira', 'Monteiro', 'Cardoso', 'Rocha', 'Neves', 'Coelho', 'Cruz', 'Cunha', 'Pires', 'Ramos', 'Reis', 'Simões', 'Antunes', 'Matos', 'Fonseca', 'Machado', 'Araújo', 'Barbosa', 'Tavares', 'Lourenço', 'Castro', 'Figueiredo', 'Azevedo', 'Freitas', 'Valente', 'Brandão', 'Seabra', 'Tomé'];
const PLACE = ['do Vouga', 'da Bairrada', 'de Aveiro', 'de Azeméis', 'do Caramulo', 'de Ílhavo', 'de Ovar', 'da Gândara', 'de Anadia', 'de Sever', 'de Albergaria', 'da Murtosa'];
const FIRST = ['Maria', 'José', 'João', 'Ana', 'Manuel', 'António', 'Francisco', 'Carlos', 'Paulo', 'Rui', 'Sofia', 'Joana', 'Luís', 'Pedro', 'Teresa', 'Helena', 'Fernando', 'Jorge', 'Rita', 'Sérgio', 'Conceição', 'Fátima', 'Nuno', 'Hugo'];
const ABROAD: [string, string][] = [['Luanda', 'AO'], ['Benguela', 'AO'], ['Lobito', 'AO'], ['Maputo', 'MZ'], ['Beira', 'MZ'], ['Praia', 'CV'], ['Mindelo', 'CV'], ['São Tomé', 'ST'], ['Genève', 'CH'], ['Bissau', 'GW']];
const SUPPLIERS = ['CIMPOR INDUSTRIA DE CIMENTOS SA', 'SECIL COMPANHIA GERAL DE CAL', 'PRECERAM SA', 'CIN CORPORACAO INDUSTRIAL', 'ROCA SA', 'SANITANA FABRICA DE LOUCAS', 'FASSA BORTOLO PORTUGAL', 'SIKA PORTUGAL SA', 'WEBER SAINT GOBAIN PT', 'TRANSPORTES PASCOAL LDA', 'GRESTEL SA', 'FERPINTA SA'];

interface Cust { no: number; name: string; nif: string; bank: string; type: 'co' | 'ind' | 'fx' | 'dd'; cc?: string }
interface Item { c: Cust; nc: boolean; seq: number; date: number; terms: number; valor: number; reg: number; cond: string; ref7: string; kind: string; g: string | null; amb?: boolean; desc: string }
interface Line { day: number; vday: number; amt: number; text: () => string; kind: string; g: string | null; amb?: boolean; eod?: boolean }

/** Bank spelling of a name: capitals, no accents, no dots or commas. */
const bankName = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim();

export const ptMultibanco: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 7919 + 351);
  const amounts = new Amounts(rng);
  const N = Math.max(80, openItems);
  const k = allot(N, {
    mb_referencia: 0.2, sepa_doc_ref: 0.17, sepa_multi_invoice: 0.09, credit_note_netted: 0.045, sepa_name_only: 0.04, mbway_name_only: 0.04,
    cheque_deposit: 0.035, sepa_dd_batch: 0.08, dd_returned: 0.008, foreign_charges_deducted: 0.025, part_payment: 0.02, remaining_balance: 0.015,
    ambiguous_equal_amounts: 0.02, open_credit_note: 0.008, unpaid_invoice: 1,
  });

  // ---- customers
  const usedNames = new Set<string>(), usedNif = new Set<string>();
  const nif = (first: string) => uniqueName(usedNif, () => { const b = first + String(rng.int(0, 10 ** (8 - first.length) - 1)).padStart(8 - first.length, '0'); return b + nifCheck(b); });
  let custNo = 1000;
  const company = (type: Cust['type']): Cust => {
    const name = uniqueName(usedNames, () => {
      const f = rng.int(0, 9);
      if (f < 4) return `${rng.pick(ACT)} ${rng.pick(SUR)}${rng.chance(0.3) ? ' & Filhos' : ''}, ${rng.pick(['Lda.', 'Lda.', 'Lda.', 'S.A.', 'Unipessoal, Lda.'])}`;
      if (f < 7) return `${rng.pick(SUR)} & ${rng.pick(SUR)}, Lda.`;
      return `${rng.pick(ACT)} ${rng.pick(PLACE)}, ${rng.pick(['Lda.', 'S.A.'])}`;
    });
    return { no: (custNo += rng.int(1, 9)), name, nif: nif(rng.pick(['5', '5', '5', '6'])), bank: cut(bankName(name), 30), type };
  };
  const nCo = Math.max(20, Math.round(N / 8));
  const cos = Array.from({ length: nCo }, () => company('co'));
  const dds = Array.from({ length: Math.max(6, Math.round(N / 45)) }, () => company('dd'));
  const inds = Array.from({ length: Math.max(6, Math.round(N / 45)) }, (): Cust => {
    const name = uniqueName(usedNames, () => `${rng.pick(FIRST)} ${rng.pick(SUR)} ${rng.pick(SUR)}`);
    const parts = name.split(' ');
    return { no: (custNo += rng.int(1, 9)), name, nif: nif(rng.pick(['1', '2', '2'])), bank: bankName(`${parts[0]} ${parts[parts.length - 1]}`), type: 'ind' };
  });
  const fxs = ABROAD.slice(0, Math.max(4, Math.min(ABROAD.length, Math.round(N / 200)))).map(([city, cc]): Cust => {
    const name = uniqueName(usedNames, () => `${rng.pick(ACT)} ${rng.pick(SUR)} ${city}, ${cc === 'CH' ? 'SA' : 'Lda.'}`);
    return { no: (custNo += rng.int(1, 9)), name, nif: `${cc}${rng.digits(9)}`, bank: cut(bankName(name), 30), type: 'fx', cc };
  });
  const anyCo = () => cos[rng.skewedIndex(cos.length)];

  // ---- items and lines
  const items: Item[] = [], lines: Line[] = [];
  let gid = 0;
  const G = () => `pt${++gid}`;
  const bizDays: number[] = [];
  for (let d = START; d <= END; d++) if (weekday(d) !== 0 && weekday(d) !== 6) bizDays.push(d);
  const payDay = () => rng.pick(bizDays);
  const usedRef7 = new Set<string>();
  const DESC = ['Material de construção', 'Cimento e inertes', 'Ferragens', 'Tintas e vernizes', 'Louça sanitária', 'Perfis de alumínio', 'Isolamento térmico', 'Material elétrico', 'Tubagem PPR', 'Cerâmica e revestimentos'];
  const addItem = (c: Cust, kind: string, g: string | null, opts: { date: number; valor: number; nc?: boolean; reg?: number; amb?: boolean; cond?: string; desc?: string }): Item => {
    const it: Item = {
      c, nc: !!opts.nc, seq: 0, date: opts.date, terms: c.type === 'ind' ? 0 : c.type === 'dd' ? 30 : c.type === 'fx' ? 30 : rng.pick([30, 30, 60, 60, 90]), valor: opts.valor, reg: opts.reg ?? 0,
      cond: '',
      ref7: opts.nc ? '' : uniqueName(usedRef7, () => rng.digits(7)), kind, g, amb: opts.amb, desc: opts.desc ?? (opts.nc ? rng.pick(['Devolução de material', 'Desconto comercial', 'Acerto de preço']) : rng.pick(DESC)),
    };
    it.cond = c.type === 'dd' ? 'Débito direto 30 dias' : c.type === 'ind' ? 'Pronto pagamento' : opts.cond === 'Cheque' ? `Cheque ${it.terms} dias` : `${it.terms} dias`;
    items.push(it);
    return it;
  };
  const draw = (lo: number, hi: number) => () => rng.amountCents(lo, hi);
  const invDate = (pay: number, lo = 12, hi = 75) => Math.max(dayOf(2026, 6, 1), pay - rng.int(lo, hi));
  const open = (it: Item) => it.valor - it.reg;
  const docNo = (it: Item) => `${it.nc ? 'NC' : 'FT'} ${YEAR}/${it.seq}`;
  const ref9 = (it: Item) => it.ref7 + mbCheck(PT_ENTIDADE, it.ref7, it.valor);
  const line = (day: number, amt: number, text: () => string, kind: string, g: string | null, opt: { vday?: number; amb?: boolean } = {}) =>
    lines.push({ day, vday: opt.vday ?? day, amt, text, kind, g, amb: opt.amb });
  const sepa = (c: Cust) => (rng.chance(0.2) ? `TRF ${rng.int(100000, 999999)} DE ${c.bank}` : `TRF SEPA DE ${c.bank}`);
  const fsMark = () => rng.pick(['/', ' ', '-']);
  /** How a payer writes one invoice number. */
  const cite = (it: Item): string => {
    const s = it.seq, y = YEAR;
    switch (rng.int(0, 8)) {
      case 0: return `FT ${y}/${s}`;
      case 1: return `FT${y}/${s}`;
      case 2: return `PAG FT ${s}`;
      case 3: return `FATURA ${s}`;
      case 4: return `FACT ${y}${fsMark()}${s}`;
      case 5: return `LIQ FT ${y}-${s}`;
      case 6: return `N/FATURA FT ${y}/${s}`;
      case 7: return `FT ${s}`;
      default: return `PAGAMENTO FT ${y}/${s}`;
    }
  };

  for (let i = 0; i < k.mb_referencia; i++) {
    const c = rng.chance(0.25) ? rng.pick(inds) : anyCo(), pay = payDay(), g = G();
    const it = addItem(c, 'mb_referencia', g, { date: invDate(pay, 3, 60), valor: amounts.fresh(c.name, draw(c.type === 'ind' ? 20 : 60, c.type === 'ind' ? 1500 : 9000)), cond: 'Multibanco' });
    const form = rng.int(0, 2);
    line(pay, it.valor, () => {
      const r = ref9(it);
      return form === 0 ? `PAGAMENTO SERVICOS ENT.${PT_ENTIDADE} REF.${r}` : form === 1 ? `PAG SERV ${PT_ENTIDADE} ${r}` : `MULTIBANCO PAG SERVICOS ${PT_ENTIDADE}/${r.slice(0, 3)} ${r.slice(3, 6)} ${r.slice(6)}`;
    }, 'mb_referencia', g);
  }
  for (let i = 0; i < k.sepa_doc_ref; i++) {
    const c = anyCo(), pay = payDay(), g = G();
    const it = addItem(c, 'sepa_doc_ref', g, { date: invDate(pay), valor: amounts.fresh(c.name, draw(80, 25000)) });
    const head = sepa(c);
    line(pay, it.valor, () => `${head} ${cite(it)}`, 'sepa_doc_ref', g);
  }
  for (let left = k.sepa_multi_invoice; left > 0;) {
    const n = Math.max(2, Math.min(left, rng.int(2, 6))), c = anyCo(), pay = payDay(), g = G();
    const its = Array.from({ length: n }, () => addItem(c, 'sepa_multi_invoice', g, { date: invDate(pay, 20, 80), valor: amounts.fresh(c.name, draw(60, 8000)) }));
    left -= n;
    const head = sepa(c), form = rng.int(0, 3);
    line(pay, its.reduce((s, x) => s + x.valor, 0), () => {
      const seqs = its.map((x) => x.seq).sort((a, b) => a - b);
      const list = form === 0 ? `FT ${seqs.join('/')}` : form === 1 ? seqs.map((s) => `FT ${YEAR}/${s}`).join(' ') : form === 2 ? `LIQ FTS ${seqs.join(' ')}` : `FATURAS ${seqs.join(', ')}`;
      return cut(`${head} ${list}`, 100);
    }, 'sepa_multi_invoice', g);
  }
  for (let left = k.credit_note_netted; left > 0;) {
    const n = Math.max(2, Math.min(left, rng.int(2, 4))), c = anyCo(), pay = payDay(), g = G();
    const fts = Array.from({ length: n - 1 }, () => addItem(c, 'credit_note_netted', g, { date: invDate(pay, 20, 70), valor: amounts.fresh(c.name, draw(300, 9000)) }));
    const sum = fts.reduce((s, x) => s + x.valor, 0);
    const ncv = -amounts.fresh(c.name, () => Math.max(500, Math.round(sum * (0.05 + rng.next() * 0.35))));
    const nc = addItem(c, 'credit_note_netted', g, { date: invDate(pay, 3, 15), valor: ncv, nc: true });
    left -= n;
    const head = sepa(c), form = rng.int(0, 2);
    line(pay, sum + ncv, () => {
      const f = fts.map((x) => `FT ${x.seq}`).join(' ');
      return cut(form === 0 ? `${head} ${f} NC ${nc.seq}` : form === 1 ? `${head} ${f} DED NC ${YEAR}/${nc.seq}` : `${head} LIQ ${f} MENOS NC${nc.seq}`, 100);
    }, 'credit_note_netted', g);
  }
  for (let i = 0; i < k.sepa_name_only; i++) {
    const c = anyCo(), pay = payDay(), g = G();
    const it = addItem(c, 'sepa_name_only', g, { date: invDate(pay), valor: amounts.fresh(c.name, draw(80, 12000)) });
    const tail = rng.pick(['', '', ' PAGAMENTO', ' PAG FORNECEDOR', ` NIF ${c.nif}`, ' VOUGATEC']);
    line(pay, it.valor, () => `${sepa(c)}${tail}`, 'sepa_name_only', g);
  }
  for (let i = 0; i < k.mbway_name_only; i++) {
    const c = rng.pick(inds), pay = rng.int(START, END), g = G();
    const it = addItem(c, 'mbway_name_only', g, { date: invDate(pay, 0, 20), valor: amounts.fresh(c.name, draw(15, 750)) });
    line(pay, it.valor, () => `TRF MB WAY DE ${c.bank}`, 'mbway_name_only', g);
  }
  for (let i = 0; i < k.foreign_charges_deducted; i++) {
    const c = rng.pick(fxs), pay = payDay(), g = G();
    const it = addItem(c, 'foreign_charges_deducted', g, { date: invDate(pay, 30, 90), valor: amounts.fresh(c.name, draw(2000, 60000)), cond: 'Transferência' });
    const chg = rng.int(20, 70) * 50;
    line(pay, it.valor - chg, () => `TRF INTERNACIONAL ${cut(c.bank, 24)} /RFB/${rng.pick(['FT ', 'INV ', 'INVOICE '])}${YEAR}/${it.seq}`, 'foreign_charges_deducted', g);
    line(pay, -1500, () => 'COMISSAO TRF RECEBIDA EXTERIOR', 'noise', null);
    line(pay, -60, () => 'IMPOSTO SELO S/COMISSOES', 'noise', null);
  }
  for (let i = 0; i < k.part_payment; i++) {
    const c = anyCo(), pay = payDay(), g = G();
    const it = addItem(c, 'part_payment', g, { date: invDate(pay, 30, 90), valor: amounts.fresh(c.name, draw(1500, 30000)) });
    const part = Math.round((it.valor * (0.33 + rng.next() * 0.34)) / 1000) * 1000, head = sepa(c), w = rng.pick(['PAG PARCIAL FT', 'POR CONTA FT', '1A PRESTACAO FT']);
    line(pay, part, () => `${head} ${w} ${YEAR}/${it.seq}`, 'part_payment', g);
  }
  for (let i = 0; i < k.remaining_balance; i++) {
    const c = anyCo(), pay = payDay(), g = G();
    const valor = rng.amountCents(800, 20000), reg = Math.round((valor * (0.3 + rng.next() * 0.3)) / 100) * 100;
    if (amounts.has(c.name, valor - reg)) { i--; continue; }
    amounts.mark(c.name, valor - reg);
    const it = addItem(c, 'remaining_balance', g, { date: invDate(pay, 40, 100), valor, reg });
    const head = sepa(c);
    line(pay, valor - reg, () => `${head} ${rng.pick(['RESTANTE FT ', 'LIQ FT ', 'FT '])}${YEAR}/${it.seq}`, 'remaining_balance', g);
  }
  k.unpaid_invoice += k.ambiguous_equal_amounts % 2;
  for (let left = k.ambiguous_equal_amounts - (k.ambiguous_equal_amounts % 2); left > 0; left -= 2) {
    const c = anyCo(), pay = payDay(), g = G();
    const v = amounts.fresh(c.name, () => Math.round(rng.amountCents(100, 3000) / 500) * 500);
    const first = invDate(pay, 35, 45), second = first + rng.int(28, 31), pick = rng.chance(0.5);
    const desc = rng.pick(['Aluguer de andaimes - mensalidade', 'Aluguer de contentor - mensalidade', 'Avença de manutenção']);
    addItem(c, 'ambiguous_equal_amounts', pick ? g : null, { date: first, valor: v, amb: true, desc });
    addItem(c, 'ambiguous_equal_amounts', pick ? null : g, { date: Math.min(second, pay - 2), valor: v, amb: true, desc });
    line(pay, v, () => `${sepa(c)}${rng.pick(['', ' ALUGUER', ' MENSALIDADE'])}`, 'ambiguous_equal_amounts', g, { amb: true });
  }
  for (let i = 0; i < k.open_credit_note; i++) {
    const c = anyCo();
    addItem(c, 'open_credit_note', null, { date: rng.int(dayOf(2026, 8, 1), END), valor: -amounts.fresh(c.name, draw(40, 2500)), nc: true });
  }
  // Direct-debit runs: two collection days, each one credit for the run; returns come back days later.
  const runs = [nextBiz(dayOf(2026, 10, 8)), nextBiz(dayOf(2026, 10, 23))];
  const runItems: Item[][] = [[], []], runRet: Item[][] = [[], []];
  const runG = [G(), G()];
  for (let i = 0; i < k.sepa_dd_batch + k.dd_returned; i++) {
    const ret = i >= k.sepa_dd_batch, r = rng.int(0, 1), c = rng.pick(dds);
    const it = addItem(c, ret ? 'dd_returned' : 'sepa_dd_batch', ret ? null : runG[r], { date: runs[r] - 30 + rng.int(-2, 0), valor: amounts.fresh(c.name, draw(40, 2500)) });
    (ret ? runRet : runItems)[r].push(it);
  }
  for (let r = 0; r < 2; r++) {
    const all = [...runItems[r], ...runRet[r]];
    if (!all.length) continue;
    const lote = pad(rng.int(10, 99), 4);
    line(runs[r], all.reduce((s, x) => s + x.valor, 0), () => `COBRANCA SEPA DD LOTE ${lote} ${all.length} OPER`, 'sepa_dd_batch', runG[r]);
    line(runs[r], -Math.round(all.length * 35), () => `COMISSAO COBRANCAS SEPA DD LOTE ${lote}`, 'noise', null);
    line(runs[r], -Math.round(all.length * 35 * 0.04), () => 'IMPOSTO SELO S/COMISSOES', 'noise', null);
    for (const it of runRet[r]) {
      const reason = rng.pick(['AM04', 'MD06', 'AC04', 'MS02']);
      line(nextBiz(runs[r] + rng.int(2, 5)), -it.valor, () => `DEVOLUCAO DD ${reason} ${cut(it.c.bank, 22)} ADC${it.c.no}`, 'sepa_dd_batch', runG[r]);
    }
  }
  for (let i = 0; i < k.unpaid_invoice; i++) {
    const c = rng.chance(0.1) ? rng.pick(inds) : rng.chance(0.04) ? rng.pick(fxs) : anyCo();
    addItem(c, 'unpaid_invoice', null, { date: rng.chance(0.8) ? rng.int(dayOf(2026, 9, 1), END) : rng.int(dayOf(2026, 6, 1), dayOf(2026, 8, 31)), valor: amounts.fresh(c.name, draw(40, 15000)) });
  }
  // Cheques last: their amount must be unique across the whole list (a cheque names nobody).
  const allAmts = new Set(items.map((x) => open(x)));
  for (let i = 0; i < k.cheque_deposit; i++) {
    const c = anyCo(), pay = payDay(), g = G();
    let v = 0;
    do v = rng.amountCents(150, 12000); while (allAmts.has(v) || amounts.has(c.name, v) || v % 5000 === 0);
    allAmts.add(v);
    amounts.mark(c.name, v);
    const it = addItem(c, 'cheque_deposit', g, { date: invDate(pay), valor: v, cond: 'Cheque' });
    const no = rng.digits(7);
    line(pay, it.valor, () => (rng.chance(0.5) ? `DEPOSITO CHEQUE ${no}` : `DEP CHQ N.${no}`), 'cheque_deposit', g, { vday: nextBiz(pay + 2) });
  }

  // ---- document numbers by date
  const byDate = (a: Item, b: Item) => a.date - b.date;
  let seq = rng.int(3800, 4300);
  for (const it of items.filter((x) => !x.nc).sort(byDate)) it.seq = (seq += 1);
  seq = rng.int(180, 260);
  for (const it of items.filter((x) => x.nc).sort(byDate)) it.seq = (seq += 1);
  // Advance payments for new orders whose number happens to equal an unpaid invoice's (a trap).
  const unpaid = items.filter((x) => x.kind === 'unpaid_invoice' && x.c.type === 'co');
  for (let i = 0; i < Math.max(2, Math.round(N / 250)) && unpaid.length; i++) {
    const it = rng.pick(unpaid), v = rng.int(2, 30) * 10000;
    if (amounts.has(it.c.name, v)) continue;
    line(payDay(), v, () => `TRF SEPA DE ${it.c.bank} ADIANTAMENTO ENC ${it.seq}`, 'noise_adiantamento', null);
  }

  // ---- noise
  const nNoise = Math.round(N * 0.09);
  const staff = Array.from({ length: Math.max(8, Math.round(N / 90)) }, () => bankName(`${rng.pick(FIRST)} ${rng.pick(SUR)} ${rng.pick(SUR)}`));
  for (let i = 0; i < nNoise; i++) {
    const d = payDay(), r = rng.int(0, 19);
    if (r < 6) { const s = rng.pick(SUPPLIERS), f = rng.digits(6); line(d, -rng.amountCents(500, 40000), () => `TRF SEPA P/ ${cut(s, 30)} FT ${f}`, 'noise', null); }
    else if (r < 8) { const a = rng.pick(['DD EDP COMERCIAL', 'DD MEO SA', 'DD VIA VERDE PORTUGAL', 'DD GALP FROTA', 'DD EPAL', 'DD LEASING BCP 0023']); const m = rng.digits(8); line(d, -rng.amountCents(40, 2500), () => `${a} ${m}`, 'noise', null); }
    else if (r < 10) { const c = rng.pick(['CONTINENTE', 'LEROY MERLIN AVEIRO', 'GALP AGUEDA', 'REPSOL AVEIRO', 'IKEA MATOSINHOS', 'CTT AGUEDA']); line(d, -rng.amountCents(5, 400), () => `COMPRA ${pad(rng.int(1, 9999), 4)} ${c}`, 'noise', null); }
    else if (r < 11) { const ref = rng.digits(15); line(d, -rng.amountCents(2000, 40000), () => `PAG ESTADO IVA REF ${ref}`, 'noise', null); }
    else if (r < 12) { const ref = rng.digits(11); line(d, -rng.amountCents(3000, 25000), () => `PAG SEG SOCIAL REF ${ref}`, 'noise', null); }
    else if (r < 13) { line(d, -900, () => 'COMISSAO MANUTENCAO DE CONTA', 'noise', null); line(d, -36, () => 'IMPOSTO SELO S/COMISSOES', 'noise', null); }
    else if (r < 14) { line(d, rng.amountCents(500, 20000), () => 'TRF SEPA DE AUTORIDADE TRIBUTARIA E ADUANEIRA REEMBOLSO IVA', 'noise', null); }
    else if (r < 15) { line(d, -rng.int(5, 50) * 1000, () => 'LEVANTAMENTO ATM AGUEDA', 'noise', null); }
    else { const p = rng.pick(staff); line(nextBiz(dayOf(2026, 10, 27 + rng.int(0, 3))), -rng.amountCents(820, 2400), () => `TRF SEPA P/ ${p} SALARIO OUT`, 'noise', null); }
  }

  // Weekly sweeps of the surplus to a term deposit (Fridays).
  for (const s of sweeps(lines, bizDays.filter((d) => weekday(d) === 5), 6000000, 6000000, 15000000)) lines.push({ day: s.day, vday: s.day, amt: s.amt, text: () => 'TRF P/ CONTA 0123018765400 APLICACAO DP', kind: 'noise', g: null, eod: true });

  // ---- open items file
  const F = (v: number) => fmtMoney(v, '.', ',');
  const D = (d: number) => { const [y, m, dd] = ymd(d); return `${pad(dd, 2)}-${pad(m, 2)}-${y}`; };
  const atcud = uniqueName(new Set(), () => Array.from({ length: 8 }, () => rng.pick([...'BCDFGHJKLMNPQRSTVWXZ23456789'])).join(''));
  const atcudNc = uniqueName(new Set([atcud]), () => Array.from({ length: 8 }, () => rng.pick([...'BCDFGHJKLMNPQRSTVWXZ23456789'])).join(''));
  const oiRows: Gen<Item>[] = items.map((it) => ({ key: it.c.no * 1000 + (it.date - dayOf(2026, 1, 1)), v: it, g: it.g, kind: it.kind, amb: it.amb }));
  const oiOrdered = inFileOrder(oiRows, rng);
  const sep = ';', q = (s: string) => csvField(s, sep);
  const oiLines = [
    'Vougatec - Materiais de Construção, Lda.;NIF 514387262',
    `Pendentes de Clientes à data de ${D(EXPORT_DAY)} (valores em EUR);`,
    '',
    ['Nº Cliente', 'Nome', 'NIF', 'Documento', 'ATCUD', 'Data', 'Vencimento', 'Cond. Pagamento', 'Descrição', 'Entidade', 'Referência MB', 'Valor', 'Regularizado', 'Pendente'].join(sep),
  ];
  let total = 0;
  for (const r of oiOrdered) {
    const it = r.v, pend = open(it);
    total += pend;
    const ref = it.nc ? '' : ref9(it);
    oiLines.push([String(it.c.no), q(it.c.name), it.c.nif, docNo(it), `${it.nc ? atcudNc : atcud}-${it.seq}`, D(it.date), D(it.date + it.terms), it.cond, q(it.desc), it.nc ? '' : PT_ENTIDADE,
      ref ? `${ref.slice(0, 3)} ${ref.slice(3, 6)} ${ref.slice(6)}` : '', F(it.valor), F(it.reg), F(pend)].join(sep));
  }
  oiLines.push('', ['Total', '', '', '', '', '', '', '', '', '', '', '', '', F(total)].join(sep), '');

  // ---- statement file (newest first)
  const stRows: Gen<Line>[] = lines.map((l) => ({ key: l.day + (l.eod ? 0.5 : 0), v: l, g: l.g, kind: l.kind, amb: l.amb }));
  const stOrdered = inFileOrder(stRows, rng, true);
  const oldestFirst = [...stOrdered].reverse();
  const opening = openingFor(oldestFirst.map((r) => r.v.amt), rng.int(5000, 20000) * 100);
  const bal = new Map<Gen<Line>, number>();
  let run = opening;
  for (const r of oldestFirst) bal.set(r, (run += r.v.amt));
  const stLines = [
    `Consultar saldos e movimentos à ordem - ${D(EXPORT_DAY)};`,
    '',
    'Conta ;0123012345300 - EUR - Conta Caixa Empresas;',
    `Data de início ;${D(START)};`,
    `Data de fim ;${D(END)};`,
    '',
    'Data mov.;Data valor;Descrição;Débito;Crédito;Saldo contabilístico;Saldo disponível;',
  ];
  for (const r of stOrdered) {
    const l = r.v, b = F(bal.get(r)!);
    stLines.push([D(l.day), D(l.vday), q(l.text()), l.amt < 0 ? F(-l.amt) : '', l.amt > 0 ? F(l.amt) : '', b, b, ''].join(sep));
  }
  stLines.push('', `Saldo inicial ;${F(opening)} EUR;`, `Saldo contabilístico ;${F(run)} EUR;`, `Saldo disponível ;${F(run)} EUR;`, '');

  return {
    name: 'pt-multibanco',
    description: `Vougatec - Materiais de Construção, Lda. (Águeda, Portugal; EUR). Open items: a PHC/Primavera-like "Pendentes de Clientes" list, Windows-1252, ';', CRLF, dd-mm-aaaa, 1.234,56; documents FT ${YEAR}/n and NC ${YEAR}/n with ATCUD, the customer's NIF, and the Multibanco entidade ${PT_ENTIDADE} and referência printed on every invoice. Statement: a CGD-like movimentos CSV (Windows-1252, ';', newest first, Débito/Crédito, running balance). Customers pay by Multibanco reference (the line shows only entidade and referência), SEPA transfer with free text (invoice numbers in many spellings, several invoices, credit notes deducted, names only), MB WAY (private customers), cheque deposits (number only), a SEPA direct-debit run (one batch line, returns days later), international transfers less charges, part payments and remainders; noise: suppliers, salaries, taxes, social security, utilities' direct debits, card purchases, fees with stamp duty, advance payments citing an order number.`,
    openItems: { fileName: 'pt-multibanco-pendentes-clientes.csv', content: encodeCp1252(oiLines.join('\r\n')) },
    statement: { fileName: 'pt-multibanco-movimentos-cgd.csv', content: encodeCp1252(stLines.join('\r\n')) },
    truth: [...truthFor('open_items', oiOrdered), ...truthFor('statement', stOrdered)],
  };
};
