import type { Router } from 'express';
import type { Knex } from 'knex';
import { DEFAULT_LANGUAGE, type Language } from '../contracts/auth.ts';
import type { ExternalEvent } from '../contracts/machine.ts';
import type { PortalServices } from '../contracts/page-services.ts';
import { createRouteTable, type PageRoute } from '../contracts/routes.ts';
import type { Config, ConfigSlice } from '../config.ts';
import { createActivityLogRepository } from '../db/repositories/activity-log.repository.ts';
import { createExportRepository } from '../db/repositories/jobs.repository.ts';
import { createIdempotencyRepository } from '../db/repositories/idempotency.repository.ts';
import { createMailLogRepository } from '../db/repositories/mail-log.repository.ts';
import { createNotificationSeenRepository } from '../db/repositories/messages.repository.ts';
import { createMachineTokenUses } from '../db/repositories/machine-tokens.repository.ts';
import { createPgRateLimiter } from '../db/repositories/rate-limits.repository.ts';
import { createUserRepository } from '../db/repositories/users.repository.ts';
import { createAccountData, type AccountData, type AccountDataSource } from '../domain/account/account-data.ts';
import { createActivityService } from '../domain/activity/activity.service.ts';
import type { SessionRevocation } from '../domain/auth/sessions.ts';
import { createIdempotency } from '../domain/idempotency/idempotency.ts';
import { bindJob, type JobDefinition, type JobSpec } from '../domain/jobs/job.ts';
import { createLayoutService } from '../domain/layout/layout.service.ts';
import { createNotificationsService, type NotificationSource } from '../domain/notifications/notifications.service.ts';
import { createProjectAccess } from '../domain/projects/project-access.ts';
import type { RequestContext } from '../domain/request-context.ts';
import { createUpstreamCache } from '../domain/upstream-cache.ts';
import type { MountBase } from '../http/mounts.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import type { Logger } from '../logger.ts';
import { countingActivities } from '../observability/business-events.ts';
import type { Adapters } from './adapters.ts';
import type { CapabilityServices } from './capability-services.ts';

/**
 * What every capability works with, built once per process before any capability (docs/architecture.md "Adding a
 * capability"): configuration, database, adapters, logger, and the pieces every capability block used to repeat.
 */
export function buildKernel({ config, knex, adapters, logger, sessions }: { config: Config; knex: Knex; adapters: Adapters; logger: Logger; sessions: SessionRevocation }) {
  const warn = (message: string, fields?: Record<string, unknown>) => logger.warn(message, fields);
  const users = createUserRepository(knex);
  const archivePdf = async ({ projectId, type, title, externalId, filename, pdf }: { projectId: number; type: string; title: string; externalId: string; filename: string; pdf: Uint8Array }) => {
    const body = new Blob([Buffer.from(pdf)], { type: 'application/pdf' });
    const filed = await adapters.documents.archive({ projectId, type, title, externalId, file: { filename, contentType: 'application/pdf', size: body.size, body } });
    return { documentId: filed.uuid };
  };
  const upstreamCache = createUpstreamCache();
  let trigger: ((name: string, data?: Record<string, unknown>, singletonKey?: string) => Promise<string | null | undefined>) | null = null;
  return {
    config,
    knex,
    adapters,
    logger,
    sessions,
    warn,
    users,
    activity: createActivityService(countingActivities(createActivityLogRepository(knex))),
    /** Upstream answers that change rarely, kept for seconds across requests (docs/architecture.md "The data path of a page"). */
    upstreamCache,
    projects: createProjectAccess(adapters.management, upstreamCache),
    mailLog: createMailLogRepository(knex),
    /** The users exports for the marketing service (platform: the export job, the external route, survey recipients). */
    exports: createExportRepository(knex),
    /** A fresh idempotency store on the shared table (one per service, as before). */
    idempotent: () => createIdempotency(createIdempotencyRepository(knex)),
    rateLimiter: () => createPgRateLimiter(knex),
    /** The `jti`s used on state-changing machine routes (docs/machine-api.md "Tokens"). */
    machineTokens: createMachineTokenUses(knex),
    /** Files a PDF the portal made (signed envelope, mandate) at the documents service. */
    archivePdf,
    /** Mails to a project's contact addresses (not accounts of their own) go in the language of its first linked customer. */
    projectLanguage: async (project: { portalUserIds: readonly string[] }): Promise<Language> => (await users.recipientsOf(project.portalUserIds))[0]?.lang ?? DEFAULT_LANGUAGE,
    now: () => new Date(),
    /** Queues a job by name; the job runner is built after every capability, so this is bound late. */
    triggerJob: (name: string, data: Record<string, unknown> = {}, singletonKey?: string) => {
      if (!trigger) throw new Error('job runner not built yet');
      return trigger(name, data, singletonKey);
    },
    bindJobs(runner: { trigger: NonNullable<typeof trigger> }) {
      trigger = (name, data, singletonKey) => runner.trigger(name, data, singletonKey);
    },
  };
}

export type Kernel = ReturnType<typeof buildKernel>;


type ServiceName = keyof CapabilityServices;

/** A vendor event's handler: answers the outcome, or nothing when it only follows another capability's handler. */
export type EventHandler<S, E extends ExternalEvent['event']> = (services: S, data: Extract<ExternalEvent, { event: E }>['data'], deps: RouteDeps) => Promise<string | undefined>;

/** One capability: what it builds and what it brings to the portal's shared tables (docs/architecture.md). */
export interface Capability<Provides extends Partial<CapabilityServices>, Needs extends ServiceName = never> {
  name: string;
  /**
   * Its own environment variables (`defineConfigSlice`, named in `CapabilityConfig` in the same file); the kernel's
   * `config` carries them (docs/architecture.md "Configuration slices").
   */
  config?: ConfigSlice;
  /** Earlier capabilities' services it uses (the list is in dependency order; a missing one stops start-up). */
  needs: readonly Needs[];
  build(kernel: Kernel, deps: Pick<CapabilityServices, Needs>): Provides;
  /** Its routers with their mount base (bff/http/mounts.ts). */
  routers?: readonly (readonly [MountBase, (deps: RouteDeps) => Router])[];
  /** Its pages (route-table entries), declared in its contract with `definePages`. */
  pageRoutes?: readonly PageRoute[];
  /** The page services it offers, bound to one request. */
  pages?: (services: Provides, ctx: RequestContext, kernel: Kernel) => Partial<PortalServices>;
  /** Its jobs (docs/jobs.md), each with what it works with: `(job) => [job(someJob, (services, kernel) => deps)]`. */
  jobs?: (job: JobBinder<Provides & Pick<CapabilityServices, Needs>>) => readonly CapabilityJob<Provides & Pick<CapabilityServices, Needs>>[];
  /** Its sources of the notifications feed. */
  notifications?: (services: Provides, kernel: Kernel) => readonly NotificationSource[];
  /** How its data of a customer is exported and erased (docs/account.md). */
  accountData?: (kernel: Kernel) => readonly AccountDataSource[];
  /** Its handlers of the installer's events (`POST /api/external/events`). */
  events?: { [E in ExternalEvent['event']]?: EventHandler<Provides, E> };
}

/** A capability's job: its spec (name, schedule: known without building anything) and how it is bound. */
export interface CapabilityJob<S> {
  spec: Omit<JobSpec<never>, 'run'>;
  bind(services: S, kernel: Kernel): JobDefinition;
}

/** Declares a job with what it works with, taken from its capability's services (and earlier ones it needs) and the kernel. */
export type JobBinder<S> = <Deps>(spec: JobSpec<Deps>, deps: (services: S, kernel: Kernel) => Deps) => CapabilityJob<S>;

function job<Deps, S>(spec: JobSpec<Deps>, deps: (services: S, kernel: Kernel) => Deps): CapabilityJob<S> {
  return { spec, bind: (services, kernel) => bindJob(spec, deps(services, kernel)) };
}

/** The specs of the capabilities' jobs in list order; nothing is built (the deps are taken only when bound). */
export const jobsOf = (list: readonly AnyCapability[]): CapabilityJob<unknown>[] => list.flatMap((capability) => capability.jobs?.(job) ?? []);

/** The capabilities' configuration slices, in list order: what `loadConfig(env, slices)` parses besides the kernel's. */
export const configSlicesOf = (list: readonly AnyCapability[]): ConfigSlice[] => list.flatMap((capability) => (capability.config ? [capability.config] : []));

/** The route table over the capabilities' pages, in list order; nothing is built. */
export const routeTableOf = (list: readonly AnyCapability[]) => createRouteTable(list.flatMap((capability) => capability.pageRoutes ?? []));

/** Declares a capability; the type parameters come from `build` and `needs`. */
export function defineCapability<Provides extends Partial<CapabilityServices>, Needs extends ServiceName = never>(capability: Capability<Provides, Needs>): Capability<Provides, Needs> {
  return capability;
}

declare module './capability-services.ts' {
  interface CapabilityServices {
    /** Derived from the list: every capability's account-data sources (docs/account.md). */
    accountData: AccountData;
    /** Derived from the list: the bell over every capability's notification sources (docs/messages.md). */
    notifications: ReturnType<typeof createNotificationsService>;
    /** What the layout shows around every signed-in page (the bell, the project switcher). */
    layout: ReturnType<typeof createLayoutService>;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCapability = Capability<any, any>;

/**
 * Builds the capabilities in list order and derives the shared tables from them: services, mounts, route table, page
 * services, jobs, notification sources, account-data sources and the event dispatch.
 */
export function composeCapabilities(list: readonly AnyCapability[], kernel: Kernel) {
  // The customer's own data (docs/account.md): every capability's sources in list order, the order a deletion erases
  // them; the platform comes last (the sign-in account and the sessions last of all), so a deletion that fails before
  // can be started again by the customer. Built first: the account capability exports and erases through it.
  const accountData = createAccountData(list.flatMap((capability) => capability.accountData?.(kernel) ?? []));
  const built: Record<string, unknown> = { accountData };
  const own = new Map<AnyCapability, unknown>();
  for (const capability of list) {
    const missing = capability.needs.filter((name: string) => !(name in built));
    if (missing.length > 0) throw new Error(`capability ${capability.name} needs ${missing.join(', ')}, which no earlier capability provides`);
    const services = capability.build(kernel, built as never);
    own.set(capability, services);
    Object.assign(built, services);
  }
  const ownOf = (capability: AnyCapability) => own.get(capability);
  const notifications = createNotificationsService({
    sources: list.flatMap((capability) => capability.notifications?.(ownOf(capability), kernel) ?? []),
    seen: createNotificationSeenRepository(kernel.knex),
    warn: kernel.warn,
  });
  const layout = createLayoutService({ projects: kernel.projects, notifications });
  Object.assign(built, { notifications, layout });
  return {
    services: built as unknown as CapabilityServices,
    mounts: list.flatMap((capability) => capability.routers ?? []),
    /** Every capability's pages: the page guard, visit log, project-link check and the site's navigation read it. */
    routes: routeTableOf(list),
    /**
     * The services a page calls in-process, bound to one request (docs/architecture.md): the layout's and every
     * capability's. Built per request around one RequestContext, whose memo lets the layout and the page share their
     * upstream calls.
     */
    pageServices: (ctx: RequestContext): PortalServices =>
      Object.assign({ layout: layout.forRequest(ctx) }, ...list.map((capability) => capability.pages?.(ownOf(capability), ctx, kernel) ?? {})) as PortalServices,
    jobs: jobsOf(list).map((declared) => declared.bind(built, kernel)),

    /** Runs every handler of the event in list order; the outcome is the first one a handler answers. */
    async dispatch(event: ExternalEvent, deps: RouteDeps): Promise<string> {
      // Every event is about one project: what this instance keeps of it is asked afresh from now on.
      kernel.upstreamCache.invalidateProject(event.data.projectId);
      let outcome: string | undefined;
      for (const capability of list) {
        const handler = capability.events?.[event.event] as EventHandler<unknown, typeof event.event> | undefined;
        if (!handler) continue;
        const answered = await handler(ownOf(capability), event.data as never, deps);
        if (outcome === undefined && typeof answered === 'string') outcome = answered;
      }
      return outcome ?? 'ignored';
    },
  };
}

export type Composed = ReturnType<typeof composeCapabilities>;
