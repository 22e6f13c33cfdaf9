/**
 * es-norma43 — a pump and irrigation wholesaler in Zaragoza (SAP ECC, company code 1000, EUR) against
 * its bank's AEB Norma 43 (Cuaderno 43) statement. The open items are an FBL5N list saved as
 * "unconverted" text: pipes, fixed-width columns, Spanish date and number formats with trailing minus
 * signs, a subtotal line per customer and a total. The SAP document number (18xxxxxxxx) is not what
 * customers see: they quote the legal invoice number (FV26-xxxxxx) in many spellings. The statement
 * is the fixed-width 80-character file every Spanish bank writes: record 11 (account, period, opening
 * balance), one 22 per movement (common concept code, D/H flag, 14-digit amount, a 10-digit bank
 * document number and two references) followed by up to five 23 records of 2 × 38 characters of
 * concept text, cut mid-word, then 33 (counts and totals) and 88. Customers pay by SEPA transfer, by
 * SEPA direct debit (the wholesaler's weekly remesa is credited as one line, with a commission line
 * and returned adeudos debited back days later with a fee), by pagaré (one promissory note for
 * several invoices), or through their bank's confirming programme (paid at due date in one line
 * naming the ordering customer, or paid early by the bank less discount interest).
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, afterOf, ascii, cp1252, dateOf, dmy, money, pad, rngFor, openingFor, sumOf, typo, workDay, yymmdd, LAST_DAY, type Row } from './common';

const NAME = 'es-norma43';
/** 12 October (Fiesta Nacional, also El Pilar in Zaragoza). */
export const ES_HOLIDAYS = [41];
/** Bank commission per adeudo presented in a remesa, cents. */
export const ES_REMESA_COMMISSION = 35;
/** Bank fee for each returned adeudo, cents. */
export const ES_RETURN_FEE = 450;
/** Confirming early-payment discount, percent a year on a 360-day base. */
export const ES_CONFIRMING_RATE = 4.5;
export const confirmingInterest = (c: number, days: number) => Math.round((c * ES_CONFIRMING_RATE * days) / 36000);

/** CIF control digit for an A/B company: the seven digits, odd positions doubled. */
export function cifControl(seven: string): number {
  let s = 0;
  for (let i = 0; i < 7; i++) { const d = Number(seven[i]); if (i % 2 === 0) { const x = d * 2; s += Math.floor(x / 10) + (x % 10); } else s += d; }
  return (10 - (s % 10)) % 10;
}

const SUR = ['García', 'Martínez', 'López', 'Lázaro', 'Gracia', 'Royo', 'Giménez', 'Lasheras', 'Aznar', 'Bernal', 'Cortés', 'Ibáñez', 'Navarro', 'Sancho', 'Moliner', 'Pérez', 'Español', 'Gascón', 'Casanova', 'Lafuente', 'Marín', 'Tello', 'Orós', 'Bielsa'];
const ACT = ['Ferretería', 'Fontanería', 'Riegos', 'Instalaciones', 'Suministros', 'Maquinaria Agrícola', 'Climatización', 'Talleres', 'Bombas y Motores', 'Saneamientos', 'Hidráulica', 'Agrícola'];
const FORMS = ['S.L.', 'SL', 'S.A.', 'S.L.U.', 'S.Coop.'];
const BIG = ['Suministros Industriales del Norte S.A.', 'Construcciones Aragonesas Moncayo S.A.', 'Agropecuaria del Cinca S.Coop.', 'Bricolaje Integral Iberia S.L.U.'];
const CONF_BANKS = ['SANTANDER', 'BBVA', 'CAIXABANK', 'IBERCAJA', 'SABADELL'];
const up = (s: string) => ascii(s).toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ');

interface Cust { no: string; name: string; bank: string; cif: string; pay: 'transfer' | 'recibo' | 'pagare' | 'confirming'; confBank: string }

export function esNorma43(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 21001);
  const book = new Book();
  const used = new Set<string>();
  let custNo = r.int(100100, 100400);
  const mkCif = () => { const seven = `${r.pick(['50', '22', '44', '31', '28'])}${pad(r.int(0, 99999), 5)}`; return `${r.pick(['B', 'B', 'B', 'A'])}${seven}${cifControl(seven)}`; };
  const mk = (pay: Cust['pay'], fixed?: string): Cust => {
    let name = fixed ?? '';
    for (let t = 0; !name || used.has(name); t++) name = `${r.pick(ACT)} ${r.pick(SUR)}${r.chance(0.5) ? ` ${r.pick(SUR)}` : ''}${t > 40 ? ` ${t}` : ''}, ${r.pick(FORMS)}`;
    used.add(name);
    custNo += r.int(1, 9);
    const u = up(name);
    return { no: String(custNo), name, bank: r.pick([u, u.replace(/ S ?L ?U?$| S ?A$| S ?COOP$/, ''), u.slice(0, 24)]).trim(), cif: mkCif(), pay, confBank: r.pick(CONF_BANKS) };
  };
  const n = Math.max(40, Math.round(o.openItems / 9));
  const custs = Array.from({ length: n }, () => mk(r.chance(0.3) ? 'recibo' : r.chance(0.2) ? 'pagare' : 'transfer'));
  const big = BIG.map((b) => mk('confirming', b));
  custs[0].pay = 'transfer'; custs[1].pay = 'recibo'; custs[2].pay = 'pagare';
  const trf = custs.filter((c) => c.pay === 'transfer'), rec = custs.filter((c) => c.pay === 'recibo'), pag = custs.filter((c) => c.pay === 'pagare');

  const per = Math.max(1, o.openItems * 1.1) / 120;
  let k = 0, fv = r.int(3000, 9000), ab = r.int(100, 400), doc = r.int(4000, 9000), abDoc = r.int(300, 900);
  const inv = (c: Cust, kind: string, group: string | null, opt: { amt?: number; amb?: boolean; abono?: boolean; lag?: number; day?: number } = {}): Row => {
    const day = opt.day ?? Math.min(82, -38 + Math.floor(k++ / per));
    const amt = opt.amt ?? Math.round(r.cents(40, 7000) * 1.21);
    const due = opt.abono ? day : day + (opt.lag ?? r.pick([30, 30, 45, 60, 60]));
    const ref = opt.abono ? `AB26-${pad(ab++, 6)}` : `FV26-${pad(fv++, 6)}`;
    const d = opt.abono ? `17000${pad(abDoc++, 5)}` : `18000${pad(doc++, 5)}`;
    return book.addOi({ day, cents: opt.abono ? -amt : amt, key: c.no, group, kind, amb: opt.amb, cells: { doc: d, ref, cust: c.no, name: c.name, due: String(due), cl: opt.abono ? 'DG' : 'RV', asig: `00${pad(r.int(400000, 499999), 8)}`, text: opt.abono ? r.pick(['Abono rappel', 'Abono devolución material', 'Abono precio']) : r.pick(['', '', 'Venta material', `Albarán ${r.int(8000000, 8999999)}`]) } });
  };
  const bankDoc = () => pad(r.int(0, 9999999999), 10);
  /** One movement: common concept, own concept, D/H by sign, the 22's references and the 23 texts. */
  const mov = (day: number, cents: number, comun: string, propio: string, texts: string[], group: string | null, kind: string, opt: { ref1?: string; ref2?: string; amb?: boolean } = {}) =>
    book.addSt({ day: workDay(Math.max(day, 0), ES_HOLIDAYS), cents, group, kind, amb: opt.amb, cells: { comun, propio, doc: bankDoc(), ref1: opt.ref1 ?? '', ref2: opt.ref2 ?? '', texts: texts.join('\u0001') } });
  const cite = (x: Row) => {
    const f = x.cells.ref, num = f.slice(5), short = String(Number(num));
    return r.pick([`FRA ${f}`, `FACTURA ${f}`, `FV26${num}`, `N/FRA ${short}`, `FRA. 26/${short}`, `PAGO FV26 ${num}`, `FACT.FV26-${short}`, `FV-26-${num}`, `S/FRA Nº ${num}`, `FRA ${num}/26`, f, `factura ${f.toLowerCase()}`]);
  };
  /** An incoming SEPA transfer: ordering party, remittance text (cut where the bank cuts it), sometimes its start in Referencia 2. */
  const trfIn = (day: number, cents: number, c: Cust | string, motif: string, group: string | null, kind: string, amb?: boolean) => {
    const who = typeof c === 'string' ? c : c.bank;
    const e2e = r.pick(['NOTPROVIDED', `${r.int(100000, 999999)}${pad(r.int(0, 999999), 6)}`, '']);
    const shape = r.int(0, 2);
    const texts = shape === 0 ? [`TRANSFERENCIA DE ${who}`, `CONCEPTO ${motif}`] : shape === 1 ? [`TRANSF SEPA ${who}`, motif, `REF ${e2e || 'NOTPROVIDED'}`] : [`${who}`, `${motif}`];
    return mov(day, cents, '04', r.pick(['062', '099', '205']), texts, group, kind, { ref1: e2e.slice(0, 12), ref2: shape === 2 ? motif.slice(0, 16) : '', amb });
  };
  const recibos: Row[] = [];
  let pagareNo = r.int(1000000, 8999999), orden = r.int(10000, 90000);

  while (book.oi.length < o.openItems) {
    const u = r.next(), c = r.pick(trf), b = r.pick(big);
    if (u < 0.2) {
      const day = Math.min(82, -38 + Math.floor(k / per)), lag = r.pick([30, 30, 60]);
      recibos.push(inv(r.pick(rec), 'remesa_adeudos', null, { day, lag: day + lag < 3 ? 3 - day + r.int(0, 12) : lag }));
      k++;
    }
    else if (u < 0.33) { const g = book.group(), x = inv(c, 'transfer_invoice_in_concept', g); trfIn(afterOf(r, [x]), x.cents, c, cite(x), g, 'transfer_invoice_in_concept'); }
    else if (u < 0.38) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_invoices_one_transfer', g));
      trfIn(afterOf(r, xs), sumOf(xs), c, `${r.pick(['FRAS', 'FACTURAS', 'PAGO FRAS.', 'FRA'])} ${xs.map((x) => r.pick([x.cells.ref, x.cells.ref.slice(5), String(Number(x.cells.ref.slice(5)))])).join(r.pick([' ', ', ', '/', ' Y ']))}`, g, 'several_invoices_one_transfer');
    } else if (u < 0.42) {
      const g = book.group(), x = inv(c, 'credit_note_netted', g, { amt: Math.round(r.cents(600, 7000) * 1.21) });
      const a = inv(c, 'credit_note_netted', g, { abono: true, amt: Math.round((x.cents * r.int(3, 30)) / 100), day: Math.min(LAST_DAY, x.day + r.int(0, 10)) });
      trfIn(afterOf(r, [x, a]), x.cents + a.cents, c, `${cite(x)} ${r.pick(['MENOS ABONO', '- AB', 'DTO ABONO', 'DESC.'])} ${a.cells.ref}`, g, 'credit_note_netted');
    } else if (u < 0.48) {
      // Pagaré: one promissory note for several invoices, deposited; the drawer is named, no invoice.
      const p = r.pick(pag), g = book.group(), xs = Array.from({ length: r.int(1, 4) }, () => inv(p, 'pagare_several_invoices', g)), no = pagareNo++, d = workDay(afterOf(r, xs, 20, 60), ES_HOLIDAYS);
      mov(d, sumOf(xs), '02', '010', [`INGRESO PAGARE ${r.pick(['Nº ', 'N.', ''])}${no}-${r.int(0, 9)}`, `LIBRADOR ${p.bank}`, `ENTIDAD ${r.pick(['0049', '0182', '2100', '2085', '0081'])} VTO ${dmy(d, '/')}`], g, 'pagare_several_invoices', { ref1: pad(no, 12) });
    } else if (u < 0.54) {
      // Confirming at due date: one line for all the customer's invoices falling due that day.
      const g = book.group(), day = Math.min(82, -38 + Math.floor(k / per)), lag = workDay(day + r.pick([60, 60, 90]), ES_HOLIDAYS) - day;
      const xs = Array.from({ length: r.int(2, 6) }, () => inv(b, 'confirming_at_due', g, { day, lag }));
      const op = orden++, list = r.chance(0.35) ? ` FRAS ${xs.slice(0, 2).map((x) => x.cells.ref).join(' ')}${xs.length > 2 ? ' Y OTRAS' : ''}` : '';
      mov(day + lag, sumOf(xs), '04', '099', [`CONFIRMING ${b.confBank}`, `ORDENANTE ${b.bank}`, `ORDEN DE PAGO 2026/${pad(op, 7)} ${xs.length} DOCUMENTOS${list}`], g, 'confirming_at_due', { ref1: `CF${pad(op, 10)}` });
    } else if (u < 0.58) {
      // Confirming paid early on the wholesaler's request: the bank discounts interest to the due date.
      const g = book.group(), day = Math.min(82, -38 + Math.floor(k / per)), lag = r.pick([60, 90]);
      const xs = Array.from({ length: r.int(1, 3) }, () => inv(b, 'confirming_anticipado', g, { day, lag }));
      const pay = workDay(Math.max(day + r.int(4, 20), r.int(0, 10)), ES_HOLIDAYS), due = day + lag, op = orden++;
      mov(pay, sumOf(xs) - confirmingInterest(sumOf(xs), due - pay), '04', '099', [`ANTICIPO CONFIRMING ${b.confBank}`, `ORDENANTE ${b.bank} ORDEN 2026/${pad(op, 7)}`, `VTO ${dmy(due, '/')} NOMINAL ${money(sumOf(xs), '.', ',')} INTERESES DTO`], g, 'confirming_anticipado', { ref1: `CF${pad(op, 10)}` });
    } else if (u < 0.61) {
      const g = book.group(), x = inv(c, 'instalments', g, { amt: Math.round(r.cents(3000, 12000) * 1.21) }), m = r.int(2, 3);
      const part = Math.floor(x.cents / m / 10000) * 10000, d0 = afterOf(r, [x], 5, 20);
      for (let i = 0; i < m; i++) trfIn(d0 + i * r.int(26, 32), i < m - 1 ? part : x.cents - part * (m - 1), c, `${r.pick(['PLAZO', 'PAGO APLAZADO', 'A CUENTA'])} ${i + 1}/${m} ${cite(x)}`, g, 'instalments');
    } else if (u < 0.63) {
      const g = book.group(), x = inv(c, 'part_payment', g, { amt: Math.round(r.cents(1500, 9000) * 1.21) });
      trfIn(afterOf(r, [x]), Math.round((x.cents * r.int(20, 60)) / 100 / 10000) * 10000, c, `${r.pick(['A CUENTA', 'ENTREGA A CTA', 'PAGO PARCIAL'])} ${cite(x)}`, g, 'part_payment');
    } else if (u < 0.67) {
      const g = book.group(), x = inv(c, 'name_and_amount_only', g);
      trfIn(afterOf(r, [x]), x.cents, c, r.pick(['PAGO PROVEEDOR', 'TRANSFERENCIA', 'PAGO FACTURAS', `PAGO ${['SEPTIEMBRE', 'OCTUBRE', 'NOVIEMBRE'][Math.min(2, Math.max(0, Math.floor(x.day / 30)))]}`, 'VARIOS']), g, 'name_and_amount_only');
    } else if (u < 0.685) {
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g), bad = typo(r, x.cells.ref.slice(5));
      trfIn(afterOf(r, [x]), x.cents, c, r.pick([`FRA FV26-${bad}`, `FACTURA ${bad}`, `N/FRA ${bad}`]), g, 'mistyped_invoice_number');
    } else if (u < 0.72) {
      // The concept carries the payer's CIF, its purchase order (45…, as long as a SAP document number),
      // its customer number with the wholesaler, a phone number or a date, and the invoice.
      const g = book.group(), x = inv(c, 'cif_order_customer_in_concept', g);
      const bits = r.shuffle([r.pick([`CIF ${c.cif}`, c.cif, `NIF ${c.cif}`]), r.pick([`PEDIDO 45${pad(r.int(0, 99999999), 8)}`, `CLIENTE ${c.no}`, `TEL ${r.pick(['976', '974', '6'])}${pad(r.int(0, 999999), 6)}`, `S/REF ${r.int(2026000, 2026999)}`, dmy(x.day, '/')]), cite(x)]);
      trfIn(afterOf(r, [x]), x.cents, c, bits.join(' '), g, 'cif_order_customer_in_concept');
    } else if (u < 0.74) {
      // The concept names only the order and the customer number, no invoice.
      const g = book.group(), x = inv(c, 'customer_number_and_order_only', g);
      trfIn(afterOf(r, [x]), x.cents, c, `CLIENTE ${c.no} PEDIDO 45${pad(r.int(0, 99999999), 8)}`, g, 'customer_number_and_order_only');
    } else if (u < 0.76) {
      const c2 = r.pick(trf.filter((z) => z !== c)), amt = r.int(2, 40) * 12100;
      for (const z of [c, c2]) { const g = book.group(), x = inv(z, 'same_amount_two_customers', g, { amt }); trfIn(afterOf(r, [x]), x.cents, z, r.pick(['PAGO PROVEEDOR', 'TRANSFERENCIA', 'PAGO FACTURA']), g, 'same_amount_two_customers'); }
    } else if (u < 0.775) {
      const g = book.group(), amt = Math.round(r.cents(100, 2500) * 1.21), a = inv(c, 'ambiguous_equal_amounts', g, { amt, amb: true });
      inv(c, 'ambiguous_equal_amounts', null, { amt, amb: true });
      trfIn(afterOf(r, [a]), a.cents, c, r.pick(['PAGO PROVEEDOR', 'PAGO FACTURA', 'TRANSFERENCIA']), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.79) {
      // Paid twice; the wholesaler sends the second one back.
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d1 = afterOf(r, [x]), m = cite(x);
      trfIn(d1, x.cents, c, m, g, 'duplicate_refunded');
      trfIn(d1 + r.int(0, 2), x.cents, c, m, null, 'duplicate_refunded');
      mov(d1 + r.int(4, 12), -x.cents, '04', '012', [`TRANSFERENCIA A FAVOR DE ${c.bank}`, `CONCEPTO DEVOLUCION PAGO DUPLICADO ${x.cells.ref}`], null, 'duplicate_refunded');
    } else if (u < 0.80) {
      // The bank books a transfer to the wrong account and cancels it (ANULACION, common concept 98).
      const d = r.int(0, LAST_DAY - 3), v = Math.round(r.cents(200, 5000) * 1.21), who = up(`${r.pick(ACT)} ${r.pick(SUR)} SL`);
      mov(d, v, '04', '062', [`TRANSFERENCIA DE ${who}`, `CONCEPTO FRA ${r.int(1000, 9999)}`], null, 'booking_cancelled');
      mov(d + r.int(1, 3), -v, '98', '001', [`ANULACION APUNTE ${dmy(workDay(d, ES_HOLIDAYS), '/')}`, `TRANSFERENCIA DE ${who}`], null, 'booking_cancelled');
    } else if (u < 0.815) {
      const old = `FV25-${pad(r.int(1000, fv - 1000), 6)}`;
      trfIn(r.int(0, LAST_DAY - 1), Math.round(r.cents(50, 3000) * 1.21), c, r.pick([`FRA ${old}`, `SALDO ${old}`, `ANTICIPO PEDIDO 45${pad(r.int(0, 99999999), 8)}`]), null, 'payment_not_on_list');
    } else {
      inv(r.pick([c, b, r.pick(pag)]), 'unpaid_invoice', null);
    }
    book.endCase();
  }

  // The weekly remesa of SEPA direct debits (cuaderno 19.14): every adeudo falling due Monday to
  // Friday is charged on the Friday; the bank credits the remesa in one line, charges its commission
  // on another and debits returned adeudos (with the reason) days later, plus a fee each.
  const byWeek = new Map<number, Row[]>();
  for (const x of recibos) { const d = Number(x.cells.due), w = Math.max(4, d + ((5 - dateOf(d).dow + 7) % 7)); byWeek.set(w, [...(byWeek.get(w) ?? []), x]); }
  let remesa = r.int(200, 900);
  for (const [fri, xs] of [...byWeek].sort((a, b2) => a[0] - b2[0])) {
    const day = workDay(fri, ES_HOLIDAYS);
    if (day > LAST_DAY) { for (const x of xs) { x.kind = 'not_yet_due'; } continue; }
    for (const x of xs) { x.cells.due = String(day); }
    const g = book.group(), no = remesa++;
    const ret = xs.length >= 3 && r.chance(0.55) ? xs[r.int(0, xs.length - 1)] : undefined;
    const back = day + r.int(3, 8), ok = !!ret && back <= LAST_DAY;
    const kind = ok ? 'remesa_with_returned_adeudo' : 'remesa_adeudos';
    for (const x of xs) if (x !== ret || !ok) { x.group = g; x.kind = kind; }
    mov(day, sumOf(xs), '06', '041', [`ABONO REMESA ADEUDOS SEPA CORE`, `REMESA ${pad(no, 7)} ${xs.length} ADEUDOS VTO ${dmy(day, '/')}`], g, kind, { ref1: `REM${pad(no, 9)}` });
    mov(day, -xs.length * ES_REMESA_COMMISSION, '17', '044', [`COMISION REMESA ${pad(no, 7)}`, `${xs.length} ADEUDOS X 0,35 EUR`], null, 'bank_fee');
    if (ret && ok) {
      const cu = rec.find((z) => z.no === ret.cells.cust)!;
      mov(back, -ret.cents, '14', '043', [`DEVOLUCION ADEUDO SEPA ${cu.bank}`, `REF. ADEUDO ${cu.no}${ret.cells.ref.replace('-', '')} MANDATO ${cu.no}-01`, `MOTIVO ${r.pick(['AM04 SALDO INSUFICIENTE', 'MS02 RAZON NO ESPECIFICADA', 'MD06 DEVOLUCION POR DEUDOR', 'AC04 CUENTA CANCELADA'])}`], g, kind);
      mov(back, -ES_RETURN_FEE, '17', '045', [`GASTOS DEVOLUCION ADEUDO`, `${ret.cells.ref}`], null, 'bank_fee');
      const again = back + r.int(5, 20);
      if (r.chance(0.6) && again <= LAST_DAY) {
        const g2 = book.group(); ret.group = g2; ret.kind = 'returned_adeudo_then_transfer';
        trfIn(again, ret.cents, cu, r.pick([`RECIBO DEVUELTO ${ret.cells.ref}`, `PAGO ${cite(ret)} DEVUELTO`, `REGULARIZACION ${cite(ret)}`]), g2, 'returned_adeudo_then_transfer');
      } else { ret.group = null; ret.kind = 'returned_adeudo_still_open'; }
    }
  }

  // The rest of the account.
  for (let i = 0, m = Math.round(o.openItems * 0.12); i < m; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.2) mov(day, -r.cents(300, 9000), '04', '012', [`TRANSFERENCIA A FAVOR DE ${r.pick(['GRUNDFOS ESPAÑA SA', 'TUBOS REUNIDOS SA', 'TRANSPORTES CALAVIA SL', 'ENDESA ENERGIA SAU', 'WILO IBERICA SA'])}`, `CONCEPTO FRA ${r.pick(['A', 'F', 'FC'])}${r.int(100000, 999999)}`], null, 'other_bank_line');
    else if (v < 0.32) mov(day, -r.cents(1500, 3200), '15', '016', ['NOMINA', `${r.pick(['SR. JAVIER LASHERAS', 'SRA. PILAR GRACIA', 'SR. ANTONIO ROYO'])} ${['SEPTIEMBRE', 'OCTUBRE', 'NOVIEMBRE'][Math.min(2, Math.floor(day / 30))]}`], null, 'other_bank_line');
    else if (v < 0.4) mov(day, -r.cents(2000, 9000), '15', '018', ['SEGUROS SOCIALES TGSS', `REGIMEN GENERAL CCC 50${pad(r.int(0, 999999999), 9)}`], null, 'other_bank_line');
    else if (v < 0.46) mov(day, -r.cents(3000, 20000), '03', '026', ['AEAT IMPUESTOS', `MODELO ${r.pick(['303', '111', '115', '202'])} NRC ${r.int(1000000000, 9999999999)}${r.pick(['ABCDEF', 'XYZKLM'])}`], null, 'other_bank_line');
    else if (v < 0.64) mov(day, -r.cents(10, 250), '12', '030', [`COMPRA TARJ. 5402XXXXXXXX${r.int(1000, 9999)}`, r.pick(['REPSOL ES 12345', 'LEROY MERLIN ZARAGOZA', 'AUTOPISTA AP-68', 'RENFE VIAJEROS', 'RESTAURANTE EL CACHIRULO'])], null, 'other_bank_line');
    else if (v < 0.84) mov(day, r.cents(50, 1800), '12', '093', [`LIQUIDACION TPV COMERCIO ${r.int(100000000, 999999999)}`, `${r.int(2, 30)} OPERACIONES ${dmy(day - 1, '/')}`], null, 'card_sales_not_on_list');
    else mov(day, -r.int(300, 6000), '17', '049', [r.pick(['COMISION MANTENIMIENTO', 'COMISION TRANSFERENCIAS', 'LIQUIDACION INTERESES Y COMISIONES', 'CUOTA BANCA ELECTRONICA'])], null, 'bank_fee');
  }

  const { oi, st, truth } = book.finish();
  // FBL5N "unconverted" list: fixed columns between pipes, per-customer subtotal, total.
  const W = [4, 10, 35, 18, 16, 10, 2, 10, 10, 17, 4, 30];
  const H = ['Est', 'Cliente', 'Nombre 1', 'Asignación', 'Referencia', 'Nº doc.', 'Cl', 'Fecha doc.', 'Vence el', 'Importe en ML', 'MonL', 'Texto'];
  const sap = (c: number) => `${money(Math.abs(c), '.', ',')}${c < 0 ? '-' : ' '}`;
  const row = (cells: string[]) => `|${cells.map((s, i) => (i === 9 ? s.padStart(W[i]) : s.padEnd(W[i]).slice(0, W[i]))).join('|')}|`;
  const width = W.reduce((a, b2) => a + b2 + 1, 1), dash = '-'.repeat(width);
  const ol = [`${dmy(LAST_DAY, '.')}                 Distribuciones Hidráulicas del Ebro, S.L.                 Pág.    1`, 'Zaragoza                   Lista de partidas individuales de deudores', '', `Sociedad            1000`, `Partidas abiertas a fecha clave ${dmy(LAST_DAY, '.')}`, '', dash, row(H), dash];
  let sub = 0, tot = 0;
  oi.forEach((x, i) => {
    sub += x.cents;
    ol.push(row([Number(x.cells.due) < LAST_DAY ? '@5C@' : '@5B@', x.cells.cust, x.cells.name, x.cells.asig, x.cells.ref, x.cells.doc, x.cells.cl, dmy(x.day, '.'), dmy(Number(x.cells.due), '.'), sap(x.cents), 'EUR', x.cells.text]));
    if (i + 1 === oi.length || oi[i + 1].cells.cust !== x.cells.cust) { ol.push(row(['*', x.cells.cust, '', '', '', '', '', '', '', sap(sub), 'EUR', '']), dash); tot += sub; sub = 0; }
  });
  ol.push(row(['**', '', '', '', '', '', '', '', '', sap(tot), 'EUR', '']), dash);
  // Norma 43: 80-character records.
  const acct = { bank: '2085', office: pad(r.int(1, 9999), 4), no: pad(r.int(0, 9999999999), 10) };
  const open = openingFor(st, r.cents(40000, 150000)), close = open + sumOf(st);
  const amt14 = (c: number) => pad(Math.abs(c), 14);
  const rec43: string[] = [`11${acct.bank}${acct.office}${acct.no}${yymmdd(0)}${yymmdd(LAST_DAY)}${open < 0 ? '1' : '2'}${amt14(open)}9783${'DISTRIB HIDRAULICAS EBRO'.padEnd(26)}   `];
  let nd = 0, td = 0, nh = 0, th = 0;
  for (const x of st) {
    if (x.cents < 0) { nd++; td -= x.cents; } else { nh++; th += x.cents; }
    const d = workDay(x.day, ES_HOLIDAYS);
    rec43.push(`22    ${acct.office}${yymmdd(d)}${yymmdd(d)}${x.cells.comun}${x.cells.propio}${x.cents < 0 ? '1' : '2'}${amt14(x.cents)}${x.cells.doc}${x.cells.ref1.padEnd(12).slice(0, 12)}${x.cells.ref2.padEnd(16).slice(0, 16)}`);
    const all = x.cells.texts.split('\u0001').flatMap((t) => { const u = ascii(t).toUpperCase(); const parts: string[] = []; for (let i = 0; i < u.length; i += 76) parts.push(u.slice(i, i + 76)); return parts.length ? parts : ['']; }).slice(0, 5);
    all.forEach((t, i) => rec43.push(`23${pad(i + 1, 2)}${t.padEnd(76)}`));
  }
  rec43.push(`33${acct.bank}${acct.office}${acct.no}${pad(nd, 5)}${amt14(td)}${pad(nh, 5)}${amt14(th)}${close < 0 ? '1' : '2'}${amt14(close)}978    `);
  rec43.push(`88${'9'.repeat(18)}${pad(rec43.length, 6)}${' '.repeat(54)}`);
  return {
    name: NAME,
    description: 'A Zaragoza pump and irrigation wholesaler\'s SAP FBL5N open customer items saved as "unconverted" text (Windows-1252, CRLF, a report heading, pipes between fixed-width columns with the customer number and Nombre 1, dd.mm.yyyy, 1.234,56 with a trailing minus for credit memos, a "*" subtotal line per customer and a "**" total; SAP document numbers 18xxxxxxxx/17xxxxxxxx, legal numbers FV26-xxxxxx/AB26-xxxxxx in Referencia, a 10-digit sales-order Asignación) against an AEB Norma 43 statement (Latin-1, 80-character records: 11 header with the opening balance, 22 per movement with YYMMDD dates, common concept code, D/H 1/2, a 14-digit amount in cents, a 10-digit bank document number and two references, up to five 23 records of concept text cut every 38 characters mid-word, 33 with counts and totals, 88). Kinds: transfer_invoice_in_concept (twelve spellings), several_invoices_one_transfer, credit_note_netted, pagare_several_invoices (one promissory note, drawer named, no invoice), confirming_at_due (one line for 2-6 invoices of a large customer, no invoice numbers mostly), confirming_anticipado (paid early less 4.5 % a year to the due date), remesa_adeudos and remesa_with_returned_adeudo (one credit for a week of direct debits of many customers; returned adeudos debited back), returned_adeudo_then_transfer, returned_adeudo_still_open, instalments, part_payment, name_and_amount_only, mistyped_invoice_number, cif_order_customer_in_concept (CIF, 10-digit purchase orders, customer numbers, phones, dates), customer_number_and_order_only, same_amount_two_customers, ambiguous_equal_amounts, duplicate_refunded, booking_cancelled (ANULACION, concept 98), payment_not_on_list, card_sales_not_on_list, unpaid_invoice, not_yet_due, bank_fee, other_bank_line.',
    openItems: { fileName: 'FBL5N_1000_20261127.txt', content: cp1252(ol.join('\r\n') + '\r\n') },
    statement: { fileName: `${acct.bank}${acct.office}${acct.no}_20261127.n43`, content: cp1252(rec43.join('\r\n') + '\r\n') },
    truth,
  };
}
