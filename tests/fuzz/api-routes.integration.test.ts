import { gzipSync } from 'node:zlib';
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '~/bff/contracts/http.ts';
import type { BrowserLikeClient } from '../support/browser-like-client.ts';
import { e164, signInWithEmailCode, verifiedLead } from '../support/lead.ts';
import { signedInClient } from '../support/sign-in.ts';
import { usePortal } from '../support/use-portal.ts';

/**
 * Invalid input against every /api route the app really mounts (read from Express's router, so a new route is probed
 * without touching this file): wrong types, huge and unicode strings, bad dates, extra fields, malformed JSON and
 * wrong content types must never answer 5xx (docs/architecture.md "Tests").
 */
interface ApiRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: string | string[];
}

function join(prefix: string, path: string): string {
  return `${prefix}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
}

function routesOf(stack: Layer[], prefix: string): ApiRoute[] {
  return stack.flatMap((layer) => {
    const raw = Array.isArray(layer.rawPath) ? layer.rawPath[0] : layer.rawPath;
    if (layer.route) {
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => ({ method: method.toUpperCase(), path: join(prefix, layer.route?.path ?? '') }));
    }
    if (layer.handle.stack && typeof raw === 'string') return routesOf(layer.handle.stack, join(prefix, raw));
    return [];
  });
}

export function apiRoutes(app: Express): ApiRoute[] {
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  const seen = new Set<string>();
  return routesOf(router.stack, '').filter((route) => {
    const key = `${route.method} ${route.path}`;
    if (!route.path.startsWith('/api/') || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const HUGE = 'Ä'.repeat(40_000);
const PARAM_VALUES = ['x', '0', '-1', '99999999999999999999', 'SITE-ZZZZZZ', '%E2%9C%93%F0%9F%98%80', '%ff', 'a'.repeat(3000), '..%2F..%2Fetc'];
const BAD_QUERIES = [
  '',
  '?date=0100-01-01',
  '?date=9999-12-31&period=day',
  '?period=week&date=1000-01-06',
  '?period=year&date=9999-06-01',
  '?period=month&date=2026-13-45',
  '?period=total&date=x',
  '?from=2026-01-01&to=0001-01-01&resolution=day',
  '?date[]=a&date[]=b',
  '?returnTo=%2F.%2F%2Fevil.example',
  `?q=${encodeURIComponent(HUGE.slice(0, 2000))}`,
  '?categoryFilter=%00',
];
/** A multipart part with a JPEG's first bytes, for the upload routes' field names (`file`, `files`). */
const jpegPart = (field: string, filename: string) =>
  Buffer.concat([Buffer.from(`--x\r\nContent-Disposition: form-data; name="${field}"; filename="`), Buffer.from(filename), Buffer.from('"\r\nContent-Type: image/jpeg\r\n\r\n'), Buffer.from('ffd8ffe000104a4649460001', 'hex'), Buffer.alloc(64, 1)]);
const closing = Buffer.from('\r\n--x--\r\n');
const BAD_BODIES: { contentType: string; body: string | Uint8Array; headers?: Record<string, string> }[] = [
  { contentType: 'application/json', body: '{' },
  { contentType: 'application/json', body: '"text"' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '[]' },
  { contentType: 'application/json', body: JSON.stringify({ projectId: 'abc', code: 123456, zip: ['1'], extra: true }) },
  { contentType: 'application/json', body: JSON.stringify({ projectId: 1e308, customerNumber: '9'.repeat(500), zip: '🙂' }) },
  { contentType: 'application/json', body: JSON.stringify({ projectId: -5, code: '12345６' }) },
  { contentType: 'application/json', body: JSON.stringify({ text: HUGE, __proto__: { admin: true }, constructor: { prototype: {} } }) },
  { contentType: 'application/json', body: JSON.stringify({ date: '0100-01-01', from: '9999-99-99', iban: 'DE00 ' + 'X'.repeat(100) }) },
  { contentType: 'text/plain', body: 'projectId=1' },
  { contentType: 'application/x-www-form-urlencoded', body: 'projectId=abc&returnTo=%2F%2Fevil.example&projectId=2' },
  { contentType: 'application/xml', body: '<a>1</a>' },
  { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--' },
  // Uploads (docs/files.md "Uploads"): a body cut off mid-part, a NUL byte in the file name, a compressed body.
  { contentType: 'multipart/form-data; boundary=x', body: jpegPart('file', 'zaehler.jpg') },
  { contentType: 'multipart/form-data; boundary=x', body: jpegPart('files', 'zaehler.jpg') },
  { contentType: 'multipart/form-data; boundary=x', body: Buffer.concat([jpegPart('file', 'zae\u0000hler.jpg'), closing]) },
  { contentType: 'multipart/form-data; boundary=x', body: Buffer.concat([jpegPart('files', '\u0000.html'), closing]) },
  { contentType: 'multipart/form-data; boundary=x', body: gzipSync(Buffer.concat([jpegPart('file', 'zaehler.jpg'), closing])), headers: { 'content-encoding': 'gzip' } },
  { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-da' },
];

const { portal, data } = usePortal({ data: 'all' });
let client: BrowserLikeClient;
let routes: ApiRoute[];
/** Real ids of this test's customer, so that the probes reach past the ownership check into the parsing. */
let ownIds: string[] = [];
/** A lead of the funnel and its own ids, for the lead's routes. */
let leadClient: BrowserLikeClient;
let leadIds: string[] = [];

beforeAll(async () => {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub] });
  const { siteId } = await data.installation(project.id);
  ownIds = [siteId, String(project.id)];
  client = await signedInClient(portal.url, customer);
  routes = apiRoutes(portal.app);
  const lead = await verifiedLead(portal.url, portal.sandboxUrl);
  await signInWithEmailCode(lead.client, portal.url, portal.sandboxUrl, lead.email);
  leadClient = lead.client;
  const row = await portal.knex('funnel_lead').where({ phoneNumber: e164(lead.phone) }).first();
  const sales = (await (await fetch(`${portal.sandboxUrl}/sales/_control/leads`)).json()) as { leads: { id: string; salesRep: { video: { fileUuid: string } } }[] };
  leadIds = [String(row.id), sales.leads.find((l) => l.id === row.salesLeadId)?.salesRep.video.fileUuid ?? 'x', 'SOLAR', 'MAIL'];
}, 60_000);

const probes = { signedIn: 0 };

function fill(path: string, value: string): string {
  return path.replace(/:[A-Za-z]+/g, value);
}

async function probe(method: string, url: string, init: { contentType?: string; body?: string | Uint8Array; headers?: Record<string, string> } = {}, as = client): Promise<string | null> {
  const response = await as.request(url, {
    method,
    headers: {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      'sec-fetch-site': 'same-origin',
      ...(init.contentType ? { 'content-type': init.contentType } : {}),
      ...init.headers,
    },
    ...(init.body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body: typeof init.body === 'string' ? init.body : new Uint8Array(init.body) }),
  });
  await response.arrayBuffer();
  if (response.status !== 401) probes.signedIn += 1;
  const where = `${method} ${url.replace(portal.url, '').slice(0, 160)} ${init.contentType ?? ''} ${init.headers?.['content-encoding'] ?? ''}`.trim();
  return response.status >= 500 ? `${where} → ${response.status}` : null;
}

describe('every /api route with invalid input', () => {
  it('finds the mounted API routes', () => {
    const listed = routes.map((r) => `${r.method} ${r.path}`);
    expect(listed).toEqual(expect.arrayContaining(['POST /api/v2/app/project/link', 'GET /api/v1/internal/user/project', 'POST /api/auth/logout']));
    expect(routes.length).toBeGreaterThan(10);
  });

  it('never answers 5xx', async () => {
    const failures: string[] = [];
    // Sign-out last: it ends the session every other probe needs to get past the access checks.
    const ordered = [...routes].sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    for (const route of ordered) {
      // A route whose upstream is not running in this test (Strapi) answers 503 for any input; that is not a fault
      // of the input. Every other 5xx is.
      const baseline = await client.request(`${portal.url}${fill(route.path, ownIds[0] ?? 'x')}`, {
        method: route.method === 'GET' ? 'GET' : 'HEAD',
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      });
      await baseline.arrayBuffer();
      if (route.method === 'GET' && baseline.status === 503) continue;
      const paths = route.path.includes(':') ? [...ownIds, ...PARAM_VALUES].map((value) => fill(route.path, value)) : [route.path];
      for (const path of paths) {
        for (const query of BAD_QUERIES) {
          const failure = await probe(route.method, `${portal.url}${path}${query}`);
          if (failure) failures.push(failure);
        }
        if (route.method === 'GET' || route.method === 'HEAD') continue;
        for (const body of BAD_BODIES) {
          const failure = await probe(route.method, `${portal.url}${path}`, body);
          if (failure) failures.push(failure);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('never answers 5xx to a lead on its own routes or on a customer’s', async () => {
    const failures: string[] = [];
    const mine = routes.filter((r) => r.path.startsWith('/api/v1/internal/user/lead') || r.path.endsWith('/user/journey') || r.path.endsWith('/util/activity-log'));
    expect(mine.length).toBeGreaterThanOrEqual(8);
    const others = routes.filter((r) => !mine.includes(r) && !r.path.endsWith('/logout') && r.path.startsWith('/api/v')).slice(0, 40);
    for (const route of [...mine, ...others]) {
      const paths = route.path.includes(':') ? [...leadIds, ...PARAM_VALUES].map((value) => fill(route.path, value)) : [route.path];
      for (const path of paths) {
        for (const query of mine.includes(route) ? BAD_QUERIES : ['']) {
          const failure = await probe(route.method, `${portal.url}${path}${query}`, {}, leadClient);
          if (failure) failures.push(failure);
        }
        if (route.method === 'GET' || route.method === 'HEAD') continue;
        for (const body of BAD_BODIES) {
          const failure = await probe(route.method, `${portal.url}${path}`, body, leadClient);
          if (failure) failures.push(failure);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('probed signed in: the session lived until the sign-out probes', async () => {
    expect(probes.signedIn).toBeGreaterThan(100);
  });
});
