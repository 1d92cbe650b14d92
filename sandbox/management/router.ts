import type express from 'express';
import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { badRequest, controlJson, createStandIn, notFound } from '../shared/stand-in.ts';
import { NewProjectSchema, type ManagementStore } from './store.ts';

const ProjectIdSchema = z.string().regex(/^[1-9]\d{0,14}$/).transform(Number);
const PortalUserIdSchema = z.string().min(1).max(255).regex(/^[^\p{Cc}]+$/u);

type ProjectsQuery = { by: 'customer'; customerNumber: string; zip: string } | { by: 'portalUser'; portalUserId: string };

/** The only two searches the vendor offers; anything else (extra, repeated or empty parameters) is a bad request. */
function parseProjectsQuery(query: Request['query']): ProjectsQuery | undefined {
  const keys = Object.keys(query).sort().join('&');
  const value = (key: string): string | undefined => {
    const raw = query[key];
    return typeof raw === 'string' && raw.trim() !== '' ? raw : undefined;
  };
  if (keys === 'customerNumber&zip') {
    const customerNumber = value('customerNumber');
    const zip = value('zip');
    return customerNumber && zip ? { by: 'customer', customerNumber, zip } : undefined;
  }
  if (keys === 'portalUserId') {
    const portalUserId = value('portalUserId');
    return portalUserId ? { by: 'portalUser', portalUserId } : undefined;
  }
  return undefined;
}

/**
 * The installer's management service (CRM / project management) as a vendor REST API, for local development and
 * tests. Mount at `/management`: the API lives under `/api/v1` (bearer token = the portal's MANAGEMENT_API_TOKEN), the
 * test controls under `/_control` (see sandbox/shared/stand-in.ts).
 */
export function createManagementRouter(store: ManagementStore, options: { token: string }): express.Router {
  return createStandIn({
    apiPath: '/api/v1',
    auth: { bearer: options.token, realm: 'management' },
    onReset: () => store.reset(),
    api(api) {
      api.get('/projects', (req, res) => {
        const query = parseProjectsQuery(req.query);
        if (!query) {
          badRequest(res);
          return;
        }
        const items =
          query.by === 'customer'
            ? store.findByCustomer(query.customerNumber, query.zip)
            : store.findByPortalUser(query.portalUserId);
        res.json({ items });
      });

      api.get('/projects/:id', (req, res) => {
        const id = ProjectIdSchema.safeParse(req.params.id);
        const project = id.success ? store.get(id.data) : undefined;
        if (!project) {
          notFound(res);
          return;
        }
        res.json(project);
      });

      const changeLink =
        (action: 'link' | 'unlink'): RequestHandler =>
        async (req, res) => {
          const id = ProjectIdSchema.safeParse(req.params.id);
          if (!id.success) {
            notFound(res);
            return;
          }
          const userId = PortalUserIdSchema.safeParse(req.params.userId);
          if (!userId.success) {
            badRequest(res);
            return;
          }
          const found =
            action === 'link' ? await store.link(id.data, userId.data) : await store.unlink(id.data, userId.data);
          if (!found) {
            notFound(res);
            return;
          }
          res.status(204).end();
        };
      api.put('/projects/:id/portal-users/:userId', changeLink('link'));
      api.delete('/projects/:id/portal-users/:userId', changeLink('unlink'));
    },
    control(control) {
      control.get('/projects', (_req, res) => {
        res.json({ items: store.list() });
      });

      /** A project for one test or one tester: 201 with the whole vendor project (id from 900000 on). */
      control.post('/projects', controlJson, async (req, res) => {
        const parsed = NewProjectSchema.safeParse(req.body);
        if (!parsed.success) {
          badRequest(res, z.prettifyError(parsed.error));
          return;
        }
        res.status(201).json(await store.create(parsed.data));
      });

      control.delete('/projects/:id', async (req, res) => {
        const id = ProjectIdSchema.safeParse(req.params.id);
        if (!id.success || !(await store.remove(id.data))) {
          notFound(res);
          return;
        }
        res.status(204).end();
      });
    },
  });
}
