import type { AccountDataSource } from '../account/account-data.ts';
import type { SurveyRepository } from '../repositories/surveys.ts';

/**
 * Surveys as account data (docs/surveys.md): the export holds the customer's answers; the deletion keeps the scores
 * (the installer's NPS over all customers stays right) but removes the contact details, the message, the link to the
 * account and unsent drafts. Review clicks belong to the project and name nobody.
 */
export function surveysAccountData(surveys: Pick<SurveyRepository, 'listForUser' | 'anonymiseForUser'>): AccountDataSource {
  return {
    name: 'surveys',
    async export(subject) {
      return (await surveys.listForUser(subject.userId)).map((survey) => ({
        projectId: survey.projectId,
        surveyType: survey.surveyType,
        netPromoterScore: survey.netPromoterScore,
        contactEmail: survey.contactEmail,
        contactPhone: survey.contactPhone,
        additionalMessage: survey.additionalMessage,
        completedAt: survey.completedAt?.toISOString() ?? null,
        answers: survey.questions.map((q) => ({ question: q.question, result: q.result })),
      }));
    },
    async count(subject) {
      return (await surveys.listForUser(subject.userId)).length;
    },
    async erase(subject) {
      return { surveysAnonymised: await surveys.anonymiseForUser(subject.userId) };
    },
  };
}
