import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import type { SessionData } from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CommonErrors, defineErrors } from '../contracts/errors.ts';
import { AppError, upstreamUnavailable } from '../domain/errors.ts';
import type { Logger } from '../logger.ts';
import { formAction } from './form-action.ts';
import { errorHandler } from './middlewares/error-handler.ts';

const TestErrors = defineErrors({
  TAKEN: { code: 'TEST.TAKEN', status: 409, message: 'Vergeben.' },
  SLOW_DOWN: { code: 'TEST.SLOW_DOWN', status: 429, message: 'Langsam.' },
});
const Schema = z.strictObject({ name: z.string().check(z.minLength(2)), phone: z.string().check(z.regex(/^\+?\d{6,20}$/)), days: z.array(z.string()) });

const sessions = new Map<string, Partial<SessionData>>();
const logged: string[] = [];
const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message) => void logged.push(message) };
let base = '';
let server: ReturnType<express.Express['listen']>;

/** A signed-in session per `x-test-session` header, saved in memory (the app's PostgreSQL store in the portal). */
const fakeSession: RequestHandler = (req, _res, next) => {
  const id = req.get('x-test-session') ?? 'none';
  const session = sessions.get(id) ?? {};
  sessions.set(id, session);
  req.session = Object.assign(session, { save: (done: (error?: unknown) => void) => done() }) as unknown as typeof req.session;
  next();
};

beforeAll(async () => {
  const app = express();
  app.use(express.json(), fakeSession);
  app.post(
    '/api/things/:outcome',
    formAction(logger, {
      form: 'thing',
      page: '/home/things?tab=2',
      keep: ['name', 'phone', 'days'],
      fieldOf: { [TestErrors.TAKEN.code]: 'name' },
      input: (req, { plain }) => {
        const { idempotencyKey: _key, extra: _extra, ...fields } = (req.body ?? {}) as Record<string, unknown>;
        return z.parse(Schema, plain ? { ...fields, days: [fields.days ?? []].flat() } : req.body);
      },
      run: async (input, { req, idempotencyKey }) => {
        const outcome = req.params.outcome;
        if (outcome === 'taken') throw new AppError(TestErrors.TAKEN);
        if (outcome === 'down') throw upstreamUnavailable({ name: 'management', label: 'Unsere Projektverwaltung' });
        if (outcome === 'slow') throw new AppError(TestErrors.SLOW_DOWN, { retryAfterSeconds: 90 });
        if (outcome === 'foreign') throw new AppError(CommonErrors.NOT_FOUND);
        if (outcome === 'bug') throw new TypeError('undefined is not a function');
        if (outcome === 'away') return { href: 'https://signing.example/abc' };
        return { href: `/home/things/1?key=${idempotencyKey() ?? ''}`, name: input.name };
      },
      done: (result) => (result.href.startsWith('https://') ? new URL(result.href) : result.href),
    }),
  );
  // A mailed link's form: its 404 is the customer's to read on the page.
  app.post(
    '/api/link',
    formAction(logger, {
      form: 'link',
      page: '/link',
      passThrough: () => false,
      input: () => undefined,
      run: () => Promise.reject(new AppError(CommonErrors.NOT_FOUND)),
      done: () => '/link?done=1',
    }),
  );
  app.use(errorHandler(logger));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const typed = () => new URLSearchParams([['name', 'Jonas Weber'], ['phone', '12'], ['days', '1'], ['days', '3'], ['extra', 'not the form’s']]);
const plain = (outcome: string, session: string, body: URLSearchParams = typed()) =>
  fetch(`${base}/api/things/${outcome}`, { method: 'POST', body, redirect: 'manual', headers: { 'x-test-session': session } });
const signedIn = (session: string) => sessions.set(session, { user: { id: `sub-${session}` } as SessionData['user'] });

describe('one form action for plain forms and scripts', () => {
  it('sends a refused plain form back to its form with the refused field, keeping exactly its fields as typed in the session', async () => {
    signedIn('a');
    const answer = await plain('ok', 'a');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/home/things?tab=2&error=VALIDATION&fields=phone&form=thing#thing-errors');
    expect(sessions.get('a')?.formFlash).toMatchObject({ page: '/home/things', form: 'thing', userId: 'sub-a', values: { name: 'Jonas Weber', phone: '12', days: ['1', '3'] } });
    expect(Object.keys(sessions.get('a')?.formFlash?.values ?? {})).not.toContain('extra');
  });

  it('names the field a domain refusal belongs to, and answers a service that is down on the page too (never raw JSON)', async () => {
    signedIn('b');
    const valid = new URLSearchParams([['name', 'Jonas Weber'], ['phone', '+491712345678']]);
    expect((await plain('taken', 'b', valid)).headers.get('location')).toBe('/home/things?tab=2&error=TEST.TAKEN&fields=name&form=thing#thing-errors');
    logged.length = 0;
    const down = await plain('down', 'b', valid);
    // The operator sees the outage with its cause, as for a script's request.
    expect(logged).toEqual(['request failed']);
    expect([down.status, down.headers.get('location')]).toEqual([303, '/home/things?tab=2&error=UPSTREAM.UNAVAILABLE&service=management&form=thing#thing-errors']);
    expect(sessions.get('b')?.formFlash?.values).toEqual({ name: 'Jonas Weber', phone: '+491712345678' });
    const slow = await plain('slow', 'b', valid);
    expect([slow.headers.get('retry-after'), slow.headers.get('location')]).toEqual(['90', '/home/things?tab=2&error=TEST.SLOW_DOWN&retryAfterSeconds=90&form=thing#thing-errors']);
  });

  it('logs a fault of ours and still sends the customer back to the form with what was typed', async () => {
    signedIn('c');
    const answer = await plain('bug', 'c', new URLSearchParams([['name', 'Jonas Weber'], ['phone', '+491712345678']]));
    expect([answer.status, answer.headers.get('location')]).toEqual([303, '/home/things?tab=2&error=INTERNAL&form=thing#thing-errors']);
    expect(logged).toContain('request failed');
    expect(sessions.get('c')?.formFlash?.values.name).toBe('Jonas Weber');
  });

  it('answers a foreign id like a missing one (the error path), and a success with its target, dropping an older refusal', async () => {
    signedIn('d');
    const valid = new URLSearchParams([['name', 'Jonas Weber'], ['phone', '+491712345678'], ['idempotencyKey', 'key-1234567890']]);
    expect((await plain('foreign', 'd', valid)).status).toBe(404);
    await plain('ok', 'd');
    expect(sessions.get('d')?.formFlash).toBeDefined();
    const done = await plain('ok', 'd', valid);
    expect([done.status, done.headers.get('location')]).toEqual([303, '/home/things/1?key=key-1234567890']);
    expect(sessions.get('d')?.formFlash).toBeUndefined();
    const away = await plain('away', 'd', valid);
    expect([away.status, away.headers.get('location'), await away.text()]).toEqual([303, 'https://signing.example/abc', '']);
    const link = await fetch(`${base}/api/link`, { method: 'POST', body: new URLSearchParams(), redirect: 'manual' });
    expect([link.status, link.headers.get('location')]).toEqual([303, '/link?error=NOT_FOUND&form=link#link-errors']);
    const badKey = await plain('ok', 'd', new URLSearchParams([...valid].map(([k, v]) => [k, k === 'idempotencyKey' ? 'no spaces allowed' : v])));
    expect(badKey.headers.get('location')).toBe('/home/things?tab=2&error=VALIDATION&fields=idempotencyKey&form=thing#thing-errors');
  });

  it('keeps the JSON answers of scripts as they are', async () => {
    const json = (outcome: string, body: unknown) =>
      fetch(`${base}/api/things/${outcome}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-test-session': 'e' } });
    const ok = await json('ok', { name: 'Jonas Weber', phone: '+491712345678', days: [] });
    expect([ok.status, await ok.json()]).toEqual([200, { href: '/home/things/1?key=', name: 'Jonas Weber' }]);
    const taken = await json('taken', { name: 'Jonas Weber', phone: '+491712345678', days: [] });
    expect([taken.status, ((await taken.json()) as { code: string }).code]).toEqual([409, 'TEST.TAKEN']);
    const invalid = await json('ok', { name: 'J' });
    expect([invalid.status, ((await invalid.json()) as { code: string }).code]).toEqual([400, 'VALIDATION']);
    expect(sessions.get('e')?.formFlash).toBeUndefined();
  });
});
