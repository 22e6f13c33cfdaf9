/**
 * Generated test data: a bank statement (left) against an invoice list (right),
 * with split payments, a near miss, a Stripe payout, an unmatched row per side,
 * plus broken variants (ragged lines, UTF-16 without BOM).
 */
export interface ReconFiles {
  bank: string;
  invoices: string;
}

const CUSTOMERS = ['Acme GmbH', 'Globex Ltd', 'Initech', 'Umbrella Corp', 'Hooli', 'Stark Industries', 'Wayne Enterprises', 'Wonka Foods'];

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}
function dmy(d: Date): string {
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}
function addDays(d: Date, n: number): Date {
  return new Date(d.getTime() + n * 86_400_000);
}

/** `invoices` invoices in October 2026; most paid 1–4 days after the invoice date. */
export function reconFiles(invoices = 24): ReconFiles {
  const inv: string[] = ['Invoice No,Customer,Invoice Date,Due Date,Amount Due,Currency,Status'];
  const bank: string[] = ['Booking Date,Value Date,Description,Reference,Amount,Currency,Counterparty'];
  const base = new Date(Date.UTC(2026, 9, 1));
  for (let i = 0; i < invoices; i++) {
    const no = `INV-${1001 + i}`;
    const customer = CUSTOMERS[i % CUSTOMERS.length];
    const date = addDays(base, i);
    const amount = 120 + ((i * 137) % 1900) + (i % 4) * 0.25;
    inv.push(`${no},${customer},${iso(date)},${iso(addDays(date, 30))},${amount.toFixed(2)},EUR,open`);
    const paid = addDays(date, 1 + (i % 4));
    if (i === 5) {
      // split payment: two transfers
      const first = Math.round(amount * 60) / 100;
      bank.push(`${dmy(paid)},${dmy(paid)},Payment ${no} part 1,${no},${first.toFixed(2)},EUR,${customer}`);
      bank.push(`${dmy(addDays(paid, 2))},${dmy(addDays(paid, 2))},Payment ${no} part 2,${no},${(amount - first).toFixed(2)},EUR,${customer}`);
    } else if (i === 9) {
      // near miss: bank fee deducted
      bank.push(`${dmy(paid)},${dmy(paid)},Payment ${no},${no},${(amount - 7.5).toFixed(2)},EUR,${customer}`);
    } else if (i === 13) {
      // reference missing: only amount and date can match
      bank.push(`${dmy(paid)},${dmy(paid)},Transfer ${customer},,${amount.toFixed(2)},EUR,${customer}`);
    } else if (i === invoices - 1) {
      // unpaid invoice: no bank row
    } else {
      bank.push(`${dmy(paid)},${dmy(paid)},Payment ${no},${no},${amount.toFixed(2)},EUR,${customer}`);
    }
  }
  bank.push(`${dmy(addDays(base, 20))},${dmy(addDays(base, 21))},Stripe payout,PO-88812,2450.00,EUR,Stripe`);
  bank.push(`${dmy(addDays(base, 22))},${dmy(addDays(base, 22))},Bank fee October,,12.50,EUR,Bank`);
  return { bank: `${bank.join('\n')}\n`, invoices: `${inv.join('\n')}\n` };
}

/** A CSV whose 4th line has too many fields. */
export function raggedCsv(): string {
  return 'id,amount,date\n1,10.00,2026-10-01\n2,20.00,2026-10-02\n3,30.00,2026-10-03,extra,fields\n4,40.00,2026-10-04\n';
}

/** UTF-16 LE without a byte-order mark. */
export function utf16NoBom(text: string): Buffer {
  return Buffer.from(text, 'utf16le');
}
