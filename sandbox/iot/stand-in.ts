import path from 'node:path';
import { z } from 'zod';
import type { StandIn } from '../stand-in-types.ts';
import { JsonFile } from '../shared/json-store.ts';
import { InstallationSchema, type Installation } from './installations.ts';
import { createIotRouter } from './router.ts';

const SavedSchema = z.object({ version: z.literal(1), sites: z.array(InstallationSchema) });

/**
 * The IoT cloud (installation monitoring, simulated) under `/iot`. Sites created or commissioned at run time (the
 * management service reports each commissioning) are kept in `<dataDir>/iot.json` across restarts.
 */
export const iotStandIn: StandIn = {
  name: 'iot',
  async start({ config, dataDir, log }) {
    const { store, saved } = await JsonFile.open<{ version: 1; sites: Installation[] }>(path.join(dataDir, 'iot.json'), 'IoT', log, (json) => {
      const parsed = SavedSchema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    });
    const router = createIotRouter({ apiKey: config.IOT_API_KEY, saved: saved?.sites ?? [], onChange: (sites) => void store.save({ version: 1, sites }) });
    return { mountPath: '/iot', router, summary: 'IoT-Cloud /iot/', close: () => store.flush() };
  },
};
