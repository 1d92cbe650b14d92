import path from 'node:path';
import express from 'express';
import type { StandIn } from '../stand-in-types.ts';
import { createMailboxRouter } from './router.ts';
import { startSmtpServer, type SmtpHandle } from './smtp.ts';
import { MailStore } from './store.ts';

/**
 * The mail relay (SMTP on SMTP_PORT) and the web mailbox under `/mailbox`. In review debug mode (REVIEW_DEBUG_MODE,
 * docs/surveys.md) a second SMTP server listens on REVIEW_DEBUG_SMTP_PORT with its own inbox at `/mailbox/debug`: the
 * portal sends every review mail there instead of through the relay, as it would to a debug server (Mailtrap-like)
 * in a test environment with real data.
 */
export const mailStandIn: StandIn = {
  name: 'mail',
  async start({ config, dataDir, log, port, url }) {
    const store = await MailStore.open(path.join(dataDir, 'mails.json'), log);
    const smtp = await startSmtpServer({ port: port('smtp') ?? config.SMTP_PORT, host: config.SANDBOX_HOST, store, log });
    const router = express.Router();
    const ports: Record<string, number> = { smtp: smtp.port };
    let debug: { smtp: SmtpHandle; store: MailStore } | null = null;
    const debugPort = port('reviewDebugSmtp') ?? (config.REVIEW_DEBUG_MODE ? config.REVIEW_DEBUG_SMTP_PORT : undefined);
    if (debugPort !== undefined) {
      const debugStore = await MailStore.open(path.join(dataDir, 'mails-debug.json'), log);
      try {
        debug = { smtp: await startSmtpServer({ port: debugPort, host: config.SANDBOX_HOST, store: debugStore, log }), store: debugStore };
        ports.reviewDebugSmtp = debug.smtp.port;
        const debugSmtp = debug.smtp;
        router.use('/debug', createMailboxRouter(debugStore, { smtpPort: () => debugSmtp.port, debug: true }));
      } catch (error) {
        // E.g. port 587 taken or not allowed for this user: the sandbox runs on, review mails then fail visibly.
        log(`Mail: Debug-Postfach auf Port ${debugPort} nicht gestartet (${(error as Error).message})`);
      }
    }
    router.use(createMailboxRouter(store, { smtpPort: () => smtp.port }));
    return {
      mountPath: '/mailbox',
      router,
      ports,
      summary: `Postfach ${url}/mailbox, SMTP localhost:${smtp.port}${debug ? `, Debug-Postfach ${url}/mailbox/debug (SMTP ${debug.smtp.port})` : ''}`,
      async close() {
        await smtp.close();
        await debug?.smtp.close();
        await store.flush();
        await debug?.store.flush();
      },
    };
  },
};
