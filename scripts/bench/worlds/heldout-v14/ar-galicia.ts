/**
 * ar-galicia: an Argentine wholesaler of food-service equipment (Distribuidora del Plata S.A.).
 * Open items: Tango Gestión "Composición de saldos" export (Windows-1252, ';', decimal comma).
 * Bank: Banco Galicia Office Banking "Movimientos" CSV of its peso current account, newest first.
 * What makes it hard: payers' own payment orders net of tax withholdings, the credit tax of
 * Ley 25.413 booked against every movement, deferred eCheqs, dollar invoices paid in pesos.
 */
import type { World, WorldOptions } from '../world';
import { Builder, civil, dayOf, dmy, line, money, rngFor, weighted } from './common';

/** CUIT with its mod-11 check digit (prefix 30/33 companies, 20/23/27 people). */
function cuit(prefix: number, body: number): string {
  const d = `${prefix}${String(body).padStart(8, '0')}`;
  const w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const s = d.split('').reduce((a, ch, i) => a + Number(ch) * w[i], 0);
  let v = 11 - (s % 11);
  if (v === 11) v = 0;
  if (v === 10) return cuit(prefix, body + 1);
  return d + v;
}
const fmtCuit = (c: string) => `${c.slice(0, 2)}-${c.slice(2, 10)}-${c.slice(10)}`;
const bankName = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/\./g, '').replace(/ +/g, ' ');

const N1 = ['Distribuidora', 'Gastronómica', 'Supermercados', 'Hotelera', 'Frigorífico', 'Panificadora', 'Comercial', 'Logística', 'Alimentos', 'Servicios Gastronómicos'];
const N2 = ['del Sur', 'Córdoba', 'Patagónica', 'La Pampa', 'Río Cuarto', 'Mendoza', 'Norte Grande', 'San Martín', 'Belgrano', 'Ñandú', 'Los Andes', 'Litoral', 'Rosario', 'Tucumán', 'Mar del Plata'];
const FORMS = ['S.A.', 'S.R.L.', 'S.A.S.'];
const PERSONS = ['GOMEZ MARIA LAURA', 'FERNANDEZ JUAN PABLO', 'RODRIGUEZ CARLOS', 'LOPEZ ANALIA', 'MARTINEZ DIEGO', 'GARCIA SILVINA', 'PEREZ HORACIO', 'SANCHEZ NORMA', 'ROMERO GUSTAVO', 'SOSA VERONICA', 'ACOSTA RAUL'];

type Style = 'agent' | 'pyme' | 'echeq' | 'mono' | 'usd' | 'sub';
interface Customer { code: string; name: string; cuit: string; style: Style; bankAs: string; payCuit: string; iibb: number; ivaRet: boolean; parent?: Customer }
interface Doc { tipo: 'FC' | 'NC' | 'ND'; letra: 'A' | 'B'; pv: number; no: string; date: number; due: number; cust: Customer; cur: '$' | 'U$S'; orig: number; rate: number; saldo: number; neto: number; iva: number }
interface Mov { day: number; t: number; desc: string; origen: string; amt: number; grupo: string; concepto: string; comp: string; ley: string[] }

const LIST_DAY = dayOf(2026, 11, 30), START = dayOf(2026, 12, 1), END = dayOf(2027, 1, 15);
const HOLIDAYS = new Set([dayOf(2026, 12, 8), dayOf(2026, 12, 25), dayOf(2027, 1, 1)]);
const biz = (d: number) => { const w = civil(d).wd; return w !== 0 && w !== 6 && !HOLIDAYS.has(d); };
const nextBiz = (d: number) => { while (!biz(d)) d++; return d; };

type Case = 'transfer_invoice_ref' | 'transfer_cuit_only' | 'op_retenciones' | 'op_retenciones_nc' | 'echeq_payment' | 'echeq_rejected' | 'usd_invoice_ars'
  | 'paid_by_group_company' | 'credit_note_netted' | 'debit_note_with_invoice' | 'payment_on_account' | 'ambiguous_equal_amounts' | 'monotributo_transfer' | 'unpaid_invoice';

export function arGalicia(opts: WorldOptions): World {
  const rng = rngFor(opts.seed, 0xa26a1c);
  const b = new Builder<Doc, Mov>();
  // Banco Nación's selling rate for the dollar, one a day, drifting up.
  const rates = new Map<number, number>();
  let r = 1392.5;
  for (let d = dayOf(2026, 7, 1); d <= END; d++) { if (biz(d)) r *= 1 + (rng.next() - 0.42) * 0.008; rates.set(d, Math.round(r * 100) / 100); }
  const rateOn = (d: number) => rates.get(d)!;

  const nCust = Math.max(40, Math.round(opts.openItems / 8));
  const customers: Customer[] = [];
  const names = new Set<string>();
  for (let i = 0; i < nCust; i++) {
    const style: Style = weighted(rng, [['agent', 3], ['pyme', 5], ['echeq', 2], ['mono', 2], ['usd', 1.2], ['sub', 1]] as const);
    let name: string;
    const person = rng.pick(PERSONS).split(' ');
    if (style === 'mono') name = [...person.slice(1), person[0]].map((w) => w[0] + w.slice(1).toLowerCase()).join(' ') + (rng.chance(0.5) ? ` (${rng.pick(['Rotisería', 'Bar', 'Parrilla', 'Kiosco'])} ${rng.pick(N2)})` : '');
    else {
      let tries = 0;
      do name = `${rng.pick(N1)} ${rng.pick(N2)}${++tries > 8 ? ' ' + rng.pick(['Norte', 'Oeste', 'Center', 'Express', 'Mayorista', 'Group', 'Premium']) + (tries > 16 ? ' ' + tries : '') : ''} ${rng.pick(FORMS)}`; while (names.has(name));
    }
    names.add(name);
    const c = cuit(style === 'mono' ? rng.pick([20, 23, 27]) : rng.pick([30, 30, 33]), rng.int(50_000_000, 71_999_999));
    const cu: Customer = { code: String(10000 + i * 7 + rng.int(0, 6)), name, cuit: c, style, bankAs: bankName(name.replace(/ \(.*\)$/, '')).slice(0, 30).trim(), payCuit: c, iibb: rng.pick([0.01, 0.015, 0.02, 0.025, 0.035]), ivaRet: rng.chance(0.3) };
    // Banks write people surname first: "GOMEZ MARIA LAURA" for the ledger's "Maria Laura Gomez".
    if (style === 'mono') cu.bankAs = person.join(' ');
    customers.push(cu);
  }
  // Group companies: a holding pays its subsidiaries' invoices from its own account and CUIT, at
  // times several subsidiaries' invoices in one transfer.
  const subs = customers.filter((x) => x.style === 'sub');
  const holdings: Customer[] = [];
  for (let i = 0; i < Math.ceil(subs.length / 3); i++) {
    const hold = `Grupo ${rng.pick(N2)} ${rng.pick(['Holding', 'Inversora', 'Corporativo'])} S.A.`;
    holdings.push({ code: '', name: hold, cuit: cuit(30, rng.int(50_000_000, 71_999_999)), style: 'pyme', bankAs: bankName(hold).slice(0, 30).trim(), payCuit: '', iibb: 0, ivaRet: false });
  }
  for (const c of subs) {
    c.parent = rng.pick(holdings);
    c.payCuit = c.parent.cuit;
    c.bankAs = c.parent.bankAs;
  }

  const invDate = () => LIST_DAY - Math.floor(Math.pow(rng.next(), 1.5) * 110);
  const pesos = (lo = 5, span = 2.4) => Math.round(Math.pow(10, lo + rng.next() * span)) * 100;
  const mk = (c: Customer, tipo: Doc['tipo'] = 'FC', neto = pesos(), ivaRate = rng.chance(0.85) ? 0.21 : 0.105): Doc => {
    const letra = c.style === 'mono' ? 'B' : 'A';
    const iva = Math.round(neto * ivaRate);
    const date = invDate();
    const sign = tipo === 'NC' ? -1 : 1;
    return { tipo, letra, pv: letra === 'B' ? 7 : 3, no: '', date, due: date + rng.pick([0, 15, 30, 30, 45, 60]), cust: c, cur: '$', orig: sign * (neto + iva), rate: 1, saldo: sign * (neto + iva), neto: sign * neto, iva: sign * iva };
  };
  const mov = (day: number, desc: string, amt: number, extra: Partial<Mov>, group: string | null, kind: string, amb = false) =>
    b.addSt({ day, t: rng.int(1, 999_999), desc, origen: extra.origen ?? 'Banco Galicia', amt, grupo: extra.grupo ?? (amt > 0 ? 'Transferencias' : 'Otros'), concepto: extra.concepto ?? '', comp: extra.comp ?? String(rng.int(1_000_000, 99_999_999)), ley: extra.ley ?? ['', '', '', ''] }, group, kind, amb);
  const payDay = (d0 = START) => nextBiz(d0 + rng.int(0, END - d0));
  const fcRef = (d: Doc) => () => rng.pick([`FC ${d.pv}-${Number(d.no.split('-')[2])}`, `FACT ${d.letra}${String(d.pv).padStart(5, '0')}${d.no.split('-')[2]}`, `${d.letra} ${String(d.pv).padStart(4, '0')}-${d.no.split('-')[2]}`, `FC${Number(d.no.split('-')[2])}`]);
  const transfer = (day: number, c: Customer, amt: number, ref: () => string, concept: string, group: string | null, kind: string, amb = false, inmediata = rng.chance(0.5)) => {
    const m = mov(day, inmediata ? 'TRANSF. INMEDIATA CTAS. DIST. TITULAR' : 'TRANSFERENCIA DE TERCEROS', amt, { concepto: concept, ley: [c.bankAs, c.payCuit, concept, ''] }, group, kind, amb);
    lazyRefs.push(() => { m.data.ley[3] = ref().slice(0, 30); });
    return m;
  };
  const lazyRefs: (() => void)[] = [];
  const echeq = (day: number, c: Customer, amt: number, group: string | null, kind: string, ref: () => string) => {
    const no = String(rng.int(1, 99_999_999)).padStart(8, '0');
    const m = mov(day, 'ACREDITACION ECHEQ', amt, { grupo: 'Cheques', concepto: 'ECHEQ', comp: no, ley: [c.bankAs, c.payCuit, `ECHEQ NRO ${no}`, ''] }, group, kind);
    lazyRefs.push(() => { m.data.ley[3] = ref().slice(0, 30); });
    return { m, no };
  };
  /** Payer withholdings on a payment order: IIBB, Ganancias (2% over the 224.000 floor) and, for some, half the VAT. */
  const retentions = (c: Customer, docs: Doc[]) => {
    const neto = docs.reduce((s, d) => s + d.neto, 0), iva = docs.reduce((s, d) => s + d.iva, 0);
    const gan = Math.max(0, Math.round((neto - 22_400_000) * 0.02));
    return Math.round(neto * c.iibb) + gan + (c.ivaRet ? Math.round(iva * 0.5) : 0);
  };

  let made = 0;
  const CASES: (readonly [Case, number])[] = [
    ['transfer_invoice_ref', 13], ['transfer_cuit_only', 12], ['op_retenciones', 7], ['op_retenciones_nc', 1.5], ['echeq_payment', 6], ['echeq_rejected', 1],
    ['usd_invoice_ars', 5], ['paid_by_group_company', 3], ['credit_note_netted', 2.5], ['debit_note_with_invoice', 1.5], ['payment_on_account', 2.5],
    ['ambiguous_equal_amounts', 1.2], ['monotributo_transfer', 6], ['unpaid_invoice', 22],
  ];
  const styleFor: Partial<Record<Case, Style[]>> = {
    transfer_invoice_ref: ['pyme', 'agent'], transfer_cuit_only: ['pyme'], op_retenciones: ['agent'], op_retenciones_nc: ['agent'], echeq_payment: ['echeq', 'agent'],
    echeq_rejected: ['echeq', 'pyme'], usd_invoice_ars: ['usd'], paid_by_group_company: ['sub'], credit_note_netted: ['pyme', 'echeq'], debit_note_with_invoice: ['pyme', 'echeq'],
    payment_on_account: ['pyme', 'mono'], ambiguous_equal_amounts: ['pyme'], monotributo_transfer: ['mono'],
  };
  const pools = new Map<Case, Customer[]>();
  while (made < opts.openItems) {
    const kind = weighted(rng, CASES);
    if (!pools.has(kind)) pools.set(kind, styleFor[kind] ? customers.filter((x) => styleFor[kind]!.includes(x.style)) : customers);
    const pool = pools.get(kind)!;
    const c = rng.pick(pool.length ? pool : customers);
    const g = b.gid();
    const add = (d: Doc, group: string | null = g, k: string = kind, amb = false) => { b.addOi(d, group, k, amb); made++; return d; };
    switch (kind) {
      case 'unpaid_invoice': add(mk(c), null); break;
      case 'transfer_invoice_ref': case 'transfer_cuit_only': case 'monotributo_transfer': {
        const d = add(mk(c, 'FC', kind === 'monotributo_transfer' ? pesos(4.5, 1.5) : pesos()));
        transfer(payDay(), c, d.saldo, kind === 'transfer_cuit_only' ? () => '' : kind === 'monotributo_transfer' ? () => (rng.chance(0.5) ? fcRef(d)() : '') : fcRef(d), rng.pick(['FAC', 'FAC', 'VAR']), g, kind);
        break;
      }
      case 'op_retenciones': case 'op_retenciones_nc': {
        const docs = Array.from({ length: rng.int(1, 6) }, () => mk(c, 'FC', pesos(5.5, 2)));
        if (kind === 'op_retenciones_nc') { const nc = mk(c, 'NC', Math.round(docs[0].neto * rng.int(5, 30) / 100)); docs.push(nc); }
        docs.forEach((d) => add(d));
        const net = docs.reduce((s, d) => s + d.saldo, 0) - retentions(c, docs);
        const op = `OP ${String(rng.int(1, 9)).padStart(4, '0')}-${String(rng.int(1, 99_999)).padStart(8, '0')}`;
        const ref = () => (rng.chance(0.4) ? `${op} ${docs.filter((d) => d.tipo === 'FC').map((d) => Number(d.no.split('-')[2])).join(' ')}` : op);
        if (rng.chance(0.3)) echeq(payDay(), c, net, g, kind, ref);
        else transfer(payDay(), c, net, ref, 'FAC', g, kind);
        break;
      }
      case 'echeq_payment': {
        const docs = Array.from({ length: rng.chance(0.6) ? 1 : rng.int(2, 4) }, () => add(mk(c)));
        // An eCheq de pago diferido: handed over on one day, credited on its payment date weeks later.
        echeq(payDay(), c, docs.reduce((s, d) => s + d.saldo, 0), g, kind, () => (rng.chance(0.5) ? `REC ${rng.int(1000, 9999)}` : ''));
        break;
      }
      case 'echeq_rejected': {
        const d = add(mk(c), null);
        const day = nextBiz(START + rng.int(0, END - START - 7)), back = nextBiz(day + rng.int(1, 3));
        const { no } = echeq(day, c, d.saldo, null, kind, () => '');
        mov(back, 'RECHAZO ECHEQ - SIN FONDOS', -d.saldo, { grupo: 'Cheques', concepto: 'RECHAZO', comp: no, ley: [c.bankAs, c.payCuit, `ECHEQ NRO ${no}`, 'MOTIVO: SIN FONDOS SUFICIENTES'] }, null, kind);
        const fee = rng.pick([1_850_000, 2_400_000]);
        mov(back, 'COMISION ECHEQ RECHAZADO', -fee, { grupo: 'Comisiones' }, null, 'bank_fee');
        mov(back, 'IVA TASA GENERAL', -Math.round(fee * 0.21), { grupo: 'Impuestos' }, null, 'bank_fee');
        break;
      }
      case 'usd_invoice_ars': {
        const usd = Math.round(Math.pow(10, 2.8 + rng.next() * 1.7)) * 100;
        const d = mk(c, 'FC', Math.round(usd / 1.21));
        d.cur = 'U$S'; d.orig = usd; d.rate = rateOn(d.date); d.saldo = Math.round(usd * d.rate);
        d.neto = Math.round(d.saldo / 1.21); d.iva = d.saldo - d.neto;
        add(d);
        // Paid in pesos at Banco Nación's selling rate of the day before the payment.
        const day = payDay();
        transfer(day, c, Math.round(usd * rateOn(day - 1)), () => rng.pick([`FC ${Number(d.no.split('-')[2])} USD ${usd / 100} TC BNA`, fcRef(d)(), '']), 'FAC', g, kind);
        break;
      }
      case 'paid_by_group_company': {
        const sister = subs.find((x) => x !== c && x.parent === c.parent && rng.chance(0.5));
        const docs = Array.from({ length: rng.int(1, 3) }, () => add(mk(c)));
        if (sister && rng.chance(0.4)) for (let i = rng.int(1, 2); i > 0; i--) docs.push(add(mk(sister)));
        transfer(payDay(), c, docs.reduce((s, d) => s + d.saldo, 0), () => rng.pick([`PAGO POR CTA Y ORDEN ${bankName(c.name).slice(0, 14)}`, docs.map((d) => fcRef(d)()).join(' '), '']), 'VAR', g, kind);
        break;
      }
      case 'credit_note_netted': {
        const d = add(mk(c));
        const nc = add(mk(c, 'NC', Math.round(d.neto * rng.int(5, 40) / 100)));
        transfer(payDay(), c, d.saldo + nc.saldo, () => (rng.chance(0.5) ? `${fcRef(d)()} MENOS NC ${Number(nc.no.split('-')[2])}` : ''), 'FAC', g, kind);
        break;
      }
      case 'debit_note_with_invoice': {
        const d = add(mk(c));
        const nd = add(mk(c, 'ND', Math.round(d.neto * (0.02 + rng.next() * 0.05))));
        transfer(payDay(), c, d.saldo + nd.saldo, () => (rng.chance(0.5) ? `${fcRef(d)()} Y ND ${Number(nd.no.split('-')[2])}` : fcRef(d)()), 'FAC', g, kind);
        break;
      }
      case 'payment_on_account': {
        const d = add(mk(c, 'FC', pesos(5.6, 1.4)));
        const p = Math.round((d.saldo * (0.25 + rng.next() * 0.45)) / 10_000_000) * 10_000_000 || Math.round(d.saldo / 2);
        transfer(payDay(), c, p, () => `A CTA ${fcRef(d)()}`, 'VAR', g, kind);
        break;
      }
      case 'ambiguous_equal_amounts': {
        // A monthly service fee (abono) invoiced twice for the same amount, one transfer with no reference.
        const neto = pesos(5.2, 1);
        const d1 = mk(c, 'FC', neto, 0.21), d2 = mk(c, 'FC', neto, 0.21);
        add(d1, g, kind, true); add(d2, null, kind, true);
        transfer(payDay(), c, d1.saldo, () => rng.pick(['ABONO', 'ABONO MENSUAL', '']), 'VAR', g, kind, true);
        break;
      }
    }
  }

  // Everything else on a wholesaler's peso account.
  for (let d = START; d <= END; d++) {
    if (!biz(d)) continue;
    const c = civil(d);
    for (let i = rng.int(0, 3); i > 0; i--) { const a = pesos(5, 2.2); mov(d, 'TRANSFERENCIA A TERCEROS', -a, { ley: [`PROVEEDOR ${rng.pick(N1).toUpperCase()} ${bankName(rng.pick(N2))}`, cuit(30, rng.int(50_000_000, 71_999_999)), 'FAC', ''] }, null, 'supplier_payment'); }
    if (rng.chance(0.6)) { const a = pesos(5.5, 1.5); mov(d, 'LIQUIDACION TARJETAS PRISMA', a, { grupo: 'Tarjetas', ley: ['PAYWAY VISA DEBITO', '30598910045', '', `LOTE ${rng.int(100, 999)}`] }, null, 'card_settlement'); }
    if (d === nextBiz(dayOf(c.y, c.m, 1))) mov(d, 'PAGO DE HABERES', -pesos(7.6, 0.3), { grupo: 'Sueldos', ley: [`ACREDITACION HABERES ${c.m === 12 ? 'NOV' : 'DIC'}`, '', '', ''] }, null, 'payroll');
    if ((c.d >= 18 && c.d <= 22) && rng.chance(0.4)) mov(d, 'PAGO VEP AFIP', -pesos(6.5, 1), { grupo: 'Impuestos', ley: [`VEP ${rng.int(100000000, 999999999)}`, '33693450239', rng.pick(['IVA', 'GANANCIAS', 'SICOSS']), ''] }, null, 'tax_payment');
    if (civil(nextBiz(d + 1)).m !== c.m) {
      mov(d, 'COMISION MANTENIMIENTO CTA CTE', -4_890_000, { grupo: 'Comisiones' }, null, 'bank_fee');
      mov(d, 'IVA TASA GENERAL', -1_026_900, { grupo: 'Impuestos' }, null, 'bank_fee');
    }
  }
  // Each Friday the week's surplus goes into the bank's money-market fund (exempt from the debit tax).
  const net = new Map<number, number>();
  for (const m of b.st) net.set(m.data.day, (net.get(m.data.day) ?? 0) + m.data.amt);
  let acc = 0;
  for (let d = START; d <= END; d++) {
    acc += net.get(d) ?? 0;
    if (civil(d).wd === 5 && biz(d) && acc > 500_000_000) {
      const a = Math.floor((acc * 0.8) / 100_000_000) * 100_000_000;
      mov(d, 'SUSCRIPCION FIMA PREMIUM CLASE A', -a, { grupo: 'Inversiones', concepto: 'FCI', ley: ['FIMA PREMIUM', '', '', `CTA CUOTAPARTISTA ${rng.int(100000, 999999)}`] }, null, 'internal_transfer');
      acc -= a;
    }
  }
  // Impuesto a los débitos y créditos (Ley 25.413): 0,6% of every movement, booked right after it;
  // Ingresos Brutos collected on credits (SIRCREB), one line a day.
  const base = [...b.st];
  const sircreb = new Map<number, number>();
  for (const m of base) {
    if (m.kind === 'bank_fee' || m.data.grupo === 'Impuestos' || m.data.grupo === 'Inversiones') continue;
    const tax = Math.round(Math.abs(m.data.amt) * 0.006);
    b.addSt({ day: m.data.day, t: m.data.t + 0.5, desc: m.data.amt > 0 ? 'IMP. LEY 25.413 S/CRED' : 'IMP. LEY 25.413 S/DEB', origen: 'Banco Galicia', amt: -tax, grupo: 'Impuestos', concepto: 'LEY 25413', comp: m.data.comp, ley: ['', '', '', ''] }, null, 'ley_25413_tax');
    if (m.data.amt > 0 && m.kind !== 'card_settlement') sircreb.set(m.data.day, (sircreb.get(m.data.day) ?? 0) + m.data.amt);
  }
  for (const [day, sum] of sircreb) b.addSt({ day, t: 1e9, desc: 'RETENCION ING. BRUTOS SIRCREB', origen: 'Banco Galicia', amt: -Math.round(sum * 0.009), grupo: 'Impuestos', concepto: 'SIRCREB', comp: '', ley: ['ARBA', '', '', ''] }, null, 'sircreb_iibb');

  // Tango numbers: one sequence per type and point of sale, in date order, with the gaps of paid documents.
  const seqs = new Map<string, number>();
  for (const rec of [...b.oi].sort((x, y) => x.data.date - y.data.date || x.seq - y.seq)) {
    const d = rec.data, key = `${d.tipo}${d.letra}${d.pv}`;
    const n = (seqs.get(key) ?? (d.tipo === 'FC' ? rng.int(8000, 15000) : rng.int(200, 900))) + rng.int(1, d.tipo === 'FC' ? 4 : 3);
    seqs.set(key, n);
    d.no = `${d.letra}-${String(d.pv).padStart(5, '0')}-${String(n).padStart(8, '0')}`;
  }
  for (const f of lazyRefs) f();

  const { oi, st, truth } = b.finish(
    (x, y) => x.cust.name.localeCompare(y.cust.name, 'es') || x.date - y.date || x.no.localeCompare(y.no),
    (x, y) => y.day - x.day || y.t - x.t,
  );
  const ars = (c: number) => money(c, '.', ',');
  const oiLines = [
    'DISTRIBUIDORA DEL PLATA S.A.',
    'C.U.I.T.: 30-71523846-4',
    'Composición de Saldos de Clientes - Comprobantes pendientes',
    `Fecha de corte: ${dmy(LIST_DAY)};Moneda de expresión: Pesos`,
    '',
    line(['Cód. Cliente', 'Razón Social', 'C.U.I.T.', 'Tipo', 'Comprobante', 'Fecha Emisión', 'Fecha Vto.', 'Mon.', 'Importe Mon. Orig.', 'Cotización', 'Saldo $'], ';'),
  ];
  for (const d of oi) oiLines.push(line([d.cust.code, d.cust.name, fmtCuit(d.cust.cuit), d.tipo, d.no, dmy(d.date), dmy(d.due), d.cur, ars(d.orig), d.rate.toFixed(4).replace('.', ','), ars(d.saldo)], ';'));
  oiLines.push(line(['', 'Total General', '', '', '', '', '', '', '', '', ars(oi.reduce((s, d) => s + d.saldo, 0))], ';'));

  // Galicia: newest first, debits and credits in their own columns (0 in the other), a running balance.
  let bal = 18_452_339_17 + rng.int(0, 9_999_999_99);
  const closing = bal + st.reduce((s, m) => s + m.amt, 0);
  bal = closing;
  const head = ['Fecha', 'Descripción', 'Origen', 'Débitos', 'Créditos', 'Grupo de Conceptos', 'Concepto', 'Número de Terminal', 'Observaciones Cliente', 'Número de Comprobante', 'Leyendas Adicionales1', 'Leyendas Adicionales2', 'Leyendas Adicionales3', 'Leyendas Adicionales4', 'Tipo de Movimiento', 'Saldo'];
  const stLines = [line(head, ';')];
  for (const m of st) {
    const plain = (c: number) => (c / 100).toFixed(2).replace('.', ',');
    stLines.push(line([dmy(m.day), m.desc, m.origen, m.amt < 0 ? plain(-m.amt) : '0,00', m.amt > 0 ? plain(m.amt) : '0,00', m.grupo, m.concepto, '', '', m.comp, ...m.ley, m.amt < 0 ? 'Débito' : 'Crédito', plain(bal)], ';'));
    bal -= m.amt;
  }

  return {
    name: 'ar-galicia',
    description: `Distribuidora del Plata S.A., an Argentine wholesaler of food-service equipment, applies the collections on its Banco Galicia peso account. Open items: a Tango Gestión "Composición de saldos" export in Windows-1252 (';', 1.234.567,89, dd/mm/yyyy, a preamble and a "Total General" line), sorted by customer name: invoices (FC), credit notes (NC, negative) and debit notes (ND) numbered letter-point of sale-number (A-00003-00012345, B-00007-… for monotributistas), the customer's CUIT as 30-71234567-8, the currency and, for dollar invoices, the original USD amount and the invoice-day rate behind the peso balance. Statement: the Galicia Office Banking "Movimientos" CSV for 01/12/2026-15/01/2027, newest first, Débitos and Créditos in separate columns with 0,00 in the other, a running Saldo, and the payer's name, CUIT (11 digits, no dashes), transfer concept (FAC/VAR) and reference in "Leyendas Adicionales 1-4". Cases: transfers quoting the invoice in four spellings (FC 3-12345, FACT A0000300012345, A 0003-00012345, FC12345); transfers identified only by CUIT and exact amount; large customers' payment orders (OP 0001-00045123) covering 1-6 invoices, sometimes with a credit note, paid net of IIBB withholding (1-3.5% of the net), Ganancias (2% above 224.000 of net) and for some half the VAT, with no withholding detail on the bank side; eCheqs credited on their deferred date; an eCheq rejected for lack of funds (credit, rejection, fee; the invoice stays open); dollar invoices paid in pesos at Banco Nación's rate of the day before payment; subsidiaries paid by their holding's account and CUIT (one holding for about three subsidiaries, some transfers covering two subsidiaries' invoices); credit notes and interest debit notes settled with the invoice; round payments on account (A CTA); monthly fees invoiced twice with equal amounts and paid once without reference (ambiguous); monotributista customers paying B invoices from personal accounts (surname first); unpaid documents; and noise: the Ley 25.413 tax (0,6%) booked after every movement, weekly subscriptions to the bank's money-market fund, daily SIRCREB IIBB collection, card settlements, supplier transfers, payroll, AFIP VEP payments, account fees and their VAT. Kinds: transfer_invoice_ref, transfer_cuit_only, op_retenciones, op_retenciones_nc, echeq_payment, echeq_rejected (credit, rejection and the open invoice, all unmatched), usd_invoice_ars, paid_by_group_company, credit_note_netted, debit_note_with_invoice, payment_on_account, ambiguous_equal_amounts, monotributo_transfer, unpaid_invoice; noise: ley_25413_tax, sircreb_iibb, card_settlement, supplier_payment, payroll, tax_payment, bank_fee, internal_transfer.`,
    openItems: { fileName: 'Tango_ComposicionSaldos_301126.csv', content: Buffer.from(oiLines.join('\r\n') + '\r\n', 'latin1') },
    statement: { fileName: 'Movimientos_Galicia_CC_4021-7.csv', content: stLines.join('\n') + '\n' },
    truth,
  };
}
