import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { FUNNEL_CODE } from '../../contracts/funnel.ts';

/** Six digits from the CSPRNG, leading zeros kept (docs/security.md "One-time codes"). */
export function generateSmsCode(): string {
  return String(randomInt(0, 10 ** FUNNEL_CODE.length)).padStart(FUNNEL_CODE.length, '0');
}

/** The browser's secret for its funnel request (the funnel cookie): 32 random bytes. */
export const newFunnelToken = () => randomBytes(32).toString('base64url');
export const FUNNEL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The request's nonce as stored: SHA-256 of the cookie, so a read of the table cannot take over a visitor's request. */
export const nonceOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Codes are stored only as an HMAC bound to the request's nonce and the number they were sent to: a six-digit code
 * has a million values, so a plain hash would fall to a lookup; the key (derived from the session secret) is not in
 * the database, and a code never works for another request or number.
 */
export function createSmsCodeHasher(secret: string) {
  const key = createHmac('sha256', secret).update('kundenportal/funnel-sms-code').digest();
  const hash = (nonce: string, phoneNumber: string, code: string) => createHmac('sha256', key).update(`${nonce}\u0000${phoneNumber}\u0000${code}`).digest('hex');
  /** Rate-limit keys name numbers only by a keyed hash (rate_limit rows outlive the funnel request). */
  const numberKey = (phoneNumber: string) => createHmac('sha256', key).update(`number\u0000${phoneNumber}`).digest('hex').slice(0, 32);
  return {
    hash,
    numberKey,
    matches(stored: string, nonce: string, phoneNumber: string, code: string): boolean {
      const expected = Buffer.from(stored, 'hex');
      const actual = Buffer.from(hash(nonce, phoneNumber, code), 'hex');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
export type SmsCodeHasher = ReturnType<typeof createSmsCodeHasher>;
