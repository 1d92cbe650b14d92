import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileFolder } from './file-folder.ts';

describe("a stand-in's file folder", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'file-folder-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  it('keeps a file under its name, with its size and hash', async () => {
    const folder = await FileFolder.open(path.join(dir, 'files'));
    const bytes = Buffer.from('%PDF-1.7 Rechnung');
    expect(await folder.write('a', bytes)).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    expect(await readFile(folder.path('a'))).toEqual(bytes);
    await folder.remove('a');
    expect(existsSync(folder.path('a'))).toBe(false);
  });

  it('streams a body in up to the limit, and a larger one fails with too_large and leaves no file', async () => {
    const folder = await FileFolder.open(dir);
    const chunks = [Buffer.alloc(600, 1), Buffer.alloc(600, 2)];
    expect(await folder.receive('ok', Readable.from(chunks), 1200)).toEqual({ size: 1200, sha256: sha256(Buffer.concat(chunks)) });
    await expect(folder.receive('big', Readable.from(chunks), 1000)).rejects.toThrow('too_large');
    expect(existsSync(folder.path('big'))).toBe(false);
  });
});
