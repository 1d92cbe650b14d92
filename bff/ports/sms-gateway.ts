/**
 * Sends text messages (the funnel's SMS codes). Adapter: adapters/sms-gateway.http.ts (a Sinch-like batches API;
 * locally the sandbox's SMS gateway with its inbox page).
 */
export interface SmsGateway {
  /**
   * Sends one SMS to an E.164 number; resolves with the gateway's message id once the gateway accepted it. Rejects
   * with UPSTREAM.UNAVAILABLE when the gateway refuses or does not answer (the code is then not counted as sent).
   */
  send(message: { to: string; text: string }): Promise<{ id: string }>;
}
