import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * Comments and docs point at the project's own docs, often with the section: `docs/money.md "Amounts"`. A renamed
 * heading or a moved file would leave such a pointer in the dark, so this test reads every tracked source and doc file
 * and checks each pointer: the file exists, and the quoted words are a heading of it (or the start of one), a row of
 * one of its tables, a bullet's lead or a phrase it quotes itself (docs/architecture.md "Conventions").
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(ts|tsx|astro|mjs|cjs|md|yml|yaml|sh|css|conf)$|(^|\/)Dockerfile$/;
/** A pointer: a Markdown file of the repository, then optionally its section in quotes. */
const POINTER = /(?<![\w/.-])((?:[\w.-]+\/)*(?:docs\/[\w.-]+|README)\.md)(?:,? ["“]([^"”\n]+)["”])?/g;

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => SOURCE.test(file) && !file.startsWith('cms/types/'));
}

/** A pointer names a file from the repository's root, or (in a Markdown file) beside the file that names it. */
function resolveDoc(from: string, doc: string): string | null {
  const candidates = [doc, path.join(path.dirname(from), doc)];
  return candidates.find((candidate) => existsSync(path.join(root, candidate))) ?? null;
}

const docs = new Map<string, string>();
function docText(file: string): string {
  if (!docs.has(file)) docs.set(file, readFileSync(path.join(root, file), 'utf8'));
  return docs.get(file) ?? '';
}

function hasSection(file: string, section: string): boolean {
  const text = docText(file);
  const wanted = section.toLowerCase();
  const headings = text.split('\n').filter((line) => line.startsWith('#')).map((line) => line.replace(/^#+\s*/, '').toLowerCase());
  if (headings.some((heading) => heading.startsWith(wanted) || heading.includes(wanted))) return true;
  const escaped = section.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*(?:[-*] (?:\\*\\*)?${escaped}|\\| \`?${escaped}\`?)|["“]${escaped}["”]`, 'm').test(text);
}

it('every pointer at the project’s docs names a file and a section that exist', () => {
  const broken: string[] = [];
  let pointers = 0;
  for (const file of trackedFiles()) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const match of line.matchAll(POINTER)) {
        const [, doc = '', section] = match;
        pointers += 1;
        const target = resolveDoc(file, doc);
        if (!target) broken.push(`${file}:${index + 1} ${doc} (no such file)`);
        else if (section && !hasSection(target, section)) broken.push(`${file}:${index + 1} ${doc} "${section}" (no such section)`);
      }
    });
  }
  expect(pointers).toBeGreaterThan(500);
  expect(broken).toEqual([]);
});

it('finds a pointer whose section is gone', () => {
  expect(hasSection('docs/money.md', 'Amounts')).toBe(true);
  expect(hasSection('docs/money.md', 'Validator down')).toBe(true);
  expect(hasSection('docs/money.md', 'A section nobody wrote')).toBe(false);
  // Written in two parts, so this file's own scan does not read it as a pointer.
  expect(resolveDoc('bff/x.ts', ['docs', 'nothing-here.md'].join('/'))).toBeNull();
});
