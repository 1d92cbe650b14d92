import { z } from 'zod';
import { UpstreamUnavailable } from '../domain/errors.ts';
import type { ManagedProject, ManagementService } from '../ports/management-service.ts';

/** Answer within the islands' 30 s budget with a German message rather than let the browser time out. */
const TIMEOUT_MS = 15_000;
const SERVICE_NAME = 'Unsere Projektverwaltung';

const ProjectSchema = z.object({
  id: z.number().int(),
  customerNumber: z.string(),
  address: z.object({ street: z.string(), houseNumber: z.string(), zip: z.string(), city: z.string() }),
  contact: z.object({ name: z.string(), emails: z.array(z.string()) }),
  productLines: z.array(z.string()),
  phase: z.string(),
  step: z.string(),
  portalUserIds: z.array(z.string()),
});
const ListSchema = z.object({ items: z.array(ProjectSchema) });

/** ManagementService over the installer's REST API (bearer token); the sandbox serves the same API locally. */
export function createHttpManagementService(options: { baseUrl: string; token: string; timeoutMs?: number }): ManagementService {
  async function call(method: string, path: string, accept404 = false): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${options.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (cause) {
      throw new UpstreamUnavailable(SERVICE_NAME, { cause });
    }
    if (accept404 && response.status === 404) return null;
    if (!response.ok) {
      throw new UpstreamUnavailable(SERVICE_NAME, { cause: new Error(`${method} ${path} answered ${response.status}`) });
    }
    if (response.status === 204) return undefined;
    try {
      return await response.json();
    } catch (cause) {
      throw new UpstreamUnavailable(SERVICE_NAME, { cause });
    }
  }

  const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new UpstreamUnavailable(SERVICE_NAME, { cause: parsed.error });
    return parsed.data;
  };

  return {
    async getProject(id): Promise<ManagedProject | null> {
      const body = await call('GET', `/projects/${encodeURIComponent(String(id))}`, true);
      return body === null ? null : parse(ProjectSchema, body);
    },
    async findByCustomer(customerNumber, zip) {
      const query = new URLSearchParams({ customerNumber, zip });
      return parse(ListSchema, await call('GET', `/projects?${query}`)).items;
    },
    async projectsOfUser(userId) {
      const query = new URLSearchParams({ portalUserId: userId });
      return parse(ListSchema, await call('GET', `/projects?${query}`)).items;
    },
    async connectUser(projectId, userId) {
      await call('PUT', `/projects/${projectId}/portal-users/${encodeURIComponent(userId)}`);
    },
  };
}
