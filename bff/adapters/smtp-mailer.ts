import nodemailer from 'nodemailer';
import type { Mailer } from '../ports/mailer.ts';

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
  from: string;
}

/** Mailer over SMTP (the sandbox's SMTP server locally, the mail relay in production). */
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
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}
