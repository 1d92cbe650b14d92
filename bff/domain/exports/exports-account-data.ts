import type { AccountDataSource } from '../account/account-data.ts';
import type { ExportTokenRepository } from '../repositories/export-tokens.ts';

/**
 * The customer's API tokens as account data (docs/exports.md "API tokens"): the export lists them by name and dates,
 * never a secret or its hash; the deletion erases them.
 */
export function exportTokensAccountData(tokens: Pick<ExportTokenRepository, 'listForUser' | 'deleteForUser'>): AccountDataSource {
  return {
    name: 'exportApiTokens',
    async export(subject) {
      return (await tokens.listForUser(subject.userId)).map((t) => ({ name: t.name, createdAt: t.createdAt.toISOString(), lastUsedAt: t.lastUsedAt?.toISOString() ?? null }));
    },
    async count(subject) {
      return (await tokens.listForUser(subject.userId)).length;
    },
    async erase(subject) {
      return { exportApiTokensDeleted: await tokens.deleteForUser(subject.userId) };
    },
  };
}
