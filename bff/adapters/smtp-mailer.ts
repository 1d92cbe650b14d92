import nodemailer from 'nodemailer';
import { outboundRequestId } from '../observability/context.ts';
import { observedCall } from '../observability/outbound.ts';
import type { Mailer } from '../ports/mailer.ts';

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
  from: string;
}

/**
 * Mailer over SMTP (the sandbox's SMTP server locally, the mail relay in production). Each mail carries the work's
 * request id as `X-Request-Id` (an opaque id, so the relay's log leads back to the portal's), and each send is
 * measured as service `smtp` (docs/observability.md).
 */
export function createSmtpMailer(options: SmtpOptions): Mailer {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure,
    ...(options.user ? { auth: { user: options.user, pass: options.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    from: options.from,
    async send(mail) {
      const requestId = outboundRequestId();
      await observedCall('smtp', () => transport.sendMail({ from: options.from, ...mail, ...(requestId ? { headers: { 'X-Request-Id': requestId } } : {}) }));
    },
  };
}
