// Worker for heldout-v9/common.ts `xlsxPlain`: one worksheet with the header on row 1 (as an Odoo list
// export writes it), written by exceljs and re-zipped with fixed entry dates so a seed gives the same bytes.
import { workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

const { spec, shared, port } = workerData;
const excelDate = (days) => new Date(days * 86400000);

async function build() {
  const when = excelDate(spec.created);
  const wb = new ExcelJS.Workbook();
  wb.creator = spec.creator;
  wb.lastModifiedBy = spec.creator;
  wb.created = when;
  wb.modified = when;
  const ws = wb.addWorksheet(spec.sheetName);
  ws.columns = spec.widths.map((w) => ({ width: w }));
  const head = ws.addRow(spec.header);
  head.font = { bold: true };
  for (const r of spec.rows) {
    const row = ws.addRow(r.map((v) => (v && typeof v === 'object' ? excelDate(v.date) : v)));
    r.forEach((v, i) => { if (spec.numFmt[i] && v !== null && v !== '') row.getCell(i + 1).numFmt = spec.numFmt[i]; });
  }
  const raw = await wb.xlsx.writeBuffer();
  const src = await JSZip.loadAsync(raw);
  const out = new JSZip();
  for (const name of Object.keys(src.files).sort()) {
    const f = src.files[name];
    if (f.dir) continue;
    out.file(name, await f.async('uint8array'), { date: when, createFolders: false });
  }
  return out.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

build().then(
  (buf) => { port.postMessage({ ok: true, buf }); Atomics.store(shared, 0, 1); Atomics.notify(shared, 0); },
  (e) => { port.postMessage({ ok: false, error: String(e && e.stack || e) }); Atomics.store(shared, 0, 1); Atomics.notify(shared, 0); },
);
