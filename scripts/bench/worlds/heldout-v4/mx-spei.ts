/**
 * mx-spei — Maquinados y Fletes del Bajío, S.A. de C.V., León (Gto.): a machining shop that also
 * runs freight for its customers, invoicing CFDI 4.0 in MXN (and in USD to some exporters).
 *
 * Open items: "Saldos de clientes por documento" from a CONTPAQi/Aspel-like ERP, Windows-1252
 * (latin1), `,`, CRLF, two title lines and a blank above the header, a `Total M.N.` line after a
 * blank below; dd/mm/aaaa; money `$1,234.56` (quoted); serie + folio (`A` invoices 10001…, `NC`
 * credit notes 3001…), the CFDI UUID (folio fiscal), PUE/PPD, currency and exchange rate, Total /
 * Pagado (complementos de pago already issued) / Saldo / Saldo M.N.
 *
 * Statement: a BBVA-México-like CSV of the MXN account, UTF-8, four account lines and a blank
 * above `Fecha,Concepto / Referencia,Cargo,Abono,Saldo`, newest first, running balance; SPEI
 * credits `SPEI RECIBIDO <bank> / REF <7 digits> / <concepto> / CLABE <18> / <ORDENANTE>`
 * (same-bank payers `PAGO CUENTA DE TERCERO`), SAT, IMSS, payroll, outgoing SPEI with their fee
 * and the fee's IVA as separate lines.
 */
import type { World, WorldOptions } from '../world';
import { Amounts, Rng, allot, clabeCheck, csvField, dayOf, dmy, fmtMoney, inFileOrder, pad, truthFor, uniqueName, type Gen } from './common';

const AS_OF = dayOf(2026, 11, 26), S0 = dayOf(2026, 9, 1), D0 = dayOf(2026, 6, 15);
const BANKS: readonly [string, string][] = [['BBVA MEXICO', '012'], ['SANTANDER', '014'], ['BANAMEX', '002'], ['BANORTE', '072'], ['HSBC', '021'], ['SCOTIABANK', '044'], ['INBURSA', '036'], ['BANREGIO', '058'], ['BANBAJIO', '030'], ['AFIRME', '062']];
const HEAD = ['Ferretera', 'Distribuidora', 'Comercializadora', 'Grupo Industrial', 'Maquinaria', 'Refaccionaria', 'Constructora', 'Autopartes', 'Aceros', 'Plásticos', 'Herramientas', 'Troqueles', 'Curtidos', 'Calzado'];
const TAIL = ['del Norte', 'Hidalgo', 'San Ángel', 'Jalisco', 'El Sol', 'del Bajío', 'Regiomontana', 'Azteca', 'Tonalá', 'Queretana', 'La Paz', 'de Sinaloa', 'Peñoles', 'Santa Fe', 'Guanajuato', 'Irapuato', 'Celaya', 'Potosina', 'Occidente', 'Anáhuac'];
const LEGAL = ['S.A. de C.V.', 'S. de R.L. de C.V.', 'S.A.P.I. de C.V.'];
const WHAT = ['Maquinado de piezas', 'Servicio de flete', 'Refacciones', 'Mantenimiento de troqueles', 'Servicio de flete', 'Fabricación de herramental'];
export const TC_BASE = 18.4;

interface Cust { code: string; name: string; rfc: string; bank: string; clabe: string; retains: boolean; terms: number }
interface Doc { c: Cust; serie: 'A' | 'NC'; folio: number; uuid: string; what: string; ppd: boolean; day: number; due: number; ccy: 'MXN' | 'USD'; tc: number; total: number; paid: number; mxn: number }
interface Mov { day: number; text: () => string; amt: number }

const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ');
const money = (v: number) => (v < 0 ? '-$' : '$') + fmtMoney(Math.abs(v), ',', '.');

export function mxSpei({ seed, openItems }: WorldOptions): World {
  const rng = new Rng(seed * 7919 + 404);
  const amounts = new Amounts(rng);
  const used = new Set<string>();
  const nCust = Math.max(12, Math.round(openItems / 9));
  const custs: Cust[] = [];
  for (let i = 0; i < nCust; i++) {
    const name = uniqueName(used, () => `${rng.pick(HEAD)} ${rng.pick(TAIL)}, ${rng.pick(LEGAL)}`);
    const init = ascii(name).replace(/[^A-Z ]/g, '').split(' ').filter((w) => w.length > 2).map((w) => w[0]).join('').padEnd(3, 'X').slice(0, 3);
    const rfc = `${init}${pad(rng.int(80, 99) % 100, 2)}${pad(rng.int(1, 12), 2)}${pad(rng.int(1, 28), 2)}${rng.pick(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'])}${rng.int(1, 9)}${rng.pick(['A', '1', '2', '3', '4', '5', '6', '7'])}`;
    const [bank, code] = rng.pick(BANKS);
    const first = code + pad(rng.int(1, 999), 3) + rng.digits(11).slice(0, 11);
    custs.push({ code: `C${pad(i + 1, 4)}`, name, rfc, bank, clabe: first + clabeCheck(first), retains: rng.chance(0.12), terms: rng.pick([15, 30, 30, 45, 60]) });
  }
  const retainers = custs.filter((c) => c.retains);
  let gid = 0;
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789ABCDEF'[rng.int(0, 15)]).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${rng.pick(['8', '9', 'A', 'B'])}${hex(3)}-${hex(12)}`;
  const oi: Gen<Doc>[] = [], st: Gen<Mov>[] = [];
  const custOf = () => custs[rng.skewedIndex(custs.length)];
  const mxnAmount = (c: Cust) => amounts.fresh(c.code, () => { const sub = Math.round(rng.amountCents(1500, 380000)); return sub + Math.round(sub * 0.16); });
  const doc = (c: Cust, day: number, o: Partial<Doc> = {}): Doc => {
    const d: Doc = { c, serie: 'A', folio: 0, uuid: uuid(), what: rng.pick(WHAT), ppd: rng.chance(0.3), day, due: day + c.terms, ccy: 'MXN', tc: 1, total: 0, paid: 0, mxn: 0, ...o };
    if (!d.total) d.total = mxnAmount(c);
    if (!d.mxn) d.mxn = d.ccy === 'USD' ? Math.round((d.total - d.paid) * d.tc) : d.total - d.paid;
    return d;
  };
  const payDay = () => rng.int(S0, AS_OF - 1);
  const issuedBefore = (c: Cust, pay: number) => Math.max(D0, pay - c.terms - rng.int(-12, 20));
  const ordenante = (c: Cust) => ascii(c.name).slice(0, 40).trim();
  /** One SPEI credit line (or same-bank transfer) as BBVA prints it. */
  const spei = (c: Cust, ref: string, concepto: string, rfc = rng.chance(0.5)) =>
    c.clabe.startsWith('012')
      ? `PAGO CUENTA DE TERCERO / ${ref} ${concepto} / ${ordenante(c)}`
      : `SPEI RECIBIDO ${c.bank} / REF ${ref} / ${concepto} / CLABE ${c.clabe} / ${ordenante(c)}${rfc ? ` RFC ${c.rfc}` : ''}`;
  const folioText = (d: Doc) => rng.pick([`PAGO FACT ${d.serie}-${d.folio}`, `FACTURA ${d.serie}${d.folio}`, `PAGO ${d.serie} ${d.folio}`, `FAC ${d.folio}`, `PAGO FACTURA ${d.folio}`, `F-${d.folio}`]);
  const refFor = (d: Doc | null) => (d && rng.chance(0.55) ? pad(d.folio, 7) : pad(rng.int(1, 9999999), 7));
  const addOi = (d: Doc, g: string | null, kind: string, amb = false) => oi.push({ key: Number(d.c.code.slice(1)) * 100000 + d.day, v: d, g, kind, amb });
  const addSt = (day: number, text: string | (() => string), amt: number, g: string | null, kind: string, amb = false) => st.push({ key: day, v: { day, text: typeof text === 'string' ? () => text : text, amt }, g, kind, amb });

  const n = allot(openItems, {
    spei_folio_concepto: 0.22, spei_referencia_numerica: 0.1, spei_uuid_block: 0.045, multi_invoice: 0.11, credit_note_netted: 0.055,
    ppd_parcialidades: 0.02, remaining_balance: 0.022, iva_retention_withheld: 0.035, usd_paid_in_mxn: 0.03, payer_name_only: 0.03,
    ambiguous_equal_amounts: 0.025, part_payment: 0.015, open_credit_note: 0.01, unpaid_invoice: 1,
  });
  const left = { ...n };
  // Single invoices paid in full, citing the folio in some way.
  for (const kind of ['spei_folio_concepto', 'spei_referencia_numerica', 'spei_uuid_block', 'payer_name_only'] as const) {
    for (; left[kind] > 0; left[kind]--) {
      const c = custOf(), pay = payDay(), d = doc(c, issuedBefore(c, pay), { ppd: false }), g = `g${++gid}`;
      addOi(d, g, kind);
      addSt(pay, () => {
        const ref = kind === 'spei_referencia_numerica' ? pad(d.folio, 7) : kind === 'payer_name_only' ? pad(rng.int(1, 999), 7) : kind === 'spei_uuid_block' ? pad(rng.int(1, 9999), 7) : refFor(d);
        const con = kind === 'spei_folio_concepto' ? folioText(d) : kind === 'spei_uuid_block' ? rng.pick([`PAGO ${d.uuid.slice(0, 8)}`, `CFDI ${d.uuid.slice(0, 8)}`, `${d.uuid.slice(0, 8)} PAGO`]) : rng.pick(['PAGO PROVEEDOR', 'PAGO', 'TRANSFERENCIA', 'PAGO A PROVEEDORES', 'LIQUIDACION']);
        return spei(c, ref, con);
      }, d.mxn, g, kind);
    }
  }
  // Several invoices in one SPEI; invoices netted with a credit note.
  for (const kind of ['multi_invoice', 'credit_note_netted'] as const) {
    while (left[kind] > 0) {
      const c = custOf(), pay = payDay(), g = `g${++gid}`, k = Math.min(left[kind], kind === 'multi_invoice' ? rng.int(2, 5) : rng.int(2, 4));
      const docs: Doc[] = [];
      for (let i = 0; i < (kind === 'multi_invoice' ? k : Math.max(1, k - 1)); i++) docs.push(doc(c, issuedBefore(c, pay) - rng.int(0, 20), { ppd: false }));
      if (kind === 'credit_note_netted') {
        const base = docs[0].total, v = Math.round(base * rng.pick([0.05, 0.1, 0.2, 0.35]));
        docs.push(doc(c, docs[0].day + rng.int(2, 15), { serie: 'NC', total: -v, mxn: -v, what: rng.pick(['Devolución de mercancía', 'Bonificación', 'Descuento por volumen']), due: 0 }));
        docs[docs.length - 1].due = docs[docs.length - 1].day;
        amounts.mark(c.code, -v);
      }
      for (const d of docs) addOi(d, g, kind);
      const inv = docs.filter((d) => d.serie === 'A');
      const sum = docs.reduce((s, d) => s + d.mxn, 0);
      addSt(pay, () => {
  const con = rng.chance(0.7) ? `PAGO FACTS ${inv.map((d) => d.folio).join(' ')}`.slice(0, 40) : rng.pick(['PAGO FACTURAS VARIAS', `PAGO FACTURAS ${docs.map((d) => `${d.serie}${d.folio}`).join(',')}`.slice(0, 40), 'PAGO SEGUN RELACION']);
        return spei(c, pad(rng.int(1, 9999999), 7), con);
      }, sum, g, kind);
      left[kind] -= docs.length;
    }
  }
  // PPD invoices paid in parcialidades (two or three SPEI, each citing the folio).
  while (left.ppd_parcialidades > 0) {
    const c = custOf(), first = rng.int(S0, AS_OF - 70), d = doc(c, Math.max(D0, first - rng.int(5, 30)), { ppd: true }), g = `g${++gid}`, k = rng.int(2, 3);
    addOi(d, g, 'ppd_parcialidades');
    const parts = rng.split(d.mxn, k);
    parts.forEach((p, i) => addSt(first + i * 28 + rng.int(-3, 4), () => spei(c, pad(d.folio, 7), `PARCIALIDAD ${i + 1} DE ${k} FACT ${d.folio}`), p, g, 'ppd_parcialidades'));
    left.ppd_parcialidades--;
  }
  // PPD invoice part-paid before the statement (Pagado in the ERP), the rest paid now.
  for (; left.remaining_balance > 0; left.remaining_balance--) {
    const c = custOf(), pay = payDay(), g = `g${++gid}`, total = mxnAmount(c), paid = Math.round(total * rng.pick([0.3, 0.4, 0.5, 0.6]));
    const d = doc(c, Math.max(D0, pay - rng.int(40, 90)), { ppd: true, total, paid });
    amounts.mark(c.code, d.mxn);
    addOi(d, g, 'remaining_balance');
    addSt(pay, () => spei(c, pad(d.folio, 7), rng.pick([`SALDO FACT ${d.folio}`, `PARCIALIDAD FINAL ${d.serie}${d.folio}`, folioText(d)])), d.mxn, g, 'remaining_balance');
  }
  // Freight invoices to customers that withhold 4 % IVA on freight: paid total less the retention.
  for (; left.iva_retention_withheld > 0; left.iva_retention_withheld--) {
    const c = retainers.length ? rng.pick(retainers) : custOf(), pay = payDay(), g = `g${++gid}`, d = doc(c, issuedBefore(c, pay), { what: 'Servicio de flete', ppd: false });
    const ret = Math.round((d.total / 1.16) * 0.04);
    addOi(d, g, 'iva_retention_withheld');
    addSt(pay, () => spei(c, refFor(d), rng.pick([folioText(d), `FACT ${d.folio} MENOS RET IVA`, `PAGO FLETE ${d.folio}`])), d.mxn - ret, g, 'iva_retention_withheld');
  }
  // USD invoices paid in pesos at the payment day's rate (ERP shows the invoice day's rate).
  for (; left.usd_paid_in_mxn > 0; left.usd_paid_in_mxn--) {
    const c = custOf(), pay = payDay(), g = `g${++gid}`, tc = Math.round((TC_BASE + rng.next() * 1.6 - 0.8) * 10000) / 10000;
    const usd = amounts.fresh(c.code, () => Math.round(rng.amountCents(400, 28000)));
    const d = doc(c, issuedBefore(c, pay), { ccy: 'USD', tc, total: usd, ppd: false });
    const tcPay = tc * (1 + (rng.next() * 0.07 - 0.035));
    addOi(d, g, 'usd_paid_in_mxn');
    addSt(pay, () => spei(c, refFor(d), rng.pick([folioText(d), `PAGO USD ${d.folio} TC ${tcPay.toFixed(4)}`])), Math.round(usd * tcPay), g, 'usd_paid_in_mxn');
  }
  // Two equal invoices (a monthly maintenance fee), one payment naming neither.
  while (left.ambiguous_equal_amounts >= 2) {
    const c = custOf(), pay = payDay(), g = `g${++gid}`, fee = amounts.fresh(c.code, () => rng.int(8, 90) * 116000);
    const d1 = doc(c, Math.max(D0, pay - 60), { total: fee, what: 'Póliza de mantenimiento mensual', ppd: false });
    const d2 = doc(c, d1.day + 30, { total: fee, what: 'Póliza de mantenimiento mensual', ppd: false });
    addOi(d1, g, 'ambiguous_equal_amounts', true);
    addOi(d2, null, 'ambiguous_equal_amounts', true);
    addSt(pay, () => spei(c, pad(rng.int(1, 999), 7), rng.pick(['PAGO MANTENIMIENTO', 'POLIZA MANTTO', 'PAGO SERVICIO'])), fee, g, 'ambiguous_equal_amounts', true);
    left.ambiguous_equal_amounts -= 2;
  }
  // Part payments (no complemento yet): 30–70 % of one invoice, citing it.
  for (; left.part_payment > 0; left.part_payment--) {
    const c = custOf(), pay = payDay(), g = `g${++gid}`, d = doc(c, issuedBefore(c, pay), { ppd: true });
    addOi(d, g, 'part_payment');
    addSt(pay, () => spei(c, pad(d.folio, 7), rng.pick([`ABONO FACT ${d.folio}`, `ANTICIPO A-${d.folio}`, folioText(d)])), Math.round(d.mxn * (0.3 + rng.next() * 0.4)), g, 'part_payment');
  }
  for (; left.open_credit_note > 0; left.open_credit_note--) {
    const c = custOf(), day = rng.int(S0, AS_OF - 2), v = amounts.fresh(c.code, () => Math.round(rng.amountCents(500, 40000)));
    addOi(doc(c, day, { serie: 'NC', total: -v, mxn: -v, due: day, what: 'Bonificación', ppd: false }), null, 'open_credit_note');
  }
  const unpaid: Doc[] = [];
  for (; left.unpaid_invoice > 0; left.unpaid_invoice--) {
    const c = custOf(), d = doc(c, rng.int(D0, AS_OF - 1));
    if (rng.chance(0.08)) { d.ccy = 'USD'; d.tc = Math.round((TC_BASE + rng.next() * 1.6 - 0.8) * 10000) / 10000; d.total = amounts.fresh(c.code, () => Math.round(rng.amountCents(400, 28000))); d.mxn = Math.round(d.total * d.tc); }
    unpaid.push(d);
    addOi(d, null, 'unpaid_invoice');
  }

  // Noise: taxes, social security, payroll, outgoing SPEI with fee + IVA, account fees, a supplier refund citing one of our folios.
  const SUPPLIERS = ['ACEROS LAMINADOS DE LEON SA DE CV', 'LUBRICANTES INDUSTRIALES GTO SA DE CV', 'TRANSPORTES RAPIDOS DEL CENTRO SA', 'CFE SUMINISTRADOR DE SERVICIOS BASICOS', 'HERRAMIENTAS SANDOVIK MEXICO SA DE CV', 'GAS NATURAL DEL NOROESTE SA DE CV'];
  const nNoise = Math.round(openItems * 0.09);
  for (let m = 9; m <= 11; m++) {
    addSt(dayOf(2026, m, 17), `PAGO REFERENCIADO SAT / LINEA DE CAPTURA 0426${rng.digits(16)} / IVA ISR RET`, -rng.int(18000000, 65000000), null, 'noise');
    addSt(dayOf(2026, m, 16), `PAGO SUA IMSS INFONAVIT / FOLIO ${rng.digits(9)}`, -rng.int(9000000, 21000000), null, 'noise');
    addSt(dayOf(2026, m, 1), 'COMISION MANEJO DE CUENTA', -35000, null, 'noise');
    addSt(dayOf(2026, m, 1), 'IVA COMISION MANEJO DE CUENTA', -5600, null, 'noise');
    for (const dd of [14, 28]) if (dayOf(2026, m, dd) <= AS_OF) addSt(dayOf(2026, m, dd), `DISPERSION NOMINA QUINCENAL / ${rng.int(38, 44)} EMPLEADOS`, -rng.int(42000000, 52000000), null, 'noise');
  }
  const made = st.filter((s) => s.kind === 'noise').length;
  for (let i = made; i < nNoise; i += 3) {
    const day = rng.int(S0, AS_OF - 1), [bank] = rng.pick(BANKS);
    addSt(day, `SPEI ENVIADO ${bank} / REF ${rng.digits(7)} / PAGO FACTURA ${rng.pick(['F', 'FA', 'B'])}${rng.int(100, 99999)} / ${rng.pick(SUPPLIERS)}`, -Math.round(rng.amountCents(2000, 300000)), null, 'noise');
    addSt(day, 'COMISION TRANSFERENCIA SPEI', -600, null, 'noise');
    addSt(day, 'IVA COMISION TRANSFERENCIA SPEI', -96, null, 'noise');
  }
  const nTrap = Math.max(2, Math.round(openItems * 0.006));
  for (let i = 0; i < nTrap && unpaid.length; i++) {
    const u = rng.pick(unpaid), [bank, code] = rng.pick(BANKS), first = code + pad(rng.int(1, 999), 3) + rng.digits(11);
    addSt(rng.int(S0, AS_OF - 1), () => `SPEI RECIBIDO ${bank} / REF ${pad(u.folio, 7)} / DEVOLUCION FACT A-${u.folio} / CLABE ${first}${clabeCheck(first)} / ${rng.pick(SUPPLIERS)}`, Math.round(rng.amountCents(300, 9000)), null, 'noise_supplier_refund');
  }

  // Surplus swept weekly (Fridays) into the company's investment contract, as treasury does.
  const week = new Map<number, number>();
  for (const r of st) { const f = r.v.day + ((5 - new Date(r.v.day * 86400000).getUTCDay() + 7) % 7); week.set(f, (week.get(f) ?? 0) + r.v.amt); }
  for (const [f, sum] of [...week].sort((a, b) => a[0] - b[0])) if (sum > 50000000 && f <= AS_OF) addSt(f, `TRASPASO A CUENTA DE INVERSION / CONTRATO 2038${pad(seed % 1000, 3)}7`, -Math.floor((sum * 0.85) / 10000000) * 10000000, null, 'noise');
  // Folios follow the issue date within each serie (the ERP numbers documents as they are stamped).
  for (const serie of ['A', 'NC'] as const) {
    const docs = oi.map((r) => r.v).filter((d) => d.serie === serie).map((d) => [d, rng.next()] as const).sort((x, y) => x[0].day - y[0].day || x[1] - y[1]);
    docs.forEach(([d], i) => (d.folio = (serie === 'A' ? 10001 : 3001) + i));
  }
  // ---- Files -----------------------------------------------------------------------------
  const O = inFileOrder(oi, rng), S = inFileOrder(st, rng, true);
  const head = ['Cliente', 'Nombre del cliente', 'RFC', 'Serie', 'Folio', 'UUID (folio fiscal)', 'Tipo', 'Concepto', 'Método de pago', 'Fecha', 'Vencimiento', 'Moneda', 'T.C.', 'Total', 'Pagado', 'Saldo', 'Saldo M.N.'];
  const L = ['MAQUINADOS Y FLETES DEL BAJIO, S.A. DE C.V.', `Saldos de clientes por documento al ${dmy(AS_OF, '/')}`, '', head.join(',')];
  let tot = 0;
  for (const { v: d } of O) {
    tot += d.mxn;
    L.push([d.c.code, d.c.name, d.c.rfc, d.serie, String(d.folio), d.uuid, d.serie === 'NC' ? 'Egreso' : 'Ingreso', d.what, d.ppd ? 'PPD' : 'PUE', dmy(d.day, '/'), dmy(d.due, '/'), d.ccy, d.tc.toFixed(4), money(d.total), money(d.paid), money(d.total - d.paid), money(d.mxn)].map((f) => csvField(f, ',')).join(','));
  }
  L.push('', ['Total M.N.', ...Array(15).fill(''), money(tot)].map((f) => csvField(f, ',')).join(','));
  const chron = [...S].reverse();
  let bal = 184356211;
  const opening = bal;
  const balAfter = new Map<Gen<Mov>, number>();
  for (const r of chron) { bal += r.v.amt; balAfter.set(r, bal); }
  const M = ['Cuenta,0198765432', 'CLABE,012225001987654320'.replace(/0$/, String(clabeCheck('01222500198765432'))), 'Titular,MAQUINADOS Y FLETES DEL BAJIO SA DE CV', `Periodo,${dmy(S0, '/')} al ${dmy(AS_OF, '/')}`, '', 'Fecha,Concepto / Referencia,Cargo,Abono,Saldo'];
  const num = (v: number) => csvField(fmtMoney(v, ',', '.'), ',');
  for (const r of S) M.push([dmy(r.v.day, '/'), csvField(r.v.text(), ','), r.v.amt < 0 ? num(-r.v.amt) : '', r.v.amt > 0 ? num(r.v.amt) : '', num(balAfter.get(r)!)].join(','));
  M.push('', `Saldo inicial,${num(opening)}`, `Saldo final,${num(bal)}`);
  return {
    name: 'mx-spei',
    description: `A machining and freight company in León (Mexico) invoicing CFDI in MXN and USD. Open items: a CONTPAQi/Aspel-like "saldos de clientes" CSV in Windows-1252 with serie+folio, UUID, PUE/PPD, $-amounts, Pagado from complementos de pago. Statement: a BBVA-México-like CSV, newest first, SPEI credits with referencia numérica (often the folio), concepto de pago (folio, part of it, or the UUID's first block) and the payer's CLABE; multi-invoice payments, credit notes netted, parcialidades, 4 % IVA retention withheld on freight, USD invoices paid in pesos at the day's rate, name-only payments, equal monthly fees, part payments; SAT, IMSS, payroll, outgoing SPEI with fee and IVA lines, supplier refunds citing one of our folios.`,
    openItems: { fileName: 'mx-spei-saldos-clientes.csv', content: Buffer.from(L.join('\r\n') + '\r\n', 'latin1') },
    statement: { fileName: 'mx-spei-movimientos-bbva.csv', content: M.join('\n') + '\n' },
    truth: [...truthFor('open_items', O), ...truthFor('statement', S)],
  };
}
