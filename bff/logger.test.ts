import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function capture() {
  const lines: string[] = [];
  return { lines, logger: createLogger('debug', (_level, line) => lines.push(line)) };
}

describe('the logger', () => {
  it('keeps the error code and the customer, so an access-denied line says who and why', () => {
    const { lines, logger } = capture();
    logger.info('not found or not owned', { path: '/api/x', code: 'LINK.PROJECT_NOT_FOUND', customerId: 'kp|anna-schmidt' });
    expect(lines[0]).toContain('"code":"LINK.PROJECT_NOT_FOUND"');
    expect(lines[0]).toContain('"customerId":"kp|anna-schmidt"');
  });

  it('redacts secrets by their exact field name, also nested and in any spelling of case and separators', () => {
    const { lines, logger } = capture();
    logger.warn('x', {
      password: 'Sonne2026!',
      idToken: 'eyJhbGciOi.x.y',
      id_token_hint: 'eyJ.z',
      linkCode: '123456',
      IBAN: 'DE89370400440532013000',
      nested: { Authorization: 'Bearer abc', 'X-Api-Key': 'key', apiKey: 'key2', cookie: 'sid=1' },
    });
    for (const secret of ['Sonne2026!', 'eyJ', '123456', 'DE89', 'Bearer abc', '"key"', 'key2', 'sid=1']) {
      expect(lines[0]).not.toContain(secret);
    }
    expect(lines[0]).toContain('"nested":{');
  });

  it('writes errors as name and message, never as a stack', () => {
    const { lines, logger } = capture();
    logger.error('failed', { error: new Error('boom', { cause: new TypeError('inner') }) });
    expect(lines[0]).toContain('"message":"boom"');
    expect(lines[0]).toContain('"cause":{"name":"TypeError","message":"inner"}');
    expect(lines[0]).not.toContain('    at ');
  });
});
