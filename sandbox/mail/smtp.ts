import type { AddressInfo } from 'node:net';
import PostalMime, { type Address } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { MailStore } from './store.ts';

const MAX_MAIL_BYTES = 10 * 1024 * 1024;

export interface SmtpHandle {
  port: number;
  close(): Promise<void>;
}

function formatAddress(address: Address | undefined): string | undefined {
  if (!address) return undefined;
  if (address.group) return address.group.map((member) => formatAddress(member)).join(', ');
  return address.name ? `${address.name} <${address.address}>` : address.address;
}

/** smtp-server answers with `responseCode` when onData fails. */
class SmtpError extends Error {
  readonly responseCode: number;

  constructor(message: string, responseCode: number) {
    super(message);
    this.responseCode = responseCode;
  }
}

/**
 * The sandbox mail relay: plain SMTP on localhost (no STARTTLS), any or no credentials accepted, every message
 * parsed with postal-mime and kept in the mail store for the web mailbox.
 */
export function startSmtpServer(options: {
  port: number;
  host: string;
  store: MailStore;
  log: (line: string) => void;
}): Promise<SmtpHandle> {
  const { store, log } = options;
  const server = new SMTPServer({
    name: 'sandbox.kundenportal.local',
    banner: 'Kundenportal-Sandbox',
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    size: MAX_MAIL_BYTES,
    logger: false,
    // Clients are local; a reverse DNS lookup per connection only adds latency.
    disableReverseLookup: true,
    closeTimeout: 2_000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'sandbox' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        // Past the limit only the flag matters; keeping the bytes would defeat the limit.
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('error', (err: Error) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(new SmtpError('Nachricht ist größer als 10 MB', 552));
          return;
        }
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) =>
            store.add({
              from: formatAddress(email.from) ?? envelopeFrom,
              to,
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
            }),
          )
          .then(
            (mail) => {
              log(`Mail: an ${mail.to.join(', ')}: ${mail.subject}`);
              callback(null, `Angenommen: ${mail.id}`);
            },
            (err: unknown) => {
              log(`Mail: nicht lesbar: ${(err as Error).message}`);
              callback(new SmtpError('Nachricht konnte nicht gelesen werden', 451));
            },
          );
      });
    },
  });
  // A broken client connection must never take the sandbox down.
  server.on('error', (err: Error) => log(`SMTP: ${err.message}`));

  return new Promise((resolve, reject) => {
    const onStartError = (err: Error) => reject(err);
    server.server.once('error', onStartError);
    server.listen(options.port, options.host, () => {
      server.server.off('error', onStartError);
      const { port } = server.server.address() as AddressInfo;
      resolve({
        port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
