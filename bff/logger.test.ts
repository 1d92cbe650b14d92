import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { runInContext } from './observability/context.ts';

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

  it('writes errors below the error level as name and message, never as a stack', () => {
    const { lines, logger } = capture();
    logger.warn('failed', { error: new Error('boom', { cause: new TypeError('inner') }) });
    expect(lines[0]).toContain('"message":"boom"');
    expect(lines[0]).toContain('"cause":{"name":"TypeError","message":"inner"}');
    expect(lines[0]).not.toContain('    at ');
  });

  it('writes an error line with the stack of the error and of its cause, still on one line', () => {
    const { lines, logger } = capture();
    logger.error('request failed', { error: new Error('boom', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    const line = JSON.parse(lines[0] ?? '') as { error: { stack: string; cause: { code: string; stack: string } } };
    expect(line.error.stack).toMatch(/^Error: boom\n\s+at /);
    expect(line.error.cause).toMatchObject({ code: 'ECONNREFUSED' });
    expect(line.error.cause.stack).toContain('refused');
  });

  it('writes one JSON object per line with time, level, message and the fields', () => {
    const { lines, logger } = capture();
    logger.info('job done', { job: 'heartbeat', attempt: 1 });
    const line = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'info', msg: 'job done', job: 'heartbeat', attempt: 1 });
    expect(new Date(String(line.time)).toISOString()).toBe(line.time);
  });

  it('adds the request id (or the job id) of the work it logs for, without being told', () => {
    const { lines, logger } = capture();
    runInContext({ requestId: 'req-12345678' }, () => logger.warn('inside a request'));
    runInContext({ job: 'reminders', jobId: 'b7a1c2d3' }, () => logger.info('inside a job'));
    logger.info('outside');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ requestId: 'req-12345678', msg: 'inside a request' });
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({ job: 'reminders', jobId: 'b7a1c2d3' });
    expect(JSON.parse(lines[2] ?? '')).not.toHaveProperty('requestId');
  });

  it('keeps lists as lists (searchable), with secrets inside them redacted too', () => {
    const { lines, logger } = capture();
    logger.info('migrations applied', { migrations: ['a.ts', 'b.ts'], tries: [{ password: 'Sonne2026!' }] });
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ migrations: ['a.ts', 'b.ts'], tries: [{ password: '[redacted]' }] });
  });

  it('writes nothing below its level', () => {
    const lines: string[] = [];
    const logger = createLogger('warn', (_level, line) => lines.push(line));
    logger.info('quiet');
    logger.debug('quieter');
    logger.warn('loud');
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['loud']);
  });
});
