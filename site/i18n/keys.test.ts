import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../bff/composition/capabilities.ts';
import de from './locales/de/common.json';
import en from './locales/en/common.json';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'public' ? [] : sourceFiles(full);
    return /\.(astro|ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Keys used as `t('area.element')` anywhere in site/ (server `getT` and island `translatorFor` alike). */
function usedKeys(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of sourceFiles(siteDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*(['"`])([^'"`$]+)\1/g)) {
      const key = match[2] as string;
      used.set(key, [...(used.get(key) ?? []), path.relative(siteDir, file)]);
    }
  }
  // The navigation's labels come from the route table (site/components/MainNav.astro renders them).
  for (const route of ROUTE_TABLE.routes) {
    if (route.nav) used.set(route.nav.labelKey, [...(used.get(route.nav.labelKey) ?? []), `route table: ${route.path}`]);
  }
  return used;
}

describe('locale files', () => {
  const used = usedKeys();

  it('finds the t() calls of site/ at all', () => {
    expect(used.size).toBeGreaterThan(10);
  });

  it('has every key used in site/ in German and English', () => {
    const missing = [...used.keys()].flatMap((key) => [
      ...(key in de ? [] : [`de: ${key} (${used.get(key)?.join(', ')})`]),
      ...(key in en ? [] : [`en: ${key} (${used.get(key)?.join(', ')})`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('has the same keys in German and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
  });

  it('has no key that site/ never uses', () => {
    expect(Object.keys(de).filter((key) => !used.has(key))).toEqual([]);
  });

  it('has keys shaped area.element and no empty texts', () => {
    for (const messages of [de, en]) {
      for (const [key, text] of Object.entries(messages)) {
        expect(key).toMatch(/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/);
        expect(text.trim()).not.toBe('');
      }
    }
  });
});
