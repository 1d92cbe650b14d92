import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '~/bff/config.ts';
import { sandboxWithPortal } from '~/tests/support/sandbox-with-portal.ts';
import type { SandboxHandle } from '../server.ts';
import { eventSignature } from '../shared/signed-events.ts';

describe('sandbox review platform', () => {
  let sandbox: SandboxHandle;
  let config: Config;
  let close: () => Promise<void>;
  const events: { path: string; body: string; signature: string }[] = [];

  beforeEach(async () => {
    events.length = 0;
    ({ sandbox, config, close } = await sandboxWithPortal({
      name: 'reviews',
      answer: ({ url, body, headers }, res) => {
        events.push({ path: url, body, signature: String(headers['x-reviews-signature']) });
        res.writeHead(204).end();
      },
    }));
  });
  afterEach(() => close());

  const invite = (referenceId: string, key = config.REVIEWS_API_KEY) =>
    fetch(`${sandbox.url}/reviews/api/v1/invitation-links`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ referenceId, locale: 'de-DE' }) });

  it('gives a personal invitation link per reference, with the API key only, the same link again for the same reference', async () => {
    expect((await invite('100240', 'wrong-key-wrong-key')).status).toBe(401);
    const first = await invite('100240');
    expect(first.status).toBe(201);
    const link = (await first.json()) as { id: string; url: string };
    expect(link.url).toBe(`${sandbox.url}/reviews/bewerten/${link.id}`);
    const again = await invite('100240');
    expect(again.status).toBe(200);
    expect(((await again.json()) as { url: string }).url).toBe(link.url);
    expect((await fetch(`${sandbox.url}/reviews/api/v1/invitation-links`, { method: 'POST', headers: { 'x-api-key': config.REVIEWS_API_KEY, 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);
    // The widget API stays public.
    expect((await fetch(`${sandbox.url}/reviews/api/summary`)).status).toBe(200);
  });

  it('takes a review on the German page behind the link and reports it to the portal, signed, once', async () => {
    const { url } = (await (await invite('100241')).json()) as { url: string };
    const page = await (await fetch(url)).text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('Bewerte Beispiel Solar GmbH');
    const missingStars = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'title=x' });
    expect(missingStars.status).toBe(400);
    const posted = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'stars=5&title=Top&text=Alles+gut' });
    expect(posted.status).toBe(303);
    expect(await (await fetch(url)).text()).toContain('Danke für Deine Bewertung');
    await expect.poll(() => events.length).toBe(1);
    const [event] = events;
    expect(event?.path).toBe('/api/reviews/webhook');
    const t = Number(/t=(\d+)/.exec(event?.signature ?? '')?.[1]);
    expect(eventSignature(config.REVIEWS_WEBHOOK_SECRET, t, event?.body ?? '')).toBe(event?.signature);
    expect(JSON.parse(event?.body ?? '{}')).toMatchObject({ event: 'review.created', data: { referenceId: '100241', stars: 5 } });
    // One review per invitation; the overview shows it.
    const { items } = (await (await fetch(`${sandbox.url}/reviews/_control/invitations`)).json()) as { items: { id: string }[] };
    expect((await fetch(`${sandbox.url}/reviews/_control/invitations/${items[0]?.id}/review`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"stars":1}' })).status).toBe(409);
    const overview = await (await fetch(`${sandbox.url}/reviews/`)).text();
    expect(overview).toContain('5 von 5');
    expect((await (await fetch(`${sandbox.url}/reviews/api/summary`)).json()).count).toBe(313);
  });
});
