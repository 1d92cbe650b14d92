import { jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '~/bff/config.ts';
import { sandboxWithPortal } from '~/tests/support/sandbox-with-portal.ts';
import type { SandboxHandle } from '../server.ts';

/** The installer's CRM reports a finished DC or AC installation to the portal's external endpoint. */
describe('reporting a DC or AC installation to the portal', () => {
  let sandbox: SandboxHandle;
  let config: Config;
  let close: () => Promise<void>;
  const received: { path: string; authorization: string; body: string }[] = [];

  beforeEach(async () => {
    received.length = 0;
    ({ sandbox, config, close } = await sandboxWithPortal({
      name: 'report',
      answer: ({ url, headers, body }, res) => {
        received.push({ path: url, authorization: String(headers.authorization), body });
        if (url === '/api/external/events') res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ event: 'project.step_done', outcome: 'queued' }));
        else res.writeHead(204).end();
      },
    }));
  });
  afterEach(() => close());

  const report = (projectId: number, step: string) =>
    fetch(`${sandbox.url}/management/_control/projects/${projectId}/report-step`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ step }) });

  it('sends project.step_done with the external caller’s token and the portal’s audience', async () => {
    const answer = await report(100240, 'DC');
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ portalStatus: 202, outcome: 'queued' });
    const event = received.find((r) => r.path === '/api/external/events');
    expect(JSON.parse(event?.body ?? '{}')).toEqual({ event: 'project.step_done', data: { projectId: 100240, step: 'DC' } });
    const token = /^Bearer (.+)$/.exec(event?.authorization ?? '')?.[1] ?? '';
    const { payload } = await jwtVerify(token, new TextEncoder().encode(config.EXTERNAL_API_SECRET), { audience: config.API_AUDIENCE });
    expect(payload.sub).toBe('external');
  });

  it('refuses a step that is not done (and anything but DC or AC); the tester page offers the buttons for done steps only', async () => {
    expect((await report(100245, 'DC')).status).toBe(409);
    expect((await report(100241, 'DC')).status).toBe(409);
    expect((await report(100240, 'DELIVERY')).status).toBe(400);
    expect(received.filter((r) => r.path === '/api/external/events')).toEqual([]);
    const page = await (await fetch(`${sandbox.url}/management/`)).text();
    const card100241 = page.slice(page.indexOf('id="projekt-100241"'), page.indexOf('id="projekt-100242"'));
    expect(card100241).toContain('AC-Montage ans Portal melden (Umfrage)');
    expect(card100241).not.toContain('DC-Montage ans Portal melden');
    const pressed = await fetch(`${sandbox.url}/management/tester/projects/100241/report-ac`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(pressed.status).toBe(303);
    expect(decodeURIComponent(pressed.headers.get('location') ?? '')).toContain('AC-Montage ans Portal gemeldet (Umfrage-Einladung folgt).');
  });
});
