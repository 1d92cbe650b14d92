import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { StandIn } from '../stand-in-types.ts';
import { createSalesRouter, type WonProject } from './router.ts';
import { SalesStore } from './store.ts';

/** Where the portal takes the sales service's lead events (bff/http/routes/funnel.routes.ts). */
const PORTAL_FUNNEL_EVENTS_PATH = '/api/funnel/events';

/**
 * The installer's sales service (CRM) under `/sales`. It reports a lead's outcome to the portal's funnel endpoint with
 * the funnel token (HS256 JWT, `sub` funnel, the portal's audience; docs/machine-api.md), like any machine caller.
 */
export const salesStandIn: StandIn = {
  name: 'sales',
  async start({ config, dataDir, log, url }) {
    const store = await SalesStore.open(dataDir, log);
    const token = () =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('funnel').setAudience(config.API_AUDIENCE).setIssuedAt().setJti(randomUUID()).setExpirationTime('2m').sign(new TextEncoder().encode(config.FUNNEL_API_SECRET));
    const notify = async (event: string, data: Record<string, string>) => {
      try {
        const answer = await fetch(`${config.publicUrl}${PORTAL_FUNNEL_EVENTS_PATH}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
          body: JSON.stringify({ event, occurredAt: new Date().toISOString(), data }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!answer.ok) log(`Vertrieb: Ereignis ${event} an das Portal antwortete ${answer.status}`);
        return answer.status;
      } catch (error) {
        log(`Vertrieb: Ereignis ${event} an das Portal fehlgeschlagen: ${String(error)}`);
        return 0;
      }
    };
    // The sale's project goes to the management service, as the CRM hands a closed deal to project management.
    const createProject = async (project: WonProject) => {
      try {
        const answer = await fetch(`${url}/management/_control/projects`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...project, phase: 'PLANNING', step: 'OFFER_CONFIRMATION' }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await answer.json().catch(() => null)) as { id?: unknown; detail?: unknown } | null;
        if (answer.ok && typeof body?.id === 'number') return { projectId: body.id };
        return { error: `Die Projektverwaltung hat das Projekt nicht angelegt (${answer.status}${typeof body?.detail === 'string' ? `: ${body.detail}` : ''}).` };
      } catch (error) {
        return { error: `Die Projektverwaltung ist nicht erreichbar: ${String(error)}` };
      }
    };
    return {
      mountPath: '/sales',
      router: createSalesRouter(store, { token: config.SALES_API_TOKEN, apiUrl: `${url}/sales/api/v1`, dataDir, notify, createProject }),
      summary: 'Vertrieb /sales/',
      close: () => store.flush(),
    };
  },
};
