import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics, registry } from './metrics.ts';
import { listen } from './startup.ts';

/**
 * The internal metrics port (METRICS_PORT on METRICS_HOST; docs/observability.md): `GET /metrics` in Prometheus'
 * text format and 404 for everything else. A listener of its own, so the public port and nginx never serve metrics.
 */
export async function startMetricsServer(options: { port: number; host: string }) {
  metrics.withProcessMetrics();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await listen(server, options.port, options.host);
  return {
    /** The bound port (METRICS_PORT, or the one the system chose for 0). */
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
