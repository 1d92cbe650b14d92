import { createHmac } from 'node:crypto';

/**
 * Events of a vendor stand-in to the portal (management service: project steps; task service: answers), JSON, signed
 * like most vendors' webhooks with `<header>: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, so the portal
 * can refuse forged and replayed events. Three tries a second apart.
 */
export function eventSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface EventSenderOptions {
  url: string;
  secret: string;
  /** The signature header, e.g. `x-management-signature`. */
  header: string;
  /** The stand-in's name in log lines. */
  label: string;
  log: (line: string) => void;
  now?: () => Date;
}

export function createEventSender(options: EventSenderOptions) {
  return async function send(event: string, data: object): Promise<void> {
    const now = options.now?.() ?? new Date();
    const body = JSON.stringify({ event, occurredAt: now.toISOString(), data });
    const signature = eventSignature(options.secret, Math.floor(now.getTime() / 1000), body);
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [options.header]: signature },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) return;
        options.log(`${options.label}: Ereignis an ${options.url} antwortete ${response.status} (Versuch ${attempt})`);
      } catch (error) {
        options.log(`${options.label}: Ereignis an ${options.url} fehlgeschlagen (Versuch ${attempt}): ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
}

/** Sends events in the background and lets `close()` wait for the ones still under way. */
export function backgroundSender(send: (event: string, data: object) => Promise<void>) {
  const pending = new Set<Promise<void>>();
  return {
    send(event: string, data: object) {
      const delivery = send(event, data).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    drain: () => Promise.allSettled(pending),
  };
}
