import nodemailer, { type Transporter } from 'nodemailer';
import { escapeHtml } from './html.ts';

export interface SandboxMail {
  to: string;
  subject: string;
  /** Paragraphs of plain text; a link is shown as a button in HTML and as "label: url" in text. */
  paragraphs: string[];
  link?: { label: string; href: string };
  /** A one-time code, shown large. */
  code?: string;
  /** The mail's language (default German). */
  lang?: 'de' | 'en';
}

/**
 * Mail sent by a vendor stand-in itself (the identity provider's sign-in codes and notices, the marketing service's
 * double opt-in), over SMTP to the sandbox's own SMTP server, as the real vendors send their mails themselves.
 * `port` is looked up when a mail goes out: the SMTP stand-in may have been given an OS-chosen port.
 */
export function createMailSender(options: { from: string; host?: string; port: () => number | undefined }) {
  let transport: Transporter | undefined;
  let transportPort: number | undefined;
  const transportFor = (port: number) => {
    if (!transport || transportPort !== port) {
      transport = nodemailer.createTransport({ host: options.host ?? 'localhost', port, secure: false, connectionTimeout: 5_000, socketTimeout: 10_000 });
      transportPort = port;
    }
    return transport;
  };
  return {
    /** The sender's address, as it appears in the mails. */
    from: options.from,
    async send(mail: SandboxMail): Promise<void> {
      const port = options.port();
      if (port === undefined) throw new Error('no SMTP server in this sandbox');
      const text = [
        ...mail.paragraphs.flatMap((p) => [p, '']),
        ...(mail.code ? [`${mail.lang === 'en' ? 'Your code' : 'Dein Code'}: ${mail.code}`, ''] : []),
        ...(mail.link ? [`${mail.link.label}: ${mail.link.href}`, ''] : []),
      ].join('\n');
      const html = `<!doctype html><html lang="${mail.lang ?? 'de'}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head><body style="font-family:Arial,sans-serif;color:#1b1f24">
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${mail.code ? `<p style="font-size:26px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace">${escapeHtml(mail.code)}</p>` : ''}
${mail.link ? `<p><a href="${escapeHtml(mail.link.href)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#0b6e4f;color:#fff;text-decoration:none;font-weight:bold">${escapeHtml(mail.link.label)}</a></p>` : ''}
</body></html>`;
      await transportFor(port).sendMail({ from: options.from, to: mail.to, subject: mail.subject, text, html });
    },
    close() {
      transport?.close();
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;
