import type { SurveysService } from '../surveys/surveys.service.ts';
import type { JobSpec } from './job.ts';

/**
 * Review mails (docs/surveys.md): three days after a survey whose respondent agreed to one review mail, that
 * mail with a tracked link to the review platform (SUCCESS_/FAILED_REVIEW_EMAIL, MailLog, emailSentAt), unless they
 * clicked the invitation in the portal or reviewed already. REVIEW_DEBUG_MODE sends it to the debug SMTP port instead.
 * Idempotent: emailSentAt is claimed before mailing.
 */
export const reviewMailsJob: JobSpec<{ surveys: Pick<SurveysService, 'runReviewMails'> }> = {
  name: 'review-mails',
  description: 'Schickt nach der Umfrage einmal die Einladung zur Bewertung (nur mit Zustimmung).',
  cron: '30 10 * * *',
  retryLimit: 3,
  retryDelaySeconds: 300,
  async run(deps) {
    return deps.surveys.runReviewMails();
  },
};
