import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A fresh code of `length` digits from the CSPRNG (docs/security.md, one-time codes). */
export function generateCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/**
 * One-time codes are stored only as a keyed hash bound to what they were issued for (`parts`: the user, the project,
 * the address). A six-digit code has a million values, so a plain hash could be reversed from a leaked table in a
 * moment; the key, derived from the session secret and the code's purpose, lives outside the database.
 */
export function createKeyedHasher(secret: string, purpose: string) {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const hash = (...parts: (string | number)[]) => createHmac('sha256', key).update(parts.join('\u0000')).digest('hex');
  return {
    hash,
    matches(stored: string, ...parts: (string | number)[]): boolean {
      const expected = Buffer.from(stored, 'hex');
      const actual = Buffer.from(hash(...parts), 'hex');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
export type KeyedHasher = ReturnType<typeof createKeyedHasher>;
