import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchemaWith } from '~/bff/config.ts';
import { CONFIG_SLICES, JOBS } from '~/bff/composition/capabilities.ts';

/**
 * The README's variable table and docs/jobs.md's job table are second lists of what the code declares; this test keeps
 * them true both ways (a name the code lacks, a name the docs lack), so neither can drift (docs/jobs.md, README
 * "Configuration").
 */

const root = new URL('../../', import.meta.url);

/** The job names the portal runs: the only place this test reads the job registry. */
function jobNamesInCode(): string[] {
  return JOBS.map((job) => job.name);
}

/** The names in the first column of the table under `heading` (a cell may name several: "`A`, `B`"). */
function namesInTable(file: string, heading: string): string[] {
  const text = readFileSync(new URL(file, root), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} has no section "${heading}"`);
  const end = text.indexOf('\n## ', start + heading.length + 2);
  const section = text.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''));
}

function compare(documented: string[], declared: string[]) {
  return {
    missingInDocs: declared.filter((name) => !documented.includes(name)),
    notInCode: documented.filter((name) => !declared.includes(name)),
    twice: documented.filter((name, index) => documented.indexOf(name) !== index),
  };
}

const nothingAmiss = { missingInDocs: [], notInCode: [], twice: [] };

describe('the docs tables name exactly what the code declares', () => {
  it('README "Configuration": one row per variable of the config schema (bff/config.ts and the capabilities\' slices)', () => {
    const documented = namesInTable('README.md', '## Configuration');
    expect(documented.length).toBeGreaterThan(0);
    expect(compare(documented, Object.keys(envSchemaWith(CONFIG_SLICES).shape))).toEqual(nothingAmiss);
  });

  it('docs/jobs.md "Jobs": one row per job of the registry', () => {
    const documented = namesInTable('docs/jobs.md', '## Jobs');
    expect(documented.length).toBeGreaterThan(0);
    expect(compare(documented, jobNamesInCode())).toEqual(nothingAmiss);
  });

  it('finds a row that is gone or too many, both ways', () => {
    expect(compare(['a', 'b', 'b', 'x'], ['a', 'b', 'c'])).toEqual({ missingInDocs: ['c'], notInCode: ['x'], twice: ['b'] });
  });
});
