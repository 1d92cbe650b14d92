import { createHmac } from 'node:crypto';
import type { PositionChange } from './store.ts';

/**
 * The management service's project events to the portal (`POST <portal>/api/management/webhook`): JSON, signed like
 * most vendors' webhooks with `X-Management-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, so the
 * portal can refuse forged and replayed events. Three tries a second apart.
 */
export function managementEventSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function createEventSender(options: { url: string; secret: string; log: (line: string) => void; now?: () => Date }) {
  return async function send(change: PositionChange): Promise<void> {
    const now = options.now?.() ?? new Date();
    const body = JSON.stringify({ event: 'project.step_changed', occurredAt: now.toISOString(), data: change });
    const signature = managementEventSignature(options.secret, Math.floor(now.getTime() / 1000), body);
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-management-signature': signature },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) return;
        options.log(`Management: Ereignis an ${options.url} antwortete ${response.status} (Versuch ${attempt})`);
      } catch (error) {
        options.log(`Management: Ereignis an ${options.url} fehlgeschlagen (Versuch ${attempt}): ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
}
