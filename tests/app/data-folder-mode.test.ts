/** The data folder and its logs folder are owner-only (0700), also when an older version left them 0755. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestCore } from '../helpers/core';

describe.skipIf(process.platform === 'win32')('data folder permissions', () => {
  it('narrows the data folder and logs folder to 0700 at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kalla-mode-'));
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'logs'), { mode: 0o755 });
    chmodSync(join(dir, 'logs'), 0o755);
    const { core } = await createTestCore({ dataDir: dir, withBuiltins: false });
    try {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, 'logs')).mode & 0o777).toBe(0o700);
    } finally {
      await core.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
