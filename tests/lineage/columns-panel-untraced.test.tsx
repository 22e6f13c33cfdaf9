// @vitest-environment jsdom
/**
 * Issue 26: a view whose `*` reads a table function had no columns in the Columns panel and no word
 * why. The panel now says what its `*` reads that column lineage does not follow, and shows the
 * engine's error for a view Trino would refuse. Main is replaced by a fake `call` answering as the
 * engine does (`view_columns` of such views).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/renderer/src/api/client', () => ({
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
  newCallId: () => 'c1',
  call: async (channel: string, input: Record<string, unknown>) => {
    if (channel !== 'lineage.viewColumns') throw new Error(`unexpected call ${channel}`);
    if (input.name === 'seq') return { name: 'seq', kind: 'view', columns: [], passesThrough: [], untraced: ['a table function'] };
    return {
      name: 'dup', kind: 'view', columns: [], passesThrough: [], untraced: [],
      error: "is invalid, Trino rejects it: column name 'a' specified more than once (in mart/all.sql from line 4)",
    };
  },
}));

const { ColumnsPanel } = await import('../../src/renderer/src/features/lineage/ColumnsPanel');

afterEach(cleanup);

describe('Columns panel, issue 26', () => {
  it('says what a * reads that column lineage does not follow', async () => {
    render(<ColumnsPanel name="seq" onClose={() => undefined} />);
    expect(await screen.findByText(/also reads a table function, which column lineage does not follow/)).toBeTruthy();
  });

  it("shows a view Trino would refuse with the engine's reason, file and line", async () => {
    render(<ColumnsPanel name="dup" onClose={() => undefined} />);
    expect(await screen.findByText("dup is invalid, Trino rejects it: column name 'a' specified more than once (in mart/all.sql from line 4).")).toBeTruthy();
  });
});
