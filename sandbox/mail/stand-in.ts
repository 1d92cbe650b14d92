import path from 'node:path';
import type { StandIn } from '../stand-in-types.ts';
import { createMailboxRouter } from './router.ts';
import { startSmtpServer } from './smtp.ts';
import { MailStore } from './store.ts';

/** The mail relay (SMTP on SMTP_PORT) and the web mailbox under `/mailbox`. */
export const mailStandIn: StandIn = {
  name: 'mail',
  async start({ config, dataDir, log, port, url }) {
    const store = await MailStore.open(path.join(dataDir, 'mails.json'), log);
    const smtp = await startSmtpServer({ port: port('smtp') ?? config.SMTP_PORT, host: 'localhost', store, log });
    return {
      mountPath: '/mailbox',
      router: createMailboxRouter(store, { smtpPort: () => smtp.port }),
      ports: { smtp: smtp.port },
      summary: `Postfach ${url}/mailbox, SMTP localhost:${smtp.port}`,
      async close() {
        await smtp.close();
        await store.flush();
      },
    };
  },
};
