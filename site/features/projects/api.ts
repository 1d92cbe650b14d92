import * as z from 'zod/mini';
import { INTERNAL_API_BASE } from '~/bff/contracts/http.ts';
import {
  toProjectsMap,
  UserProjectsResponseSchema,
  type ProjectSummary,
  type SessionProjectRequest,
  type UserProjectsResponse,
} from '~/bff/contracts/projects.ts';
import { internalApi, type ApiClient } from '~/site/lib/api/client.ts';
import { invalidateCache, readCache } from '~/site/stores/apiCache.ts';

/** `GET /api/v1/internal/user/project`: the projects map query, kept in the persisted cache. */
export const USER_PROJECTS_PATH = 'user/project';
const USER_PROJECTS_URL = `${INTERNAL_API_BASE}/${USER_PROJECTS_PATH}`;
export const SESSION_PROJECT_PATH = 'util/auth-session-project-id';

export function fetchUserProjects(client: ApiClient = internalApi): Promise<UserProjectsResponse> {
  return client.get(USER_PROJECTS_PATH, UserProjectsResponseSchema, { cache: true });
}

/** After a project was connected or the session's project changed, the cached list is out of date. */
export function invalidateUserProjects(): void {
  invalidateCache('internalApi', USER_PROJECTS_URL);
}

/**
 * One of the customer's projects from the cached projects map; when the cache lacks it (or holds nothing), the
 * query is fetched again once. Null when the project is not the customer's or the list cannot be loaded.
 */
export async function findCustomerProject(
  projectId: number,
  client: ApiClient = internalApi,
): Promise<ProjectSummary | null> {
  const entry = readCache('internalApi', USER_PROJECTS_URL);
  const cached = entry ? z.safeParse(UserProjectsResponseSchema, entry.data) : undefined;
  const fromCache = cached?.success ? toProjectsMap(cached.data.projects)[projectId] : undefined;
  if (fromCache) return fromCache;
  invalidateUserProjects();
  try {
    return toProjectsMap((await fetchUserProjects(client)).projects)[projectId] ?? null;
  } catch {
    // The client has logged the failure; the caller falls back to a text without the address.
    return null;
  }
}

/** `POST /api/v1/internal/util/auth-session-project-id` (204): the session shows this project from now on. */
export async function selectSessionProject(projectId: number, client: ApiClient = internalApi): Promise<void> {
  const body: SessionProjectRequest = { projectId };
  await client.post(SESSION_PROJECT_PATH, z.undefined(), { json: body });
  invalidateUserProjects();
}
