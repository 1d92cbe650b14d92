import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { describe, expect, it } from 'vitest';
import { FORM_FLASH_TTL_MS } from '../contracts/form-flash.ts';
import { dropFormFlash, keepFormFlash, takeFormFlash, withFormFlash } from './form-flash.ts';

const PAGE = '/home/app/refund';
const FIELDS = ['name', 'iban', 'bic', 'bankName', 'consent'] as const;

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
const typedBody = { name: 'Jonas Weber', iban: 'de89 3704 0044 0532 0130 01', bic: '', bankName: 'Commerzbank', idempotencyKey: 'k-1', projectId: '100240', extra: 'x', consent: ['on', 'on'] };

describe('form flash', () => {
  it('keeps exactly the named fields as typed (an emptied one empty) and saves the session before the redirect', async () => {
    const { req, state, session } = request({ user: jonas }, { method: 'POST', path: '/api/v1/internal/project/1/refund', body: typedBody });
    await keepFormFlash(req, PAGE, FIELDS, 1_000);
    expect(session.formFlash).toEqual({ page: PAGE, userId: 'sub-jonas', until: 1_000 + FORM_FLASH_TTL_MS, values: { name: 'Jonas Weber', iban: 'de89 3704 0044 0532 0130 01', bic: '', bankName: 'Commerzbank' } });
    expect(state.saves).toBe(1);
  });

  it('clips what no form field could hold and keeps nothing without a signed-in customer', async () => {
    const long = request({ user: jonas }, { method: 'POST', body: { name: 'x'.repeat(5000) } });
    await keepFormFlash(long.req, PAGE, FIELDS, 0);
    expect(long.session.formFlash?.values.name).toHaveLength(500);
    const visitor = request({}, { method: 'POST', body: typedBody });
    await keepFormFlash(visitor.req, PAGE, FIELDS, 0);
    expect(visitor.session.formFlash).toBeUndefined();
  });

  it('is taken once, by a GET of its page within its time', () => {
    const flash = { page: PAGE, userId: 'sub-jonas', until: 10_000, values: { name: 'Jonas Weber' } };
    const other = request({ user: jonas, formFlash: { ...flash } }, { path: '/home/app/sepa-mandate' });
    expect(takeFormFlash(other.req, 5_000)).toBeNull();
    expect(other.session.formFlash).toBeDefined();
    const head = request({ user: jonas, formFlash: { ...flash } }, { method: 'HEAD' });
    expect(takeFormFlash(head.req, 5_000)).toBeNull();
    const { req, session } = request({ user: jonas, formFlash: { ...flash } });
    expect(takeFormFlash(req, 5_000)).toEqual({ page: PAGE, values: { name: 'Jonas Weber' } });
    expect(session.formFlash).toBeUndefined();
    expect(takeFormFlash(req, 5_000)).toBeNull();
  });

  it('is never taken by a prefetch (the customer has not seen it)', () => {
    for (const headers of [{ 'sec-purpose': 'prefetch' }, { 'sec-purpose': 'prefetch;prerender' }, { purpose: 'prefetch' }] as Record<string, string>[]) {
      const { req, session } = request({ user: jonas, formFlash: { page: PAGE, userId: 'sub-jonas', until: 10_000, values: {} } }, { headers });
      expect(takeFormFlash(req, 5_000)).toBeNull();
      expect(session.formFlash).toBeDefined();
    }
  });

  it('past its time, or kept for another customer, it is dropped by any page view and never shown', () => {
    const late = request({ user: jonas, formFlash: { page: PAGE, userId: 'sub-jonas', until: 10_000, values: { name: 'Jonas Weber' } } }, { path: '/home/dashboard' });
    expect(takeFormFlash(late.req, 10_000)).toBeNull();
    expect(late.session.formFlash).toBeUndefined();
    const foreign = request({ user: { id: 'sub-anna' } as SessionData['user'], formFlash: { page: PAGE, userId: 'sub-jonas', until: 10_000, values: { name: 'Jonas Weber' } } });
    expect(takeFormFlash(foreign.req, 5_000)).toBeNull();
    expect(foreign.session.formFlash).toBeUndefined();
  });

  it('is dropped after a successful submission; without one nothing is written', async () => {
    const kept = request({ user: jonas, formFlash: { page: PAGE, userId: 'sub-jonas', until: 10_000, values: {} } }, { method: 'POST' });
    await dropFormFlash(kept.req);
    expect([kept.session.formFlash, kept.state.saves]).toEqual([undefined, 1]);
    const none = request({ user: jonas }, { method: 'POST' });
    await dropFormFlash(none.req);
    expect(none.state.saves).toBe(0);
  });

  it('withFormFlash keeps the values a route read when its work is refused, and drops an older flash on success', async () => {
    const refused = request({ user: jonas }, { method: 'POST', path: '/api/v1/internal/user/lead/contact-details', body: { topics: ['SOLAR', 'CHARGE'] } });
    const failure = new Error('refused');
    await expect(withFormFlash(refused.req, '/home/lead/contact-details', { street: 'Lindenstraße', topics: 'SOLAR,CHARGE' }, () => Promise.reject(failure))).rejects.toBe(failure);
    expect(refused.session.formFlash).toMatchObject({ page: '/home/lead/contact-details', userId: 'sub-jonas', values: { street: 'Lindenstraße', topics: 'SOLAR,CHARGE' } });
    expect(refused.state.saves).toBe(1);

    const older = { page: '/home/app/profile', values: { street: 'alt' }, userId: 'sub-jonas', until: Date.now() + 1_000 };
    const saved = request({ user: jonas, formFlash: older }, { method: 'POST' });
    await expect(withFormFlash(saved.req, '/home/app/profile', { street: 'neu' }, () => Promise.resolve('/home/app/profile?done=1'))).resolves.toBe('/home/app/profile?done=1');
    expect(saved.session.formFlash).toBeUndefined();
  });
});
