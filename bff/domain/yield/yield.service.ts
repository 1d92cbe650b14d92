import { threadHref } from '../../contracts/messages.ts';
import { message } from '../../contracts/message-text.ts';
import { MONITORING_PAGE, type MonitoringPageData } from '../../contracts/monitoring.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import { YIELD_CASE_TOPIC, type ExpectedYield, type YieldDay } from '../../contracts/yield.ts';
import type { IotCloud, IotSite } from '../../ports/iot-cloud.ts';
import type { Mailer } from '../../ports/mailer.ts';
import type { ManagedProject } from '../../ports/management-service.ts';
import type { TaskService } from '../../ports/task-service.ts';
import { berlinDateOf } from '../energy-value/intervals.ts';
import { latestReport } from '../monitoring/monitoring.service.ts';
import { berlinToday } from '../berlin-time.ts';
import type { RequestContext } from '../request-context.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { MailRecipient } from '../repositories/users.ts';
import type { YieldAlert, YieldAlertRepository } from '../repositories/yield.ts';
import { freshness, judgeDays, latestSettledDay, type DayVerdict } from './alerts.ts';
import { addDays, type TargetCache, type TargetSite } from './targets.ts';
import { buildYieldAlertMail, caseText, type AlertFacts } from './yield-mails.ts';

/** How many settled days each run of the job looks at: a run that was missed is made up for (the alert is once per day). */
export const CHECK_DAYS = 7;
/** The bell shows an alert this long. */
export const ALERT_NOTICE_DAYS = 30;

export interface YieldDeps {
  targets: TargetCache;
  iot: IotCloud;
  tasks: TaskService;
  alerts: YieldAlertRepository;
  /** Every customer's projects (the job's reach): the customers' accounts, then each one's projects. */
  customerProjects: () => Promise<ManagedProject[]>;
  /** The customer's projects in a request (the bell). */
  projectsOf: (userId: string, ctx: RequestContext) => Promise<ManagedProject[]>;
  recipientsOf: (userIds: readonly string[]) => Promise<MailRecipient[]>;
  mailer: Mailer;
  mailLog: MailLogRepository;
  publicUrl: string;
  installerName: string;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
}

/** A site's target inputs, when the cloud told where it stands and how its modules face. */
function targetSiteOf(site: { location?: { lat: number; lon: number }; arrays?: TargetSite['arrays'] }): TargetSite | null {
  return site.location && site.arrays && site.arrays.length > 0 ? { location: site.location, arrays: site.arrays } : null;
}

const toDay = (v: DayVerdict): YieldDay => ({ date: v.date, targetKwh: v.targetKwh, actualKwh: v.actualKwh, ratio: v.ratio, status: v.status, irradiationKwhPerM2: v.irradiationKwhPerM2 });

/** The first day a target can be given for: the day after commissioning (the commissioning day is a partial one). */
const firstFullDay = (commissionedAt: string) => addDays(berlinDateOf(Date.parse(commissionedAt)), 1);

/**
 * Expected vs actual (docs/monitoring.md "Expected vs actual"): the monitoring page's targets beside its actual, and the
 * job that raises an alert when a day falls short or data stop arriving. Each alert is one row per installation and
 * incident; it becomes a service case at the task service, a mail to the project's customers and a bell entry.
 */
export function createYieldService(deps: YieldDeps) {
  const now = () => deps.now?.() ?? new Date();

  /** The page's targets: one weather call per site and period at most, and none for days already kept. */
  async function expected(page: MonitoringPageData): Promise<ExpectedYield> {
    if (page.kind !== 'ready' || !page.overview) return { kind: 'none' };
    const { installation, work } = page.overview;
    const site = targetSiteOf(installation);
    if (!site || installation.commissionedAt === null || installation.pvPeakPowerKw <= 0 || work.resolution !== 'day') return { kind: 'none' };
    const today = berlinToday(now());
    const from = [work.range.from, firstFullDay(installation.commissionedAt)].sort().at(-1) as string;
    const to = [work.range.to, addDays(today, -1)].sort()[0] as string;
    if (from > to) return { kind: 'ready', days: [], at: now().toISOString() };
    try {
      const targets = await deps.targets.targets(site, from, to, today);
      const actual = new Map(work.buckets.map((bucket) => [bucket.start.slice(0, 10), bucket.pvWh / 1000]));
      return { kind: 'ready', days: judgeDays(targets, actual).map(toDay), at: now().toISOString() };
    } catch (error) {
      if ((error as { code?: string }).code !== 'UPSTREAM.UNAVAILABLE') throw error;
      return { kind: 'unavailable' };
    }
  }

  /** Opens the case (idempotent at the task service by its source), mails the customers once; both resumable. */
  async function follow(alert: YieldAlert, site: IotSite, project: ManagedProject, facts: AlertFacts): Promise<void> {
    let taskId = alert.taskId;
    if (taskId === null) {
      const text = caseText(facts, { name: site.name, siteId: site.siteId });
      const task = await deps.tasks.openCase({ projectId: project.id, ...text, supportQuestion: [...YIELD_CASE_TOPIC], source: `yield-alert-${alert.id}` });
      taskId = task.id;
      await deps.alerts.setTask(alert.id, taskId);
    }
    if (alert.mailedAt !== null || !(await deps.alerts.claimMail(alert.id, now()))) return;
    try {
      const recipients = await deps.recipientsOf(project.portalUserIds);
      for (const recipient of recipients) {
        const mail = buildYieldAlertMail({ publicUrl: deps.publicUrl, installerName: deps.installerName, facts, siteName: site.name, threadPath: threadHref(taskId), lang: recipient.lang, firstName: recipient.firstName });
        await deps.mailer.send({ to: [recipient.email], ...mail });
        await deps.mailLog.record({ activityLogId: null, sender: deps.mailer.from, receiver: recipient.email, subject: mail.subject, html: mail.html, text: mail.text });
      }
    } catch (error) {
      // The next run mails again (the claim is released); the case stays open either way.
      await deps.alerts.releaseMail(alert.id);
      throw error;
    }
  }

  /** The verdicts of the site's settled days: `date` names one day, else the last CHECK_DAYS. */
  async function verdicts(site: IotSite, target: TargetSite, nowMs: number, date: string | undefined, lastSeenAt: string | null): Promise<DayVerdict[]> {
    const settled = latestSettledDay(nowMs, berlinDateOf);
    const first = firstFullDay(site.commissionedAt as string);
    let from = date ?? addDays(settled, -(CHECK_DAYS - 1));
    let to = date ?? settled;
    if (from < first) from = first;
    // While data are missing, the counters stop too: only days that ended before the last report are judged.
    if (lastSeenAt !== null) {
      const lastWholeDay = addDays(berlinDateOf(Date.parse(lastSeenAt)), -1);
      if (lastWholeDay < to) to = lastWholeDay;
    }
    if (to > settled) to = settled;
    if (from > to) return [];
    const [targets, energy] = await Promise.all([deps.targets.targets(target, from, to, berlinToday(new Date(nowMs))), deps.iot.energy(site.siteId, from, to, 'day')]);
    const actual = new Map(energy.map((bucket) => [bucket.start.slice(0, 10), bucket.pvWh / 1000]));
    return judgeDays(targets, actual);
  }

  /** One installation: stale data, then short days; answers the alerts it raised (new rows only). */
  async function checkSite(site: IotSite, project: ManagedProject, date: string | undefined): Promise<{ short: number; stale: number }> {
    const raised = { short: 0, stale: 0 };
    const nowMs = now().getTime();
    const lastSeenAt = latestReport(site.devices);
    const fresh = freshness(lastSeenAt, site.commissionedAt, nowMs);
    if (fresh.stale) {
      const { alert, created } = await deps.alerts.claim({
        siteId: site.siteId,
        projectId: project.id,
        kind: 'STALE',
        incident: lastSeenAt ?? 'none',
        day: null,
        actualKwh: null,
        targetKwh: null,
        irradiationKwhPerM2: null,
        lastSeenAt: lastSeenAt === null ? null : new Date(lastSeenAt),
      });
      await follow(alert, site, project, { kind: 'STALE', lastSeenAt });
      if (created) raised.stale += 1;
    }
    const target = targetSiteOf(site);
    if (!target || site.pvPeakPowerKw <= 0) return raised;
    for (const verdict of await verdicts(site, target, nowMs, date, fresh.stale ? lastSeenAt : null)) {
      if (verdict.status !== 'short' || verdict.actualKwh === null || verdict.targetKwh === null) continue;
      const { alert, created } = await deps.alerts.claim({
        siteId: site.siteId,
        projectId: project.id,
        kind: 'SHORT_DAY',
        incident: verdict.date,
        day: verdict.date,
        actualKwh: verdict.actualKwh,
        targetKwh: verdict.targetKwh,
        irradiationKwhPerM2: verdict.irradiationKwhPerM2,
        lastSeenAt: null,
      });
      await follow(alert, site, project, { kind: 'SHORT_DAY', day: verdict.date, actualKwh: verdict.actualKwh, targetKwh: verdict.targetKwh });
      if (created) raised.short += 1;
    }
    return raised;
  }

  /**
   * The job (bff/domain/jobs/yield-check.job.ts): every commissioned installation of the customers' projects. A site that
   * fails (an upstream outage) is counted and retried by the next run; the others go on.
   */
  async function check(options: { date?: string } = {}) {
    const projects = new Map((await deps.customerProjects()).map((p) => [p.id, p]));
    const sites = projects.size === 0 ? [] : await deps.iot.sitesOfProjects([...projects.keys()]);
    const result = { sites: 0, short: 0, stale: 0, failed: 0 };
    for (const site of sites) {
      const project = projects.get(site.projectId);
      if (!project || site.commissionedAt === null) continue;
      result.sites += 1;
      try {
        const raised = await checkSite(site, project, options.date);
        result.short += raised.short;
        result.stale += raised.stale;
      } catch (error) {
        result.failed += 1;
        deps.warn('yield check of a site failed', { siteId: site.siteId, error });
      }
    }
    if (result.failed > 0 && result.failed === result.sites) throw new Error(`yield check failed for all ${result.failed} installations`);
    return result;
  }

  /** YIELD_ALERT entries of one project: each alert of the last ALERT_NOTICE_DAYS, leading to its case. */
  async function notifications(_ctx: RequestContext, projects: readonly ManagedProject[]): Promise<Omit<PortalNotification, 'seen'>[]> {
    const since = new Date(now().getTime() - ALERT_NOTICE_DAYS * 86_400_000);
    const alerts = await deps.alerts.ofProjects(projects.map((p) => p.id), since);
    return alerts.map((alert) => ({
      id: `yield-alert:${alert.id}`,
      type: 'YIELD_ALERT' as const,
      projectId: alert.projectId,
      title: alert.kind === 'SHORT_DAY' ? message('yield.noticeShortTitle') : message('yield.noticeStaleTitle'),
      text:
        alert.kind === 'SHORT_DAY'
          ? message('yield.noticeShortText', {
              date: { date: alert.day ?? '' },
              actual: { kwh: alert.actualKwh ?? 0 },
              target: { kwh: alert.targetKwh ?? 0 },
            })
          : message('yield.noticeStaleText', { since: alert.lastSeenAt ? { dateTime: alert.lastSeenAt.toISOString() } : '–' }),
      href: alert.taskId ? threadHref(alert.taskId) : MONITORING_PAGE,
      createdAt: alert.createdAt.toISOString(),
    }));
  }

  return {
    check,
    forRequest: (_ctx: RequestContext) => ({ expected }),
    /** The bell's source: the alerts of every project of the customer, in one query. */
    notifications: async (ctx: RequestContext) => (ctx.user ? notifications(ctx, await deps.projectsOf(ctx.user.id, ctx)) : []),
  };
}

export type YieldService = ReturnType<typeof createYieldService>;
