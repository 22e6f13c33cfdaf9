/**
 * Header detection (issue 27, item 3): a first data row without numbers or dates
 * (`R1,A-1,n/a,pending`) was taken as the header; the real header above it was "skipped" and
 * nothing matched. The header is the row least like the data rows below it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe('header row', () => {
  it('is not a first data row without numbers or dates', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('l.csv', csv('id,ref,amount,status', ['R1,A-1,n/a,pending', 'R2,A-2,100.00,paid', 'R3,A-3,250.00,paid'])));
    expect(info.columns.map((c) => c.name)).toEqual(['id', 'ref', 'amount', 'status']);
    expect(info.row_count).toBe(3);
    expect(info.skipped_lines ?? []).toEqual([]);
    const page = await ws.preview('left', { offset: 0, limit: 10 });
    expect(page.items.map((r) => r.id)).toEqual(['R1', 'R2', 'R3']);
  });

  it('with a preamble above: the preamble is skipped, the header kept, the first data row read', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('l.csv', csv('Account;Muster GmbH;;\nid;ref;amount;status', ['R1;A-1;n/a;pending', 'R2;A-2;100,00;paid', 'R3;A-3;250,00;paid'])));
    expect(info.columns.map((c) => c.name)).toEqual(['id', 'ref', 'amount', 'status']);
    expect(info.row_count).toBe(3);
  });
});
