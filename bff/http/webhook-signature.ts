import { createHmac, timingSafeEqual } from 'node:crypto';

/** Events older (or newer) than this are refused as replays. */
export const EVENT_TOLERANCE_SECONDS = 300;

/**
 * A vendor event's signature header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (management and task
 * service webhooks): right key, untouched body, within five minutes; compared in constant time.
 */
export function isValidEventSignature(secret: string, rawBody: Buffer | undefined, header: string | undefined, nowMs = Date.now()): boolean {
  if (!rawBody || !header) return false;
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowMs / 1000 - timestamp) > EVENT_TOLERANCE_SECONDS || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(parts.v1 ?? '', 'hex'), expected);
}

/** The raw body express.json kept for signature checks (bff/http/app.ts). */
export const rawBodyOf = (req: { rawBody?: Buffer } | object): Buffer | undefined => (req as { rawBody?: Buffer }).rawBody;
