/**
 * pe-detracciones — a Lima industrial-services and supplies company (PEN, IGV 18 %) whose ERP lists
 * its pending electronic documents (facturas F001-00012345, notas de crédito FC01-…, boletas B001-…)
 * against its BCP current-account movements. Peru takes money out of payments before they arrive:
 * under the SPOT system the customer deposits a detracción (12 % or 10 % of the total of a service
 * invoice over S/ 700, rounded to whole soles) into the company's Banco de la Nación account, so the
 * BCP receives the total minus that; customers that are agentes de retención keep 3 % of the total and
 * issue a retention voucher (R001-…) instead. Large customers pay through BCP's supplier-payment
 * service (PAGO PROV, their document numbers in Referencia2 in their own spellings); others transfer
 * between banks (the line shows only the payer's RUC), or deposit cash at an agent (no name at all).
 * BCP charges the ITF tax (0.005 %, truncated to five céntimos) on every movement on a line of its
 * own, and reverses mistaken credits with EXTORNO lines. Credit invoices are paid in cuotas.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, dmy, money, pad, pctOf, detraccion, itf, rucCheck, rngFor, openingFor, sumOf, typo, workDay, LAST_DAY, type Row } from './common';

const NAME = 'pe-detracciones';
/** 8 October (Combate de Angamos) is a Thursday; 1 November a Sunday; 30 August before the period. */
export const PE_HOLIDAYS = [37];
export const PE_RETENCION_PCT = 3;
export const PE_DETRACCION_PCT = [12, 10];

const N1 = ['Minera', 'Constructora', 'Agroindustrias', 'Transportes', 'Inversiones', 'Corporación', 'Pesquera', 'Textil', 'Industrias', 'Servicios Generales', 'Comercial', 'Consorcio'];
const N2 = ['Los Andes', 'Huallaga', 'del Norte', 'Chavín', 'Santa Rosa', 'Pacífico Sur', 'Rímac', 'Mantaro', 'Vilcanota', 'San Martín', 'Amazonas', 'Chimú', 'Paracas', 'Illimani', 'Virú', 'Marañón'];
const FORMS = ['S.A.C.', 'S.A.', 'S.A.A.', 'E.I.R.L.', 'S.R.L.'];
const PEOPLE = ['QUISPE MAMANI JUAN CARLOS', 'HUAMAN FLORES ROSA', 'TORRES VARGAS LUIS ALBERTO', 'ROJAS CCAHUANA MARIA', 'MENDOZA PAREDES JORGE', 'CHAVEZ LLANOS ANA LUCIA'];
const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();

interface Cust { name: string; code: string; ruc: string; bank: string; big: boolean; agente: boolean; person: boolean }

export function peDetracciones(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 20003);
  const book = new Book();
  const used = new Set<string>();
  const ruc = (p: string) => { const ten = `${p}${pad(r.int(0, 99999999), 8)}`; return ten + rucCheck(ten); };
  let code = r.int(1000, 1500);
  const mk = (i: number): Cust => {
    if (i % 12 === 11) {
      const n = PEOPLE[(i / 12 | 0) % PEOPLE.length] + ((i / 12 | 0) >= PEOPLE.length ? ` ${i}` : '');
      return { name: n, code: `C${code++}`, ruc: ruc('10'), bank: n.slice(0, 22), big: false, agente: false, person: true };
    }
    let base = '';
    for (let t = 0; !base || used.has(base); t++) base = `${r.pick(N1)} ${r.pick(N2)}${t > 30 ? ` ${r.pick(['Perú', 'Lima', 'Andina', 'Global'])}` : ''}${t > 80 ? ` ${t}` : ''}`;
    used.add(base);
    const name = `${base} ${r.pick(FORMS)}`, big = r.chance(0.35);
    return { name, code: `C${code++}`, ruc: ruc('20'), bank: ascii(name).replace(/\./g, '').slice(0, 22), big, agente: big && r.chance(0.5), person: false };
  };
  const custs = Array.from({ length: Math.max(48, Math.round(o.openItems / 9)) }, (_, i) => mk(i));
  const big = custs.filter((c) => c.big && !c.agente), agentes = custs.filter((c) => c.agente), small = custs.filter((c) => !c.big);

  const no0 = r.int(12000, 18000), per = Math.max(1, o.openItems * 1.05) / 112;
  let no = no0, nc = r.int(200, 500), bol = r.int(3000, 5000), op = r.int(10000000, 30000000), ret = r.int(100, 900);
  /** A document: factura (01), boleta (03) for a person, nota de crédito (07, negative). `det` marks a service subject to detracción. */
  const doc = (c: Cust, kind: string, group: string | null, opt: { total?: number; amb?: boolean; credit?: boolean; det?: boolean; cuotas?: number } = {}): Row => {
    const n = no++, total = opt.total ?? r.cents(80, 12000);
    const day = Math.min(80, -32 + Math.floor((n - no0) / per));
    const tipo = opt.credit ? '07' : c.person ? '03' : '01';
    const serie = opt.credit ? `FC01-${pad(nc++, 8)}` : c.person ? `B001-${pad(bol++, 8)}` : `F001-${pad(n, 8)}`;
    const det = opt.det && !opt.credit && total >= 70000 ? detraccion(total, r.pick(PE_DETRACCION_PCT)) : 0;
    return book.addOi({ day, cents: opt.credit ? -total : total, key: c.code, group, kind, amb: opt.amb, cells: { no: serie, tipo, cust: c.name, code: c.code, ruc: c.ruc, det: String(det), agente: c.agente ? 'SI' : 'NO', due: String(day + (opt.cuotas ? 90 : r.pick([0, 15, 30, 30, 60]))) } });
  };
  /** How payers write F001-00012345. */
  const cite = (x: Row) => {
    const [s, n] = x.cells.no.split('-'), k = String(Number(n));
    return r.pick([x.cells.no, `${s}-${k}`, `FACT ${k}`, `${s} ${k}`, `F${Number(s.slice(1))}-${k}`, `FACTURA ${s.slice(1)}-${k}`, `FT ${s}-${n}`, k]);
  };
  const line = (day: number, cents: number, desc: string, ref: string, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: workDay(Math.max(day, 0), PE_HOLIDAYS), cents, group, kind, amb, cells: { desc: desc.slice(0, 40), ref: ref.slice(0, 40), op: pad(op++, 8), hour: `${pad(r.int(7, 20), 2)}:${pad(r.int(0, 59), 2)}`, user: r.pick(['TLC', 'INT', 'AGN', 'VEN']) } });
  /** A customer's payment: big customers through PAGO PROV with a reference, others by CCE transfer (RUC only) or from a BCP account. */
  const pay = (c: Cust, day: number, cents: number, ref: string, group: string | null, kind: string, amb?: boolean) => {
    if (c.big) return line(day, cents, `PAGO PROV ${c.bank}`, ref, group, kind, amb);
    return r.chance(0.5) ? line(day, cents, `TRAN.CTAS.TERC ${c.bank}`, ref, group, kind, amb) : line(day, cents, `TRANSF.CCE ${c.ruc}`, ref, group, kind, amb);
  };
  const after = (rows: Row[], lo = 3, hi = 45) => Math.max(Math.max(...rows.map((x) => x.day)) + r.int(lo, hi), r.int(0, 10));

  while (book.oi.length < o.openItems) {
    const u = r.next() * 0.88, b = r.pick(big), a = r.pick(agentes), s = r.pick(small), c = r.pick(custs.filter((z) => !z.person && !z.agente));
    if (u < 0.17) {
      const g = book.group(), x = doc(b, 'supplier_payment_document', g);
      pay(b, after([x]), x.cents, cite(x), g, 'supplier_payment_document');
    } else if (u < 0.27) {
      const g = book.group(), x = doc(c, 'detraccion_deducted', g, { det: true, total: r.cents(800, 30000) });
      pay(c, after([x]), x.cents - Number(x.cells.det), r.pick([`${cite(x)} DET`, cite(x), `${cite(x)} SPOT ${r.int(100000000, 999999999)}`, `NETO DETRAC ${cite(x)}`]), g, 'detraccion_deducted');
    } else if (u < 0.34) {
      const g = book.group(), x = doc(a, 'retencion_deducted', g, { total: r.cents(800, 20000) }), rr = `R001-${pad(ret++, 8)}`;
      pay(a, after([x]), x.cents - pctOf(x.cents, PE_RETENCION_PCT), r.pick([`${cite(x)} RET ${rr}`, `${rr} ${cite(x)}`, `${cite(x)} RET 3%`]), g, 'retencion_deducted');
    } else if (u < 0.40) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 5) }, () => doc(b, 'several_documents_one_payment', g));
      pay(b, after(xs), sumOf(xs), r.chance(0.4) ? r.pick(['VARIOS', 'PAGO FACTURAS', `LOTE ${r.int(100, 999)}`]) : xs.map((x) => String(Number(x.cells.no.split('-')[1]))).join('/'), g, 'several_documents_one_payment');
    } else if (u < 0.44) {
      const g = book.group(), x = doc(c, 'credit_note_netted', g, { total: r.cents(600, 9000) });
      const n = doc(c, 'credit_note_netted', g, { credit: true, total: Math.round(x.cents * r.int(3, 30) / 100) });
      pay(c, after([x, n]), x.cents + n.cents, `${cite(x)} ${r.pick(['NC', 'MENOS NC', '-'])} ${n.cells.no.replace(/-0+/, '-')}`, g, 'credit_note_netted');
    } else if (u < 0.48) {
      const k = r.int(2, 3), g = book.group(), x = doc(c, 'cuotas', g, { total: r.cents(3000, 20000), cuotas: k });
      const part = Math.floor(x.cents / k / 100) * 100, d0 = after([x], 10, 25);
      for (let i = 0; i < k; i++) pay(c, d0 + i * 30, i < k - 1 ? part : x.cents - part * (k - 1), `CUOTA ${i + 1}/${k} ${cite(x)}`, g, 'cuotas');
    } else if (u < 0.50) {
      const g = book.group(), x = doc(c, 'part_payment', g, { total: r.cents(2000, 15000) });
      pay(c, after([x]), Math.round(x.cents * r.int(20, 60) / 100 / 10000) * 10000, `A CTA ${cite(x)}`, g, 'part_payment');
    } else if (u < 0.54) {
      // Interbank transfer from a smaller customer: the bank line shows only the payer's RUC.
      const z = r.pick(small.filter((y) => !y.person)), g = book.group(), x = doc(z, 'interbank_ruc_only', g);
      line(after([x]), x.cents, `TRANSF.CCE ${z.ruc}`, '', g, 'interbank_ruc_only');
    } else if (u < 0.58) {
      const g = book.group(), x = doc(s, 'cash_deposit_amount_only', g);
      line(after([x]), x.cents, `DEPOSITO EFECTIVO AGENTE ${r.int(100000, 999999)}`, '', g, 'cash_deposit_amount_only');
    } else if (u < 0.62) {
      const g = book.group(), x = doc(s, 'name_and_amount_only', g);
      line(after([x]), x.cents, `TRAN.CTAS.TERC ${s.bank}`, r.pick(['', 'PAGO', 'CANCELACION']), g, 'name_and_amount_only');
    } else if (u < 0.645) {
      const g = book.group(), x = doc(b, 'mistyped_document_number', g), bad = typo(r, x.cells.no.split('-')[1].replace(/^0+/, ''));
      pay(b, after([x]), x.cents, r.pick([`F001-${bad}`, `FACT ${bad}`, bad]), g, 'mistyped_document_number');
    } else if (u < 0.675) {
      const g = book.group(), x = doc(s, 'dni_phone_order_in_reference', g);
      const bits = r.shuffle([r.pick([`DNI ${pad(r.int(10000000, 79999999), 8)}`, `CEL 9${pad(r.int(0, 99999999), 8)}`, `OC ${r.int(4500000000, 4599999999)}`, `RUC ${s.ruc}`]), cite(x)]);
      line(after([x]), x.cents, s.person ? `DEPOSITO EFECTIVO AGENTE ${r.int(100000, 999999)}` : `TRAN.CTAS.TERC ${s.bank}`, bits.join(' '), g, 'dni_phone_order_in_reference');
    } else if (u < 0.695) {
      const c2 = r.pick(small.filter((z) => z !== s)), total = r.int(2, 40) * 11800;
      for (const z of [s, c2]) { const g = book.group(), x = doc(z, 'same_amount_two_customers', g, { total, amb: true }); line(after([x]), x.cents, `DEPOSITO EFECTIVO AGENTE ${r.int(100000, 999999)}`, '', g, 'same_amount_two_customers', true); }
    } else if (u < 0.71) {
      const g = book.group(), total = r.cents(100, 3000), x = doc(b, 'ambiguous_equal_amounts', g, { total, amb: true });
      doc(b, 'ambiguous_equal_amounts', null, { total, amb: true });
      pay(b, after([x]), x.cents, r.pick(['VARIOS', 'PAGO FACTURA', '']), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.725) {
      // A credit posted to the wrong account, reversed the same day (EXTORNO), then paid properly.
      const g = book.group(), x = doc(c, 'extorno_then_repaid', g), d1 = after([x], 3, 25), ref = cite(x);
      pay(c, d1, x.cents, ref, null, 'extorno_then_repaid');
      line(d1, -x.cents, `EXTORNO ${c.big ? 'PAGO PROV' : 'TRAN.CTAS.TERC'}`, ref, null, 'extorno_then_repaid');
      pay(c, d1 + r.int(1, 6), x.cents, ref, g, 'extorno_then_repaid');
    } else if (u < 0.74) {
      const g = book.group(), x = doc(b, 'duplicate_refunded', g), d1 = after([x]), ref = cite(x);
      pay(b, d1, x.cents, ref, g, 'duplicate_refunded');
      pay(b, d1, x.cents, ref, null, 'duplicate_refunded');
      line(d1 + r.int(3, 12), -x.cents, `TRANSF.CCE ${b.ruc}`, `DEVOLUCION PAGO DUPLICADO ${x.cells.no}`, null, 'duplicate_refunded');
    } else if (u < 0.755) {
      pay(c, r.int(0, LAST_DAY - 1), r.cents(50, 4000), r.pick([`E001-${r.int(100, 999)}`, `F001-${r.int(5000, 9000)}`, 'SALDO 2025']), null, 'payment_not_on_list');
    } else {
      doc(r.pick(custs), 'unpaid_invoice', null, { det: r.chance(0.3) });
    }
    book.endCase();
  }
  for (let i = 0, n = Math.round(o.openItems * 0.1); i < n; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.3) line(day, -r.cents(500, 40000), `PAGO PROV ${r.pick(['FERREYROS SA', 'SODIMAC PERU', 'ACEROS AREQUIPA', 'TRANSPORTES CRUZ'])}`, `F${pad(r.int(1, 99), 3)}-${r.int(1000, 99999)}`, null, 'other_bank_line');
    else if (v < 0.5) line(day, -r.cents(2000, 60000), 'PAGO SUNAT', `PDT 621 ${r.pick(['09', '10'])}2026 RUC 20${r.int(100000000, 999999999)}`, null, 'other_bank_line');
    else if (v < 0.75) line(day, -r.cents(1500, 8000), 'PAGO HABERES', `PLANILLA ${r.pick(['SET', 'OCT', 'NOV'])}26`, null, 'other_bank_line');
    else line(day, -r.int(500, 6000), r.pick(['COM. MANTENIMIENTO', 'COMISION TRANSF.CCE', 'PORTES']), '', null, 'bank_fee');
  }
  // ITF on every movement, a line of its own just after the movement (above it, newest first).
  book.st.forEach((x, i) => { x.seq = i; });
  for (const x of book.st.slice()) { const t = itf(x.cents); if (t > 0) book.addSt({ day: x.day, cents: -t, group: null, kind: 'itf_tax', seq: (x.seq ?? 0) + 0.5, cells: { desc: 'ITF', ref: '', op: pad(op++, 8), hour: x.cells.hour, user: x.cells.user } }); }

  const { oi, st, truth } = book.finish(true);
  // ERP "Cuentas por cobrar": UTF-8 with BOM, commas, amounts with comma thousands (so quoted), preamble.
  const pen = (c: number) => money(c, ',', '.');
  const cq = (s: string) => (/[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const OH = ['Código', 'RUC/DNI', 'Razón Social', 'Tipo Doc.', 'Serie-Número', 'Fecha Emisión', 'Fecha Vencimiento', 'Mon.', 'Importe Total', 'Detracción', 'Ag. Ret.', 'Saldo'];
  const oiLines = ['SERVICIOS INDUSTRIALES LURIN S.A.C.', 'RUC: 20' + pad(r.int(0, 999999999), 9), `REPORTE DE CUENTAS POR COBRAR - DOCUMENTOS PENDIENTES AL ${dmy(LAST_DAY, '/')}`, 'Moneda: SOLES', '', OH.join(',')];
  for (const x of oi) oiLines.push([x.cells.code, x.cells.tipo === '03' ? x.cells.ruc.slice(2, 10) : x.cells.ruc, x.cells.cust, x.cells.tipo, x.cells.no, dmy(x.day, '/'), dmy(Number(x.cells.due), '/'), 'PEN', pen(x.cents), Number(x.cells.det) ? pen(Number(x.cells.det)) : '', x.cells.agente, pen(x.cents)].map(cq).join(','));
  oiLines.push('', ['', '', 'TOTAL GENERAL', '', '', '', '', 'PEN', pen(sumOf(oi)), '', '', pen(sumOf(oi))].map(cq).join(','));
  // BCP movements: semicolons, newest first, signed amounts, a running Saldo.
  const open = openingFor([...st].reverse(), r.cents(50000, 200000)), cta = `193-${r.int(1000000, 9999999)}-0-${r.int(10, 99)}`;
  let bal = open + sumOf(st);
  const SH = ['Fecha', 'Fecha valuta', 'Descripción operación', 'Monto', 'Saldo', 'Sucursal - agencia', 'Operación - Número', 'Operación - Hora', 'Usuario', 'UTC', 'Referencia2'];
  const stLines = ['Movimientos de la cuenta', `Cuenta Corriente Soles ${cta}`, `Del ${dmy(0, '/')} al ${dmy(LAST_DAY, '/')}`, `Saldo contable inicial;${pen(open)}`, '', SH.join(';')];
  for (const x of st) {
    stLines.push([dmy(x.day, '/'), dmy(x.day, '/'), x.cells.desc, pen(x.cents), pen(bal), r.pick(['191 - Principal', '193 - Lurin', '000 - Banca por Internet', '250 - Agente']), x.cells.op, x.cells.hour, x.cells.user, String(r.int(1000, 9999)), x.cells.ref].join(';'));
    bal -= x.cents;
  }
  return {
    name: NAME,
    description: 'A Lima industrial-services company\'s ERP report of pending documents (UTF-8 with BOM, commas, four preamble lines, dd/mm/yyyy, amounts with comma thousands and dot decimals so quoted, sorted by customer code, a TOTAL GENERAL line; facturas F001-00012345, boletas B001-… for persons with a DNI, notas de crédito FC01-… negative, customer RUCs with a valid check digit, the detracción each service invoice carries in whole soles, whether the customer is an agente de retención) against BCP current-account movements (semicolons, four preamble lines with the opening balance, newest first, signed amounts, a running Saldo, eight-digit operation numbers, Referencia2 as payers typed it). Kinds: supplier_payment_document (eight spellings of F001-00012345), detraccion_deducted (12 or 10 %, whole soles, to the Banco de la Nación), retencion_deducted (3 %, retention voucher R001-… in the reference), several_documents_one_payment, credit_note_netted, cuotas, part_payment, interbank_ruc_only (only the payer\'s RUC), cash_deposit_amount_only, name_and_amount_only, mistyped_document_number, dni_phone_order_in_reference (DNIs, mobiles, SAP purchase orders, RUCs), same_amount_two_customers (anonymous cash deposits, undecidable), ambiguous_equal_amounts, extorno_then_repaid, duplicate_refunded, payment_not_on_list, unpaid_invoice, not_yet_due, itf_tax (0.005 % on every movement), bank_fee, other_bank_line.',
    openItems: { fileName: 'cuentas_por_cobrar.csv', content: '\ufeff' + oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: `movimientos_${cta}.csv`, content: stLines.join('\r\n') + '\r\n' },
    truth,
  };
}
