import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Config } from '../../bff/config.ts';

/**
 * The installer's system reporting to the portal's external machine endpoint (`POST /api/external/events`, a JWT of
 * the caller `external` with the portal's fixed audience; docs/machine-api.md), as the real CRM would. Used by the
 * tester page's "DC/AC-Montage ans Portal melden" (issue 15: the survey invitation follows).
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
