import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import type { ManagedProject, ManagementService } from '../ports/management-service.ts';
import { createJsonClient } from './json-client.ts';

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
export function createHttpManagementService(endpoint: ServiceEndpoint): ManagementService {
  const client = createJsonClient(endpoint);
  return {
    async getProject(id): Promise<ManagedProject | null> {
      return client.request(`/projects/${encodeURIComponent(String(id))}`, { schema: ProjectSchema, nullOn404: true });
    },
    async findByCustomer(customerNumber, zip) {
      return (await client.get(`/projects?${new URLSearchParams({ customerNumber, zip })}`, ListSchema)).items;
    },
    async projectsOfUser(userId) {
      return (await client.get(`/projects?${new URLSearchParams({ portalUserId: userId })}`, ListSchema)).items;
    },
    async connectUser(projectId, userId) {
      await client.request(`/projects/${projectId}/portal-users/${encodeURIComponent(userId)}`, { method: 'PUT' });
    },
    async projectsWithoutPortalAccount() {
      return (await client.get('/projects?portalAccount=none', ListSchema)).items;
    },
    async disconnectUser(projectId, userId) {
      await client.request(`/projects/${projectId}/portal-users/${encodeURIComponent(userId)}`, { method: 'DELETE', nullOn404: true });
    },
  };
}
