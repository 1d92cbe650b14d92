import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CommonErrors, type ErrorCode } from './errors.ts';
import { FunnelErrors } from './funnel.ts';
import { UploadErrors } from './uploads.ts';

const contractsDir = path.dirname(fileURLToPath(import.meta.url));

/** Every contract file (not the tests) with its source text. */
const contracts = readdirSync(contractsDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, source: readFileSync(path.join(contractsDir, name), 'utf8') }));

describe('the error catalogue', () => {
  it('registers every contract error table in ErrorTables, so ErrorCode holds its codes', () => {
    const unregistered = contracts.flatMap(({ name, source }) =>
      [...source.matchAll(/export const (\w+) = defineErrors\(/g)]
        .map((match) => match[1] as string)
        .filter((table) => table !== 'CommonErrors' && !new RegExp(`interface ErrorTables \\{[^}]*: typeof ${table};`).test(source))
        .map((table) => `${name}: ${table}`),
    );
    expect(unregistered).toEqual([]);
  });

  it('gives every code one entry in the whole catalogue', () => {
    const codes = contracts.flatMap(({ source }) => [...source.matchAll(/\bcode: '([A-Z_.]+)'/g)].map((match) => match[1]));
    expect(codes.length).toBeGreaterThan(50);
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).toEqual([]);
  });

  it('types ErrorCode as the union of the tables codes', () => {
    expectTypeOf(CommonErrors.VALIDATION.code).toExtend<ErrorCode>();
    expectTypeOf(FunnelErrors.CODE_INVALID.code).toExtend<ErrorCode>();
    expectTypeOf(UploadErrors.TYPE.code).toExtend<ErrorCode>();
    expectTypeOf<'FUNNEL.NO_SUCH_CODE'>().not.toExtend<ErrorCode>();
  });
});
