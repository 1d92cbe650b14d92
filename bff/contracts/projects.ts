import * as z from 'zod/mini';
import { definePages } from './routes.ts';

/**
 * Shapes of the customer's projects as the portal shows them. Written with zod/mini because islands parse them:
 * classic zod would add ~25 KB gzip to every island that imports a contract.
 */
export const ProductLineSchema = z.enum(['SOLAR', 'STORAGE', 'CHARGE', 'IQ', 'OFFGRID', 'HEAT_PUMP']);
export type ProductLine = z.infer<typeof ProductLineSchema>;

/** Project phases and their steps (docs/journey.md); COMPLETED once the installation runs. */
export const ProjectPhaseSchema = z.enum(['PLANNING', 'ASSEMBLY', 'COMPLETED']);
export type ProjectPhase = z.infer<typeof ProjectPhaseSchema>;
/**
 * The eight steps of both phases, in order (the journey, bff/contracts/journey.ts); IN_OPERATION is where a finished
 * project stands, not a step.
 */
export const JOURNEY_STEPS = [
  'OFFER_CONFIRMATION',
  'POWER_OF_ATTORNEY',
  'POWER_OF_ATTORNEY_MASTR',
  'PLANNING_CONCLUSION',
  'DELIVERY',
  'DC',
  'AC',
  'ASSEMBLY_CONCLUSION',
] as const;
export const ProjectStepSchema = z.enum([...JOURNEY_STEPS, 'IN_OPERATION']);
export type ProjectStep = z.infer<typeof ProjectStepSchema>;

/**
 * One entry of the projects map (the cached project list keyed by project id): the installation address sits under
 * `address.contact` (`address.contact.street`).
 */
export const ProjectSummarySchema = z.object({
  id: z.number(),
  address: z.object({
    contact: z.object({
      street: z.string(),
      houseNumber: z.string(),
      zip: z.string(),
      city: z.string(),
    }),
  }),
  productLines: z.array(ProductLineSchema),
  phase: ProjectPhaseSchema,
  step: ProjectStepSchema,
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

/** `GET /api/v1/internal/user/project`: the signed-in customer's projects and the one the session works on. */
export const UserProjectsResponseSchema = z.object({
  projects: z.array(ProjectSummarySchema),
  currentProjectId: z.nullable(z.number()),
});
export type UserProjectsResponse = z.infer<typeof UserProjectsResponseSchema>;

/** `POST /api/v1/internal/util/auth-session-project-id`: which of the customer's projects the session shows. */
export const SessionProjectRequestSchema = z.strictObject({ projectId: z.number().check(z.int(), z.positive()) });
export type SessionProjectRequest = z.infer<typeof SessionProjectRequestSchema>;

/** The projects map: the project list keyed by id. */
export function toProjectsMap(projects: readonly ProjectSummary[]): Record<number, ProjectSummary> {
  return Object.fromEntries(projects.map((project) => [project.id, project]));
}

/** The customer's home: the dashboard with the session's project (and the link dialog). */
export const DASHBOARD_PAGE = '/home/dashboard';

/** The portal's own pages: the start page, the error pages and the customer's home. */
export const PORTAL_PAGE_ROUTES = definePages([
  { path: '/', access: 'public' },
  { path: '/400', access: 'public' },
  { path: '/404', access: 'public' },
  { path: '/500', access: 'public' },
  { path: '/home', access: 'customer' },
  { path: DASHBOARD_PAGE, access: 'customer', nav: { labelKey: 'nav.dashboard', order: 10, alsoCurrentOn: ['/home', '/home/app', '/home/form'] } },
  { path: '/home/app', access: 'customer' },
  { path: '/home/form', access: 'customer' },
]);

export const PROJECTS_PATHS = {
  /** Internal base: the projects map query. */
  userProjects: 'user/project',
  /** Internal base: which of the customer's projects the session shows. */
  sessionProject: 'util/auth-session-project-id',
} as const;

/** The customer's projects as a page shows them; `available: false` when the management service did not answer. */
export type MyProjects =
  | { available: true; projects: ProjectSummary[]; current: ProjectSummary | null }
  | { available: false };

export interface ProjectsServices {
  /** The customer's projects and the session's current one, once per request (the layout shares the answer). */
  mine(): Promise<MyProjects>;
}
