import type { Request, Response } from 'express';
import type { SessionData } from 'express-session';
import { describe, expect, it } from 'vitest';
import { FORM_FLASH_TTL_MS } from '../contracts/form-flash.ts';
import { dropFormFlash, keepFormValues, takeFormFlash } from './form-flash.ts';

const PAGE = '/home/app/refund';

/** The parts of an Express request the flash reads: the session (saved on request), method, path, headers, body. */
function request(session: Partial<SessionData> & { saves?: number }, options: { method?: string; path?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const state = { saves: 0 };
  const sess = Object.assign(session, {
    save(callback: (error?: unknown) => void) {
      state.saves += 1;
      callback();
    },
  });
  const headers = options.headers ?? {};
  const req = { session: sess, method: options.method ?? 'GET', path: options.path ?? PAGE, body: options.body, get: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
  return { req, state, session: sess as Partial<SessionData> };
}

const jonas = { id: 'sub-jonas' } as SessionData['user'];
const typed = { name: 'Jonas Weber', iban: 'de89 3704 0044 0532 0130 01', bic: '', bankName: 'Commerzbank', weekdays: ['1', '3'] };

/** A response whose status is set before it ends (what a page view's answer does). */
function response(status: number) {
  const res = { statusCode: status, end: () => res } as unknown as Response;
  return res;
}

describe('form flash', () => {
  it('keeps the values as typed (an emptied one empty, a repeated one as its list) and saves the session before the redirect', async () => {
    const { req, state, session } = request({ user: jonas }, { method: 'POST', path: '/api/v1/internal/project/1/refund' });
    await keepFormValues(req, PAGE, 'refund', typed, 1_000);
    expect(session.formFlash).toEqual({ page: PAGE, form: 'refund', userId: 'sub-jonas', until: 1_000 + FORM_FLASH_TTL_MS, values: typed });
    expect(state.saves).toBe(1);
  });

  it('clips what no form field could hold and keeps nothing without a signed-in customer', async () => {
    const long = request({ user: jonas }, { method: 'POST' });
    await keepFormValues(long.req, PAGE, 'refund', { name: 'x'.repeat(5000), topics: Array.from({ length: 50 }, () => 'y'.repeat(900)) }, 0);
    expect(long.session.formFlash?.values.name).toHaveLength(500);
    expect(long.session.formFlash?.values.topics).toHaveLength(20);
    expect((long.session.formFlash?.values.topics as string[])[0]).toHaveLength(500);
    const visitor = request({}, { method: 'POST' });
    await keepFormValues(visitor.req, PAGE, 'refund', typed, 0);
    expect(visitor.session.formFlash).toBeUndefined();
  });

  it('is taken once, by a GET of its page within its time', () => {
    const flash = { page: PAGE, form: 'refund', userId: 'sub-jonas', until: 10_000, values: { name: 'Jonas Weber' } };
    const other = request({ user: jonas, formFlash: { ...flash } }, { path: '/home/app/sepa-mandate' });
    expect(takeFormFlash(other.req, response(200), 5_000)).toBeNull();
    expect(other.session.formFlash).toBeDefined();
    const head = request({ user: jonas, formFlash: { ...flash } }, { method: 'HEAD' });
    expect(takeFormFlash(head.req, response(200), 5_000)).toBeNull();
    const { req, session } = request({ user: jonas, formFlash: { ...flash } });
    const view = response(200);
    const taken = takeFormFlash(req, view, 5_000);
    expect(taken).toMatchObject({ page: PAGE, form: 'refund', values: { name: 'Jonas Weber' } });
    taken?.markShown?.();
    view.end();
    expect(session.formFlash).toBeUndefined();
    expect(takeFormFlash(req, response(200), 5_000)).toBeNull();
  });

  it('is never taken by a prefetch (the customer has not seen it)', () => {
    for (const headers of [{ 'sec-purpose': 'prefetch' }, { 'sec-purpose': 'prefetch;prerender' }, { purpose: 'prefetch' }] as Record<string, string>[]) {
      const { req, session } = request({ user: jonas, formFlash: { page: PAGE, form: 'refund', userId: 'sub-jonas', until: 10_000, values: {} } }, { headers });
      expect(takeFormFlash(req, response(200), 5_000)).toBeNull();
      expect(session.formFlash).toBeDefined();
    }
  });

  it('past its time, or kept for another customer, it is dropped by any page view and never shown', () => {
    const late = request({ user: jonas, formFlash: { page: PAGE, form: 'refund', userId: 'sub-jonas', until: 10_000, values: { name: 'Jonas Weber' } } }, { path: '/home/dashboard' });
    expect(takeFormFlash(late.req, response(200), 10_000)).toBeNull();
    expect(late.session.formFlash).toBeUndefined();
    const foreign = request({ user: { id: 'sub-anna' } as SessionData['user'], formFlash: { page: PAGE, form: 'refund', userId: 'sub-jonas', until: 10_000, values: { name: 'Jonas Weber' } } });
    expect(takeFormFlash(foreign.req, response(200), 5_000)).toBeNull();
    expect(foreign.session.formFlash).toBeUndefined();
  });

  it('is dropped after a successful submission; without one nothing is written', async () => {
    const kept = request({ user: jonas, formFlash: { page: PAGE, form: 'refund', userId: 'sub-jonas', until: 10_000, values: {} } }, { method: 'POST' });
    await dropFormFlash(kept.req);
    expect([kept.session.formFlash, kept.state.saves]).toEqual([undefined, 1]);
    const none = request({ user: jonas }, { method: 'POST' });
    await dropFormFlash(none.req);
    expect(none.state.saves).toBe(0);
  });

  it('stays for the next view while its page shows no form (its service is down), and is taken by the view that shows it', () => {
    const flash = { page: PAGE, form: 'refund', userId: 'sub-jonas', until: 10_000, values: { name: 'Jonas Weber' } };
    const outage = request({ user: jonas, formFlash: { ...flash } });
    const unavailable = response(200);
    expect(takeFormFlash(outage.req, unavailable, 5_000)).toMatchObject({ page: PAGE, form: 'refund', values: { name: 'Jonas Weber' } });
    unavailable.end();
    expect(outage.session.formFlash).toBeDefined();

    const failed = response(500);
    takeFormFlash(outage.req, failed, 5_000)?.markShown?.();
    failed.end();
    expect(outage.session.formFlash).toBeDefined();

    const shown = response(200);
    const view = takeFormFlash(outage.req, shown, 5_000);
    view?.markShown?.();
    expect(outage.session.formFlash).toBeDefined();
    shown.end();
    expect(outage.session.formFlash).toBeUndefined();
  });
});
