import type { Knex } from 'knex';
import type { Invitation, InvitationRepository } from '../../domain/repositories/invitations.ts';

const toInvitation = (row: Record<string, unknown>): Invitation => ({
  id: Number(row.id),
  projectId: Number(row.projectId),
  email: String(row.email),
  sentAt: row.sentAt ? new Date(row.sentAt as string) : null,
  clickedAt: row.clickedAt ? new Date(row.clickedAt as string) : null,
  acceptedBy: (row.acceptedBy as string | null) ?? null,
});

export function createInvitationRepository(knex: Knex): InvitationRepository {
  return {
    async claim(projectId, email, tokenHash, at) {
      // A row whose mail never went out gets the new token; a sent one stays as it is (one invitation per address).
      const [row] = await knex('project_invitation')
        .insert({ projectId, email, tokenHash, sentAt: at })
        .onConflict(['projectId', 'email'])
        .merge({ tokenHash, sentAt: at })
        .whereNull('project_invitation.sentAt')
        .returning('id');
      return row ? Number(row.id) : null;
    },
    async markUnsent(id) {
      await knex('project_invitation').where({ id }).update({ sentAt: null });
    },
    async byTokenHash(tokenHash) {
      const row = await knex('project_invitation').where({ tokenHash }).first();
      return row ? toInvitation(row) : null;
    },
    async byId(id) {
      const row = await knex('project_invitation').where({ id }).first();
      return row ? toInvitation(row) : null;
    },
    async markClicked(id, at) {
      await knex('project_invitation').where({ id }).whereNull('clickedAt').update({ clickedAt: at });
    },
    async accept(id, userId) {
      const updated = await knex('project_invitation').where({ id }).whereNull('acceptedBy').update({ acceptedBy: userId });
      return updated === 1;
    },
    async release(id, userId) {
      await knex('project_invitation').where({ id, acceptedBy: userId }).update({ acceptedBy: null });
    },
  };
}
