import type { Knex } from 'knex';
import type { ReviewClickedOn, SurveyFieldErrors, SurveyFormValues, SurveyType } from '../../contracts/surveys.ts';
import type { ReviewRepository, ReviewRow, StarQuestionRow, SurveyRepository, SurveyRow } from '../../domain/repositories/surveys.ts';

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

function surveyRow(row: Record<string, unknown>): SurveyRow {
  return {
    id: Number(row.id),
    projectId: Number(row.projectId),
    surveyType: row.surveyType as SurveyType,
    netPromoterScore: row.netPromoterScore === null ? null : Number(row.netPromoterScore),
    contactEmail: (row.contactEmail as string | null) ?? null,
    contactPhone: (row.contactPhone as string | null) ?? null,
    additionalMessage: (row.additionalMessage as string | null) ?? null,
    contactRequested: Boolean(row.contactRequested),
    reviewMailConsent: Boolean(row.reviewMailConsent),
    completedAt: date(row.completedAt),
    completedBy: (row.completedBy as string | null) ?? null,
    followUp: Boolean(row.followUp),
    serviceTaskId: (row.serviceTaskId as string | null) ?? null,
    createdAt: new Date(row.createdAt as string),
    updatedAt: new Date(row.updatedAt as string),
  };
}

function questionRow(row: Record<string, unknown>): StarQuestionRow {
  return {
    questionId: String(row.questionId),
    question: String(row.question),
    result: row.result === null ? null : Number(row.result),
    labelOne: String(row.labelOne),
    labelTwo: String(row.labelTwo),
    labelThree: String(row.labelThree),
    labelFour: String(row.labelFour),
    labelFive: String(row.labelFive),
  };
}

export function createSurveyRepository(knex: Knex): SurveyRepository {
  async function withQuestions(rows: SurveyRow[]) {
    if (rows.length === 0) return [];
    const questions = await knex('star_question').whereIn('surveyId', rows.map((r) => r.id)).orderBy('id');
    return rows.map((row) => ({ ...row, questions: questions.filter((q: { surveyId: string }) => Number(q.surveyId) === row.id).map(questionRow) }));
  }

  return {
    async ensure(projectId, surveyType) {
      await knex('survey').insert({ projectId, surveyType }).onConflict(['projectId', 'surveyType']).ignore();
      return surveyRow(await knex('survey').where({ projectId, surveyType }).first());
    },
    async find(surveyId) {
      const row = await knex('survey').where({ id: surveyId }).first();
      return row ? surveyRow(row) : null;
    },
    async ofProjects(projectIds) {
      if (projectIds.length === 0) return [];
      return (await knex('survey').whereIn('projectId', [...projectIds]).orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }])).map(surveyRow);
    },
    async questions(surveyId) {
      return (await knex('star_question').where({ surveyId }).orderBy('id')).map(questionRow);
    },
    async complete(surveyId, completion) {
      const { questions, ...answers } = completion;
      return knex.transaction(async (trx) => {
        const updated = await trx('survey')
          .where({ id: surveyId })
          .whereNull('completedAt')
          .update({ ...answers, updatedAt: completion.completedAt });
        if (updated !== 1) return false;
        if (questions.length > 0) await trx('star_question').insert(questions.map((q) => ({ ...q, surveyId })));
        await trx('survey_form_draft').where({ surveyId }).delete();
        return true;
      });
    },
    async setServiceTask(surveyId, taskId) {
      await knex('survey').where({ id: surveyId }).update({ serviceTaskId: taskId, updatedAt: knex.fn.now() });
    },
    async pendingFollowUps() {
      return (await knex('survey').where({ followUp: true }).whereNotNull('completedAt').whereNull('serviceTaskId').orderBy('id')).map(surveyRow);
    },

    async claimMail(surveyId, kind) {
      const rows = await knex('survey_invitation').insert({ surveyId, kind }).onConflict(['surveyId', 'kind']).ignore().returning('surveyId');
      return rows.length === 1;
    },
    async markMailDelivered(surveyId, kind, at) {
      await knex('survey_invitation').where({ surveyId, kind }).update({ deliveredAt: at });
    },
    async releaseMail(surveyId, kind) {
      await knex('survey_invitation').where({ surveyId, kind }).whereNull('deliveredAt').delete();
    },
    async dueReminders(invitedBefore) {
      const rows = await knex('survey')
        .join('survey_invitation as invitation', function onInvitation() {
          this.on('invitation.surveyId', '=', 'survey.id').andOnVal('invitation.kind', '=', 'INVITATION');
        })
        .whereNull('survey.completedAt')
        .whereNotNull('invitation.deliveredAt')
        .where('invitation.deliveredAt', '<=', invitedBefore)
        .whereNotExists(knex('survey_invitation as reminder').whereRaw('reminder.survey_id = survey.id').andWhere('reminder.kind', 'REMINDER'))
        .select('survey.*')
        .orderBy('survey.id');
      return rows.map(surveyRow);
    },

    async saveDraft(surveyId, userId, values, errors) {
      await knex('survey_form_draft')
        .insert({ surveyId, userId, formValues: JSON.stringify(values), errors: JSON.stringify(errors), savedAt: knex.fn.now() })
        .onConflict(['surveyId', 'userId'])
        .merge(['formValues', 'errors', 'savedAt']);
    },
    async draft(surveyId, userId) {
      // A draft is kept for a day: long enough to come back to the form, short for typed contact details.
      await knex('survey_form_draft').where('savedAt', '<', knex.raw("now() - interval '1 day'")).delete();
      const row = await knex('survey_form_draft').where({ surveyId, userId }).first();
      return row ? { values: row.formValues as SurveyFormValues, errors: row.errors as SurveyFieldErrors } : null;
    },

    async npsScores(surveyType, from, to) {
      const rows = await knex('survey')
        .where({ surveyType })
        .whereNotNull('completedAt')
        .whereNotNull('netPromoterScore')
        .where('completedAt', '>=', from)
        .where('completedAt', '<', to)
        .select('netPromoterScore');
      return rows.map((row: { netPromoterScore: number }) => Number(row.netPromoterScore));
    },
    async accountsOf(userIds) {
      if (userIds.length === 0) return [];
      const rows = await knex('users').whereIn('userId', [...userIds]).whereNotNull('email').select('userId', 'email').orderBy('id');
      return rows.map((row: { userId: string; email: string }) => ({ id: String(row.userId), email: String(row.email) }));
    },

    async listForUser(userId) {
      return withQuestions((await knex('survey').where({ completedBy: userId }).orderBy('id')).map(surveyRow));
    },
    async listForProject(projectId) {
      return withQuestions((await knex('survey').where({ projectId }).orderBy('id')).map(surveyRow));
    },
    async anonymiseForUser(userId) {
      await knex('survey_form_draft').where({ userId }).delete();
      return knex('survey')
        .where({ completedBy: userId })
        .update({ contactEmail: null, contactPhone: null, additionalMessage: null, completedBy: null, updatedAt: knex.fn.now() });
    },
    async deleteForProject(projectId) {
      // Star questions, invitations and drafts go with their survey (ON DELETE CASCADE).
      return knex('survey').where({ projectId }).delete();
    },
  };
}

function reviewRow(row: Record<string, unknown>): ReviewRow {
  return {
    projectId: Number(row.projectId),
    clickedAt: date(row.clickedAt),
    clickedOn: (row.clickedOn as ReviewClickedOn | null) ?? null,
    emailSentAt: date(row.emailSentAt),
    reviewGivenAt: date(row.reviewGivenAt),
    invitationId: (row.invitationId as string | null) ?? null,
    invitationUrl: (row.invitationUrl as string | null) ?? null,
    createdAt: new Date(row.createdAt as string),
    updatedAt: new Date(row.updatedAt as string),
  };
}

export function createReviewRepository(knex: Knex): ReviewRepository {
  return {
    async ensure(projectId) {
      await knex('review_platform_review').insert({ projectId }).onConflict('projectId').ignore();
      return reviewRow(await knex('review_platform_review').where({ projectId }).first());
    },
    async find(projectId) {
      const row = await knex('review_platform_review').where({ projectId }).first();
      return row ? reviewRow(row) : null;
    },
    async setInvitation(projectId, invitationId, url) {
      await knex('review_platform_review').where({ projectId }).update({ invitationId, invitationUrl: url, updatedAt: knex.fn.now() });
    },
    async recordClick(projectId, on, at) {
      await knex('review_platform_review').where({ projectId }).whereNull('clickedAt').update({ clickedAt: at, clickedOn: on, updatedAt: at });
    },
    async claimMail(projectId, at) {
      const updated = await knex('review_platform_review').where({ projectId }).whereNull('emailSentAt').update({ emailSentAt: at, updatedAt: at });
      return updated === 1;
    },
    async releaseMail(projectId) {
      await knex('review_platform_review').where({ projectId }).update({ emailSentAt: null, updatedAt: knex.fn.now() });
    },
    async reviewGiven(projectId, at) {
      const updated = await knex('review_platform_review').where({ projectId }).update({ reviewGivenAt: knex.raw('coalesce(review_given_at, ?)', [at]), updatedAt: at });
      return updated === 1;
    },
    async mailsDue(answeredBefore) {
      const rows = await knex('review_platform_review as review')
        .join('survey', 'survey.projectId', 'review.projectId')
        .join('users', 'users.userId', 'survey.completedBy')
        .whereNull('review.emailSentAt')
        .whereNull('review.clickedAt')
        .whereNull('review.reviewGivenAt')
        .where('survey.reviewMailConsent', true)
        .whereNotNull('survey.completedAt')
        .where('survey.completedAt', '<=', answeredBefore)
        .whereNotNull('users.email')
        .distinctOn('review.projectId')
        .select('review.projectId', 'survey.completedBy as userId', 'users.email')
        .orderBy([{ column: 'review.projectId' }, { column: 'survey.completedAt' }]);
      return rows.map((row: { projectId: number; userId: string; email: string }) => ({ projectId: Number(row.projectId), userId: String(row.userId), email: String(row.email) }));
    },
    async listForProject(projectId) {
      return (await knex('review_platform_review').where({ projectId })).map(reviewRow);
    },
    async deleteForProject(projectId) {
      return knex('review_platform_review').where({ projectId }).delete();
    },
  };
}
