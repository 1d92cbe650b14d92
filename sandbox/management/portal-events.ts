import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Config } from '~/bff/config.ts';
import { MONITORED_PRODUCT_LINES } from '../iot/installations.ts';
import type { Journey } from './journey.ts';
import type { VendorProject } from './store.ts';

/**
 * The installer's system reporting to the portal's external machine endpoint (`POST /api/external/events`, a JWT of
 * the caller `external` with the portal's fixed audience; docs/machine-api.md), as the real CRM would. Used by the
 * tester page's "DC/AC-Montage ans Portal melden" (the survey invitation follows; docs/surveys.md).
 */
export function createPortalReporter(config: Config) {
  const key = new TextEncoder().encode(config.EXTERNAL_API_SECRET);
  return async function reportStepDone(projectId: number, step: 'DC' | 'AC'): Promise<{ status: number; outcome: string | null }> {
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('external').setAudience(config.API_AUDIENCE).setIssuedAt().setJti(randomUUID()).setExpirationTime('5m').sign(key);
    try {
      const response = await fetch(`${config.publicUrl}/api/external/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'project.step_done', data: { projectId, step } }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json().catch(() => null)) as { outcome?: unknown } | null;
      return { status: response.status, outcome: typeof body?.outcome === 'string' ? body.outcome : null };
    } catch {
      return { status: 0, outcome: null };
    }
  };
}
export type PortalReporter = ReturnType<typeof createPortalReporter>;

/**
 * The back office's report of a commissioning to the IoT cloud (`POST /iot/_control/projects/{id}/commissioning`,
 * idempotent there): a project with PV is monitored from its commissioning on. Projects without PV (a wallbox or a heat
 * pump alone) have nothing the cloud monitors.
 */
export function createIotCommissioning(controlUrl: string, log: (line: string) => void) {
  return {
    async commissioned(project: VendorProject, journey: Journey): Promise<void> {
      if (!journey.commissionedAt || !project.productLines.some((line) => MONITORED_PRODUCT_LINES.includes(line))) return;
      const body = {
        commissionedAt: journey.commissionedAt,
        name: `${project.contact.name}, ${project.address.street} ${project.address.houseNumber}, ${project.address.city}`,
        zip: project.address.zip,
        peakPowerKw: journey.peakPowerKw ?? 8,
        batteryKwh: project.productLines.includes('STORAGE') ? 10 : null,
      };
      try {
        const response = await fetch(`${controlUrl}/projects/${project.id}/commissioning`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) log(`Management: IoT-Cloud nahm die Inbetriebnahme von ${project.id} nicht an (${response.status})`);
      } catch (error) {
        log(`Management: IoT-Cloud nicht erreichbar für ${project.id}: ${(error as Error).message}`);
      }
    },
  };
}
