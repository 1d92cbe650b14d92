/**
 * OpenTelemetry tracing of the portal (docs/observability.md "Traces"), loaded before the portal's own modules:
 * `node --import tsx --import ./bff/observability/tracing.ts bff/server.ts`. ESM modules can only be instrumented
 * through a loader hook registered before they are imported, hence a preload and not a call in bff/server.ts.
 *
 * With OTEL_EXPORTER_OTLP_ENDPOINT unset this module does nothing else: no SDK is imported, no hook registered.
 * With it set: spans of incoming HTTP (Express routes and middlewares), PostgreSQL queries (pg, as knex, the session
 * store and pg-boss use it) and outgoing fetch (undici) go to the collector over OTLP/HTTP in batches. The standard
 * OTEL_* variables (OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, …) work as the SDK reads them.
 */
import { envSchema } from '../config.ts';

const TRACING_ENV = envSchema.pick({ OTEL_EXPORTER_OTLP_ENDPOINT: true, OTEL_SERVICE_NAME: true });

/** Requests not worth a trace: the probes, and scrapes of the metrics port. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

async function startTracing(serviceName: string) {
  const { register } = await import('node:module');
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  // The loader learns which modules the instrumentations hook and wraps only those (import-in-the-middle's channel).
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, registerOptions);

  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { registerInstrumentations }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
    ]);
  const [{ HttpInstrumentation }, { ExpressInstrumentation }, { PgInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
  ]);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and …_TRACES_ENDPOINT, …_HEADERS) and posts to <endpoint>/v1/traces.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED.has((req.url ?? '').split('?')[0] ?? '') }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  await waitForAllMessagesAcknowledged();
}

// Empty counts as unset, as in loadConfig. A wrong value is left to loadConfig, which names it and stops the start.
const parsed = TRACING_ENV.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== '')));
if (parsed.success && parsed.data.OTEL_EXPORTER_OTLP_ENDPOINT) await startTracing(parsed.data.OTEL_SERVICE_NAME);
