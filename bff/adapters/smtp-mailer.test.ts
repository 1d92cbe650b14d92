import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricValue } from '../../tests/support/metrics.ts';
import { freePort } from '../../tests/support/ports.ts';
import { runInContext } from '../observability/context.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

let server: SMTPServer;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const mail = { to: ['anna@example.de'], subject: 'Test', text: 'Hallo', html: '<p>Hallo</p>' };
const smtpCalls = (status: string) => metricValue('portal_external_request_duration_seconds', { service: 'smtp', status }, 'portal_external_request_duration_seconds_count');

describe('the SMTP mailer', () => {
  it('gives a mail sent while serving a request that request’s id, and counts each send as service smtp', async () => {
    const before = { ok: await smtpCalls('ok'), error: await smtpCalls('error') };
    const mailer = createSmtpMailer({ host: '127.0.0.1', port, secure: false, from: 'portal@example.de' });
    await runInContext({ requestId: 'req-mail-12345678' }, () => mailer.send(mail));
    expect(received.at(-1)).toMatch(/^X-Request-Id: req-mail-12345678\r?$/im);
    await mailer.send(mail);
    expect(received.at(-1)).not.toMatch(/^X-Request-Id:/im);

    const nowhere = createSmtpMailer({ host: '127.0.0.1', port: await freePort(), secure: false, from: 'portal@example.de' });
    await expect(nowhere.send(mail)).rejects.toThrow();
    expect({ ok: await smtpCalls('ok'), error: await smtpCalls('error') }).toEqual({ ok: before.ok + 2, error: before.error + 1 });
  });
});
