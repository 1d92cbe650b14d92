import * as z from 'zod/mini';
import type { ProjectSummary } from '../../contracts/projects.ts';
import { ProjectPhaseSchema, ProjectStepSchema, ProductLineSchema } from '../../contracts/projects.ts';
import type { ManagedProject, ManagementService } from '../../ports/management-service.ts';
import { NotFound } from '../errors.ts';

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

/**
 * The one place that answers "does this project belong to this customer" (ARCHITECTURE.md, data flows).
 * A foreign project answers exactly like a missing one: 404.
 */
export function createProjectAccess(management: ManagementService) {
  async function projectsOf(userId: string): Promise<ManagedProject[]> {
    const projects = await management.projectsOfUser(userId);
    return projects.filter((p) => p.portalUserIds.includes(userId)).sort((a, b) => a.id - b.id);
  }

  return {
    projectsOf,

    /** The customer's project or NotFound, whether it does not exist or belongs to someone else. */
    async ownedProject(userId: string, projectId: number): Promise<ManagedProject> {
      const project = await management.getProject(projectId);
      if (!project || !project.portalUserIds.includes(userId)) {
        throw new NotFound('Dieses Projekt haben wir nicht gefunden.');
      }
      return project;
    },

    /** The customer's projects for the page and the session's current one (the first if none was chosen). */
    async myProjects(userId: string, chosen: number | undefined) {
      const projects = (await projectsOf(userId)).map(toProjectSummary);
      const current = projects.find((p) => p.id === chosen) ?? projects[0];
      return { projects, currentProjectId: current?.id ?? null };
    },
  };
}

export type ProjectAccess = ReturnType<typeof createProjectAccess>;
