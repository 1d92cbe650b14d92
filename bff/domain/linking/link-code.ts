import { LINK_CODE_LENGTH } from '../../contracts/linking.ts';
import { createKeyedHasher, generateCode } from '../codes/one-time-code.ts';

/** A fresh code of LINK_CODE_LENGTH digits from the CSPRNG (docs/security.md, one-time codes). */
export function generateLinkCode(): string {
  return generateCode(LINK_CODE_LENGTH);
}

/** Link codes as a keyed hash bound to the requester and the project (bff/domain/codes/one-time-code.ts). */
export function createCodeHasher(secret: string) {
  const hasher = createKeyedHasher(secret, 'kundenportal/project-link-code');
  return {
    hash: (userId: string, projectId: number, code: string) => hasher.hash(userId, projectId, code),
    matches: (stored: string, userId: string, projectId: number, code: string) => hasher.matches(stored, userId, projectId, code),
  };
}
export type CodeHasher = ReturnType<typeof createCodeHasher>;

/** `jonas.weber@example.de` -> `j***@example.de`: enough to recognise one's own address, nothing more. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
