import { describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../../ports/mailer.ts';
import type { ManagementService } from '../../ports/management-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Invitation, InvitationRepository } from '../repositories/invitations.ts';
import { createInvitationService } from './invitations.service.ts';
import { managedProject } from '../../../tests/support/managed-project.ts';

const project = (id: number, emails: string[]) => managedProject({ id, customerNumber: '8000001', contact: { name: 'Erika Test', emails } });

/** The repository's rules in memory: one row per project and address, a sent row is never claimed again. */
function memoryRepository() {
  const rows: (Invitation & { tokenHash: string })[] = [];
  const repository: InvitationRepository = {
    async claim(projectId, email, tokenHash, at) {
      const row = rows.find((r) => r.projectId === projectId && r.email === email);
      if (row?.sentAt) return null;
      if (row) return Object.assign(row, { tokenHash, sentAt: at }).id;
      rows.push({ id: rows.length + 1, projectId, email, tokenHash, sentAt: at, clickedAt: null, acceptedBy: null });
      return rows.length;
    },
    markUnsent: async (id) => void Object.assign(rows[id - 1] as object, { sentAt: null }),
    byTokenHash: async (hash) => rows.find((r) => r.tokenHash === hash) ?? null,
    byId: async (id) => rows[id - 1] ?? null,
    markClicked: async () => {},
    accept: async () => true,
    release: async () => {},
  };
  return { rows, repository };
}

function world(options: { failFirstMail: boolean }) {
  const sent: OutgoingMail[] = [];
  const activities: string[] = [];
  let attempts = 0;
  const mailer: Mailer = {
    from: 'portal@example.de',
    async send(mail) {
      attempts += 1;
      if (options.failFirstMail && attempts === 1) throw new Error('SMTP 451');
      sent.push(mail);
    },
  };
  const management = { projectsWithoutPortalAccount: async () => [project(1, [' Erika@Example.de ']), project(2, [])] } as unknown as ManagementService;
  const activity = { recordForProject: async (type: string) => (activities.push(type), { id: activities.length }) } as unknown as ActivityService;
  const { rows, repository } = memoryRepository();
  const service = createInvitationService({
    management,
    invitations: repository,
    mailer,
    mailLog: { record: async () => {} },
    activity,
    publicUrl: 'https://portal.example.de',
    installerName: 'Beispiel Solar GmbH',
    now: () => new Date('2026-11-25T10:00:00Z'),
    warn: () => {},
  });
  return { service, sent, activities, rows };
}

describe('invitation mails', () => {
  it('logs a failed mail and tries it again on the next run with a new link; a sent one never again', async () => {
    const { service, sent, activities, rows } = world({ failFirstMail: true });
    expect(await service.sendDue()).toEqual({ projects: 2, mailed: 0, failed: 1 });
    expect(activities).toEqual(['FAILED_ID_INVITATION_EMAIL']);
    const firstHash = rows[0]?.tokenHash;

    expect(await service.sendDue()).toEqual({ projects: 2, mailed: 1, failed: 0 });
    expect(activities).toEqual(['FAILED_ID_INVITATION_EMAIL', 'SUCCESS_ID_INVITATION_EMAIL']);
    expect(rows[0]?.tokenHash).not.toBe(firstHash);
    expect(sent[0]?.to).toEqual(['erika@example.de']);

    expect(await service.sendDue()).toEqual({ projects: 2, mailed: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('opens only with the token of the mail, and not after 60 days', async () => {
    const { service, sent, rows } = world({ failFirstMail: false });
    await service.sendDue();
    const token = new URL(/https:\S+token=[\w-]+/.exec(sent[0]?.text ?? '')?.[0] ?? 'https://x').searchParams.get('token') as string;
    expect(await service.click(token)).toMatchObject({ status: 'valid', projectId: 1, email: 'erika@example.de' });
    expect(await service.click(token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))).toEqual({ status: 'invalid' });
    Object.assign(rows[0] as object, { sentAt: new Date('2026-09-25T09:59:00Z') });
    expect(await service.click(token)).toEqual({ status: 'expired' });
  });
});
