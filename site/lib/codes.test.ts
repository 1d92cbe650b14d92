import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FunnelErrors } from '~/bff/contracts/funnel.ts';
import { entryOf } from './codes.ts';

describe('entryOf', () => {
  const texts = { [FunnelErrors.SMS_PAUSED.code]: 'paused', [FunnelErrors.INVALID.code]: null } satisfies Record<string, string | null>;

  it('gives the entry of a code the map holds, null included', () => {
    expect(entryOf(texts, FunnelErrors.SMS_PAUSED.code)).toBe('paused');
    expect(entryOf(texts, FunnelErrors.INVALID.code)).toBeNull();
  });

  it('gives undefined for an unknown code, no code, or a name the object inherits', () => {
    expect(entryOf(texts, 'FUNNEL.OTHER')).toBeUndefined();
    expect(entryOf(texts, null)).toBeUndefined();
    expect(entryOf(texts, undefined)).toBeUndefined();
    expect(entryOf(texts, 'toString')).toBeUndefined();
  });
});

describe('the site and the error catalogue', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return files(full);
      return /\.(astro|ts|tsx)$/.test(entry.name) ? [full] : [];
    });
  const codes = files(path.join(root, 'bff/contracts')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bcode: '([A-Z_.]+)'/g)].map((match) => match[1] as string));

  it('spells no error code in site/: every code comes from its contract table', () => {
    expect(codes.length).toBeGreaterThan(50);
    const quoted = new RegExp(`['"\`](${codes.map((code) => code.replaceAll('.', '\\.')).join('|')})['"\`]`);
    const spelled = files(path.join(root, 'site')).filter((file) => quoted.test(readFileSync(file, 'utf8')));
    expect(spelled.map((file) => path.relative(root, file))).toEqual([]);
  });
});
