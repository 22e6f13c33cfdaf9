// Writes the cash bench's files only (for timing `kalla recon` on them): tsx scripts/bench/cash-files.ts ROWS DIR [VARIANT] [SEED]
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateCash, type CashVariant } from './cash-data';

const [rows = '1000000', dir = '/tmp/kalla-cash', variant = 'tune', seed = '42'] = process.argv.slice(2);
async function writeLines(path: string, header: string, lines: string[]): Promise<void> {
  const out = createWriteStream(path);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(`${header}\n`);
  for (let i = 0; i < lines.length; i += 10_000) await write(`${lines.slice(i, i + 10_000).join('\n')}\n`);
  await new Promise<void>((r) => out.end(() => r()));
}
mkdirSync(dir, { recursive: true });
const data = generateCash(Number(rows), Number(seed), variant as CashVariant);
await writeLines(join(dir, 'invoices.csv'), data.leftHeader, data.left);
await writeLines(join(dir, 'bank.csv'), data.rightHeader, data.right);
