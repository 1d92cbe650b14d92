import * as z from 'zod/mini';
import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import type { MyProjects, ProjectSummary, ProjectsServices } from '../../contracts/projects.ts';
import { ProjectPhaseSchema, ProjectStepSchema, ProductLineSchema } from '../../contracts/projects.ts';
import type { ManagedProject, ManagementService } from '../../ports/management-service.ts';
import { notFound } from '../errors.ts';
import type { RequestContext } from '../request-context.ts';
import type { UpstreamCache } from '../upstream-cache.ts';

/** The vendor's project in the portal's shape; values the portal does not know are left out or defaulted. */
export function toProjectSummary(project: ManagedProject): ProjectSummary {
  const phase = z.safeParse(ProjectPhaseSchema, project.phase);
  const step = z.safeParse(ProjectStepSchema, project.step);
  return {
    id: project.id,
    address: {
      contact: {
        street: project.address.street,
        houseNumber: project.address.houseNumber,
        zip: project.address.zip,
        city: project.address.city,
      },
    },
    productLines: project.productLines.flatMap((line) => {
      const parsed = z.safeParse(ProductLineSchema, line);
      return parsed.success ? [parsed.data] : [];
    }),
    phase: phase.success ? phase.data : 'PLANNING',
    step: step.success ? step.data : 'OFFER_CONFIRMATION',
  };
}

/** The chosen project among the customer's, else the first (see `current`). */
const currentOf = <P extends { id: number }>(projects: readonly P[], chosen: number | undefined): P | null => projects.find((p) => p.id === chosen) ?? projects[0] ?? null;

/**
 * The one place that answers "does this project belong to this customer" (docs/architecture.md, data flows).
 * A foreign project answers exactly like a missing one: 404.
 */
export function createProjectAccess(management: ManagementService, cache?: UpstreamCache) {
  /**
   * The customer's projects by id; within a page request asked once (`ctx`), whoever asks, and kept for seconds across
   * the customer's requests (`cache`). A kept list without the session's project is older than the session's choice
   * (a project connected on another instance): it is asked afresh.
   */
  async function projectsOf(userId: string, ctx?: RequestContext): Promise<ManagedProject[]> {
    const load = async () => {
      const projects = await management.projectsOfUser(userId);
      return projects.filter((p) => p.portalUserIds.includes(userId)).sort((a, b) => a.id - b.id);
    };
    if (!ctx) return load();
    if (!cache) return ctx.once(`projects:${userId}`, load, 'management');
    const ids = (projects: ManagedProject[]) => projects.map((p) => p.id);
    const kept = await cache.through(ctx, `projects:${userId}`, load, ids, 'management');
    const chosen = ctx.currentProjectId;
    if (chosen === undefined || kept.some((p) => p.id === chosen)) return kept;
    return cache.refresh(ctx, `projects:${userId}`, load, ids, 'management');
  }

  async function myProjects(userId: string, chosen: number | undefined, ctx?: RequestContext) {
    const projects = await projectsOf(userId, ctx);
    return { projects: projects.map(toProjectSummary), currentProjectId: currentOf(projects, chosen)?.id ?? null };
  }

  /**
   * The one rule of "the current project": the session's project, else the customer's first; null without a customer
   * or without any project. Within a page request the projects are asked once (`ctx`), whoever asks.
   */
  async function current(ctx: RequestContext): Promise<ManagedProject | null> {
    if (!ctx.user) return null;
    return currentOf(await projectsOf(ctx.user.id, ctx), ctx.currentProjectId);
  }

  /** For pages: a failing management service leaves the page working, with a notice instead of the projects. */
  async function mine(ctx: RequestContext): Promise<MyProjects> {
    if (!ctx.user) return { available: true, projects: [], current: null };
    try {
      const { projects, currentProjectId } = await myProjects(ctx.user.id, ctx.currentProjectId, ctx);
      return { available: true, projects, current: projects.find((p) => p.id === currentProjectId) ?? null };
    } catch (error) {
      if (hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE)) return { available: false };
      throw error;
    }
  }

  return {
    projectsOf,
    myProjects,
    current,

    /**
     * The customer's project or NOT_FOUND, whether it does not exist or belongs to someone else. `what` names the
     * thing asked for when the project was found through it (a document, a message): a foreign one then answers with
     * exactly the words of a missing one, so sequential ids reveal nothing. With the page's `ctx`, the customer's kept
     * projects answer (docs/architecture.md "The data path of a page").
     */
    async ownedProject(userId: string, projectId: number, what = 'Dieses Projekt', ctx?: RequestContext): Promise<ManagedProject> {
      // A page's read: the customer's kept projects answer, as they do for the page's project; only a project not among
      // them is asked for on its own (once per request). Writes pass no `ctx` and always ask.
      if (ctx?.user?.id === userId) {
        const kept = (await projectsOf(userId, ctx)).find((p) => p.id === projectId);
        if (kept) return kept;
      }
      const project = await (ctx ? ctx.once(`project:${projectId}`, () => management.getProject(projectId), 'management') : management.getProject(projectId));
      if (!project || !project.portalUserIds.includes(userId)) throw notFound(`${what} haben wir nicht gefunden.`);
      return project;
    },

    forRequest: (ctx: RequestContext): ProjectsServices => ({ mine: () => mine(ctx) }),
  };
}

export type ProjectAccess = ReturnType<typeof createProjectAccess>;
