import { trace } from '@opentelemetry/api';
import { shutdownTracing } from '~/bff/observability/context.ts';
import { startTestPortal } from './test-portal.ts';

/**
 * The test portal in a process of its own, started the way bff/server.ts is (`--import` of
 * bff/observability/tracing.ts first), for the tracing test: prints its log lines and then one `{"ready":…}` line.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const portal = await startTestPortal({ databaseUrl, onLogLine: (line) => process.stdout.write(`${line}\n`) });
const provider = trace.getTracerProvider() as { getDelegate?: () => object };
const tracer = (provider.getDelegate?.() ?? provider).constructor.name;
process.stdout.write(`${JSON.stringify({ ready: { url: portal.url, sandboxUrl: portal.sandboxUrl, tracer } })}\n`);
process.once('SIGTERM', () => {
  void portal
    .close()
    .then(shutdownTracing)
    .then(() => process.exit(0));
});
