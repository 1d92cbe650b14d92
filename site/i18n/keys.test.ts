import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '~/bff/composition/capabilities.ts';
import { MESSAGE_FILES, areaOf, messagesOf } from './messages.ts';

const de = messagesOf('de');
const en = messagesOf('en');

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'public' ? [] : sourceFiles(full);
    return /\.(astro|ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Keys used as `t('area.element')` anywhere in site/ (server `getT` and island `translatorFor` alike) and named by the BFF. */
function usedKeys(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const collect = (dir: string, call: RegExp) => {
    for (const file of sourceFiles(dir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(call)) {
        const key = match[2] as string;
        used.set(key, [...(used.get(key) ?? []), path.relative(siteDir, file)]);
      }
    }
  };
  collect(siteDir, /\bt\(\s*(['"`])([^'"`$]+)\1/g);
  // The BFF names messages for the site to word (notifications): `message('area.element', …)` anywhere in bff/ (the
  // domain, or a capability module's own notification source).
  collect(path.join(siteDir, '..', 'bff'), /\bmessage\(\s*(['"`])([a-z][\w-]*\.[\w.-]+)\1/g);
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

  it('merges every messages file of site/ (none lies where the build does not look)', () => {
    const onDisk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? onDisk(path.join(dir, entry.name)) : /^messages\.\w+\.json$/.test(entry.name) ? [path.relative(siteDir, path.join(dir, entry.name))] : [],
      );
    const merged = MESSAGE_FILES.map((file) => path.relative(siteDir, path.resolve(siteDir, 'i18n', file.path)));
    expect(merged.sort()).toEqual(onDisk(siteDir).sort());
    expect(merged.length).toBeGreaterThan(20);
  });

  it('has the same keys in German and English, per messages home', () => {
    const homes = new Set(MESSAGE_FILES.map((file) => path.dirname(file.path)));
    for (const home of homes) {
      const keysOf = (lang: string) => Object.keys(MESSAGE_FILES.find((file) => file.path.startsWith(`${home}/`) && file.lang === lang)?.messages ?? {}).sort();
      expect({ home, en: keysOf('en') }).toEqual({ home, en: keysOf('de') });
    }
  });

  it('has each feature\'s keys in its area (the folder name) and no feature area in the shared home', () => {
    const featureAreas = new Set(MESSAGE_FILES.map((file) => areaOf(file.path)).filter((area) => area !== null));
    for (const file of MESSAGE_FILES) {
      const area = areaOf(file.path);
      const misplaced = Object.keys(file.messages).filter((key) => {
        const keyArea = key.split('.')[0] as string;
        return area === null ? featureAreas.has(keyArea) : keyArea !== area;
      });
      expect({ file: file.path, misplaced }).toEqual({ file: file.path, misplaced: [] });
    }
  });

  it('has each key in one file only', () => {
    for (const lang of ['de', 'en']) {
      const keys = MESSAGE_FILES.filter((file) => file.lang === lang).flatMap((file) => Object.keys(file.messages));
      expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    }
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
