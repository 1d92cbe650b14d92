import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_TEMP_PREFIX } from './temp-dir.ts';

describe('the temp directory of a test run', () => {
  it('is a folder of the run, which goes when the run ends', async () => {
    expect(path.basename(os.tmpdir())).toMatch(new RegExp(`^${RUN_TEMP_PREFIX}`));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'probe-'));
    expect(dir.startsWith(os.tmpdir())).toBe(true);
    await rm(dir, { recursive: true });
  });
});
