import { describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../../ports/mailer.ts';
import type { ManagedJourney, ManagedProject } from '../../ports/management-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { SurveyMailKind, SurveyRepository, SurveyRow } from '../repositories/surveys.ts';
import { createSurveysService, SURVEY_RULES, type SurveysDeps } from './surveys.service.ts';
import { managedProject } from '../../../tests/support/managed-project.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-06-15T10:00:00Z');

function project(id: number, portalUserIds: string[]): ManagedProject {
  return managedProject({ id, contact: { name: 'Erika', emails: [] }, phase: 'ASSEMBLY', step: 'AC', portalUserIds });
}

function journey(dcDoneDaysAgo: number | null): ManagedJourney {
  const step = (name: string, done: boolean, at?: number) => ({
    step: name,
    status: done ? ('DONE' as const) : ('ACTIVE' as const),
    waitingFor: null,
    startedAt: null,
    completedAt: done && at !== undefined ? new Date(NOW.getTime() - at * DAY).toISOString() : null,
    expectedOn: null,
    note: null,
  });
  return { steps: [step('DC', dcDoneDaysAgo !== null, dcDoneDaysAgo ?? undefined), step('AC', false)] } as unknown as ManagedJourney;
}

/** The survey tables in memory, with the same once-only rules as the real repository (unique rows, claims). */
function memorySurveys(): SurveyRepository & { rows: SurveyRow[]; claims: Map<string, Date | null> } {
  const rows: SurveyRow[] = [];
  const claims = new Map<string, Date | null>();
  const key = (id: number, kind: SurveyMailKind) => `${id}:${kind}`;
  const unused = () => Promise.reject(new Error('not used here'));
  return {
    rows,
    claims,
    async ensure(projectId, surveyType) {
      let row = rows.find((r) => r.projectId === projectId && r.surveyType === surveyType);
      if (!row) {
        row = { id: rows.length + 1, projectId, surveyType, netPromoterScore: null, contactEmail: null, contactPhone: null, additionalMessage: null, contactRequested: false, reviewMailConsent: false, completedAt: null, completedBy: null, followUp: false, serviceTaskId: null, createdAt: NOW, updatedAt: NOW };
        rows.push(row);
      }
      return { ...row };
    },
    find: async (id) => rows.find((r) => r.id === id) ?? null,
    ofProjects: async (ids) => rows.filter((r) => ids.includes(r.projectId)),
    questions: async () => [],
    complete: unused,
    setServiceTask: unused,
    pendingFollowUps: async () => [],
    async claimMail(id, kind) {
      if (claims.has(key(id, kind))) return false;
      claims.set(key(id, kind), null);
      return true;
    },
    async markMailDelivered(id, kind, at) {
      claims.set(key(id, kind), at);
    },
    async releaseMail(id, kind) {
      if (claims.get(key(id, kind)) === null) claims.delete(key(id, kind));
    },
    async dueReminders(before) {
      return rows.filter((r) => {
        const invited = claims.get(key(r.id, 'INVITATION'));
        return !r.completedAt && invited && invited <= before && !claims.has(key(r.id, 'REMINDER'));
      });
    },
    saveDraft: unused,
    draft: async () => null,
    npsScores: unused,
    accountsOf: async (ids) => ids.map((id) => ({ id, email: `${id}@example.de` })),
    listForUser: unused,
    listForProject: unused,
    anonymiseForUser: unused,
    deleteForProject: unused,
  };
}

function setup(options: { dcDoneDaysAgo?: number | null; failingMails?: number; lang?: 'de' | 'en' } = {}) {
  let clock = NOW;
  const sent: OutgoingMail[] = [];
  const activities: string[] = [];
  let failures = options.failingMails ?? 0;
  const mailer: Mailer = {
    from: 'portal@example.de',
    async send(mail) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMTP down');
      }
      sent.push(mail);
    },
  };
  const surveys = memorySurveys();
  const theProject = project(900_001, ['kp|erika']);
  const deps: SurveysDeps = {
    projects: { projectsOf: async () => [theProject] } as unknown as ProjectAccess,
    management: { getProject: async (id: number) => (id === theProject.id ? theProject : null) } as unknown as SurveysDeps['management'],
    journeys: { journey: async () => journey(options.dcDoneDaysAgo === undefined ? 7 : options.dcDoneDaysAgo) } as unknown as SurveysDeps['journeys'],
    tasks: {} as SurveysDeps['tasks'],
    reviewPlatform: {} as SurveysDeps['reviewPlatform'],
    definitions: async () => [],
    surveys,
    reviews: {} as SurveysDeps['reviews'],
    customerIds: async () => ['kp|erika'],
    recipientsOf: async (ids) => ids.map((userId) => ({ userId, email: 'erika@example.de', lang: options.lang ?? 'de', firstName: 'Erika' })),
    activity: {
      recordForUser: async (_user: unknown, type: string) => {
        activities.push(type);
        return { id: activities.length };
      },
    } as unknown as ActivityService,
    mailer,
    reviewMailer: mailer,
    reviewDebug: false,
    mailLog: { record: async () => undefined },
    idempotent: (async (_r: unknown, work: () => Promise<unknown>) => work()) as unknown as SurveysDeps['idempotent'],
    publicUrl: 'https://portal.example.de',
    installerName: 'Beispiel Solar GmbH',
    linkSecret: 'test-secret',
    warn: () => undefined,
    now: () => clock,
  };
  return { service: createSurveysService(deps), sent, activities, surveys, travel: (days: number) => (clock = new Date(clock.getTime() + days * DAY)) };
}

describe('survey invitations', () => {
  it('create one survey and send one invitation per survey and project, however often the job runs', async () => {
    const { service, sent, activities, surveys } = setup();
    expect(await service.runInvitations()).toMatchObject({ checked: 1, invited: 1 });
    expect(await service.runInvitations()).toMatchObject({ checked: 1, invited: 0, already: 1 });
    expect(await service.runInvitations({ projectId: 900_001, step: 'DC' })).toMatchObject({ invited: 0, already: 1 });
    expect(surveys.rows).toHaveLength(1);
    expect(sent.map((m) => m.subject)).toEqual(['Wie war die Montage auf Deinem Dach? (Projekt 900001)']);
    expect(sent[0]?.text).toContain('https://portal.example.de/home/app/surveys/1');
    expect(activities).toEqual(['DC_SURVEY_INVITATION_SENT']);
  });

  it('log a failed invitation and try again on the next run, then send it once', async () => {
    const { service, sent, activities } = setup({ failingMails: 1 });
    expect(await service.runInvitations()).toMatchObject({ invited: 0, failed: 1 });
    expect(activities).toEqual(['DC_SURVEY_INVITATION_FAILED']);
    expect(await service.runInvitations()).toMatchObject({ invited: 1 });
    expect(await service.runInvitations()).toMatchObject({ invited: 0 });
    expect(sent).toHaveLength(1);
    expect(activities).toEqual(['DC_SURVEY_INVITATION_FAILED', 'DC_SURVEY_INVITATION_SENT']);
  });

  it(`leave a step done more than ${SURVEY_RULES.inviteWithinDays} days ago alone, unless the installer names it`, async () => {
    const { service, sent } = setup({ dcDoneDaysAgo: SURVEY_RULES.inviteWithinDays + 1 });
    expect(await service.runInvitations()).toMatchObject({ checked: 0, invited: 0 });
    expect(await service.runInvitations({ projectId: 900_001, step: 'DC' })).toMatchObject({ checked: 1, invited: 1 });
    expect(sent).toHaveLength(1);
  });

  it('invite nobody while the step is not done', async () => {
    const { service, sent } = setup({ dcDoneDaysAgo: null });
    expect(await service.runInvitations({ projectId: 900_001, step: 'DC' })).toMatchObject({ checked: 0 });
    expect(sent).toHaveLength(0);
  });

  it('remind once, seven days after the invitation, and never again', async () => {
    const { service, sent, travel } = setup();
    await service.runInvitations();
    travel(SURVEY_RULES.reminderAfterDays - 1);
    expect((await service.runInvitations()).reminded).toBe(0);
    travel(1);
    expect((await service.runInvitations()).reminded).toBe(1);
    travel(30);
    expect((await service.runInvitations()).reminded).toBe(0);
    expect(sent.map((m) => m.subject)).toEqual(['Wie war die Montage auf Deinem Dach? (Projekt 900001)', 'Erinnerung: Wie war die Montage auf Deinem Dach? (Projekt 900001)']);
  });
});
