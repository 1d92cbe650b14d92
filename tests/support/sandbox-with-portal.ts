import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '~/bff/config.ts';
import { startSandbox, type SandboxHandle } from '~/sandbox/server.ts';

/** A request a stand-in sent to the portal, its body read. */
export interface PortalRequest {
  url: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** `raw` as UTF-8 text. */
  body: string;
}

/**
 * The whole sandbox (every stand-in, a data folder of its own, free ports) with a stand-in for the portal on a free
 * port: every request the stand-ins send the portal (events, webhooks, back-channel logouts) goes to `answer`. The
 * sandbox finds the portal by PORT, unless `portalEnv` names it otherwise (PUBLIC_URL). `close` stops both and removes
 * the folder.
 */
export async function sandboxWithPortal(options: {
  name: string;
  answer: (request: PortalRequest, res: ServerResponse) => void;
  portalEnv?: (portalUrl: string) => Record<string, string>;
}): Promise<{ sandbox: SandboxHandle; config: Config; close: () => Promise<void> }> {
  const portal = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      options.answer({ url: req.url ?? '', headers: req.headers, raw, body: raw.toString('utf8') }, res);
    });
  });
  await new Promise<void>((resolve) => portal.listen(0, 'localhost', resolve));
  const { port } = portal.address() as AddressInfo;
  const config = loadConfig({ NODE_ENV: 'test', ...(options.portalEnv?.(`http://localhost:${port}`) ?? { PORT: String(port) }) });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `sandbox-${options.name}-`));
  const sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  return {
    sandbox,
    config,
    async close() {
      await sandbox.close();
      await new Promise((resolve) => portal.close(resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
