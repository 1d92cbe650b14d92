import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * dependency-cruiser cannot parse .astro files, so the site's layer rule (docs/architecture.md: site imports only
 * bff/contracts from the BFF) is checked for them here.
 */
const siteDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(siteDir);

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(full);
    return entry.name.endsWith('.astro') ? [full] : [];
  });
}

describe('.astro files respect the layer rules', () => {
  it('import nothing from bff/ but bff/contracts, and nothing from sandbox/', () => {
    const violations: string[] = [];
    for (const file of astroFiles(siteDir)) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/(?:import|from)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const specifier = match[1] ?? '';
        if (!specifier.startsWith('.')) continue;
        const target = path.relative(root, path.resolve(path.dirname(file), specifier));
        if ((target.startsWith('bff/') && !target.startsWith('bff/contracts/')) || target.startsWith('sandbox/')) {
          violations.push(`${path.relative(root, file)} -> ${target}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });
});

describe('.astro files keep Astro’s escaping', () => {
  // Raw markup only where a tested function builds it and escapes every text in it (docs/performance.md "Rows
  // written as one string"); a new use must be added here on purpose.
  const allowed = ['site/features/monitoring/DataTable.astro'];

  it('use set:html only in the files listed here', () => {
    const users = astroFiles(siteDir)
      .filter((file) => /\bset:html\s*=/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(users).toEqual(allowed);
  });
});
