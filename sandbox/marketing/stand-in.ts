import type { StandIn } from '../stand-in-types.ts';
import { createMailSender } from '../shared/mail-sender.ts';
import { createMarketingRouter } from './router.ts';
import { MarketingStore } from './store.ts';

/** The e-mail/SMS marketing service (newsletter contacts with double opt-in) under `/marketing`. */
export const marketingStandIn: StandIn = {
  name: 'marketing',
  async start({ config, dataDir, log, url, listening }) {
    const store = await MarketingStore.open(dataDir, log);
    const mail = createMailSender({ from: 'Beispiel Solar Newsletter <newsletter@beispiel-solar.example>', port: () => listening('smtp') ?? config.SMTP_PORT });
    return {
      mountPath: '/marketing',
      router: createMarketingRouter(store, { apiKey: config.MARKETING_API_KEY, mail, url, log }),
      summary: 'Newsletter /marketing/',
      async close() {
        mail.close();
        await store.flush();
      },
    };
  },
};
