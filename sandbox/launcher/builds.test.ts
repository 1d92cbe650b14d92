import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markBuilt, needsBuild } from './builds.ts';

describe('whether npm start builds', () => {
  let dir = '';
  const at = (file: string) => path.join(dir, file);
  const touch = (file: string, secondsAgo: number) => {
    mkdirSync(path.dirname(at(file)), { recursive: true });
    writeFileSync(at(file), 'x');
    const when = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(at(file), when, when);
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'launcher-builds-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('builds what was never built, and nothing once a finished build is newer than its sources', () => {
    touch('site/page.astro', 60);
    expect(needsBuild(at('dist/.site-built'), [at('site')])).toBe(true);
    markBuilt(at('dist/.site-built'));
    expect(needsBuild(at('dist/.site-built'), [at('site')])).toBe(false);
  });

  it('builds again after a source changed', () => {
    touch('site/page.astro', 60);
    markBuilt(at('dist/.site-built'));
    touch('site/other.astro', -5);
    expect(needsBuild(at('dist/.site-built'), [at('site')])).toBe(true);
  });

  it('builds again after a build stopped half-way, although its output is newer than the sources', () => {
    touch('site/page.astro', 90);
    // Built a minute ago, then a source changed, and the build it started was stopped.
    touch('dist/.site-built', 60);
    touch('site/page.astro', 30);
    // The stopped build wrote part of its output, then no stamp.
    touch('dist/server/entry.mjs', 0);
    expect(needsBuild(at('dist/.site-built'), [at('site')])).toBe(true);
  });
});
