import type { InvitationService } from '../invitations/invitations.service.ts';
import type { JobSpec } from './job.ts';

/**
 * Invitations (docs/jobs.md "Invitations"): customers of projects without a portal account get one personal invitation
 * mail each (SUCCESS_/FAILED_ID_INVITATION_EMAIL). Idempotent: an invitation is claimed by its unique row
 * (project, address) before the mail, and a sent one is never sent again.
 */
export const invitationsJob: JobSpec<{ invitations: Pick<InvitationService, 'sendDue'> }> = {
  name: 'invitations',
  description: 'Lädt Kundinnen und Kunden von Projekten ohne Portal-Konto per E-Mail ins Kundenportal ein.',
  cron: '0 10 * * *',
  retryLimit: 3,
  retryDelaySeconds: 600,
  run: (deps) => deps.invitations.sendDue(),
};
