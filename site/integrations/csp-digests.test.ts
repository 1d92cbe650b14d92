import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ASTRO_CSP_CONTENT_HEAD, ASTRO_DIGEST_HEAD, keepCspContent, keepCspDigests } from './csp-digests.ts';

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

const astroDir = () => path.dirname(createRequire(import.meta.url).resolve('astro/package.json'));

/** Astro's csp.js module as installed (its one import given as a parameter), rewritten or not; counts assemblies. */
async function loadCspModule(rewrite: boolean) {
  const source = readFileSync(path.join(astroDir(), 'dist/runtime/server/render/csp.js'), 'utf8');
  expect(source, 'the installed Astro has the function the build rewrites').toContain(ASTRO_CSP_CONTENT_HEAD);
  const { partitionByKind } = (await import(pathToFileURL(path.join(astroDir(), 'dist/core/csp/runtime.js')).href)) as { partitionByKind: (d: unknown) => unknown };
  let partitions = 0;
  const counted = (directive: unknown) => ((partitions += 1), partitionByKind(directive));
  const body = (rewrite ? keepCspContent(source) : source).replace(/^import .*$/m, '').replace(/export \{[^}]*\};?\s*$/, '');
  const make = new Function('partitionByKind', `${body}\nreturn renderCspContent;`);
  return { render: make(counted) as (result: unknown) => string, assemblies: () => partitions / 2 };
}

/** A render result as Astro's createResult builds it: fresh arrays on every render. */
const resultOf = (extra: { scriptHash?: string; styleHashes?: unknown[]; directive?: string } = {}) => ({
  scriptDirective: { resources: ["'self'"], hashes: ['sha256-a', 'sha256-b', 'sha256-a'], strictDynamic: false },
  styleDirective: { resources: [], hashes: [...(extra.styleHashes ?? ['sha256-s1', 'sha256-s2', 'sha256-s1'])] },
  directives: ["default-src 'self'", "img-src 'self' data:", ...(extra.directive ? [extra.directive] : [])],
  _metadata: { extraScriptHashes: extra.scriptHash ? [extra.scriptHash] : [], extraStyleHashes: [] },
});

describe('the kept CSP header text', () => {
  it('is Astro’s own text, assembled once for the same inputs', async () => {
    const original = await loadCspModule(false);
    const kept = await loadCspModule(true);
    for (let i = 0; i < 3; i++) expect(kept.render(resultOf())).toBe(original.render(resultOf()));
    expect(kept.assemblies()).toBe(1);
    expect(original.assemblies()).toBe(3);
  });

  it('differs wherever an input differs: an island’s hash, a runtime directive, a hash of another kind', async () => {
    const original = await loadCspModule(false);
    const kept = await loadCspModule(true);
    const variants = [
      resultOf(),
      resultOf({ scriptHash: 'sha256-island' }),
      resultOf({ directive: "form-action 'self' https://idp.example" }),
      resultOf({ styleHashes: ['sha256-s1', { hash: 'sha256-s2', kind: 'attribute' }] }),
      resultOf({ styleHashes: ['sha256-s1', { hash: 'sha256-s2', kind: 'element' }] }),
    ];
    const texts = variants.map((result) => kept.render(result));
    expect(texts).toEqual(variants.map((result) => original.render(result)));
    expect(new Set(texts).size).toBe(variants.length);
    expect(kept.assemblies()).toBe(variants.length);
  });

  it('stays bounded: texts that differ per render do not pile up', async () => {
    const kept = await loadCspModule(true);
    for (let i = 0; i < 2500; i++) kept.render(resultOf({ scriptHash: `sha256-${i}` }));
    kept.render(resultOf({ scriptHash: 'sha256-2499' }));
    expect(kept.assemblies()).toBe(2500);
  });

  it('refuses to build when Astro’s function looks different', () => {
    expect(() => keepCspContent('function renderCspContent(result, extra) {')).toThrow(/changed/);
  });
});
