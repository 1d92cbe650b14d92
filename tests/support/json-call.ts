import { CSRF_HEADER } from '~/bff/contracts/http.ts';
import type { BrowserLikeClient } from './browser-like-client.ts';

/** Answers are checked field by field with expect; a loose type keeps the assertions readable. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = Record<string, any>;

/** A JSON call of the portal's API as the site's client makes it (CSRF header, session cookie of `client`). */
export async function jsonCall(portalUrl: string, client: BrowserLikeClient, method: string, path: string, body?: unknown) {
  const response = await client.request(`${portalUrl}${path}`, {
    method,
    headers: { [CSRF_HEADER]: '1', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json') && text ? (JSON.parse(text) as JsonBody) : null;
  return { status: response.status, headers: response.headers, body: json, text };
}
