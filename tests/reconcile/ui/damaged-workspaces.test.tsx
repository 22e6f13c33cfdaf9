// @vitest-environment jsdom
/**
 * The damaged-workspaces banner (issue 27): a workspace a newer Kalla wrote shows main's sentence
 * ("made by a newer Kalla … Update Kalla to open it.") and no Recover button, even though a valid
 * older state.json.bak exists — putting it back would drop what the newer Kalla wrote. A damaged
 * one keeps Recover. The list comes from the real WorkspaceStore reading a temp folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceStore } from '../../../src/main/reconcile/state-store';
import { DamagedWorkspaces } from '../../../src/renderer/src/features/reconcile/DamagedWorkspaces';
import { useReconcile } from '../../../src/renderer/src/stores/reconcile';

let root: string | undefined;
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A state.json as this Kalla (version 1) writes it. */
const stateV1 = (id: string, name: string) => ({
  version: 1, id, revision: 3, name, created_at: '2026-10-01T00:00:00.000Z', updated_at: '2026-10-02T00:00:00.000Z',
  aliases: { left: 'left', right: 'right' }, sources: { left: null, right: null }, read_plan: { left: null, right: null },
  source_errors: { left: null, right: null }, mapping: null, mapping_error: null, filters: [], filter_undo: [], chat: [],
  rules: [], rules_explanation: '', rules_sides_reversed: false, rules_error: null, runs: [], last_run_id: null,
});

function workspace(id: string, state: string, backup: object): void {
  mkdirSync(join(root!, id), { recursive: true });
  writeFileSync(join(root!, id, 'state.json'), state);
  writeFileSync(join(root!, id, 'state.json.bak'), JSON.stringify(backup));
}

describe('workspaces that cannot be opened', () => {
  it('one made by a newer Kalla shows the sentence without Recover; a damaged one keeps Recover', async () => {
    root = mkdtempSync(join(tmpdir(), 'kalla-damaged-ui-'));
    workspace('newer-ws', JSON.stringify({ ...stateV1('newer-ws', 'November'), version: 99 }), stateV1('newer-ws', 'November'));
    workspace('broken-ws', '{"version":1,"id":"', stateV1('broken-ws', 'October'));
    const store = new WorkspaceStore(root, {} as never, {} as never);
    useReconcile.setState({ list: await store.list(), ws: null });

    render(<DamagedWorkspaces />);
    const banner = screen.getByRole('region', { name: 'Damaged workspaces' });
    const [newer, broken] = ['November', 'October'].map((n) => within(banner).getByText(n).closest('li')!);
    expect(newer!.textContent).toMatch(/^November: This workspace was made by a newer Kalla \(workspace version 99; this Kalla reads versions up to 1\)\. Update Kalla to open it\.Delete$/);
    expect(within(newer!).queryByRole('button', { name: 'Recover November' })).toBeNull();
    expect(within(broken!).getByRole('button', { name: 'Recover October' })).toBeTruthy();
    expect(broken!.textContent).toContain('Its last saved copy can be put back.');

    // Delete stays the user's explicit choice, and the question says what goes with it.
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    fireEvent.click(within(newer!).getByRole('button', { name: 'Delete November' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('made by a newer Kalla, with everything that Kalla saved in it'));
  });
});
