/**
 * co-pse — a Bogotá office-supplies and IT-services wholesaler (Siigo-style ledger export,
 * Windows-1252, COP) against its Bancolombia current account. Colombian customers identify
 * themselves by NIT (a nine-digit tax id with a check digit, written 900.123.456-7, 900123456-7 or
 * 9001234567), and those who are withholding agents pay the invoice less retención en la fuente
 * (2.5 % of the base on goods, 4 % on services), ReteICA (a per-mil rate of the base set by the
 * payer's municipality and activity) and, for grandes contribuyentes, ReteIVA (15 % of the VAT);
 * all rounded to the peso. Payments arrive through the company's PSE collection agreement
 * (reference 1 = payer NIT, reference 2 = what the payer typed), ACH transfers, cash at
 * correspondents, Nequi transfers; every debit drags a 4×1000 financial-transactions tax line.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, cp1252, dateOf, money, pad, q, rngFor, openingFor, workDay, LAST_DAY, type Row } from './common';

const NAME = 'co-pse';
/** DIAN check digit of a NIT. */
export function nitDv(nit: string): number {
  const w = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
  let s = 0;
  for (let i = 0; i < nit.length; i++) s += Number(nit[nit.length - 1 - i]) * w[i];
  const m = s % 11;
  return m < 2 ? m : 11 - m;
}
/** Retentions on one invoice (cents, whole pesos): retefuente, ReteICA at `ica` per mil, ReteIVA when `gc`. */
export function coRetentions(base: number, iva: number, services: boolean, ica: number, gc: boolean): number {
  const peso = (c: number) => Math.round(c / 100) * 100;
  return peso(base * (services ? 0.04 : 0.025)) + peso(base * ica / 1000) + (gc ? peso(iva * 0.15) : 0);
}

const A = ['Andina', 'Pacífico', 'Caribe', 'Cafetera', 'Santander', 'Antioquia', 'Cundinamarca', 'Llanos', 'Magdalena', 'Boyacá', 'Nariño', 'Tolima', 'Sabana', 'Cordillera'];
const B = ['Soluciones', 'Ingeniería', 'Logística', 'Comercializadora', 'Constructora', 'Inversiones', 'Servicios', 'Distribuciones', 'Tecnología', 'Clínica'];
const C = ['S.A.S.', 'S.A.', 'Ltda.', 'S.A.S. BIC'];
const PERSONS = ['Juan Carlos Gómez', 'María Fernanda Ruiz', 'Andrés Felipe Muñoz', 'Luisa Fernanda Peña', 'Carlos Andrés Rodríguez', 'Diana Marcela Ortiz', 'Jorge Iván Castaño', 'Paula Andrea Suárez'];
const BANKS = ['BANCO DE BOGOTA', 'DAVIVIENDA', 'BBVA COLOMBIA', 'BANCO DE OCCIDENTE', 'BANCO POPULAR', 'ITAU', 'SCOTIABANK COLPATRIA', 'AV VILLAS', 'BANCO CAJA SOCIAL'];
const GC = ['ECOPETROL S A', 'GRUPO EXITO', 'CLARO COLOMBIA', 'EPM E S P', 'ALPINA PRODUCTOS', 'CENCOSUD COLOMBIA', 'AVIANCA S A'];
/** Strip accents as the bank's systems do, and upper-case. */
const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[.,]/g, '');

interface Cust { nit: string; dv: number; name: string; branches: number; agent: boolean; gc: boolean; ica: number; person: boolean; cell: string }

export function coPse(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 16003);
  const book = new Book();
  const custs: Cust[] = [];
  for (let i = 0; i < Math.max(40, Math.round(o.openItems / 12)); i++) {
    const person = r.chance(0.2), nit = person ? String(r.int(10000000, 1099999999)) : String(r.int(800000000, 901999999));
    const gcName = !person && r.chance(0.08) ? GC[i % GC.length] : '';
    const name = person ? r.pick(PERSONS) : gcName ? gcName : `${r.pick(B)} ${r.pick(A)} ${r.pick(C)}`;
    const agent = !person && (!!gcName || r.chance(0.55));
    custs.push({ nit, dv: nitDv(nit), name, branches: !person && r.chance(0.2) ? 2 : 1, agent, gc: !!gcName, ica: agent ? r.pick([4.14, 6.9, 9.66, 11.04]) : 0, person, cell: `3${r.pick(['00', '01', '10', '12', '15', '20', '22'])}${pad(r.int(0, 9999999), 7)}` });
  }
  const fe0 = r.int(11000, 14000), perFe = Math.max(1, 0.95 * o.openItems) / 112;
  let fe = fe0, nc = r.int(400, 700), ped = r.int(50000, 60000), cus = r.int(300000000, 800000000);
  const inv = (c: Cust, kind: string, group: string | null, opt: { base?: number; amb?: boolean; services?: boolean; branch?: number } = {}): Row => {
    const services = opt.services ?? r.chance(0.3), base = opt.base ?? r.whole(60000, 9000000), iva = Math.round(base * 0.19 / 100) * 100;
    return book.addOi({ day: Math.min(72, -40 + Math.floor((fe - fe0) / perFe)), cents: base + iva, key: `${c.nit}/${opt.branch ?? 0}`, group, kind, amb: opt.amb, cells: { type: 'FV', no: `FE ${fe}`, n: String(fe++), ped: r.chance(0.6) ? `PED-${ped++}` : '', base: String(base), iva: String(iva), svc: services ? '1' : '', nit: c.nit, dv: String(c.dv), suc: pad(opt.branch ?? 0, 3), name: c.name } });
  };
  const net = (c: Cust, x: Row) => (c.agent ? x.cents - coRetentions(Number(x.cells.base), Number(x.cells.iva), !!x.cells.svc, c.ica, c.gc) : x.cents);
  const pay = (day: number, cents: number, desc: string, ref1: string, ref2: string, group: string | null, kind: string, amb?: boolean, branch = '') =>
    book.addSt({ day: workDay(Math.min(Math.max(day, 0), LAST_DAY - 2), [0, 6]), cents, group, kind, amb, cells: { desc, ref1, ref2, doc: String(cus += r.int(1, 5000)), branch } });
  const after = (rows: Row[]) => Math.max(0, ...rows.map((x) => x.day)) + r.int(5, 35);
  /** How a payer writes its NIT into reference 1. */
  const nitRef = (c: Cust) => r.pick([c.nit, `${c.nit}${c.dv}`, `${c.nit}-${c.dv}`]);
  const cite = (x: Row) => r.pick([x.cells.n, `FE${x.cells.n}`, `FE-${x.cells.n}`, `FACT ${x.cells.n}`, `FV ${x.cells.n}`, `FACTURA ELECTRONICA FE ${x.cells.n}`]);
  const pse = (c: Cust) => `RECAUDO PSE CONV 78421 ${r.pick(BANKS)}`.slice(0, 40);
  const ach = (c: Cust) => `ABONO ACH ${r.pick(['BCO BOGOTA', 'DAVIVIENDA', 'BBVA', 'OCCIDENTE', 'POPULAR', 'ITAU', 'COLPATRIA', 'AV VILLAS', 'CAJA SOCIAL'])} ${plain(c.name).slice(0, 22)}`;
  const checkedRefs = (refs: string) => refs.slice(0, 30);

  while (book.oi.length < o.openItems) {
    const u = r.next();
    let c = r.pick(custs);
    /** A customer of the type the case needs (withholding agent, private payer, …). */
    const who = (pred: (k: Cust) => boolean) => { const xs = custs.filter(pred); return xs.length ? r.pick(xs) : c; };
    if (u < 0.14) {
      c = who((k) => !k.agent);
      const g = book.group(), x = inv(c, 'pse_reference', g);
      pay(after([x]), x.cents, pse(c), nitRef(c), checkedRefs(cite(x)), g, 'pse_reference');
    } else if (u < 0.28) {
      c = who((k) => k.agent);
      const g = book.group(), x = inv(c, 'ach_net_of_retentions', g);
      pay(after([x]), net(c, x), ach(c), nitRef(c), r.chance(0.7) ? checkedRefs(cite(x)) : 'PAGO FACTURA', g, 'ach_net_of_retentions');
    } else if (u < 0.36) {
      c = who((k) => k.agent);
      // A large payer's supplier run: several invoices net of all retentions, no invoice in the bank line.
      const g = book.group(), xs = Array.from({ length: r.int(2, 6) }, () => inv(c, 'supplier_run_net_multi', g));
      pay(after(xs), xs.reduce((s, x) => s + net(c, x), 0), `PAGO PROVEEDORES ${plain(c.name).slice(0, 24)}`, `${c.nit}`, 'PAGO PROVEEDORES', g, 'supplier_run_net_multi');
    } else if (u < 0.42) {
      // Cash at a Bancolombia correspondent: the NIT (or cédula) only, several open invoices; the amount decides.
      const g = book.group(), x = inv(c, 'cash_nit_only', g); inv(c, 'cash_nit_only_other_open', null);
      pay(after([x]), net(c, x), `CONSIGNACION CORRESPONSAL CB ${r.pick(['CRA 7', 'SUBA', 'KENNEDY', 'CHAPINERO', 'SOACHA', 'ENGATIVA'])}`, nitRef(c), '', g, 'cash_nit_only');
    } else if (u < 0.47) {
      const g = book.group(), x = inv(c, 'order_number_quoted', g);
      if (!x.cells.ped) x.cells.ped = `PED-${ped++}`;
      pay(after([x]), net(c, x), c.agent ? ach(c) : pse(c), nitRef(c), r.pick([`PEDIDO ${x.cells.ped.slice(4)}`, x.cells.ped, `OC ${x.cells.ped.slice(4)}`]), g, 'order_number_quoted');
    } else if (u < 0.52) {
      c = who((k) => k.branches > 1);
      // One payment for invoices of both branches (sucursal 000 and 001) under the same NIT.
      const g = book.group(), xs = [inv(c, 'two_branches_one_payment', g, { branch: 0 }), inv(c, 'two_branches_one_payment', g, { branch: 1 }), ...(r.chance(0.5) ? [inv(c, 'two_branches_one_payment', g, { branch: 1 })] : [])];
      pay(after(xs), xs.reduce((s, x) => s + net(c, x), 0), c.agent ? ach(c) : pse(c), nitRef(c), checkedRefs(xs.map((x) => x.cells.n).join(' ')), g, 'two_branches_one_payment');
    } else if (u < 0.57) {
      const g = book.group(), x = inv(c, 'credit_note_netted', g, { base: r.whole(500000, 8000000) });
      const base = Math.round(Number(x.cells.base) * r.int(5, 30) / 100 / 100) * 100, iva = Math.round(base * 0.19 / 100) * 100;
      const m = book.addOi({ day: x.day + r.int(1, 10), cents: -(base + iva), key: `${c.nit}/0`, group: g, kind: 'credit_note_netted', cells: { type: 'NC', no: `NC ${nc}`, n: String(nc++), ped: '', base: String(-base), iva: String(-iva), svc: x.cells.svc, nit: c.nit, dv: String(c.dv), suc: '000', name: c.name } });
      // The payer's retentions are computed on the net base after the credit note.
      const S = c.agent ? x.cents + m.cents - coRetentions(Number(x.cells.base) - base, Number(x.cells.iva) - iva, !!x.cells.svc, c.ica, c.gc) : x.cents + m.cents;
      pay(after([x, m]), S, c.agent ? ach(c) : pse(c), nitRef(c), checkedRefs(`${cite(x)} MENOS NC ${m.cells.n}`), g, 'credit_note_netted');
    } else if (u < 0.62) {
      c = who((k) => !k.agent);
      const g = book.group(), x = inv(c, 'abono_parcial', g, { base: r.whole(1000000, 9000000) });
      pay(after([x]), Math.round(x.cents * r.int(25, 70) / 100 / 10000000) * 10000000, pse(c), nitRef(c), checkedRefs(`ABONO ${cite(x)}`), g, 'abono_parcial');
    } else if (u < 0.66) {
      c = who((k) => k.person);
      // A Nequi transfer: the payer's mobile number in reference 1, no name, no invoice.
      const g = book.group(), x = inv(c, 'nequi_cell_only', g);
      pay(after([x]), x.cents, 'TRANSFERENCIA DESDE NEQUI', c.cell, '', g, 'nequi_cell_only');
    } else if (u < 0.7) {
      c = who((k) => !k.agent);
      // A PSE payment reversed by the payer's bank: both lines have no counterpart; the invoice stays open.
      const x = inv(c, 'unpaid_after_reversal', null), d = after([x]);
      pay(d, x.cents, pse(c), nitRef(c), checkedRefs(cite(x)), null, 'pse_reversal');
      pay(d + r.int(1, 4), -x.cents, 'REVERSION RECAUDO PSE', nitRef(c), checkedRefs(cite(x)), null, 'pse_reversal');
    } else if (u < 0.73) {
      const base = r.whole(50000, 3000000), g = book.group();
      const a = inv(c, 'ambiguous_equal_amounts', g, { base, amb: true, services: false }); inv(c, 'ambiguous_equal_amounts', null, { base, amb: true, services: false });
      pay(after([a]), net(c, a), c.agent ? ach(c) : pse(c), nitRef(c), r.pick(['PAGO', 'PAGO FACTURA', '']), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.76) {
      c = who((k) => !k.agent);
      const peers = custs.filter((k) => k !== c && !k.agent);
      if (!peers.length) continue;
      const c2 = r.pick(peers), base = r.whole(60000, 2000000);
      for (const k of [c, c2]) { const g = book.group(), x = inv(k, 'same_amount_two_customers', g, { base, services: false }); pay(after([x]), x.cents, pse(k), nitRef(k), cite(x), g, 'same_amount_two_customers'); }
    } else if (u < 0.79) {
      // Reference 2 holds the payer's own NIT with its check digit, or a phone number; no invoice.
      const g = book.group(), x = inv(c, 'nit_in_reference_2', g);
      pay(after([x]), net(c, x), c.agent ? ach(c) : pse(c), c.cell, r.pick([`${c.nit.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${c.dv}`, `NIT ${c.nit}${c.dv}`]), g, 'nit_in_reference_2');
    } else if (u < 0.82) {
      pay(r.int(0, LAST_DAY), r.whole(60000, 4000000), pse(c), nitRef(c), `FE ${r.int(5000, 10999)}`, null, 'payment_not_on_list');
      inv(c, 'unpaid_invoice', null);
    } else if (u < 0.85) {
      // Reference 2 typed wrong: two digits swapped or the last one dropped.
      const g = book.group(), x = inv(c, 'mistyped_reference', g), n = x.cells.n;
      const bad = n[3] !== n[4] ? n.slice(0, 3) + n[4] + n[3] : n.slice(0, 4);
      pay(after([x]), net(c, x), c.agent ? ach(c) : pse(c), nitRef(c), r.pick([`FE ${bad}`, bad, `FACT ${bad}`]), g, 'mistyped_reference');
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    if (r.chance(0.03)) { const d = r.pick([14, 29, 44, 60, 75]); pay(d, -r.whole(15000000, 60000000), `PAGO DE NOMINA ${r.int(20, 60)} EMPLEADOS`, '', '', null, 'payroll'); }
    if (r.chance(0.25)) pay(r.int(0, LAST_DAY), -r.whole(300000, 12000000), `PAGO A PROVEEDOR ${r.pick(['HP COLOMBIA SAS', 'LENOVO COLOMBIA', 'PAPELES NACIONALES', 'CARVAJAL SOLUCIONES', 'PANAMERICANA LIBRERIA'])}`, String(r.int(800000000, 901999999)), `FACT ${r.pick(['A', 'HP', 'LN'])}${r.int(10000, 99999)}`, null, 'supplier_payment');
    if (r.chance(0.03)) pay(r.int(0, LAST_DAY), -r.whole(500000, 20000000), `PAGO PSE DIAN ${r.pick(['RETEFUENTE', 'IVA BIMESTRAL', 'ICA BOGOTA'])} FORM ${r.int(3500000000, 3599999999)}`, '', '', null, 'tax_payment');
    if (r.chance(0.04)) pay(r.int(0, LAST_DAY), -r.pick([1190000, 2380000, 857000, 1500000]), r.pick(['CUOTA MANEJO SUC VIRT EMPRESA', 'COBRO IVA PAGOS AUTOMATICOS', 'COMISION RECAUDO PSE', 'COMISION TRANSFERENCIA ACH']), '', '', null, 'bank_charge');
  }
  // Every debit carries the 4×1000 financial-transactions tax (GMF) the same day.
  for (const x of [...book.st]) if (x.cents < 0 && x.kind !== 'pse_reversal') book.addSt({ day: x.day, cents: -Math.round(-x.cents * 0.004 / 100) * 100, group: null, kind: 'gmf_4x1000', cells: { desc: 'IMPTO GOBIERNO 4X1000', ref1: '', ref2: '', doc: '', branch: '' } });
  const { oi, st, truth } = book.finish();
  const dmy = (day: number) => { const t = dateOf(day); return `${pad(t.d, 2)}/${pad(t.m, 2)}/${t.y}`; };
  const ymd = (day: number) => { const t = dateOf(day); return `${t.y}${pad(t.m, 2)}${pad(t.d, 2)}`; };
  const m = (c: number) => money(c, '.', ',');
  const total = oi.reduce((s, x) => s + x.cents, 0);
  const oiLines = ['PAPELERÍA Y TECNOLOGÍA DEL NORTE S.A.S.', 'NIT 901.245.318-6', 'Cartera por tercero - cuentas por cobrar clientes', `Fecha de corte: ${dmy(LAST_DAY)}`, '',
    'Identificación;DV;Sucursal;Nombre del tercero;Tipo;Comprobante;Pedido;Fecha elaboración;Fecha vencimiento;Base;IVA;Total;Saldo'];
  for (const x of oi) oiLines.push([x.cells.nit, x.cells.dv, x.cells.suc, q(x.cells.name, ';'), x.cells.type, x.cells.no, x.cells.ped, dmy(x.day), dmy(x.day + 30), m(Number(x.cells.base)), m(Number(x.cells.iva)), m(x.cents), m(x.cents)].join(';'));
  oiLines.push('', `;;;Total general;;;;;;;;${m(total)};${m(total)}`);
  let bal = openingFor(st, 185_420_000_00);
  const open = bal;
  const stLines = ['BANCOLOMBIA S.A.', 'CUENTA CORRIENTE,06912345678', 'TITULAR,PAPELERIA Y TECNOLOGIA DEL NORTE SAS', 'NIT,9012453186', `DESDE,${ymd(0)},HASTA,${ymd(LAST_DAY)}`, `SALDO ANTERIOR,${money(open, '', '.')}`, '',
    'FECHA,DESCRIPCION,SUCURSAL,REFERENCIA 1,REFERENCIA 2,DOCUMENTO,VALOR,SALDO'];
  for (const x of st) {
    bal += x.cents;
    stLines.push([ymd(x.day), q(x.cells.desc, ','), x.cells.branch || (x.cents > 0 ? r.pick(['0691 CALLE 100', '0000 SUC VIRTUAL', '0455 UNICENTRO']) : '0000 SUC VIRTUAL'), x.cells.ref1, q(x.cells.ref2, ','), x.cells.doc, money(x.cents, '', '.'), money(bal, '', '.')].join(','));
  }
  stLines.push('', `SALDO ACTUAL,${money(bal, '', '.')}`);
  return {
    name: NAME,
    description: 'A Bogotá office-supplies and IT-services wholesaler exports its receivables from a Siigo-style package ("Cartera por tercero": semicolon CSV in Windows-1252, a four-line preamble, NIT and check digit in separate columns, sucursal 000/001, FE electronic-invoice numbers, order numbers PED-nnnnn, dd/mm/yyyy, COP with dot thousands and decimal comma, Base/IVA 19 %/Total, credit notes NC negative, a Total general line) and its Bancolombia statement (comma CSV, preamble with SALDO ANTERIOR, yyyymmdd dates, upper-case descriptions without accents, REFERENCIA 1 / REFERENCIA 2 / DOCUMENTO (the PSE CUS or trace number), signed amounts with a decimal point, running balance, SALDO ACTUAL). Withholding agents pay net of retención en la fuente (2.5 % goods, 4 % services), ReteICA (4.14-11.04 per mil) and, grandes contribuyentes, ReteIVA (15 % of IVA). Kinds: pse_reference (ref 1 the payer NIT in three spellings, ref 2 the invoice in several forms), ach_net_of_retentions, supplier_run_net_multi (2-6 invoices net, no invoice named), cash_nit_only (NIT only while the customer has other open invoices; amount decides), order_number_quoted, two_branches_one_payment, credit_note_netted (retentions on the net base), abono_parcial (round sums), nequi_cell_only (a mobile number and the amount), pse_reversal (a PSE payment reversed; the invoice stays open), nit_in_reference_2 (the NIT with check digit or a phone number where an invoice number would be), mistyped_reference, same_amount_two_customers, ambiguous equal amounts, payments for invoices not on the list, unpaid invoices; noise: payroll, supplier payments, DIAN tax payments, bank charges and a GMF 4x1000 line after every debit.',
    openItems: { fileName: 'Cartera_por_tercero_27112026.csv', content: cp1252(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: 'Bancolombia_movimientos_06912345678.csv', content: stLines.join('\r\n') + '\r\n' },
    truth,
  };
}
