import type { ProjectSummary } from '../../../bff/contracts/projects.ts';
import type { PortalServices } from '../../../bff/contracts/session.ts';

export type MyProjects =
  | { available: true; projects: ProjectSummary[]; current: ProjectSummary | null }
  | { available: false };

/** The code the BFF's services reject with when the management service does not answer. */
const UPSTREAM_UNAVAILABLE = 'UPSTREAM.UNAVAILABLE';

/**
 * The customer's projects for a page, once per request (the page passes the result on to the layout). A failure
 * leaves the page working: it shows a notice instead of the project area.
 */
export async function loadMyProjects(services: Pick<PortalServices, 'myProjects'> | undefined): Promise<MyProjects> {
  try {
    if (!services) throw new Error('Astro.locals.services is missing (page rendered without the BFF)');
    const { projects, currentProjectId } = await services.myProjects();
    const current = projects.find((project) => project.id === currentProjectId) ?? projects[0] ?? null;
    return { available: true, projects, current };
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== UPSTREAM_UNAVAILABLE) {
      console.error('[projects] loading the customer’s projects failed', error);
    }
    return { available: false };
  }
}
