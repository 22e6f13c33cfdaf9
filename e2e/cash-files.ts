/** Files shared by the cash-application specs (not a spec: importing it registers no tests). */

/** Ten open invoices; the bank pays four less a 7.50 fee, one naming the invoice only in its text, two together, one 3.20 short. */
export function cashFiles() {
  const inv = (n: number) => `INV-2026-${String(n).padStart(6, '0')}`;
  const amounts = [1200, 850.5, 430, 2999.99, 120, 640, 77.7, 310, 95, 1500];
  const invoices = ['invoice_no,customer_name,invoice_date,amount', ...amounts.map((a, i) => `${inv(i + 1)},Customer ${i % 4} Ltd,2026-03-0${(i % 9) + 1},${a.toFixed(2)}`)];
  const line = (day: number, amount: number, who: number, ref: string, text: string) => `2026-03-${String(day).padStart(2, '0')};${amount.toFixed(2)};CUSTOMER ${who} LTD;${ref};${text}`;
  const bank = [
    'booking_date;amount;counterparty;reference;remittance_text',
    line(12, 1200 - 7.5, 0, inv(1), 'Payment'),
    line(12, 850.5 - 7.5, 1, inv(2), 'Payment'),
    line(13, 430 - 7.5, 2, inv(3), 'Payment'),
    line(13, 2999.99 - 7.5, 3, inv(4), 'Payment'),
    line(14, 120, 0, inv(5), 'Payment'),
    line(14, 640, 1, '', 'SEPA CT RE 2026/000006 thank you'),
    line(15, 77.7 + 310, 2, '', `Invoices ${inv(7)}, ${inv(8)}`),
    // 3.20 short, with its reference: not a learned fee, so only suggested.
    line(16, 95 - 3.2, 1, inv(9), 'Payment'),
  ];
  return { invoices: invoices.join('\n'), bank: bank.join('\n') };
}
