import { SurveyTypeSchema } from '../../contracts/surveys.ts';
import type { SurveysService } from '../surveys/surveys.service.ts';
import type { JobSpec } from './job.ts';

/**
 * Survey invitations (docs/surveys.md): daily, every project of the portal's customers whose DC or AC step was
 * done within the last 30 days gets its survey and one invitation (AC_/DC_SURVEY_INVITATION_SENT or _FAILED, MailLog),
 * an unanswered one a single reminder after 7 days, and a follow-up whose service task could not be created gets it
 * now. The installer's events queue it for one project (`{ projectId, step? }`; a named step is surveyed however long
 * ago it was done). Idempotent: one survey row per project and type, each mail claimed by a unique row first.
 */
export const surveyInvitationsJob: JobSpec<{ surveys: Pick<SurveysService, 'runInvitations'> }> = {
  name: 'survey-invitations',
  description: 'Lädt nach der DC- und AC-Montage zur Umfrage ein und erinnert einmal nach 7 Tagen.',
  cron: '0 10 * * *',
  retryLimit: 3,
  retryDelaySeconds: 300,
  async run(deps, data) {
    const projectId = typeof data.projectId === 'number' && Number.isInteger(data.projectId) && data.projectId > 0 ? data.projectId : undefined;
    const step = SurveyTypeSchema.safeParse(data.step);
    return deps.surveys.runInvitations({ ...(projectId ? { projectId } : {}), ...(step.success ? { step: step.data } : {}) });
  },
};
