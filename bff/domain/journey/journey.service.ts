import type { Language, SessionUser } from '../../contracts/auth.ts';
import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import {
  JourneyErrors,
  type CustomerAction,
  type JourneyServices,
  type MastrMoveResult,
  type MyJourney,
  type NextAction,
  type Preferences,
  type ProjectJourney,
  type ProjectPatch,
  type ProjectSearch,
} from '../../contracts/journey.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import type { ProjectSummary } from '../../contracts/projects.ts';
import type { Mailer } from '../../ports/mailer.ts';
import { ManagementConflict, type ManagedProject, type ManagementJourneys, type ManagementService } from '../../ports/management-service.ts';
import type { MasterData } from '../../ports/master-data.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { AppError, notFound } from '../errors.ts';
import { toProjectSummary, type ProjectAccess } from '../projects/project-access.ts';
import type { UpstreamCache } from '../upstream-cache.ts';
import type { RequestContext } from '../request-context.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { MilestoneMailRepository } from '../repositories/signing-envelopes.ts';
import type { UserAccounts } from '../repositories/users.ts';
import type { SigningService } from '../signing/signing.service.ts';
import { buildFinishedMail } from './finished-mail.ts';
import { actionKey, actionNotification, buildTodoMail, todoMilestone } from './action-notifications.ts';
import { toProjectJourney } from './journey-view.ts';

export interface JourneyDeps {
  projects: ProjectAccess;
  /** Upstream answers kept for seconds (bff/domain/upstream-cache.ts); without it every request asks. */
  cache?: UpstreamCache;
  management: ManagementService;
  journeys: ManagementJourneys;
  signing: SigningService;
  masterData: MasterData;
  mailer: Mailer;
  mailLog: MailLogRepository;
  milestones: MilestoneMailRepository;
  /** Whether the IoT cloud has an installation of the project (the "finished" mail promises monitoring only then). */
  monitored: (projectId: number) => Promise<boolean>;
  /** The addresses of the portal accounts connected to a project (the to-do mail goes there). */
  users: Pick<UserAccounts, 'emailsOf'>;
  activity: ActivityService;
  /** The language of a project's customers (the first linked account's; German without one): mails to its contacts. */
  projectLanguage: (project: ManagedProject) => Promise<Language>;
  publicUrl: string;
  installerName: string;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
}


/** Accents and case do not matter in the project search ("koln" finds "Köln"). */
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The project journey (docs/journey.md): what the installer's management service knows about a project's way to
 * a running installation, in the portal's shape with deadlines and the customer's actions; the customer's own steps
 * (confirmations, MaStR); search and the few fields a customer may change; the "finished" mail on the installer's event.
 */
export function createJourneyService(deps: JourneyDeps) {
  const now = deps.now ?? (() => new Date());

  async function journeyOf(project: ManagedProject, ctx?: RequestContext): Promise<ProjectJourney> {
    // The management service's answer is kept for seconds across the customer's requests (an event of the project or
    // the customer's own change ends it); the portal's own signatures are read each time.
    const upstream = () => deps.journeys.journey(project.id);
    const managed = () => (ctx && deps.cache ? deps.cache.through(ctx, `managed-journey:${project.id}`, upstream, () => [project.id], 'management') : upstream());
    const load = async () => {
      const [journey, signed] = await Promise.all([managed(), deps.signing.signedDocuments(project.id)]);
      if (!journey) throw notFound();
      return toProjectJourney(toProjectSummary(project), journey, signed, now());
    };
    return ctx ? ctx.once(`journey:${project.id}`, load, 'management') : load();
  }

  async function owned(user: SessionUser, projectId: number) {
    return deps.projects.ownedProject(user.id, projectId);
  }

  /** The session's project (or the customer's first), with its journey. */
  async function mine(ctx: RequestContext): Promise<MyJourney> {
    if (!ctx.user) return { available: true, journey: null };
    try {
      const project = await deps.projects.current(ctx);
      return { available: true, journey: project ? await journeyOf(project, ctx) : null };
    } catch (error) {
      // A project the management service has no journey for reads like an outage: the page says so, never 404.
      if (hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE, CommonErrors.NOT_FOUND)) return { available: false };
      throw error;
    }
  }

  const conflictToAppError = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ManagementConflict) throw new AppError(JourneyErrors.ACTION_NOT_POSSIBLE, { cause: error });
      throw error;
    }
  };

  /**
   * The journey's notifications of one project: each demanded action (a step waiting on the customer, the grid
   * operator's request, the MaStR) while it is open; MOVE_MASTR for the transfer (docs/journey.md "Actions").
   */
  async function notifications(ctx: RequestContext, project: ManagedProject): Promise<Omit<PortalNotification, 'seen'>[]> {
    const journey = await journeyOf(project, ctx);
    return journey.actions.filter((a) => !a.optional).map((a) => actionNotification(journey, a));
  }

  /** The "finished" mail to the project's contact addresses, once per project (MailLog and SUCCESS_/FAILED_ activity). */
  async function sendFinishedMail(projectId: number): Promise<'sent' | 'failed' | 'already' | 'not-finished'> {
    const project = await deps.management.getProject(projectId);
    if (!project || project.step !== 'IN_OPERATION') return 'not-finished';
    if (project.contact.emails.length === 0) {
      deps.warn('finished mail not sent: no contact address on file', { projectId });
      return 'failed';
    }
    if (!(await deps.milestones.claim(projectId, 'FINISHED'))) return 'already';
    const [journey, monitored] = await Promise.all([deps.journeys.journey(projectId), deps.monitored(projectId).catch(() => false)]);
    const mail = buildFinishedMail({ publicUrl: deps.publicUrl, installerName: deps.installerName, project, journey, monitored, lang: await deps.projectLanguage(project) });
    try {
      await deps.mailer.send({ to: project.contact.emails, ...mail });
    } catch (error) {
      deps.warn('finished mail failed', { projectId, error });
      await deps.activity.recordForProject('FAILED_FINISHED_EMAIL', { projectId });
      // Released, so the management service's retry (or the next event) tries again.
      await deps.milestones.release(projectId, 'FINISHED');
      return 'failed';
    }
    const activity = await deps.activity.recordForProject('SUCCESS_FINISHED_EMAIL', { projectId });
    await deps.milestones.attachActivity(projectId, 'FINISHED', activity.id);
    await deps.mailLog.record({
      activityLogId: activity.id,
      sender: deps.mailer.from,
      receiver: project.contact.emails.join(', '),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    });
    return 'sent';
  }

  /**
   * Tells the project's portal customers about new to-dos (a step that starts waiting on them, the grid operator's
   * request, the MaStR): one mail per occasion, claimed per action before it is sent, so a repeated event never mails
   * twice (docs/journey.md "Telling the customer"). The bell shows the same actions by itself.
   */
  async function announceTodos(projectId: number): Promise<'mailed' | 'none' | 'failed'> {
    const project = await deps.management.getProject(projectId);
    if (!project) return 'none';
    const to = await deps.users.emailsOf(project.portalUserIds);
    if (to.length === 0) return 'none';
    const journey = await journeyOf(project);
    const claimed: { action: NextAction; milestone: string }[] = [];
    for (const action of journey.actions.filter((a) => !a.optional)) {
      const milestone = todoMilestone(actionKey(journey, action));
      if (await deps.milestones.claim(projectId, milestone)) claimed.push({ action, milestone });
    }
    if (claimed.length === 0) return 'none';
    const mail = buildTodoMail({ publicUrl: deps.publicUrl, installerName: deps.installerName, journey, actions: claimed.map((c) => c.action) });
    try {
      await deps.mailer.send({ to, ...mail });
    } catch (error) {
      deps.warn('to-do mail failed', { projectId, error });
      await deps.activity.recordForProject('FAILED_REMINDER_EMAIL', { projectId });
      // Released, so the sender's retry (or the next event) tries again.
      for (const { milestone } of claimed) await deps.milestones.release(projectId, milestone);
      return 'failed';
    }
    const activity = await deps.activity.recordForProject('SUCCESS_REMINDER_EMAIL', { projectId });
    for (const { milestone } of claimed) await deps.milestones.attachActivity(projectId, milestone, activity.id);
    await deps.mailLog.record({ activityLogId: activity.id, sender: deps.mailer.from, receiver: to.join(', '), subject: mail.subject, html: mail.html, text: mail.text });
    return 'mailed';
  }

  return {
    /** One project's journey; NOT_FOUND for a foreign or unknown project. */
    async journey(user: SessionUser, projectId: number): Promise<ProjectJourney> {
      return journeyOf(await owned(user, projectId));
    },

    /** The customer confirms the order or the delivery, or registers in the MaStR without the installer. */
    async customerAction(user: SessionUser, projectId: number, action: CustomerAction): Promise<ProjectJourney> {
      const project = await owned(user, projectId);
      await conflictToAppError(() => deps.journeys.customerAction(projectId, action, user.id));
      return journeyOf(project);
    },

    /** `PATCH /project/{id}`: contact phone and preferred appointment times only. */
    async patch(user: SessionUser, projectId: number, patch: ProjectPatch): Promise<Preferences> {
      await owned(user, projectId);
      const { contactPhone, preferredAppointmentTimes } = patch;
      return conflictToAppError(() =>
        deps.journeys.updatePreferences(projectId, {
          ...(contactPhone === undefined ? {} : { contactPhone }),
          ...(preferredAppointmentTimes === undefined
            ? {}
            : { preferredAppointmentTimes: preferredAppointmentTimes && { ...preferredAppointmentTimes, note: preferredAppointmentTimes.note ?? null } }),
        }),
      );
    },

    /** `POST /project/search`: the customer's own projects matching every given part of the filter. */
    async search(user: SessionUser, filter: ProjectSearch): Promise<ProjectSummary[]> {
      const projects = (await deps.projects.projectsOf(user.id)).map(toProjectSummary);
      const words = fold(filter.query ?? '').split(/\s+/).filter(Boolean);
      return projects.filter((p) => {
        const text = fold(`${p.id} ${p.address.contact.street} ${p.address.contact.houseNumber} ${p.address.contact.zip} ${p.address.contact.city}`);
        return (
          words.every((word) => text.includes(word)) &&
          (!filter.phase || p.phase === filter.phase) &&
          (!filter.step || p.step === filter.step) &&
          (!filter.productLine || p.productLines.includes(filter.productLine))
        );
      });
    },

    /**
     * `POST /user/mastr/move`: the customer hands an existing MaStR registration over to the installer. The number is
     * checked in the register; the answer is the installer account's support code for the register's transfer.
     */
    async mastrMove(user: SessionUser, input: { projectId: number; operatorNumber: string }): Promise<MastrMoveResult> {
      await owned(user, input.projectId);
      const journey = await deps.journeys.journey(input.projectId);
      if (!journey?.mastr.required) throw new AppError(JourneyErrors.MASTR_NOT_REQUIRED);
      const actor = await deps.masterData.marketActor(input.operatorNumber);
      if (!actor) throw new AppError(JourneyErrors.MASTR_ACTOR_UNKNOWN);
      const transfer = await deps.masterData.startTransfer(input.operatorNumber, `project-${input.projectId}`);
      if (!transfer) throw new AppError(JourneyErrors.MASTR_ACTOR_UNKNOWN);
      await conflictToAppError(() => deps.journeys.recordMastrMove(input.projectId, { operatorNumber: input.operatorNumber, transferId: transfer.transferId, supportCode: transfer.supportCode }));
      return { operatorNumber: actor.number, actorName: actor.name, supportCode: transfer.supportCode, receiverName: transfer.receiverName };
    },

    /** `POST /user/mastr/register`: the customer registered the units and reports their numbers (checked in the register). */
    async mastrRegister(user: SessionUser, input: { projectId: number; unitNumbers: string[] }): Promise<ProjectJourney> {
      const project = await owned(user, input.projectId);
      const journey = await deps.journeys.journey(input.projectId);
      if (!journey?.mastr.required) throw new AppError(JourneyErrors.MASTR_NOT_REQUIRED);
      const numbers = [...new Set(input.unitNumbers)];
      const units = await Promise.all(numbers.map((n) => deps.masterData.unit(n)));
      if (units.some((u) => !u)) throw new AppError(JourneyErrors.MASTR_UNIT_UNKNOWN);
      const operatorNumber = units[0]?.operatorNumber ?? null;
      await conflictToAppError(() => deps.journeys.recordMastrRegistration(input.projectId, { unitNumbers: numbers, operatorNumber }));
      return journeyOf(project);
    },

    /**
     * The management service's event: a project moved on, or whom its step waits for changed. New to-dos are mailed
     * to the project's customers once; at IN_OPERATION the "finished" mail goes out.
     */
    async projectEvent(event: { projectId: number; step: string }): Promise<'sent' | 'failed' | 'already' | 'not-finished' | 'ignored' | 'mailed'> {
      const todos = await announceTodos(event.projectId);
      const finished = event.step === 'IN_OPERATION' ? await sendFinishedMail(event.projectId) : 'ignored';
      if (todos === 'failed' || finished === 'failed') return 'failed';
      return todos === 'mailed' && finished === 'ignored' ? 'mailed' : finished;
    },

    notifications,

    forRequest: (ctx: RequestContext): JourneyServices => ({
      mine: () => mine(ctx),
      signingReturn: async (projectId, envelopeId) => (ctx.user ? deps.signing.returned(ctx.user, projectId, envelopeId) : null),
    }),
  };
}

export type JourneyService = ReturnType<typeof createJourneyService>;
