import path from 'node:path';
import type { StandIn } from '../stand-in-types.ts';
import { createSmsRouter } from './router.ts';
import { SmsStore } from './store.ts';

/** The SMS gateway (the funnel's codes) under `/sms`, with the testers' inbox page. */
export const smsStandIn: StandIn = {
  name: 'sms',
  async start({ config, dataDir, log, url }) {
    const store = await SmsStore.open(path.join(dataDir, 'sms.json'), log);
    return {
      mountPath: '/sms',
      router: createSmsRouter(store, { token: config.SMS_API_TOKEN }),
      summary: `SMS-Postfach ${url}/sms/`,
      close: () => store.flush(),
    };
  },
};
