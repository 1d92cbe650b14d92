import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LINK_CODE_LENGTH } from '../../contracts/linking.ts';

/** A fresh code of LINK_CODE_LENGTH digits from the CSPRNG (docs/security.md, one-time codes). */
export function generateLinkCode(): string {
  return String(randomInt(0, 10 ** LINK_CODE_LENGTH)).padStart(LINK_CODE_LENGTH, '0');
}

/**
 * Codes are stored only as a keyed hash. A six-digit code has a million values, so a plain hash could be reversed
 * from a leaked table in a moment; the key (derived from the session secret) lives outside the database.
 */
export function createCodeHasher(secret: string) {
  const key = createHmac('sha256', secret).update('kundenportal/project-link-code').digest();
  const hash = (userId: string, projectId: number, code: string) =>
    createHmac('sha256', key).update(`${userId}\u0000${projectId}\u0000${code}`).digest('hex');
  return {
    hash,
    matches(stored: string, userId: string, projectId: number, code: string): boolean {
      const expected = Buffer.from(stored, 'hex');
      const actual = Buffer.from(hash(userId, projectId, code), 'hex');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
export type CodeHasher = ReturnType<typeof createCodeHasher>;

/** `jonas.weber@example.de` -> `j***@example.de`: enough to recognise one's own address, nothing more. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
