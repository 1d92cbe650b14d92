import type { Knex } from 'knex';
import { createSubLog } from '../schema.ts';

/**
 * Surveys and review invitations (docs/surveys.md): Survey (projectId, surveyType, netPromoterScore,
 * contactEmail, contactPhone, additionalMessage, completedAt, timestamps), StarQuestion (questionId, question, result,
 * labelOne..labelFive, surveyId, timestamps), ReviewPlatformReview (projectId, clickedAt, clickedOn, emailSentAt,
 * reviewGivenAt, timestamps) and the survey sub-log of the activity log (surveyName). Beyond those: who answered,
 * the "please contact me" choice, the consent to one review mail, the service task of a follow-up, the invitation
 * and reminder mails (one row each per survey, claimed before mailing), the form's draft after a refused plain-form
 * submission, and the review platform's personal link per project.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('survey', (t) => {
    t.bigIncrements('id');
    t.integer('project_id').notNullable();
    t.string('survey_type', 2).notNullable();
    t.smallint('net_promoter_score');
    t.string('contact_email', 320);
    t.string('contact_phone', 40);
    t.text('additional_message');
    t.boolean('contact_requested').notNullable().defaultTo(false);
    t.boolean('review_mail_consent').notNullable().defaultTo(false);
    t.timestamp('completed_at', { useTz: true });
    /** The portal account that answered (a project may have several). */
    t.string('completed_by', 255);
    /** A detractor or a request for contact: a service task is due (created, or still to be created by the job). */
    t.boolean('follow_up').notNullable().defaultTo(false);
    t.string('service_task_id', 64);
    t.timestamps(true, true);
    // One survey per project and type: the invitation job may run twice, the row exists once.
    t.unique(['project_id', 'survey_type']);
    t.index(['completed_at']);
  });
  await knex.raw("ALTER TABLE survey ADD CONSTRAINT survey_type_check CHECK (survey_type IN ('AC', 'DC'))");
  await knex.raw('ALTER TABLE survey ADD CONSTRAINT survey_nps_check CHECK (net_promoter_score BETWEEN 0 AND 10)');

  await knex.schema.createTable('star_question', (t) => {
    t.bigIncrements('id');
    t.bigInteger('survey_id').notNullable().references('id').inTable('survey').onDelete('CASCADE');
    t.string('question_id', 64).notNullable();
    t.text('question').notNullable();
    t.smallint('result');
    t.string('label_one', 200).notNullable();
    t.string('label_two', 200).notNullable();
    t.string('label_three', 200).notNullable();
    t.string('label_four', 200).notNullable();
    t.string('label_five', 200).notNullable();
    t.timestamps(true, true);
    t.unique(['survey_id', 'question_id']);
  });
  await knex.raw('ALTER TABLE star_question ADD CONSTRAINT star_question_result_check CHECK (result BETWEEN 1 AND 5)');

  await knex.schema.createTable('survey_invitation', (t) => {
    t.bigInteger('survey_id').notNullable().references('id').inTable('survey').onDelete('CASCADE');
    /** INVITATION or REMINDER: at most one of each per survey. */
    t.string('kind', 16).notNullable();
    t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true });
    t.primary(['survey_id', 'kind']);
  });

  await knex.schema.createTable('survey_form_draft', (t) => {
    t.bigInteger('survey_id').notNullable().references('id').inTable('survey').onDelete('CASCADE');
    t.string('user_id', 255).notNullable();
    t.jsonb('form_values').notNullable();
    t.jsonb('errors').notNullable();
    t.timestamp('saved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['survey_id', 'user_id']);
  });

  await knex.schema.createTable('review_platform_review', (t) => {
    t.bigIncrements('id');
    t.integer('project_id').notNullable().unique();
    t.timestamp('clicked_at', { useTz: true });
    t.string('clicked_on', 8);
    t.timestamp('email_sent_at', { useTz: true });
    t.timestamp('review_given_at', { useTz: true });
    /** The platform's personal invitation link for this project (its reviews are attributed to it). */
    t.string('invitation_id', 64);
    t.text('invitation_url');
    t.timestamps(true, true);
  });
  await knex.raw("ALTER TABLE review_platform_review ADD CONSTRAINT review_clicked_on_check CHECK (clicked_on IN ('CUP', 'EMAIL'))");

  await createSubLog(knex, 'activity_log_survey', (t) => t.string('survey_name', 48).notNullable());
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('activity_log_survey');
  await knex.schema.dropTableIfExists('review_platform_review');
  await knex.schema.dropTableIfExists('survey_form_draft');
  await knex.schema.dropTableIfExists('survey_invitation');
  await knex.schema.dropTableIfExists('star_question');
  await knex.schema.dropTableIfExists('survey');
}
