import { Agent, buildConnector, fetch as undiciFetch, setGlobalDispatcher } from 'undici';

/**
 * Makes this process reach the stack the way a browser on the internet would: `https://<public host>/...` with the
 * host's certificate checked against the test's CA, while the connection really goes to the proxy's published ports
 * on 127.0.0.1 (the test machine has no DNS entry for the host). Nothing else is reachable, so the test cannot pass by
 * talking to anything but the stack's proxy. Replaces the global fetch, so the shared test helpers
 * (tests/support/sign-in.ts) run unchanged.
 */
export function routePublicHost(options: { host: string; ca: string; httpsPort: number; httpPort: number }) {
  const connect = buildConnector({ ca: [options.ca], rejectUnauthorized: true });
  const agent = new Agent({
    connect(target, callback) {
      if (target.hostname !== options.host) {
        callback(new Error(`the deployment test reaches only ${options.host}, not ${target.hostname}`), null);
        return;
      }
      const port = target.protocol === 'https:' ? options.httpsPort : options.httpPort;
      connect({ ...target, hostname: '127.0.0.1', port: String(port), servername: options.host }, callback);
    },
  });
  setGlobalDispatcher(agent);
  globalThis.fetch = undiciFetch as unknown as typeof globalThis.fetch;
  return agent;
}
