import { createInvitationRepository } from '../../db/repositories/invitations.repository.ts';
import { createInvitationService } from '../../domain/invitations/invitations.service.ts';
import { invitationsJob } from '../../domain/jobs/invitations.job.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    invitations: ReturnType<typeof createInvitationService>;
  }
}

/** Invitations to the portal for the management service's new customers (docs/jobs.md). */
export const invitationsCapability = defineCapability({
  name: 'invitations',
  needs: [],
  build: ({ adapters, knex, mailLog, activity, now, config, warn }) => ({
    invitations: createInvitationService({
      management: adapters.management,
      invitations: createInvitationRepository(knex),
      mailer: adapters.mailer,
      mailLog,
      activity,
      publicUrl: config.publicUrl,
      installerName: config.INSTALLER_NAME,
      now,
      warn,
    }),
  }),
  jobs: (job) => [job(invitationsJob, (s) => ({ invitations: s.invitations }))],
});
