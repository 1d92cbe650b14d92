import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language, SessionUser } from '../../contracts/auth.ts';
import { message } from '../../contracts/message-text.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import {
  SURVEY_NAME_OF_TYPE,
  SURVEY_TYPES,
  SurveyErrors,
  isDetractor,
  reviewClickHref,
  starLabels,
  surveyHref,
  surveyResultHref,
  validateSurveyAnswers,
  type NpsFigures,
  type StarQuestionDefinition,
  type SurveyDefinition,
  type SurveyFieldErrors,
  type SurveyFormValues,
  type SurveyFormView,
  type SurveyResultView,
  type SurveySummary,
  type SurveyType,
  type SurveysServices,
} from '../../contracts/surveys.ts';
import type { ReviewPlatform } from '../../ports/external-media.ts';
import type { Mailer } from '../../ports/mailer.ts';
import type { ManagedProject, ManagementJourneys, ManagementService } from '../../ports/management-service.ts';
import type { TaskService } from '../../ports/task-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { MailRecipient } from '../repositories/users.ts';
import { AppError, notFound } from '../errors.ts';
import { requestHash, type Idempotent } from '../idempotency/idempotency.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { RequestContext } from '../request-context.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { ReviewRepository, StarQuestionRow, SurveyMailKind, SurveyRepository, SurveyRow } from '../repositories/surveys.ts';
import { computeNps } from './nps.ts';
import { buildInvitationMail, buildReviewMail } from './survey-mails.ts';

const DAY_MS = 86_400_000;

/**
 * When the portal asks (docs/surveys.md "What happens"): a step done within the last 30 days is surveyed (so the first
 * run does not mail every customer of past years); one reminder a week after the invitation; the review mail three days
 * after the survey (time to settle, not so late that the experience is forgotten).
 */
export const SURVEY_RULES = { inviteWithinDays: 30, reminderAfterDays: 7, reviewMailAfterDays: 3 } as const;

export interface SurveysDeps {
  projects: ProjectAccess;
  management: ManagementService;
  journeys: ManagementJourneys;
  tasks: TaskService;
  reviewPlatform: ReviewPlatform;
  /** The survey definitions of the CMS in a language (cached; German where no translation exists). */
  definitions: (lang: Language) => Promise<SurveyDefinition[]>;
  surveys: SurveyRepository;
  reviews: ReviewRepository;
  /** Every portal account, for the scheduled scan of their projects. */
  customerIds: () => Promise<string[]>;
  /** Language and first name of accounts: each mail is written in its recipient's language. */
  recipientsOf: (userIds: readonly string[]) => Promise<MailRecipient[]>;
  activity: ActivityService;
  mailer: Mailer;
  /** Review mails go here: in review debug mode the debug SMTP server instead of the relay. */
  reviewMailer: Mailer;
  reviewDebug: boolean;
  mailLog: MailLogRepository;
  idempotent: Idempotent;
  publicUrl: string;
  installerName: string;
  /** Key of the review mail's signed links. */
  linkSecret: string;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
}

const INVITATION_ACTIVITY = {
  AC: { sent: 'AC_SURVEY_INVITATION_SENT', failed: 'AC_SURVEY_INVITATION_FAILED' },
  DC: { sent: 'DC_SURVEY_INVITATION_SENT', failed: 'DC_SURVEY_INVITATION_FAILED' },
} as const;

/** The survey types' names in the operator's German mails. */
const TYPE_NAMES: Record<SurveyType, { de: string }> = {
  DC: { de: 'DC-Montage' },
  AC: { de: 'AC-Montage' },
};

const projectLabel = (project: ManagedProject) => `${project.address.street} ${project.address.houseNumber}, ${project.address.city}`.trim();

/** Field errors as the error's `fields` parameter: `netPromoterScore=npsRequired,contactPhone=phoneInvalid`. */
export const encodeFieldErrors = (errors: SurveyFieldErrors) =>
  Object.entries(errors)
    .map(([field, code]) => `${field}=${code}`)
    .join(',');

/** The text of the service task for a detractor or a request for contact: everything the caller needs at a glance. */
export function serviceTaskText(row: SurveyRow, questions: readonly StarQuestionRow[]): { subject: string; text: string } {
  const nps = row.netPromoterScore ?? 0;
  const group = nps >= 9 ? 'Promoter' : nps >= 7 ? 'neutral' : 'Kritiker';
  const stars = questions.map((q) => `- ${q.question}: ${q.result === null ? 'keine Angabe' : `${q.result} von 5 (${starLabels(q)[q.result - 1]})`}`);
  const reasons = [isDetractor(nps) ? `Weiterempfehlung ${nps} von 10` : null, row.contactRequested ? 'Kontakt gewünscht' : null].filter(Boolean).join(', ');
  return {
    subject: `Rückmeldung zur ${TYPE_NAMES[row.surveyType].de}, Projekt ${row.projectId}: bitte melden (${reasons})`,
    text: [
      `Umfrage zur ${TYPE_NAMES[row.surveyType].de} von Projekt ${row.projectId}, beantwortet am ${row.completedAt?.toISOString().slice(0, 10) ?? '–'}.`,
      `Bitte innerhalb von zwei Werktagen melden (so steht es auf der Seite, die der Kunde gesehen hat).`,
      '',
      `Weiterempfehlung (NPS): ${nps} von 10 (${group})`,
      `Kontakt gewünscht: ${row.contactRequested ? 'ja' : 'nein'}`,
      `Telefon: ${row.contactPhone ?? '–'}`,
      `E-Mail: ${row.contactEmail ?? '–'}`,
      '',
      'Bewertungen:',
      ...(stars.length > 0 ? stars : ['- keine Sternefragen']),
      '',
      `Nachricht: ${row.additionalMessage ?? '–'}`,
    ].join('\n'),
  };
}

/** Midnight in Europe/Berlin of a `YYYY-MM-DD` day (22:00 or 23:00 UTC the day before). */
const berlinClock = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
export function berlinMidnight(day: string): Date {
  for (const hours of [1, 2]) {
    const candidate = new Date(Date.parse(`${day}T00:00:00Z`) - hours * 3_600_000);
    const parts = Object.fromEntries(berlinClock.formatToParts(candidate).map((p) => [p.type, p.value]));
    if (`${parts.year}-${parts.month}-${parts.day}` === day && parts.hour === '00') return candidate;
  }
  return new Date(`${day}T00:00:00Z`);
}
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Surveys after the DC and AC installation (docs/surveys.md): invitations (a scheduled job and the installer's events),
 * the form, the answers with the NPS, the service task for detractors and requests for contact, and the neutral review
 * invitation for every respondent. Ownership is decided here: another customer's survey is NOT_FOUND like a missing one.
 */
export function createSurveysService(deps: SurveysDeps) {
  const now = deps.now ?? (() => new Date());

  function summary(row: SurveyRow, project: ManagedProject): SurveySummary {
    return {
      id: row.id,
      projectId: row.projectId,
      surveyType: row.surveyType,
      surveyName: SURVEY_NAME_OF_TYPE[row.surveyType],
      projectLabel: projectLabel(project),
      invitedAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
    };
  }

  /** The customer's survey with its project; NOT_FOUND for an unknown one or another customer's. */
  async function ownedSurvey(user: SessionUser, surveyId: number, ctx?: RequestContext): Promise<{ row: SurveyRow; project: ManagedProject }> {
    const row = await deps.surveys.find(surveyId);
    const project = row ? (await deps.projects.projectsOf(user.id, ctx)).find((p) => p.id === row.projectId) : undefined;
    if (!row || !project) throw notFound('Diese Umfrage haben wir nicht gefunden.');
    return { row, project };
  }

  async function definitionOf(surveyType: SurveyType, lang: Language): Promise<SurveyDefinition | null> {
    return (await deps.definitions(lang)).find((d) => d.surveyName === SURVEY_NAME_OF_TYPE[surveyType]) ?? null;
  }

  async function mySurveys(user: SessionUser, ctx?: RequestContext): Promise<SurveySummary[]> {
    const projects = await deps.projects.projectsOf(user.id, ctx);
    const rows = await deps.surveys.ofProjects(projects.map((p) => p.id));
    return rows.flatMap((row) => {
      const project = projects.find((p) => p.id === row.projectId);
      return project ? [summary(row, project)] : [];
    });
  }

  async function form(user: SessionUser, surveyId: number, lang: Language, ctx?: RequestContext): Promise<SurveyFormView> {
    const { row, project } = await ownedSurvey(user, surveyId, ctx);
    const [definition, journey, draft] = await Promise.all([
      definitionOf(row.surveyType, lang),
      // The phone the customer gave the installer for appointments, to prefill; the form works without it.
      deps.journeys.journey(row.projectId).catch(() => null),
      deps.surveys.draft(row.id, user.id),
    ]);
    return {
      survey: summary(row, project),
      title: definition?.title ?? '',
      intro: definition?.intro ?? '',
      lang: definition?.lang ?? lang,
      questions: definition?.questions ?? [],
      prefill: { contactEmail: user.email, contactPhone: journey?.preferences.contactPhone ?? '' },
      draft,
    };
  }

  async function result(user: SessionUser, surveyId: number, ctx?: RequestContext): Promise<SurveyResultView> {
    const { row, project } = await ownedSurvey(user, surveyId, ctx);
    if (!row.completedAt || row.netPromoterScore === null) throw new AppError(SurveyErrors.NOT_COMPLETED);
    const [questions, review] = await Promise.all([deps.surveys.questions(row.id), deps.reviews.find(row.projectId)]);
    return {
      survey: { ...summary(row, project), completedAt: row.completedAt.toISOString() },
      questions: questions.map(({ questionId, question, result: value, labelOne, labelTwo, labelThree, labelFour, labelFive }) => ({
        questionId,
        question,
        result: value,
        labelOne,
        labelTwo,
        labelThree,
        labelFour,
        labelFive,
      })),
      netPromoterScore: row.netPromoterScore,
      additionalMessage: row.additionalMessage,
      contactEmail: row.contactEmail,
      contactPhone: row.contactPhone,
      contactRequested: row.contactRequested,
      reviewMailConsent: row.reviewMailConsent,
      followUp: row.followUp,
      review: { href: reviewClickHref(row.id), clickedAt: review?.clickedAt?.toISOString() ?? null, reviewGivenAt: review?.reviewGivenAt?.toISOString() ?? null },
    };
  }

  /** The service task of a follow-up; a failing task service leaves it to the job, the answers are saved anyway. */
  async function createFollowUp(row: SurveyRow): Promise<boolean> {
    try {
      const questions = await deps.surveys.questions(row.id);
      const { subject, text } = serviceTaskText(row, questions);
      const task = await deps.tasks.createServiceTask({ projectId: row.projectId, subject, text, source: `survey-${row.id}` });
      await deps.surveys.setServiceTask(row.id, task.id);
      return true;
    } catch (error) {
      deps.warn('survey follow-up task not created yet; the survey job retries', { surveyId: row.id, error });
      return false;
    }
  }

  async function submit(user: SessionUser, surveyId: number, values: SurveyFormValues, options: { key: string | undefined; lang: Language; keepDraft: boolean }) {
    const { row } = await ownedSurvey(user, surveyId);
    const hash = requestHash(['survey', String(surveyId), JSON.stringify(values)]);
    return deps.idempotent({ userId: user.id, key: options.key, scope: 'survey.submit', hash }, async () => {
      if (row.completedAt) throw new AppError(SurveyErrors.ALREADY_COMPLETED);
      const definition = await definitionOf(row.surveyType, options.lang);
      const asked: StarQuestionDefinition[] = definition?.questions ?? [];
      const checked = validateSurveyAnswers(values, asked.map((q) => q.questionId));
      if (!checked.ok) {
        if (options.keepDraft) await deps.surveys.saveDraft(row.id, user.id, values, checked.errors);
        throw new AppError(SurveyErrors.INVALID, { params: { fields: encodeFieldErrors(checked.errors) } });
      }
      const answers = checked.answers;
      const completedAt = now();
      const followUp = isDetractor(answers.netPromoterScore) || answers.contactRequested;
      const stored = await deps.surveys.complete(row.id, {
        netPromoterScore: answers.netPromoterScore,
        contactEmail: answers.contactEmail,
        contactPhone: answers.contactPhone,
        additionalMessage: answers.additionalMessage,
        contactRequested: answers.contactRequested,
        reviewMailConsent: answers.reviewMailConsent,
        completedBy: user.id,
        completedAt,
        followUp,
        // What the customer saw, in their language: the result stays readable whatever editors change later.
        questions: asked.map((q) => ({ ...q, result: answers.stars[q.questionId] ?? null })),
      });
      if (!stored) throw new AppError(SurveyErrors.ALREADY_COMPLETED);
      await deps.activity.record(user, 'SURVEY_COMPLETED', { projectId: row.projectId, surveyName: SURVEY_NAME_OF_TYPE[row.surveyType] });
      // Every respondent gets the same review invitation, whatever they answered (no gating).
      await deps.reviews.ensure(row.projectId);
      if (followUp) {
        const completed = await deps.surveys.find(row.id);
        if (completed) await createFollowUp(completed);
      }
      return { status: 201, body: { surveyId: row.id, href: surveyResultHref(row.id), followUp } };
    });
  }

  const reviewToken = (projectId: number) => {
    const mac = createHmac('sha256', deps.linkSecret).update(`review-mail:${projectId}`).digest('base64url').slice(0, 32);
    return `${projectId}.${mac}`;
  };
  const projectOfToken = (token: string): number | null => {
    const match = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return null;
    const projectId = Number(match[1]);
    const expected = Buffer.from(reviewToken(projectId));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? projectId : null;
  };

  /** The platform's personal link for the project, asked once and kept (its reviews come back with the project id). */
  async function invitationUrl(projectId: number, lang: Language): Promise<string> {
    const review = await deps.reviews.ensure(projectId);
    if (review.invitationUrl) return review.invitationUrl;
    const link = await deps.reviewPlatform.invitationLink({ referenceId: String(projectId), locale: lang === 'en' ? 'en-GB' : 'de-DE' });
    if (!/^https?:\/\//.test(link.url)) throw new AppError(SurveyErrors.REVIEW_LINK_INVALID, { message: 'The platform answered a link that is not http(s).' });
    await deps.reviews.setInvitation(projectId, link.id, link.url);
    return link.url;
  }

  /** One mail per account of the project (invitation or reminder), each logged with its activity and MailLog. */
  async function mailSurvey(row: SurveyRow, accounts: { id: string; email: string }[], kind: SurveyMailKind): Promise<number> {
    const recipients = new Map((await deps.recipientsOf(accounts.map((a) => a.id))).map((r) => [r.userId, r]));
    const surveyName = SURVEY_NAME_OF_TYPE[row.surveyType];
    let delivered = 0;
    for (const account of accounts) {
      const recipient = recipients.get(account.id);
      const mail = buildInvitationMail({
        publicUrl: deps.publicUrl,
        installerName: deps.installerName,
        surveyType: row.surveyType,
        projectId: row.projectId,
        surveyPath: surveyHref(row.id),
        reminder: kind === 'REMINDER',
        lang: recipient?.lang ?? 'de',
        firstName: recipient?.firstName ?? null,
      });
      try {
        await deps.mailer.send({ to: [account.email], ...mail });
      } catch (error) {
        deps.warn('survey mail failed', { surveyId: row.id, kind, error });
        if (kind === 'INVITATION') await deps.activity.recordForUser(account, INVITATION_ACTIVITY[row.surveyType].failed, { projectId: row.projectId, surveyName });
        else await deps.activity.recordForUser(account, 'FAILED_REMINDER_EMAIL', { projectId: row.projectId });
        continue;
      }
      const activity =
        kind === 'INVITATION'
          ? await deps.activity.recordForUser(account, INVITATION_ACTIVITY[row.surveyType].sent, { projectId: row.projectId, surveyName })
          : await deps.activity.recordForUser(account, 'SUCCESS_REMINDER_EMAIL', { projectId: row.projectId });
      await deps.mailLog.record({ activityLogId: activity.id, sender: deps.mailer.from, receiver: account.email, subject: mail.subject, html: mail.html, text: mail.text });
      delivered += 1;
    }
    return delivered;
  }

  type InviteOutcome = 'invited' | 'already' | 'answered' | 'no-recipient' | 'failed';

  /** The invitation of one project's survey: the row once, the mail once (claimed before mailing). */
  async function invite(project: ManagedProject, surveyType: SurveyType): Promise<InviteOutcome> {
    if (project.portalUserIds.length === 0) return 'no-recipient';
    const row = await deps.surveys.ensure(project.id, surveyType);
    if (row.completedAt) return 'answered';
    // An account the portal has not seen signed in yet has no address here: the survey waits in the portal (bell,
    // list), and a later run mails it once the address is known.
    const accounts = await deps.surveys.accountsOf(project.portalUserIds);
    if (accounts.length === 0) return 'no-recipient';
    if (!(await deps.surveys.claimMail(row.id, 'INVITATION'))) return 'already';
    const delivered = await mailSurvey(row, accounts, 'INVITATION');
    if (delivered === 0) {
      // Nothing went out: the next run tries again (the survey itself is already in the portal).
      await deps.surveys.releaseMail(row.id, 'INVITATION');
      return 'failed';
    }
    await deps.surveys.markMailDelivered(row.id, 'INVITATION', now());
    return 'invited';
  }

  /** The projects of every portal account, once each. */
  async function customerProjects(): Promise<ManagedProject[]> {
    const projects = new Map<number, ManagedProject>();
    for (const userId of await deps.customerIds()) {
      for (const project of await deps.projects.projectsOf(userId)) projects.set(project.id, project);
    }
    return [...projects.values()];
  }

  /**
   * The invitation job (docs/jobs.md, `survey-invitations`): for each project (one, from an event, or all of the
   * portal's customers) whose DC or AC step is done — within the last 30 days, or named by the installer's event — the
   * survey and its invitation; then one reminder a week after an unanswered invitation; then service tasks that could
   * not be created at the time. Safe to run twice: every mail is claimed by a unique row first.
   */
  async function runInvitations(data: { projectId?: number; step?: SurveyType } = {}) {
    const at = now();
    const counts = { checked: 0, invited: 0, already: 0, failed: 0, noRecipient: 0, reminded: 0, followUps: 0 };
    const projects = data.projectId ? [await deps.management.getProject(data.projectId)].filter((p): p is ManagedProject => p !== null) : await customerProjects();
    for (const project of projects) {
      const journey = await deps.journeys.journey(project.id);
      for (const surveyType of SURVEY_TYPES) {
        const step = journey?.steps.find((s) => s.step === surveyType);
        if (step?.status !== 'DONE' || !step.completedAt) continue;
        const recent = at.getTime() - Date.parse(step.completedAt) <= SURVEY_RULES.inviteWithinDays * DAY_MS;
        if (!recent && data.step !== surveyType) continue;
        counts.checked += 1;
        const outcome = await invite(project, surveyType);
        if (outcome === 'invited') counts.invited += 1;
        else if (outcome === 'failed') counts.failed += 1;
        else if (outcome === 'no-recipient') counts.noRecipient += 1;
        else counts.already += 1;
      }
    }
    for (const row of await deps.surveys.dueReminders(new Date(at.getTime() - SURVEY_RULES.reminderAfterDays * DAY_MS))) {
      if (data.projectId && row.projectId !== data.projectId) continue;
      const project = await deps.management.getProject(row.projectId);
      const accounts = project ? await deps.surveys.accountsOf(project.portalUserIds) : [];
      if (accounts.length === 0 || !(await deps.surveys.claimMail(row.id, 'REMINDER'))) continue;
      // At most one reminder, also when it failed: the claim stays.
      if ((await mailSurvey(row, accounts, 'REMINDER')) > 0) {
        await deps.surveys.markMailDelivered(row.id, 'REMINDER', now());
        counts.reminded += 1;
      }
    }
    for (const row of await deps.surveys.pendingFollowUps()) {
      if (await createFollowUp(row)) counts.followUps += 1;
    }
    return counts;
  }

  /**
   * The review mail job (`review-mails`): three days after a survey whose respondent agreed to one review mail, that
   * mail, unless they already clicked the invitation in the portal or reviewed. In review debug mode it goes to the
   * debug SMTP server instead of the relay (docs/surveys.md).
   */
  async function runReviewMails() {
    const at = now();
    let mailed = 0;
    let failed = 0;
    for (const due of await deps.reviews.mailsDue(new Date(at.getTime() - SURVEY_RULES.reviewMailAfterDays * DAY_MS))) {
      if (!(await deps.reviews.claimMail(due.projectId, at))) continue;
      const [recipient] = await deps.recipientsOf([due.userId]);
      const mail = buildReviewMail({
        publicUrl: deps.publicUrl,
        installerName: deps.installerName,
        link: `${deps.publicUrl}/api/v2/app/review/${reviewToken(due.projectId)}`,
        lang: recipient?.lang ?? 'de',
        firstName: recipient?.firstName ?? null,
      });
      const account = { id: due.userId, email: due.email };
      try {
        await deps.reviewMailer.send({ to: [due.email], ...mail });
      } catch (error) {
        failed += 1;
        deps.warn('review mail failed', { projectId: due.projectId, debug: deps.reviewDebug, error });
        await deps.reviews.releaseMail(due.projectId);
        await deps.activity.recordForUser(account, 'FAILED_REVIEW_EMAIL', { projectId: due.projectId });
        continue;
      }
      const activity = await deps.activity.recordForUser(account, 'SUCCESS_REVIEW_EMAIL', { projectId: due.projectId });
      await deps.mailLog.record({ activityLogId: activity.id, sender: deps.reviewMailer.from, receiver: due.email, subject: mail.subject, html: mail.html, text: mail.text });
      mailed += 1;
    }
    return { mailed, failed, debug: deps.reviewDebug };
  }

  /** AC_SURVEY / DC_SURVEY: one per open survey of the customer's projects; answering it makes it go away. */
  async function notifications(ctx: RequestContext): Promise<Omit<PortalNotification, 'seen'>[]> {
    if (!ctx.user) return [];
    const surveys = await ctx.once(`surveys:${ctx.user.id}`, () => mySurveys(ctx.user as SessionUser, ctx));
    return surveys
      .filter((s) => s.completedAt === null)
      .map((s) => ({
        id: `${s.surveyType}_SURVEY:${s.id}`,
        type: s.surveyType === 'AC' ? ('AC_SURVEY' as const) : ('DC_SURVEY' as const),
        projectId: s.projectId,
        title: s.surveyType === 'AC' ? message('surveys.noticeAcTitle') : message('surveys.noticeDcTitle'),
        text: message('surveys.noticeText', { projectId: s.projectId, project: s.projectLabel }),
        href: surveyHref(s.id),
        createdAt: s.invitedAt,
      }));
  }

  return {
    /** `GET /survey/todo`: the customer's open surveys. */
    async todo(user: SessionUser): Promise<SurveySummary[]> {
      return (await mySurveys(user)).filter((s) => s.completedAt === null);
    },
    /** `GET /survey/{id}`. */
    form: (user: SessionUser, surveyId: number, lang: Language) => form(user, surveyId, lang),
    /** `GET /survey/{id}/result`. */
    result: (user: SessionUser, surveyId: number) => result(user, surveyId),
    /**
     * `POST /survey`: the answers once per survey (409 afterwards, for every account of the project), once per
     * Idempotency-Key; SURVEY_COMPLETED; a service task for a detractor or a request for contact.
     */
    submit,

    /**
     * The review invitation clicked on the result page (clickedOn CUP): the platform's link to go on to. `record` is
     * false when the click did not come from the portal's own page (a GET another site can start): then it only leads on.
     */
    async reviewClick(user: SessionUser, surveyId: number, lang: Language, record = true): Promise<string> {
      const { row } = await ownedSurvey(user, surveyId);
      if (!row.completedAt) throw new AppError(SurveyErrors.NOT_COMPLETED);
      const url = await invitationUrl(row.projectId, lang);
      if (record) await deps.reviews.recordClick(row.projectId, 'CUP', now());
      return url;
    },

    /** The review mail's link (clickedOn EMAIL), opened without signing in: a signed token names the project. */
    async reviewMailClick(token: string): Promise<string> {
      const projectId = projectOfToken(token);
      if (projectId === null || !(await deps.reviews.find(projectId))) throw new AppError(SurveyErrors.REVIEW_LINK_INVALID);
      const url = await invitationUrl(projectId, 'de');
      await deps.reviews.recordClick(projectId, 'EMAIL', now());
      return url;
    },

    /** The review platform reports a review given through a project's invitation link (reviewGivenAt). */
    async reviewReported(event: { referenceId: string; invitationId: string; createdAt: string }): Promise<'recorded' | 'unknown'> {
      const projectId = /^[1-9]\d{0,14}$/.test(event.referenceId) ? Number(event.referenceId) : null;
      const review = projectId === null ? null : await deps.reviews.find(projectId);
      if (projectId === null || !review || (review.invitationId !== null && review.invitationId !== event.invitationId)) return 'unknown';
      const givenAt = Number.isNaN(Date.parse(event.createdAt)) ? now() : new Date(event.createdAt);
      await deps.reviews.reviewGiven(projectId, givenAt);
      return 'recorded';
    },

    runInvitations,
    runReviewMails,

    /**
     * The installer's NPS per survey type over a period of Berlin days (`from`..`to` inclusive; default the last
     * twelve months), computed once here (nps.ts).
     */
    async npsReport(query: { from?: string; to?: string; surveyType?: SurveyType }) {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now());
      const to = query.to ?? today;
      const from = query.from ?? addDays(to, -364);
      if (from > to) throw new AppError(SurveyErrors.INVALID, { message: 'from must not be after to', params: { fields: 'from=afterTo' } });
      const types = query.surveyType ? [query.surveyType] : SURVEY_TYPES;
      const byType: Partial<Record<SurveyType, NpsFigures & { surveyName: string }>> = {};
      for (const surveyType of types) {
        const scores = await deps.surveys.npsScores(surveyType, berlinMidnight(from), berlinMidnight(addDays(to, 1)));
        byType[surveyType] = { surveyName: SURVEY_NAME_OF_TYPE[surveyType], ...computeNps(scores) };
      }
      return { from, to, byType };
    },

    notifications,

    forRequest: (ctx: RequestContext): SurveysServices => ({
      async list() {
        if (!ctx.user) return { open: [], done: [] };
        const user = ctx.user;
        const surveys = await ctx.once(`surveys:${user.id}`, () => mySurveys(user, ctx));
        return { open: surveys.filter((s) => s.completedAt === null), done: surveys.filter((s) => s.completedAt !== null) };
      },
      async form(surveyId) {
        if (!ctx.user) throw notFound();
        return form(ctx.user, surveyId, ctx.lang, ctx);
      },
      async result(surveyId) {
        if (!ctx.user) throw notFound();
        return result(ctx.user, surveyId, ctx);
      },
    }),
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;
