// Worker for heldout-v7/common.ts `xlsxSync`: builds one worksheet with exceljs, then re-zips it with
// fixed entry dates (exceljs stamps every zip entry with the current time) so a seed always gives the
// same bytes, and hands the buffer back through a message port, waking the waiting thread.
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
  const ws = wb.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: spec.titles.length + 2 }] });
  ws.columns = spec.widths.map((w) => ({ width: w }));
  for (const t of spec.titles) ws.addRow([t]).font = { bold: true, size: 12 };
  ws.addRow([]);
  const head = ws.addRow(spec.header);
  head.font = { bold: true };
  head.eachCell((c) => { c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } }; c.border = { bottom: { style: 'thin' } }; });
  for (const r of spec.rows) {
    const row = ws.addRow(r.map((v) => (v && typeof v === 'object' ? excelDate(v.date) : v)));
    r.forEach((v, i) => { if (spec.numFmt[i] && v !== null && v !== '') row.getCell(i + 1).numFmt = spec.numFmt[i]; });
  }
  ws.addRow([]);
  for (const r of spec.footer) {
    const row = ws.addRow(r);
    row.font = { bold: true };
    r.forEach((v, i) => { if (typeof v === 'number' && spec.numFmt[i]) row.getCell(i + 1).numFmt = spec.numFmt[i]; });
  }
  ws.autoFilter = { from: { row: spec.titles.length + 2, column: 1 }, to: { row: spec.titles.length + 2, column: spec.header.length } };
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
