/**
 * cl-factoring: a Chilean distributor that sells many of its invoices to factoring companies.
 * Open items: "Informe de Cuentas por Cobrar" from its ERP as CSV (Latin-1, ';', whole pesos with a
 * dot every three digits, dates dd-mm-yyyy), one row per tax document (Factura Electrónica 33, Factura
 * Exenta 34, Nota de Crédito 61, Nota de Débito 56) with its folio, the buyer's RUT, the buyer's purchase
 * order and, for a ceded invoice, the factoring company and (not always) its operation number.
 * Statement: a "Cartola Histórica" CSV of the current account (UTF-8 with BOM, preamble, Cargos /
 * Abonos columns, running balance, totals after a blank line), in which a transfer shows the payer's
 * RUT and name and only sometimes its comment.
 */
import type { World, WorldOptions } from '../world';
import { type Tag, bankDay, dayOf, dmy, groups3, latin1, pad, rngFor, tag, truthOf, weighted } from './common';

const START = dayOf(2026, 10, 1), END = dayOf(2026, 11, 27);

/** RUT check digit (modulo 11, weights 2…7 from the right; 10 is K). */
function dv(body: number): string {
  let s = 0, w = 2;
  for (const ch of String(body).split('').reverse()) { s += Number(ch) * w; w = w === 7 ? 2 : w + 1; }
  const r = 11 - (s % 11);
  return r === 11 ? '0' : r === 10 ? 'K' : String(r);
}
const rutDots = (b: number) => `${groups3(b, '.')}-${dv(b)}`;
const rutPlain = (b: number) => `${b}${dv(b)}`;

interface Party { name: string; bankName: string; rut: number }
interface Cust extends Party { retail: boolean; uf: boolean }
interface Doc { c: Cust; type: 33 | 34 | 56 | 61; folio: number; date: number; due: number; total: number; saldo: number; oc: string; factor: Party | null; op: string; tag: Tag }
/** A statement line; `refs` are the documents whose folios replace {F} (the first), {N} (the second) and {FS} (all) in its text. */
interface Line { date: number; desc: string; docNo: string; branch: string; amount: number; tag: Tag; key: number; refs: Doc[] }

const TYPE_NAME: Record<Doc['type'], string> = { 33: 'Factura Electrónica', 34: 'Factura No Afecta o Exenta Electrónica', 56: 'Nota de Débito Electrónica', 61: 'Nota de Crédito Electrónica' };
const W1 = ['Comercial', 'Distribuidora', 'Constructora', 'Inversiones', 'Servicios', 'Ferretería', 'Agrícola', 'Transportes', 'Importadora', 'Sociedad'];
const W2 = ['Los Andes', 'Pacífico', 'del Sur', 'Austral', 'Maipo', 'Bío Bío', 'San Martín', 'La Frontera', 'Aconcagua', 'Copiapó', 'Ñuble', 'Valparaíso', 'Araucanía', 'Los Lagos', 'Magallanes', 'Atacama', 'Elqui', 'Huasco', 'Limarí', 'Cautín'];
const W3 = ['Ltda.', 'S.A.', 'SpA', 'SpA', 'Limitada', 'E.I.R.L.'];
const RETAIL = ['Hipermercados del Pacífico S.A.', 'Retail Austral S.A.', 'Ferretería Nacional S.A.', 'Supermercados Cordillera S.A.', 'Tiendas Mapocho SpA'];
const FACTORS = ['Andes Factoring S.A.', 'Capital Sur Factoring SpA', 'Interfactor S.A.'];

/** How a Chilean bank prints a name: upper case, no accents, cut to `n` characters. */
const bankName = (s: string, n = 30) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[.,]/g, '').slice(0, n).trim();

export function generateClFactoring(options: WorldOptions): World {
  const rng = rngFor(options.seed, 0xc1fac);
  const US: Party = { name: 'Distribuidora Andina SpA', bankName: 'DISTRIBUIDORA ANDINA SPA', rut: 76482913 };
  const factors: Party[] = FACTORS.map((n) => ({ name: n, bankName: bankName(n), rut: rng.int(96500000, 96999999) }));
  const used = new Set<string>();
  const custs: Cust[] = RETAIL.map((n) => ({ name: n, bankName: bankName(n), rut: rng.int(76000000, 96999999), retail: true, uf: false }));
  const docs: Doc[] = [];
  const folio: Record<Doc['type'], number> = { 33: 18341, 34: 1187, 56: 312, 61: 2096 };
  const newDoc = (c: Cust, type: Doc['type'], date: number, total: number, t: Tag): Doc => {
    const d: Doc = { c, type, folio: 0, date, due: date + (type === 61 ? 0 : c.retail ? rng.pick([60, 90]) : rng.pick([0, 30, 30, 45, 60])), total, saldo: total, oc: '', factor: null, op: '', tag: t };
    docs.push(d);
    return d;
  };
  const neto = () => (rng.chance(0.25) ? rng.int(2, 300) * 10000 : rng.int(40000, 18000000));
  const withIva = (n: number) => n + Math.round(n * 0.19);
  // Invoices first; customers get 1–25 of them, the retailers many.
  const target = Math.round(options.openItems * 0.93);
  for (const c of custs) for (let i = 0, n = Math.round(target * 0.02); i < n; i++) {
    const d = newDoc(c, 33, dayOf(2026, 7, 1) + rng.int(0, 140), withIva(neto()), tag(null, 'unpaid_invoice'));
    d.oc = `OC ${45000 + rng.int(10000, 99999)}${pad(rng.int(0, 99), 2)}`;
  }
  while (docs.length < target) {
    let name = '';
    do { name = `${rng.pick(W1)} ${rng.pick(W2)} ${rng.pick(W3)}`; } while (used.has(name));
    used.add(name);
    const c: Cust = { name, bankName: bankName(name), rut: rng.chance(0.85) ? rng.int(76000000, 77999999) : rng.int(4000000, 19999999), retail: false, uf: rng.chance(0.08) };
    custs.push(c);
    for (let i = 0, n = Math.max(1, Math.round(Math.exp(rng.next() * 2.3))); i < n && docs.length < target; i++) {
      const d = newDoc(c, rng.chance(0.1) ? 34 : 33, dayOf(2026, 7, 1) + rng.int(0, 140), 0, tag(null, 'unpaid_invoice'));
      d.total = d.saldo = d.type === 34 ? neto() : withIva(neto());
      if (rng.chance(0.3)) d.oc = `OC ${rng.int(1000, 99999)}`;
      if (c.uf) d.oc = `Contrato UF ${rng.int(10, 900)},${pad(rng.int(0, 99), 2)}`;
    }
  }

  const lines: Line[] = [];
  let gn = 0;
  const gid = () => `cl${++gn}`;
  const add = (date: number, desc: string, amount: number, t: Tag, refs: Doc[] = [], docNo = '', branch = 'Internet') => lines.push({ date: bankDay(Math.min(Math.max(date, START), END)), desc, docNo, branch, amount, tag: t, key: rng.next(), refs });
  const tefIn = (p: Party, glosa: string) => {
    const r = weighted(rng, [[rutPlain(p.rut), 3], [rutDots(p.rut), 2], [pad(rutPlain(p.rut), 10), 2]] as const);
    const head = weighted(rng, [[`TRANSF DE ${r} ${p.bankName}`, 3], [`TEF RECIBIDA ${r} ${bankName(p.name, 20)}`, 2], [`TRASPASO DE:${p.bankName}`, 1]] as const);
    return glosa ? `${head} / ${glosa}` : head;
  };
  const payDate = (d: Doc) => {
    // Overdue before the statement opens: paid any day of it; otherwise around the due date.
    const lo = Math.max(d.due - 5, d.date + 1);
    return lo < START ? rng.int(START, END) : rng.int(lo, Math.max(lo, Math.min(d.due + 40, END)));
  };
  const folioGlosa = () => rng.pick(['PAGO FACT {F}', 'FACTURA {F}', 'FACT N {F}', 'PAGO FACTURA N° {F}', 'FOLIO {F}']);

  // Factoring operations: every week or so a batch of invoices is ceded to one factor.
  const candidates = docs.filter((d) => !d.c.retail && d.type === 33 && d.date < END - 10);
  const ceded = new Set<Doc>();
  // About one batch every 2.5 days at 2,000 open items, in proportion to the list's size.
  const perDay = options.openItems / 2000;
  const opDays: number[] = [];
  for (let opDay = START - 20, carry = 0; opDay < END - 3; opDay += rng.int(1, 4)) {
    carry += perDay * (0.5 + rng.next());
    for (; carry >= 1; carry--) opDays.push(opDay);
  }
  for (const opDay of opDays) {
    const pool = candidates.filter((d) => !ceded.has(d) && d.date < opDay && d.date > opDay - 45);
    if (pool.length < 2) continue;
    const batch: Doc[] = [];
    for (let k = rng.int(2, 10); k > 0 && pool.length; k--) batch.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]);
    const f = rng.pick(factors), op = String(rng.int(40000, 59999)), g = gid(), known = rng.chance(0.7);
    const sum = batch.reduce((s, d) => s + d.total, 0);
    const pct = rng.pick([100, 100, 97, 95, 90]);
    const days = Math.round(batch.reduce((s, d) => s + Math.max(15, d.due - opDay), 0) / batch.length);
    const financed = Math.round((sum * pct) / 100);
    const difPrecio = Math.round((financed * (0.011 + rng.next() * 0.008) * days) / 30);
    const comision = rng.pick([15000, 25000, 35000, 45000]);
    const net = financed - difPrecio - comision - Math.round(comision * 0.19);
    for (const d of batch) { ceded.add(d); d.factor = f; d.op = known ? op : ''; d.tag = tag(g, 'factoring_advance', !known); }
    if (opDay < START) {
      // Advanced before the statement: only the excess can still arrive.
      if (pct === 100 || !rng.chance(0.6)) { for (const d of batch) d.tag = tag(null, 'ceded_before_period'); continue; }
      for (const d of batch) d.tag = tag(g, 'factoring_excedente_only', !known);
      add(opDay + rng.int(40, 70), tefIn(f, rng.pick([`EXCEDENTES OP ${op}`, `DEV EXCEDENTE ${op}`])), sum - financed, tag(g, 'factoring_excedente_only', !known));
      continue;
    }
    add(opDay + rng.int(0, 1), tefIn(f, rng.pick([`LIQ OP ${op}`, `GIRO OPERACION ${op}`, `ANTICIPO OP ${op}`, ''])), net, tag(g, 'factoring_advance', !known));
    if (pct < 100 && rng.chance(0.5) && opDay + days + 5 < END) add(opDay + days + rng.int(1, 5), tefIn(f, `EXCEDENTES OP ${op}`), sum - financed, tag(g, 'factoring_advance', !known));
  }

  // The other invoices, customer by customer.
  const byCust = new Map<Cust, Doc[]>();
  for (const d of docs) if (!ceded.has(d)) { const l = byCust.get(d.c) ?? []; l.push(d); byCust.set(d.c, l); }
  for (const [c, list] of byCust) {
    list.sort((a, b) => a.due - b.due);
    if (c.retail) {
      // Weekly supplier runs: everything due in the week, less the rebate credit notes issued for it.
      let i = 0;
      for (let run = bankDay(START + rng.int(0, 6)); run <= END; run = bankDay(run + 7)) {
        const due = list.filter((d, k) => k >= i && d.due <= run);
        i += due.length;
        if (!due.length) continue;
        if (rng.chance(0.12)) { for (const d of due) d.tag = tag(null, 'unpaid_invoice'); continue; }
        const g = gid();
        const cns = due.filter(() => rng.chance(0.25)).map((d) => newDoc(c, 61, Math.min(d.date + rng.int(5, 25), END - 1), -Math.round(d.total * (0.02 + rng.next() * 0.06)), tag(g, 'retail_batch_with_credit_notes')));
        for (const d of due) d.tag = tag(g, 'retail_batch_with_credit_notes');
        const sum = due.reduce((s, d) => s + d.total, 0) + cns.reduce((s, d) => s + d.total, 0);
        add(run, `PAGO PROVEEDORES ${c.bankName}`, sum, tag(g, 'retail_batch_with_credit_notes'), [], String(rng.int(10000000, 99999999)), 'Oficina Central');
      }
      for (const d of list.slice(i)) d.tag = tag(null, 'unpaid_invoice');
      continue;
    }
    for (let i = 0; i < list.length; i++) {
      const d = list[i];
      if (d.tag.group) continue;
      const f = weighted(rng, [
        ['unpaid', 20], ['folio', 22], ['rutamount', 14], ['oc', d.oc.startsWith('OC') ? 8 : 0], ['cheque', 9], ['bounce', 2], ['part', 4], ['uf', c.uf ? 30 : 0],
        ['nd', d.due + 5 < END - 12 ? 3 : 0], ['multi', i + 1 < list.length ? 7 : 0], ['vv', 3],
      ] as const);
      const g = gid(), date = payDate(d);
      switch (f) {
        case 'unpaid': break;
        case 'folio': d.tag = tag(g, 'single_by_folio'); add(date, tefIn(c, folioGlosa()), d.saldo, d.tag, [d]); break;
        case 'rutamount': d.tag = tag(g, 'rut_and_amount_only'); add(date, tefIn(c, ''), d.saldo, d.tag); break;
        case 'oc': d.tag = tag(g, 'single_by_oc_number'); add(date, tefIn(c, `PAGO ${d.oc}`), d.saldo, d.tag); break;
        case 'cheque': d.tag = tag(g, 'cheque_amount_only'); add(date, rng.pick(['DEPOSITO CHEQUE OTROS BANCOS', 'DEPOSITO CHEQUE MISMO BANCO', 'DEP CHEQUE 24H']), d.saldo, d.tag, [], pad(rng.int(1000000, 9999999), 7), rng.pick(['Providencia', 'Santiago Centro', 'Las Condes', 'Concepción'])); break;
        case 'vv': d.tag = tag(g, 'vale_vista'); add(date, `ABONO VALE VISTA ${c.bankName.slice(0, 18)}`, d.saldo, d.tag, [], String(rng.int(1000000, 9999999))); break;
        case 'bounce': {
          const day = Math.min(date, END - 6), no = pad(rng.int(1000000, 9999999), 7);
          add(day, 'DEPOSITO CHEQUE OTROS BANCOS', d.saldo, tag(null, 'bounced_cheque'), [], no, 'Providencia');
          add(day + rng.int(2, 4), `CHEQUE PROTESTADO N ${no}`, -d.saldo, tag(null, 'bounced_cheque'), [], no);
          add(day + rng.int(2, 4), 'COMISION PROTESTO CHEQUE', -rng.pick([8500, 12000]), tag(null, 'bank_fee'));
          if (rng.chance(0.5)) { d.tag = tag(g, 'repaid_after_bounce'); add(day + rng.int(6, 10), tefIn(c, folioGlosa()), d.saldo, d.tag, [d]); }
          else d.tag = tag(null, 'bounced_cheque_invoice');
          break;
        }
        case 'part': { d.tag = tag(g, 'part_payment'); const a = Math.round((d.saldo * (0.3 + rng.next() * 0.4)) / 1000) * 1000; add(date, tefIn(c, rng.chance(0.5) ? 'ABONO FACT {F}' : 'ABONO'), a, d.tag, [d]); break; }
        case 'uf': {
          // The contract is in UF: the buyer pays the UF amount at its own day's value.
          d.tag = tag(g, 'uf_rounding_difference');
          const a = Math.round(d.saldo * (1 + (rng.next() * 0.008 - 0.002)));
          add(date, tefIn(c, rng.chance(0.5) ? folioGlosa() : ''), a, d.tag, [d]);
          break;
        }
        case 'nd': {
          // Late-payment interest charged by a debit note, paid with the invoice.
          const nd = newDoc(c, 56, Math.max(d.due + 5, START - 10), Math.round(d.total * 0.015), tag(g, 'invoice_plus_debit_note'));
          nd.due = nd.date + 15; d.tag = tag(g, 'invoice_plus_debit_note');
          add(Math.max(date, nd.date + 3), tefIn(c, rng.chance(0.5) ? 'FACT {F} Y ND {N}' : ''), d.saldo + nd.total, d.tag, [d, nd]);
          break;
        }
        case 'multi': {
          const more = list.slice(i + 1, i + 1 + rng.int(1, 3)).filter((x) => !x.tag.group);
          const all = [d, ...more];
          for (const x of all) x.tag = tag(g, 'multi_invoice');
          add(Math.max(date, ...all.map((x) => x.date + 1)), tefIn(c, rng.chance(0.5) ? 'PAGO FACTS {FS}' : ''), all.reduce((s, x) => s + x.saldo, 0), tag(g, 'multi_invoice'), all);
          break;
        }
      }
    }
    if (rng.chance(0.04)) newDoc(c, 61, list[0].date + rng.int(3, 30), -rng.int(5, 300) * 1000, tag(null, 'open_credit_note'));
  }
  // A ceded invoice paid to us by mistake, and passed on to the factor.
  for (const d of [...ceded].filter(() => rng.chance(0.05))) {
    const day = rng.int(START, END - 4);
    add(day, tefIn(d.c, folioGlosa()), d.total, tag(null, 'misdirected_ceded_payment'), [d]);
    add(day + rng.int(1, 3), `TRANSF A ${rutPlain(d.factor!.rut)} ${d.factor!.bankName} / PAGO FACT CEDIDA {F}`, -d.total, tag(null, 'misdirected_ceded_payment'), [d]);
  }

  // Folios: one sequence a document type, in date order.
  docs.sort((a, b) => a.date - b.date);
  for (const d of docs) d.folio = folio[d.type]++;
  for (const l of lines) if (l.refs.length) l.desc = l.desc.replace('{F}', String(l.refs[0].folio)).replace('{N}', String(l.refs[1]?.folio)).replace('{FS}', l.refs.map((x) => x.folio).join(' '));
  // Amount-only lines are ambiguous when their buyer (or, for a cheque, anyone) has an equal open item.
  const docOf = new Map<string, Doc>(), bySaldo = new Map<number, Doc[]>(), amb = new Set<string>();
  for (const d of docs) { if (d.tag.group && !docOf.has(d.tag.group)) docOf.set(d.tag.group, d); bySaldo.set(d.saldo, [...(bySaldo.get(d.saldo) ?? []), d]); }
  for (const l of lines) {
    const k = l.tag.kind;
    if (k !== 'rut_and_amount_only' && k !== 'cheque_amount_only' && k !== 'vale_vista') continue;
    const own = docOf.get(l.tag.group!)!;
    const twins = (bySaldo.get(own.saldo) ?? []).filter((d) => d !== own && (k === 'cheque_amount_only' || d.c === own.c) && !(d.tag.group && !['rut_and_amount_only', 'cheque_amount_only', 'vale_vista'].includes(d.tag.kind)));
    if (!twins.length) continue;
    for (const x of [own, ...twins]) x.tag = { ...x.tag, ambiguous: true };
    amb.add(l.tag.group!);
  }
  for (const x of lines) if (x.tag.group && amb.has(x.tag.group)) x.tag = { ...x.tag, ambiguous: true };

  // Lines that pay nothing on the list.
  const n = lines.length;
  const supplier = () => `${rng.pick(W1)} ${rng.pick(W2)}`;
  for (let m = 10; m <= 11; m++) {
    add(dayOf(2026, m, 30) - (m === 11 ? 3 : 0), 'PAGO REMUNERACIONES NOMINA', -rng.int(38000000, 52000000), tag(null, 'salaries'));
    add(dayOf(2026, m, 12), 'PAGO PREVIRED COTIZACIONES', -rng.int(9000000, 14000000), tag(null, 'social_security'));
    add(dayOf(2026, m, 20), 'PAGO F29 SII IVA', -rng.int(15000000, 40000000), tag(null, 'tax_payment'));
    add(dayOf(2026, m, 1), 'COM MANTENCION CTA CTE', -rng.pick([23800, 35700]), tag(null, 'bank_fee'));
    add(dayOf(2026, m, 2), 'INTERESES LINEA DE CREDITO', -rng.int(80000, 600000), tag(null, 'interest'));
  }
  for (let i = 0; i < Math.round(n * 0.1); i++) {
    const b = rng.int(76000000, 77999999);
    add(rng.int(START, END), `TRANSF A ${rutPlain(b)} ${bankName(supplier())}`, -rng.int(2000000, 90000000), tag(null, 'supplier_payment'));
  }
  for (let i = 0; i < Math.round(n * 0.03); i++) add(rng.int(START, END), `TRANSF DE ${rutPlain(rng.int(76000000, 77999999))} ${bankName(supplier())} / ANTICIPO`, rng.int(100000, 5000000), tag(null, 'customer_advance'));

  // --- files
  const oi = [...docs].sort((a, b) => (a.c.name < b.c.name ? -1 : a.c.name > b.c.name ? 1 : a.date - b.date || a.type - b.type));
  const peso = (v: number) => (v < 0 ? '-' : '') + groups3(Math.abs(v), '.');
  const q = (s: string) => (/[;"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const oiLines = ['Informe de Cuentas por Cobrar', `Empresa: ${US.name} - RUT ${rutDots(US.rut)}`, `Al ${dmy(END, '-')}`, '',
    'RUT Cliente;Razón Social;Tipo Documento;Folio;Fecha Emisión;Fecha Vencimiento;Referencia;Total;Saldo;Cesionario;N° Operación'];
  for (const d of oi) oiLines.push([rutDots(d.c.rut), q(d.c.name), TYPE_NAME[d.type], String(d.folio), dmy(d.date, '-'), dmy(d.due, '-'), q(d.oc), peso(d.total), peso(d.saldo), d.factor?.name ?? '', d.op].join(';'));
  oiLines.push('', `Total General;;;;;;;${peso(oi.reduce((s, d) => s + d.total, 0))};${peso(oi.reduce((s, d) => s + d.saldo, 0))};;`);

  lines.sort((a, b) => a.date - b.date || a.key - b.key);
  const opening = rng.int(20000000, 90000000);
  let bal = opening;
  const st = ['Cartola Histórica Cuenta Corriente', 'Cuenta: 0-000-71-23456-7', `Titular: ${US.bankName}`, `RUT: ${rutDots(US.rut)}`, `Desde: ${dmy(START, '/')} Hasta: ${dmy(END, '/')}`, '',
    'Fecha;Descripción;N° Documento;Sucursal;Cargos ($);Abonos ($);Saldo ($)'];
  for (const l of lines) {
    bal += l.amount;
    st.push([dmy(l.date, '/'), q(l.desc), l.docNo, l.branch, l.amount < 0 ? peso(-l.amount) : '', l.amount > 0 ? peso(l.amount) : '', peso(bal)].join(';'));
  }
  const cargos = lines.filter((l) => l.amount < 0).reduce((s, l) => s - l.amount, 0), abonos = lines.filter((l) => l.amount > 0).reduce((s, l) => s + l.amount, 0);
  st.push('', `Saldo Inicial;${peso(opening)}`, `Total Cargos;${peso(cargos)}`, `Total Abonos;${peso(abonos)}`, `Saldo Final;${peso(bal)}`);

  return {
    name: 'cl-factoring',
    description: 'A Chilean distributor (Distribuidora Andina SpA) that sells many of its invoices to factoring companies. Open items: "Informe de Cuentas por Cobrar" from its ERP as CSV (Latin-1, ";", whole pesos "1.234.567", dates dd-mm-yyyy, a "Total General" line after a blank line), one row per tax document: Factura Electrónica (33), Factura Exenta (34), Nota de Débito (56) and Nota de Crédito (61, negative), each type with its own folio sequence, the buyer\'s RUT "76.543.210-K", a reference (the buyer\'s purchase order "OC 4512345", or "Contrato UF 45,30"), and for an invoice ceded to a factor the factor\'s name and, for 70 % of operations only, its operation number. Statement: a "Cartola Histórica" of the current account (UTF-8 with BOM, a preamble, "Cargos ($)" / "Abonos ($)" columns, running balance, totals after a blank line) where a transfer shows the payer\'s RUT in one of three forms and its name cut short, and only sometimes its comment. Cases: a factor\'s advance for a batch of 2–10 ceded invoices of different buyers, net of the price difference (interest), commission and its VAT, and with 90–97 % financing the excess paid weeks later ("EXCEDENTES OP 45821"); batches ceded before the period whose excess only arrives; batches without an operation number in the ERP (ambiguous); a ceded invoice paid to us by mistake and passed on to the factor; retailers\' weekly supplier runs paying every invoice due less rebate credit notes, without references; transfers naming the folio, the purchase order or nothing; cheques and bank drafts with no payer; a bounced cheque with its protest fee, sometimes paid again by transfer; part payments; UF contracts paid at the day\'s UF value (a few hundred pesos off); an invoice paid with its late-interest debit note; several invoices in one transfer; advances from customers not on the list, salaries, Previred, VAT (F29), supplier transfers, bank fees and credit-line interest.',
    openItems: { fileName: 'cuentas_por_cobrar.csv', content: latin1(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: 'cartola_historica.csv', content: '\ufeff' + st.join('\r\n') + '\r\n' },
    truth: truthOf(oi.map((d) => d.tag), lines.map((l) => l.tag)),
  };
}

