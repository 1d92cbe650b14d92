import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASTRO_DIGEST_HEAD, keepCspDigests } from './csp-digests.ts';

/** Astro's function as it is in the installed Astro (its imports given as parameters). */
function astroDigestFunction(): string {
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist/core/encryption.js');
  const source = readFileSync(file, 'utf8');
  const start = source.indexOf(ASTRO_DIGEST_HEAD);
  expect(start, 'the installed Astro has the function the build rewrites').toBeGreaterThanOrEqual(0);
  return source.slice(start, source.indexOf('\n}\n', start) + 3);
}

const load = (code: string) => {
  let digests = 0;
  const subtle = { digest: (algorithm: string, bytes: Uint8Array<ArrayBuffer>) => ((digests += 1), crypto.subtle.digest(algorithm, bytes)) };
  const encodeBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  const make = new Function('crypto', 'encoder', 'encodeBase64', 'ALGORITHMS', `${code}\nreturn generateCspDigest;`);
  const digest = make({ subtle }, new TextEncoder(), encodeBase64, { 'SHA-256': 'sha256-' }) as (data: string, algorithm: string) => Promise<string>;
  return { digest, count: () => digests };
};

describe('the kept CSP digests', () => {
  it('answer as Astro’s own function does, and compute each text once', async () => {
    const original = load(astroDigestFunction());
    const kept = load(keepCspDigests(astroDigestFunction()));
    const texts = ['body{margin:0}', '(()=>{})()', 'body{margin:0}', ''];
    for (const text of texts) expect(await kept.digest(text, 'SHA-256')).toBe(await original.digest(text, 'SHA-256'));
    expect(await kept.digest('body{margin:0}', 'SHA-256')).toBe(`sha256-${Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('body{margin:0}'))).toString('base64')}`);
    expect(original.count()).toBe(4);
    expect(kept.count()).toBe(3);
  });

  it('stay bounded: texts that change per render do not pile up', async () => {
    const kept = load(keepCspDigests(astroDigestFunction()));
    for (let i = 0; i < 2500; i++) await kept.digest(`island ${i}`, 'SHA-256');
    await kept.digest('island 2499', 'SHA-256');
    expect(kept.count()).toBe(2500);
    await kept.digest('island 0', 'SHA-256');
    expect(kept.count()).toBe(2501);
  });

  it('refuse to build when Astro’s function looks different', () => {
    expect(() => keepCspDigests('async function generateCspDigest(data, algorithm, extra) {')).toThrow(/changed/);
  });
});
