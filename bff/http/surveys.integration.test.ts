import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { SurveyDefinition } from '../contracts/surveys.ts';
import { contentSource } from '../../tests/support/content-source.ts';
import { mailsTo, waitForMail, type SandboxMail } from '../../tests/support/mailbox.ts';
import { jsonCall } from '../../tests/support/json-call.ts';
import { freePort } from '../../tests/support/ports.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { testData, type TestCustomer } from '../../tests/support/test-data.ts';
import { startTestPortal } from '../../tests/support/test-portal.ts';
import { usePortal, type TestPortal } from '../../tests/support/use-portal.ts';
import { eventSignature } from '../../sandbox/shared/signed-events.ts';

/** The CMS's survey definitions without Strapi (the portal reads them through the content port). */
const definitions = (lang: 'de' | 'en'): SurveyDefinition[] => [
  {
    surveyName: 'DC_INSTALLATION',
    lang,
    title: lang === 'de' ? 'Deine Meinung zur DC-Montage' : 'Your opinion on the DC installation',
    intro: '',
    questions: [
      { questionId: 'punctuality', question: lang === 'de' ? 'Wie pünktlich war das Team?' : 'How punctual was the team?', labelOne: 'Sehr unpünktlich', labelTwo: 'Eher unpünktlich', labelThree: 'Teils, teils', labelFour: 'Pünktlich', labelFive: 'Auf die Minute' },
      { questionId: 'tidiness', question: 'Wie ordentlich?', labelOne: 'Sehr unordentlich', labelTwo: 'Eher unordentlich', labelThree: 'Geht so', labelFour: 'Ordentlich', labelFive: 'Wie vorher' },
    ],
  },
  { surveyName: 'AC_INSTALLATION', lang, title: 'Deine Meinung zur AC-Montage', intro: '', questions: [{ questionId: 'overall', question: 'Wie zufrieden?', labelOne: 'a', labelTwo: 'b', labelThree: 'c', labelFour: 'd', labelFive: 'e' }] },
];
let definitionReads = 0;
const content = contentSource({
  surveyDefinitions: async (lang) => {
    definitionReads += 1;
    return definitions(lang);
  },
});

const { portal, data } = usePortal({ adapterOverrides: { content } });
/** Every sandbox numbers its projects from 900000: the portal rows of a test's projects go with the test. */
const projectsOfThisTest: number[] = [];
afterEach(async () => {
  await forgetSurveys(portal, projectsOfThisTest.splice(0));
});
async function forgetSurveys(where: TestPortal, projectIds: number[]) {
  if (projectIds.length === 0) return;
  await where.knex('survey').whereIn('projectId', projectIds).delete();
  await where.knex('review_platform_review').whereIn('projectId', projectIds).delete();
}

/** A signed-in customer with a project whose DC installation was done a week ago (the AC is under way). */
async function customerWithDcDone(overrides: { step?: string } = {}) {
  const customer = await data.customer();
  const client = await signedInClient(portal.url, customer);
  const project = await data.project({ phase: 'ASSEMBLY', step: overrides.step ?? 'AC', portalUserIds: [customer.sub] });
  projectsOfThisTest.push(project.id);
  return { customer, client, project };
}

const dcMails = (mails: SandboxMail[]) => mails.filter((m) => m.subject.startsWith('Wie war die Montage auf Deinem Dach?'));

async function invitedSurvey(customer: TestCustomer, client: Awaited<ReturnType<typeof signedInClient>>, projectId: number) {
  await portal.services.surveys.runInvitations({ projectId });
  const todo = await jsonCall(portal.url, client, 'GET', '/api/v1/internal/survey/todo');
  const survey = todo.body?.surveys.find((s: { projectId: number; surveyType: string }) => s.projectId === projectId && s.surveyType === 'DC');
  if (!survey) throw new Error(`no DC survey for ${customer.email}`);
  return survey as { id: number };
}

const answer = (surveyId: number, overrides: Record<string, unknown> = {}) => ({
  surveyId,
  answers: { punctuality: 5, tidiness: 4 },
  netPromoterScore: 9,
  contactEmail: 'erika@example.de',
  contactPhone: '0341 123456',
  additionalMessage: 'Alles gut.',
  contactRequested: false,
  reviewMailConsent: false,
  ...overrides,
});

async function token(caller: 'external' | 'cron') {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(caller)
    .setAudience(portal.config.API_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(caller === 'external' ? portal.config.EXTERNAL_API_SECRET : portal.config.CRON_API_SECRET));
}

describe('survey invitations', () => {
  it('invite once per survey and project: one mail, a DC_SURVEY notification, the activity and the mail log, even when the job runs twice', async () => {
    const { customer, client, project } = await customerWithDcDone();
    const first = await portal.services.surveys.runInvitations({ projectId: project.id });
    expect(first).toMatchObject({ checked: 1, invited: 1 });
    const second = await portal.services.surveys.runInvitations({ projectId: project.id });
    expect(second).toMatchObject({ checked: 1, invited: 0, already: 1 });
    const mails = dcMails(await mailsTo(portal.sandboxUrl, customer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Wie war die Montage auf Deinem Dach? (Projekt ${project.id})`);

    const rows = await portal.knex('survey').where({ projectId: project.id });
    expect(rows).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/home/app/surveys/${rows[0].id}`);
    const activity = await portal.knex('activity_log').where({ projectId: project.id, type: 'DC_SURVEY_INVITATION_SENT' });
    expect(activity).toHaveLength(1);
    expect(await portal.knex('activity_log_survey').where({ activityLogId: activity[0].id }).first()).toMatchObject({ surveyName: 'DC_INSTALLATION' });
    expect(await portal.knex('mail_log').where({ activityLogId: activity[0].id })).toHaveLength(1);

    const notifications = await jsonCall(portal.url, client, 'GET', '/api/v2/app/notification');
    expect(notifications.body?.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'DC_SURVEY', projectId: project.id, href: `/home/app/surveys/${rows[0].id}` })]),
    );
    // The AC step is not done yet: no AC survey.
    expect(await portal.knex('survey').where({ projectId: project.id, surveyType: 'AC' })).toHaveLength(0);
  });

  it('leaves steps done long ago alone unless the installer names the step', async () => {
    const { customer, project } = await customerWithDcDone();
    const journey = await (await fetch(`${portal.managementApiUrl}/projects/${project.id}/journey`, { headers: { authorization: `Bearer ${portal.config.MANAGEMENT_API_TOKEN}` } })).json();
    const dc = journey.steps.find((s: { step: string }) => s.step === 'DC');
    dc.completedAt = new Date(Date.now() - 200 * 86_400_000).toISOString();
    dc.startedAt = new Date(Date.now() - 201 * 86_400_000).toISOString();
    const put = await fetch(`${portal.sandboxUrl}/management/_control/projects/${project.id}/journey`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(journey) });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await portal.services.surveys.runInvitations({ projectId: project.id })).toMatchObject({ checked: 0, invited: 0 });

    // The installer's event names the step: it is surveyed however long ago it was done.
    const event = await fetch(`${portal.url}/api/external/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token('external')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'project.step_done', data: { projectId: project.id, step: 'DC' } }),
    });
    expect(event.status).toBe(202);
    expect(await event.json()).toEqual({ event: 'project.step_done', outcome: 'invited' });
    expect(dcMails(await mailsTo(portal.sandboxUrl, customer.email))).toHaveLength(1);
    const bad = await fetch(`${portal.url}/api/external/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token('external')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'project.step_done', data: { projectId: project.id, step: 'DELIVERY' } }),
    });
    expect(bad.status).toBe(400);
  });

  it('reminds once, seven days after an unanswered invitation', async () => {
    const { customer, client, project } = await customerWithDcDone();
    const survey = await invitedSurvey(customer, client, project.id);
    expect((await portal.services.surveys.runInvitations({ projectId: project.id })).reminded).toBe(0);
    await portal.knex('survey_invitation').where({ surveyId: survey.id, kind: 'INVITATION' }).update({ deliveredAt: new Date(Date.now() - 7 * 86_400_000 - 60_000) });
    expect((await portal.services.surveys.runInvitations({ projectId: project.id })).reminded).toBe(1);
    expect((await portal.services.surveys.runInvitations({ projectId: project.id })).reminded).toBe(0);
    const mails = await mailsTo(portal.sandboxUrl, customer.email);
    expect(mails.filter((m) => m.subject.startsWith('Erinnerung: Wie war die Montage'))).toHaveLength(1);
    // The survey's reminder, told apart by its mail: the customer-action reminders log the same activity type.
    const surveyReminders = await portal
      .knex('activity_log')
      .join('mail_log', 'mail_log.activityLogId', 'activity_log.id')
      .where({ 'activity_log.projectId': project.id, 'activity_log.type': 'SUCCESS_REMINDER_EMAIL' })
      .whereLike('mail_log.subject', 'Erinnerung: Wie war die Montage%');
    expect(surveyReminders).toHaveLength(1);
  });
});

describe('answering a survey', () => {
  it('checks the answers, stores them once (409 afterwards), shows the result and takes the notification away', async () => {
    const { customer, client, project } = await customerWithDcDone();
    const survey = await invitedSurvey(customer, client, project.id);
    const form = await jsonCall(portal.url, client, 'GET', `/api/v1/internal/survey/${survey.id}`);
    expect(form.status).toBe(200);
    expect(form.body?.questions.map((q: { questionId: string }) => q.questionId)).toEqual(['punctuality', 'tidiness']);
    expect(form.body?.prefill.contactEmail).toBe(customer.email);

    const invalid = await jsonCall(portal.url, client, 'POST', '/api/v1/internal/survey', answer(survey.id, { netPromoterScore: null, contactPhone: '12ab', answers: { punctuality: 7 } }));
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'SURVEY.INVALID', fields: 'star.punctuality=starInvalid,netPromoterScore=npsRequired,contactPhone=phoneInvalid' });
    expect((await jsonCall(portal.url, client, 'POST', '/api/v1/internal/survey', { ...answer(survey.id), unknown: 1 })).status).toBe(400);

    const done = await jsonCall(portal.url, client, 'POST', '/api/v1/internal/survey', answer(survey.id, { answers: { punctuality: 5 } }));
    expect(done.status).toBe(201);
    expect(done.body).toEqual({ surveyId: survey.id, href: `/home/app/surveys/${survey.id}/result`, followUp: false });
    const again = await jsonCall(portal.url, client, 'POST', '/api/v1/internal/survey', answer(survey.id));
    expect(again.status).toBe(409);
    expect(again.body?.code).toBe('SURVEY.ALREADY_COMPLETED');

    const result = await jsonCall(portal.url, client, 'GET', `/api/v1/internal/survey/${survey.id}/result`);
    expect(result.body).toMatchObject({
      netPromoterScore: 9,
      contactPhone: '0341123456',
      followUp: false,
      questions: [
        { questionId: 'punctuality', question: 'Wie pünktlich war das Team?', result: 5, labelFive: 'Auf die Minute' },
        { questionId: 'tidiness', result: null },
      ],
      review: { href: `/api/v1/internal/survey/${survey.id}/review`, clickedAt: null, reviewGivenAt: null },
    });
    const completed = await portal.knex('activity_log').where({ projectId: project.id, type: 'SURVEY_COMPLETED' });
    expect(completed).toHaveLength(1);
    expect(await portal.knex('activity_log_survey').where({ activityLogId: completed[0].id }).first()).toMatchObject({ surveyName: 'DC_INSTALLATION' });
    expect((await jsonCall(portal.url, client, 'GET', '/api/v1/internal/survey/todo')).body?.surveys).toEqual([]);
    const notifications = await jsonCall(portal.url, client, 'GET', '/api/v2/app/notification');
    expect(notifications.body?.notifications.some((n: { type: string }) => n.type === 'DC_SURVEY')).toBe(false);
  });

  it('answers another customer’s survey exactly like a missing one (404), for reading and answering', async () => {
    const { customer, client, project } = await customerWithDcDone();
    const survey = await invitedSurvey(customer, client, project.id);
    const other = await data.customer();
    const intruder = await signedInClient(portal.url, other);
    for (const path of [`/api/v1/internal/survey/${survey.id}`, `/api/v1/internal/survey/${survey.id}/result`, '/api/v1/internal/survey/999999999', `/api/v1/internal/survey/${survey.id}/review`]) {
      const answered = await jsonCall(portal.url, intruder, 'GET', path);
      expect(answered.status, path).toBe(404);
      expect(answered.body?.code, path).toBe('NOT_FOUND');
    }
    expect((await jsonCall(portal.url, intruder, 'POST', '/api/v1/internal/survey', answer(survey.id))).status).toBe(404);
    expect((await jsonCall(portal.url, intruder, 'POST', '/api/v1/internal/survey', answer(999999999))).status).toBe(404);
    expect((await portal.knex('survey').where({ id: survey.id }).first()).completedAt).toBeNull();
  });

  it('replays the first answer for the same Idempotency-Key and refuses another body with it', async () => {
    const { customer, client, project } = await customerWithDcDone();
    const survey = await invitedSurvey(customer, client, project.id);
    const post = (body: unknown) =>
      client.request(`${portal.url}/api/v1/internal/survey`, {
        method: 'POST',
        headers: { 'x-kundenportal-csrf': '1', 'content-type': 'application/json', 'idempotency-key': `survey-key-${survey.id}` },
        body: JSON.stringify(body),
      });
    const first = await post(answer(survey.id));
    const replay = await post(answer(survey.id));
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(await replay.json()).toEqual(await first.json());
    expect((await post(answer(survey.id, { netPromoterScore: 3 }))).status).toBe(422);
    expect(await portal.knex('activity_log').where({ projectId: project.id, type: 'SURVEY_COMPLETED' })).toHaveLength(1);
  });

  it('works as a plain form: 303 to the result, or back to the form with what was typed kept', async () => {
    const { customer, client, project } = await customerWithDcDone();
    const survey = await invitedSurvey(customer, client, project.id);
    const post = (fields: Record<string, string>) =>
      client.request(`${portal.url}/api/v1/internal/survey`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.url },
        body: new URLSearchParams(fields).toString(),
      });
    const refused = await post({ surveyId: String(survey.id), 'star.punctuality': '4', netPromoterScore: '8', additionalMessage: 'Danke\u0007', contactEmail: customer.email });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(`/home/app/surveys/${survey.id}?error=SURVEY.INVALID&fields=additionalMessage%3AmessageInvalidCharacters&form=survey#survey-errors`);
    // The survey page's next view also has what was typed as the form flash (the draft table keeps it longer).
    const page = (await (await client.request(`${portal.url}/home/app/surveys/${survey.id}`)).json()) as { locals: { formFlash: unknown } };
    expect(page.locals.formFlash).toEqual({
      page: `/home/app/surveys/${survey.id}`,
      form: 'survey',
      values: { 'star.punctuality': '4', netPromoterScore: '8', additionalMessage: 'Danke\u0007', contactEmail: customer.email },
    });
    const draft = await jsonCall(portal.url, client, 'GET', `/api/v1/internal/survey/${survey.id}`);
    expect(draft.body?.draft).toMatchObject({ values: { stars: { punctuality: '4' }, netPromoterScore: '8', additionalMessage: 'Danke\u0007' }, errors: { additionalMessage: 'messageInvalidCharacters' } });

    const sent = await post({ surveyId: String(survey.id), 'star.punctuality': '4', netPromoterScore: '8', additionalMessage: 'Danke 👍', contactEmail: customer.email, reviewMailConsent: 'on' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/home/app/surveys/${survey.id}/result`);
    expect((await jsonCall(portal.url, client, 'GET', `/api/v1/internal/survey/${survey.id}`)).body?.draft).toBeNull();
    const twice = await post({ surveyId: String(survey.id), netPromoterScore: '8' });
    expect(twice.headers.get('location')).toBe(`/home/app/surveys/${survey.id}/result?error=SURVEY.ALREADY_COMPLETED&form=survey#survey-errors`);
    // Without the same-origin signal a form post is refused (CSRF).
    const foreign = await client.request(`${portal.url}/api/v1/internal/survey`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `surveyId=${survey.id}` });
    expect(foreign.status).toBe(403);
  });

  it('creates a service task with the answers for a detractor (and for a request for contact), not for a promoter', async () => {
    const tasksOf = async (projectId: number) =>
      ((await (await fetch(`${portal.sandboxUrl}/tasks/_control/tasks`)).json()) as { items: { id: string; projectId: number; type: string; subject: string; team: string; entries: { text: string }[] }[] }).items.filter(
        (t) => t.projectId === projectId,
      );
    const detractor = await customerWithDcDone();
    const survey = await invitedSurvey(detractor.customer, detractor.client, detractor.project.id);
    const done = await jsonCall(portal.url, detractor.client, 'POST', '/api/v1/internal/survey', answer(survey.id, { netPromoterScore: 4, answers: { punctuality: 2 }, additionalMessage: 'Das Team kam zwei Stunden zu spät.' }));
    expect(done.body?.followUp).toBe(true);
    const [task] = await tasksOf(detractor.project.id);
    expect(task).toMatchObject({ type: 'SERVICE', team: 'Kundenservice' });
    expect(task?.subject).toContain(`Projekt ${detractor.project.id}`);
    expect(task?.entries[0]?.text).toContain('Weiterempfehlung (NPS): 4 von 10 (Kritiker)');
    expect(task?.entries[0]?.text).toContain('Wie pünktlich war das Team?: 2 von 5 (Eher unpünktlich)');
    expect(task?.entries[0]?.text).toContain('Das Team kam zwei Stunden zu spät.');
    expect(task?.entries[0]?.text).toContain('Telefon: 0341123456');
    expect((await portal.knex('survey').where({ id: survey.id }).first()).serviceTaskId).toBe(task?.id);
    // Internal: never among the customer's messages.
    const threads = await jsonCall(portal.url, detractor.client, 'GET', `/api/v1/internal/tasks/allProjectTasks/${detractor.project.id}`);
    expect(threads.body?.threads).toEqual([]);
    expect((await jsonCall(portal.url, detractor.client, 'GET', `/api/v1/internal/tasks/comments/${task?.id}`)).status).toBe(404);

    const promoter = await customerWithDcDone();
    const promoterSurvey = await invitedSurvey(promoter.customer, promoter.client, promoter.project.id);
    await jsonCall(portal.url, promoter.client, 'POST', '/api/v1/internal/survey', answer(promoterSurvey.id, { netPromoterScore: 10 }));
    expect(await tasksOf(promoter.project.id)).toEqual([]);

    const caller = await customerWithDcDone();
    const callerSurvey = await invitedSurvey(caller.customer, caller.client, caller.project.id);
    const asked = await jsonCall(portal.url, caller.client, 'POST', '/api/v1/internal/survey', answer(callerSurvey.id, { netPromoterScore: 9, contactRequested: true }));
    expect(asked.body?.followUp).toBe(true);
    expect((await tasksOf(caller.project.id))[0]?.entries[0]?.text).toContain('Kontakt gewünscht: ja');
  });

  it('keeps the answers when the task service is down and creates the task on the job’s next run', async () => {
    const { customer, client, project } = await customerWithDcDone();
    const survey = await invitedSurvey(customer, client, project.id);
    await fetch(`${portal.sandboxUrl}/tasks/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail' }) });
    try {
      const done = await jsonCall(portal.url, client, 'POST', '/api/v1/internal/survey', answer(survey.id, { netPromoterScore: 2 }));
      expect(done.status).toBe(201);
      expect((await portal.knex('survey').where({ id: survey.id }).first()).serviceTaskId).toBeNull();
    } finally {
      await fetch(`${portal.sandboxUrl}/tasks/_control/faults`, { method: 'DELETE' });
    }
    expect((await portal.services.surveys.runInvitations({ projectId: project.id })).followUps).toBeGreaterThanOrEqual(1);
    expect((await portal.knex('survey').where({ id: survey.id }).first()).serviceTaskId).toMatch(/^T-\d+$/);
  });
});

describe('review invitations', () => {
  it('records the click in the portal (CUP), leads to the platform’s personal link, and takes the platform’s report of the review', async () => {
    const { customer, client, project } = await customerWithDcDone();
    const survey = await invitedSurvey(customer, client, project.id);
    await jsonCall(portal.url, client, 'POST', '/api/v1/internal/survey', answer(survey.id, { netPromoterScore: 3 }));
    // A link on another site leads on but records no click.
    const foreign = await client.request(`${portal.url}/api/v1/internal/survey/${survey.id}/review`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(foreign.status).toBe(302);
    expect((await portal.knex('review_platform_review').where({ projectId: project.id }).first())?.clickedOn ?? null).toBeNull();
    const click = await client.request(`${portal.url}/api/v1/internal/survey/${survey.id}/review`, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(click.status).toBe(302);
    const link = click.headers.get('location') ?? '';
    expect(link).toMatch(new RegExp(`^${portal.sandboxUrl}/reviews/bewerten/[0-9a-f-]{36}$`));
    const row = await portal.knex('review_platform_review').where({ projectId: project.id }).first();
    expect(row).toMatchObject({ clickedOn: 'CUP', emailSentAt: null, reviewGivenAt: null });
    expect(row.clickedAt).not.toBeNull();
    // The same project keeps its link; a second click changes nothing.
    expect((await client.request(`${portal.url}/api/v1/internal/survey/${survey.id}/review`)).headers.get('location')).toBe(link);

    // The tester plays the customer on the platform's page; the platform reports the review (signed event).
    const page = await fetch(link);
    expect(await page.text()).toContain('Bewerte Beispiel Solar GmbH');
    const posted = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'stars=4&title=Gut&text=Solide' , redirect: 'manual' });
    expect(posted.status).toBe(303);
    await expect.poll(async () => (await portal.knex('review_platform_review').where({ projectId: project.id }).first()).reviewGivenAt, { timeout: 5000 }).not.toBeNull();
    const result = await jsonCall(portal.url, client, 'GET', `/api/v1/internal/survey/${survey.id}/result`);
    expect(result.body?.review.reviewGivenAt).not.toBeNull();
  });

  it('refuses a review event with a wrong signature', async () => {
    const body = JSON.stringify({ event: 'review.created', occurredAt: new Date().toISOString(), data: { invitationId: 'x', referenceId: '1', createdAt: new Date().toISOString() } });
    const forged = await fetch(`${portal.url}/api/reviews/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-reviews-signature': eventSignature('wrong-secret-wrong-secret', Math.floor(Date.now() / 1000), body) }, body });
    expect(forged.status).toBe(401);
    const unknown = await fetch(`${portal.url}/api/reviews/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-reviews-signature': eventSignature(portal.config.REVIEWS_WEBHOOK_SECRET, Math.floor(Date.now() / 1000), body) },
      body,
    });
    expect(unknown.status).toBe(204);
  });

  it('mails the review invitation once, three days after the survey, only with consent; the mail’s link is recorded as EMAIL', async () => {
    const agreed = await customerWithDcDone();
    const survey = await invitedSurvey(agreed.customer, agreed.client, agreed.project.id);
    await jsonCall(portal.url, agreed.client, 'POST', '/api/v1/internal/survey', answer(survey.id, { reviewMailConsent: true }));
    const refused = await customerWithDcDone();
    const other = await invitedSurvey(refused.customer, refused.client, refused.project.id);
    await jsonCall(portal.url, refused.client, 'POST', '/api/v1/internal/survey', answer(other.id, { reviewMailConsent: false }));

    await portal.services.surveys.runReviewMails();
    expect((await mailsTo(portal.sandboxUrl, agreed.customer.email)).filter((m) => m.subject.startsWith('Wie gefällt Dir'))).toHaveLength(0);
    await portal.knex('survey').whereIn('id', [survey.id, other.id]).update({ completedAt: new Date(Date.now() - 3 * 86_400_000 - 60_000) });
    const since = new Date();
    await portal.services.surveys.runReviewMails();
    await portal.services.surveys.runReviewMails();
    const mails = (await mailsTo(portal.sandboxUrl, agreed.customer.email)).filter((m) => m.subject.startsWith('Wie gefällt Dir'));
    expect(mails).toHaveLength(1);
    expect(new Date(mails[0]?.receivedAt ?? 0).getTime()).toBeGreaterThanOrEqual(since.getTime() - 1000);
    expect((await mailsTo(portal.sandboxUrl, refused.customer.email)).filter((m) => m.subject.startsWith('Wie gefällt Dir'))).toHaveLength(0);
    expect(await portal.knex('activity_log').where({ projectId: agreed.project.id, type: 'SUCCESS_REVIEW_EMAIL' })).toHaveLength(1);
    expect((await portal.knex('review_platform_review').where({ projectId: agreed.project.id }).first()).emailSentAt).not.toBeNull();

    const link = /(http:\/\/[^\s]+\/api\/v2\/app\/review\/[^\s]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    expect(link).not.toBe('');
    // Opened without a session (another device): recorded as EMAIL, then on to the platform.
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/\/reviews\/bewerten\//);
    expect(await portal.knex('review_platform_review').where({ projectId: agreed.project.id }).first()).toMatchObject({ clickedOn: 'EMAIL' });
    const tampered = await fetch(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), { redirect: 'manual' });
    expect(tampered.status).toBe(303);
    expect(tampered.headers.get('location')).toBe('/home/app/surveys?error=SURVEY.REVIEW_LINK_INVALID');
  });
});

describe('the installer’s NPS', () => {
  it('is computed per survey type with N beside it at the external endpoint', async () => {
    const from = '2001-03-01';
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    // Answers in a period of their own, so other tests' surveys do not count.
    const rows = [
      { projectId: 810001, surveyType: 'DC', netPromoterScore: 10, completedAt: at('2001-03-02') },
      { projectId: 810002, surveyType: 'DC', netPromoterScore: 9, completedAt: at('2001-03-03') },
      { projectId: 810003, surveyType: 'DC', netPromoterScore: 7, completedAt: at('2001-03-04') },
      { projectId: 810004, surveyType: 'DC', netPromoterScore: 2, completedAt: at('2001-03-05') },
      { projectId: 810005, surveyType: 'AC', netPromoterScore: 8, completedAt: at('2001-03-05') },
      { projectId: 810006, surveyType: 'DC', netPromoterScore: 0, completedAt: at('2001-04-01') },
    ];
    await portal.knex('survey').insert(rows);
    try {
      const answer = await fetch(`${portal.url}/api/external/surveys/nps?from=${from}&to=2001-03-31`, { headers: { authorization: `Bearer ${await token('external')}` } });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        from,
        to: '2001-03-31',
        byType: {
          DC: { surveyName: 'DC_INSTALLATION', responses: 4, promoters: 2, passives: 1, detractors: 1, nps: 25 },
          AC: { surveyName: 'AC_INSTALLATION', responses: 1, promoters: 0, passives: 1, detractors: 0, nps: 0 },
        },
      });
      const none = await (await fetch(`${portal.url}/api/external/surveys/nps?from=2001-01-01&to=2001-01-31&surveyType=AC`, { headers: { authorization: `Bearer ${await token('external')}` } })).json();
      expect(none.byType).toEqual({ AC: { surveyName: 'AC_INSTALLATION', responses: 0, promoters: 0, passives: 0, detractors: 0, nps: null } });
      expect((await fetch(`${portal.url}/api/external/surveys/nps?from=2001-13-01`, { headers: { authorization: `Bearer ${await token('external')}` } })).status).toBe(400);
      expect((await fetch(`${portal.url}/api/external/surveys/nps`, { headers: { authorization: `Bearer ${await token('cron')}` } })).status).toBe(401);
    } finally {
      await portal.knex('survey').whereIn('projectId', rows.map((r) => r.projectId)).delete();
    }
  });
});

describe('survey definitions from the CMS', () => {
  it('are reloaded in both languages when Strapi announces a changed survey', async () => {
    const before = definitionReads;
    const hook = await fetch(`${portal.url}/api/cms/webhook`, {
      method: 'POST',
      headers: { authorization: `Bearer ${portal.config.CMS_WEBHOOK_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'entry.publish', model: 'survey-definition', uid: 'api::survey-definition.survey-definition', entry: {} }),
    });
    expect(hook.status).toBe(204);
    // German, and English laid over German: three reads of the source.
    await expect.poll(() => definitionReads - before).toBe(3);
    expect((await portal.services.help.surveyDefinitions('en'))[0]?.title).toBe('Your opinion on the DC installation');
  });
});

describe('review debug mode', () => {
  it('sends every review mail to the debug SMTP port instead of the customer', async () => {
    const debugPort = await freePort();
    const debugPortal = await startTestPortal({ databaseUrl: inject('databaseUrl'), adapterOverrides: { content }, env: { REVIEW_DEBUG_MODE: 'true', REVIEW_DEBUG_SMTP_PORT: String(debugPort) } });
    const debugData = testData(debugPortal.sandboxUrl);
    try {
      const customer = await debugData.customer();
      const client = await signedInClient(debugPortal.url, customer);
      const project = await debugData.project({ phase: 'ASSEMBLY', step: 'AC', portalUserIds: [customer.sub] });
      projectsOfThisTest.push(project.id);
      await debugPortal.services.surveys.runInvitations({ projectId: project.id });
      const survey = { id: Number((await debugPortal.knex('survey').where({ projectId: project.id }).first()).id) };
      const sent = await jsonCall(debugPortal.url, client, 'POST', '/api/v1/internal/survey', answer(survey.id, { reviewMailConsent: true }));
      expect(sent.status, sent.text).toBe(201);
      await debugPortal.knex('survey').where({ id: survey.id }).update({ completedAt: new Date(Date.now() - 4 * 86_400_000) });
      expect(await debugPortal.services.surveys.runReviewMails()).toMatchObject({ mailed: 1, debug: true });
      const debugInbox = (await (await fetch(`${debugPortal.sandboxUrl}/mailbox/debug/api/messages?to=${encodeURIComponent(customer.email)}`)).json()) as { messages: SandboxMail[] };
      expect(debugInbox.messages.map((m) => m.subject)).toEqual(['Wie gefällt Dir Deine Anlage? Erzähl es anderen']);
      // The relay (the customer's real inbox) got the survey invitation only.
      expect((await mailsTo(debugPortal.sandboxUrl, customer.email)).map((m) => m.subject)).toEqual([`Wie war die Montage auf Deinem Dach? (Projekt ${project.id})`]);
      await waitForMail(debugPortal.sandboxUrl, customer.email, new Date(0));
    } finally {
      await debugData.cleanup();
      await forgetSurveys(debugPortal, projectsOfThisTest.splice(0));
      await debugPortal.close();
    }
  });
});
