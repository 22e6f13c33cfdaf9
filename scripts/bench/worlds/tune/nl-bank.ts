/**
 * nl-bank — A Dutch wholesaler exports its open sales invoices from its accounting package
 * (`;`-separated, decimal comma without thousands separator, dd-mm-yyyy):
 * `Factuurnummer;Relatie;Relatienummer;Factuurdatum;Vervaldatum;Bedrag;Openstaand;Omschrijving`,
 * 8-digit invoice numbers like 20260451 (credit notes in the same series, negative), 5-digit
 * relation numbers. The bank statement is an ING business CSV export, every field quoted:
 * `"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";
 * "Mutatiesoort";"Mededelingen"` with yyyymmdd dates, unsigned amounts and the direction in
 * `Af Bij`. Mededelingen repeats the name and carries the payer's description
 * (`Naam: … Omschrijving: factuur 20260451 … IBAN: NL… Kenmerk: … Valutadatum: dd-mm-yyyy`).
 * Payers write `factuur 20260451`, `fact.nr 20260451`, `F20260451`, `2026-0451` or the bare
 * number; 8-digit look-alikes abound: yyyymmdd dates, 8-digit Kenmerk values and contract numbers
 * (2025xxxx), mobile numbers 06-12345678. Cases as in the other tune worlds, a 1.5 % payment
 * discount and fees of € 5/€ 12.50 (foreign payers), plus noise: suppliers (some `Af` amounts equal
 * to an open invoice), salaries, Belastingdienst, rent, ING charges, interest, Adyen/Mollie
 * settlements, refunds to customers, payments of closed invoices, contract down-payments.
 */
import type { World, WorldGenerator } from '../world';
import { makePlan, buildTruth, type Line } from './plan';
import { Rng, money, fmtDate, pad, makeNamer, iban } from './random';

const FIRST = ['De Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'De Boer', 'Mulder', 'De Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'Van Dijk', 'Dekker', 'Brouwer', 'Van Leeuwen', 'Willems', 'Hollandia', 'Noordzee', 'Zuidas', 'Polder', 'Delta', 'Tulip', 'Oranje', 'Amstel', 'Maas', 'Veluwe', 'Zeeland', 'Twente', 'Brabant', 'Kempen', 'Rijnmond', 'Waddenzee', 'Groene Hart', 'Eemland'];
const SECOND = ['Installatietechniek', 'Bouw', 'Transport', 'Groothandel', 'Metaal', 'Techniek', 'Schilders', 'Horeca', 'Bloemen', 'Kozijnen', 'Elektro', 'Verhuur', 'Logistiek', 'Automatisering', 'Schoonmaak', 'Tuinen', 'Infra', 'Dakwerken', 'Bakkerij', 'Zuivel'];
const FORMS = ['B.V.', 'B.V.', 'B.V.', 'BV', 'V.O.F.', 'Holding B.V.', 'N.V.', '& Zn.'];
const BANKS = ['ABNA', 'RABO', 'INGB', 'SNSB', 'TRIO', 'KNAB', 'BUNQ', 'ASNB'];
const SUPPLIERS: [string, string, string][] = [['KPN B.V.', 'IC', 'Incasso'], ['Eneco Zakelijk', 'IC', 'Incasso'], ['Coolblue B.V.', 'GT', 'Online bankieren'], ['Vattenfall', 'IC', 'Incasso'], ['Exact Online', 'IC', 'Incasso'], ['Bol.com Zakelijk', 'GT', 'Online bankieren'], ['PostNL Pakketten', 'IC', 'Incasso'], ['Makro Nederland', 'BA', 'Betaalautomaat'], ['Hornbach Bouwmarkt', 'BA', 'Betaalautomaat'], ['Achmea Schadeverzekeringen', 'IC', 'Incasso']];

const q = (f: string[]) => f.map((x) => '"' + (x.includes('"') ? x.replace(/"/g, '""') : x) + '"').join(';');
const nl = (c: number) => money(c, ',');

export const nlBank: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 15485863 + 5);
  const newName = makeNamer(rng, FIRST, SECOND, FORMS);
  let docCounter = 450; // credit notes share the invoice series
  const contracts = new Map<number, string>();
  const plan = makePlan({
    seed: seed + 2000, openItems, fees: [500, 1250], discount: 0.015, poPayerShare: 0, medianAmount: 1100,
    makeCustomer: (r, idx) => {
      const name = newName();
      const bank = r.chance(0.5) ? name : r.chance(0.6) ? name.toUpperCase() : name.replace(/ B\.V\.$/, ' BV').replace(/^De /, '').slice(0, 24).trim();
      const country = r.weighted([['NL', 8], ['BE', 1], ['DE', 1]] as const);
      const ib = country === 'NL' ? iban('NL', r.pick(BANKS) + r.digits(10, true)) : country === 'BE' ? iban('BE', r.digits(12, true)) : iban('DE', r.digits(18));
      return { name, no: String(10000 + idx), bankName: bank, iban: ib, bic: '' };
    },
    docNo: () => `2026${pad(++docCounter, 4)}`,
    closedDocNo: (k) => `2026${pad(Math.max(1, 450 - k), 4)}`,
    poNo: () => '',
    contractNo: (r, c, force) => {
      if (!force && c.idx % 6 !== 0) return '';
      let v = contracts.get(c.idx);
      if (!v) contracts.set(c.idx, (v = `2025${pad(r.int(100, 9999), 4)}`));
      return v;
    },
  });
  const R = plan.rng;
  const OWN = iban('NL', 'INGB' + R.digits(10, true));

  // ---- invoice list
  const oms = ['Levering', 'Onderhoud', 'Installatie', 'Huur', 'Service', 'Materialen', 'Project'];
  const months = ['januari', 'februari', 'maart', 'april', 'mei', 'juni'];
  const oi = ['Factuurnummer;Relatie;Relatienummer;Factuurdatum;Vervaldatum;Bedrag;Openstaand;Omschrijving'];
  for (const it of plan.items) {
    const desc = it.credit ? R.pick(['Creditnota', 'Creditering retour', 'Credit prijsafspraak']) : `${R.pick(oms)} ${months[Math.min(5, Number(fmtDate(it.issue, 'yyyymmdd').slice(4, 6)) - 1)]}${it.contract ? ' contract ' + it.contract : ''}`;
    oi.push([it.doc, it.cust.name, it.cust.no, fmtDate(it.issue, 'dd-mm-yyyy'), fmtDate(it.due, 'dd-mm-yyyy'), nl(it.cents), nl(it.cents), desc].map((f) => (f.includes(';') ? `"${f}"` : f)).join(';'));
  }

  // ---- payer descriptions
  const docForm = (d: string, habit: number): string => {
    const h = habit < 0.7 ? Math.floor(habit * 11.5) % 8 : R.int(0, 7);
    return [`factuur ${d}`, `Factuurnr. ${d}`, `fact ${d}`, `F${d}`, d, `${d.slice(0, 4)}-${d.slice(4)}`, `inv. ${d}`, `factuurnummer ${d}`][h];
  };
  const EXTRA: [(ln: Line) => string, number][] = [
    [() => '', 6], [(ln) => ` klantnr ${ln.cust!.no}`, 1.5], [(ln) => ` dd ${fmtDate(ln.day - R.int(0, 3), 'yyyymmdd')}`, 0.8], [() => ` tel 06-${R.digits(8, true)}`, 0.3],
    [() => ` ref ${R.digits(8)}`, 0.6], [(ln) => (ln.refs[0]?.contract ? ` contract ${ln.refs[0].contract}` : ''), 1],
  ];
  const extra = (ln: Line) => R.weighted(EXTRA)(ln);
  const describe = (ln: Line): string => {
    const c = ln.cust!;
    const [a, b] = ln.refs;
    if (ln.mode === 'none') return R.pick(['betaling', 'openstaande facturen', `klantnr ${c.no}`, 'zie specificatie', '', `betaling ${c.name}`]);
    if (ln.mode === 'typo') return docForm(ln.ref, c.habit) + extra(ln);
    if (ln.kind === 'credit_note_netted') return (b ? `${docForm(a.doc, c.habit)} minus creditnota ${b.doc}` : `${docForm(a.doc, c.habit)} verrekend met creditnota`) + extra(ln);
    if (ln.refs.length > 1) return R.pick(['facturen ', 'fact ', 'factuurnrs ', '']) + ln.refs.map((i) => i.doc).join(R.pick([' ', ', ', ' + ', ' en '])) + extra(ln);
    const d = docForm(a.doc, c.habit);
    if (ln.part) return R.pick([`termijn ${ln.part[0]} ${d}`, `${ln.part[0]}e termijn ${d}`, `deelbetaling ${ln.part[0]}/${ln.part[1]} ${d}`]) + extra(ln);
    if (ln.kind === 'part_payment') return R.pick([`gedeeltelijke betaling ${d}`, `deelbetaling ${d}`, `${d} (deel)`]) + extra(ln);
    if (ln.kind === 'early_payment_discount') return `${d} -/- 1,5% betalingskorting` + extra(ln);
    return d + extra(ln);
  };
  type Row = { name: string; tegen: string; code: string; mut: string; oms: string; kenmerk: string };
  const noise = (ln: Line): Row => {
    const mm = months[Math.min(5, Number(fmtDate(ln.day, 'yyyymmdd').slice(4, 6)) - 1)];
    switch (ln.noise!) {
      case 'supplier': { const [n, code, mut] = R.pick(SUPPLIERS); return { name: n, tegen: code === 'BA' ? '' : iban('NL', R.pick(BANKS) + R.digits(10, true)), code, mut, oms: code === 'BA' ? `Pasvolgnr: 00${R.int(1, 9)} ${fmtDate(ln.day, 'dd-mm-yyyy')} Transactie: ${R.upper(2)}${R.digits(6)}` : `Factuur ${ln.ref} klantnummer ${R.digits(8)}`, kenmerk: R.digits(16) }; }
      case 'salary': return { name: `${R.pick(['J.', 'M.', 'A.', 'S.', 'P.'])} ${FIRST[Number(ln.ref) % 18]}`, tegen: iban('NL', R.pick(BANKS) + R.digits(10, true)), code: 'VZ', mut: 'Verzamelbetaling', oms: `Salaris ${mm} 2026 pers.nr ${pad(Number(ln.ref) + 1, 4)}`, kenmerk: '' };
      case 'bank_fee': return { name: 'Kosten Zakelijk Betalingsverkeer', tegen: '', code: 'DV', mut: 'Diversen', oms: `Kosten Zakelijk Betalingsverkeer ${mm}`, kenmerk: '' };
      case 'interest': return { name: 'Rente', tegen: '', code: 'DV', mut: 'Diversen', oms: `Creditrente ${mm}`, kenmerk: '' };
      case 'tax': return { name: 'Belastingdienst', tegen: 'NL86INGB0002445588', code: 'GT', mut: 'Online bankieren', oms: `${R.digits(16)} omzetbelasting`, kenmerk: R.digits(16) };
      case 'rent': return { name: 'Vastgoed Beheer Rijnmond B.V.', tegen: 'NL20RABO0312345678', code: 'OV', mut: 'Overschrijving', oms: `huur bedrijfsruimte ${mm}`, kenmerk: '' };
      case 'card_settlement': return { name: R.pick(['Adyen N.V.', 'Mollie B.V.', 'Stichting Mollie Payments']), tegen: 'NL75ADYB2017400157', code: 'OV', mut: 'Overschrijving', oms: `Uitbetaling ${R.digits(10)} ${fmtDate(ln.day - 1, 'yyyymmdd')}`, kenmerk: R.digits(12) };
      case 'refund': return { name: ln.cust!.bankName, tegen: ln.cust!.iban, code: 'GT', mut: 'Online bankieren', oms: `terugbetaling creditnota ${ln.ref} klantnr ${ln.cust!.no}`, kenmerk: '' };
      case 'closed_invoice': return { name: ln.cust!.bankName, tegen: ln.cust!.iban, code: 'OV', mut: 'Overschrijving', oms: docForm(ln.ref, ln.cust!.habit), kenmerk: '' };
      case 'sweep': return { name: 'Zakelijke Spaarrekening', tegen: 'NL37INGB0009876543', code: 'GT', mut: 'Online bankieren', oms: 'Naar spaarrekening', kenmerk: '' };
      case 'advance_contract': return { name: ln.cust!.bankName, tegen: ln.cust!.iban, code: 'OV', mut: 'Overschrijving', oms: `aanbetaling contract ${ln.ref}`, kenmerk: '' };
    }
  };
  // some supplier payments happen to equal an open invoice
  for (const ln of plan.lines) {
    if (ln.noise !== 'supplier' || !R.chance(0.08)) continue;
    const it = plan.items[R.int(0, plan.items.length - 1)];
    if (!it.credit) ln.cents = -it.cents;
  }

  const st = [q(['Datum', 'Naam / Omschrijving', 'Rekening', 'Tegenrekening', 'Code', 'Af Bij', 'Bedrag (EUR)', 'Mutatiesoort', 'Mededelingen'])];
  for (const ln of plan.lines) {
    const r: Row = ln.noise ? noise(ln) : { name: ln.cust!.bankName, tegen: ln.cust!.iban, code: R.chance(0.8) ? 'OV' : 'VZ', mut: '', oms: describe(ln), kenmerk: R.chance(0.35) ? R.pick([R.digits(16), R.digits(8), `${R.digits(4)}.${R.digits(4)}.${R.digits(4)}`]) : '' };
    if (!r.mut) r.mut = r.code === 'VZ' ? 'Verzamelbetaling' : 'Overschrijving';
    const med = r.tegen || r.code === 'IC'
      ? `Naam: ${r.name} Omschrijving: ${r.oms.trim()}${r.tegen ? ` IBAN: ${r.tegen}` : ''}${r.kenmerk ? ` Kenmerk: ${r.kenmerk}` : ''} Valutadatum: ${fmtDate(ln.day, 'dd-mm-yyyy')}`
      : `${r.oms} Valutadatum: ${fmtDate(ln.day, 'dd-mm-yyyy')}`;
    st.push(q([fmtDate(ln.day, 'yyyymmdd'), r.name, OWN, r.tegen, r.code, ln.cents < 0 ? 'Af' : 'Bij', nl(Math.abs(ln.cents)), r.mut, med.replace(/\s+/g, ' ')]));
  }

  return {
    name: 'nl-bank',
    description: DESCRIPTION,
    openItems: { fileName: 'openstaande_posten_debiteuren.csv', content: oi.join('\r\n') + '\r\n' },
    statement: { fileName: `NL_ING_transacties_${fmtDate(0, 'yyyymmdd')}_${fmtDate(plan.lastDay + 3, 'yyyymmdd')}.csv`, content: st.join('\r\n') + '\r\n' },
    truth: buildTruth(plan.items, plan.lines),
  };
};

const DESCRIPTION =
  'Dutch accounting-package open invoices (";", decimal comma, dd-mm-yyyy, 8-digit invoice numbers 2026xxxx shared with credit notes, 5-digit relation numbers) against an ING business CSV (all fields quoted, yyyymmdd, unsigned amounts with Af/Bij, Mededelingen "Naam: … Omschrijving: … IBAN: … Kenmerk: … Valutadatum: …"). Invoice numbers are written in many ways among 8-digit look-alikes (yyyymmdd dates, Kenmerk values, 2025xxxx contract numbers, 06-numbers); outgoing Af lines with the amount of an open invoice must not match. Payment discount 1.5 %, foreign-payer fees € 5/€ 12.50.';
