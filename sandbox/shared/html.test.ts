import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILBOX_CSP } from '../mail/views.ts';
import { TESTER_CSP } from '../sales/tester-page.ts';
import { PAGE_CSP, germanPage, sendPage } from './html.ts';
import { controlGuard } from './stand-in.ts';

let base = '';
let server: ReturnType<express.Express['listen']>;

beforeAll(async () => {
  const app = express();
  app.get('/tester', (_req, res) => sendPage(res, '<form method="post" action="/_control/step"><button>Weiter</button></form>'));
  app.post('/_control/step', controlGuard, (_req, res) => void res.status(204).end());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the shell of the sandbox pages', () => {
  it('lets a tester form name its own origin (a browser sends Origin: null under no-referrer), and no other site', async () => {
    const page = await fetch(`${base}/tester`);
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    // What the browser sends with the form's POST under that policy, and what the control routes take.
    expect((await fetch(`${base}/_control/step`, { method: 'POST', headers: { origin: base } })).status).toBe(204);
    expect((await fetch(`${base}/_control/step`, { method: 'POST', headers: { origin: 'null' } })).status).toBe(403);
    expect((await fetch(`${base}/_control/step`, { method: 'POST', headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('allows the empty icon every page of the shell carries, and names each directive once', () => {
    expect(germanPage({ title: 'Test', theme: { accent: '#0b5cad' }, body: '' })).toContain('<link rel="icon" href="data:,">');
    expect(PAGE_CSP).toMatch(/(^|; )img-src data:(;|$)/);
    for (const policy of [PAGE_CSP, MAILBOX_CSP, TESTER_CSP]) {
      const names = policy.split(';').map((directive) => directive.trim().split(' ')[0]);
      expect(new Set(names).size, policy).toBe(names.length);
      expect(policy).toMatch(/img-src [^;]*data:/);
    }
  });
});
