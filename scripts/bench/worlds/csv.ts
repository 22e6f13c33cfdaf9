/**
 * The CSV reading the held-out self-checks (heldout-v2 … v5) share: a line splitter and a table
 * found by its header. Small on purpose: the worlds write no embedded newlines. heldout-v6 and later
 * sets keep their own readers until they have had their first (blind) run.
 */

/** One CSV line into fields: quotes, doubled quotes, one separator character. */
export function splitCsvLine(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '', inQ = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inQ) { if (ch === '"') { if (line[i + 1] === '"') { cur += '"'; i++; } else inQ = false; } else cur += ch; }
    else if (ch === '"') inQ = true;
    else if (ch === sep) { out.push(cur); cur = ''; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}

/**
 * The table whose header row starts with the field `first` (a BOM dropped): its data rows until the
 * first blank line, each checked to have the header's width, and the lines after it (totals).
 */
export function csvTable(text: string, sep: string, first: string, assert: (ok: boolean, msg: string) => void): { head: string[]; rows: string[][]; after: string[] } {
  const ls = text.replace(/^\ufeff/, '').split(/\r?\n/);
  const h = ls.findIndex((l) => splitCsvLine(l, sep)[0] === first);
  if (h < 0) throw new Error(`no header ${first}`);
  const head = splitCsvLine(ls[h], sep), rows: string[][] = [];
  let i = h + 1;
  for (; i < ls.length && ls[i] !== ''; i++) { const r = splitCsvLine(ls[i], sep); assert(r.length === head.length, `row ${rows.length + 1}: ${r.length} fields, header ${head.length}`); rows.push(r); }
  return { head, rows, after: ls.slice(i) };
}

/** A header's column index by name; a missing column is an error, not -1. */
export const colOf = (head: string[]) => (n: string) => { const i = head.indexOf(n); if (i < 0) throw new Error(`no column ${n}`); return i; };
