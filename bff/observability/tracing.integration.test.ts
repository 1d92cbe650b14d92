import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import readline from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { testData } from '../../tests/support/test-data.ts';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface Started {
  child: ChildProcess;
  url: string;
  sandboxUrl: string;
  tracer: string;
  lines: Record<string, unknown>[];
}

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
});

/**
 * The portal in a child process, preloaded with the tracing module exactly as the launcher starts it (a cold start of
 * every module through tsx: tens of seconds on a busy machine, hence the tests' own timeouts).
 */
async function startPortalProcess(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './bff/observability/tracing.ts', 'tests/support/traced-portal.ts'], {
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`portal process ended (${code}):\n${stderr.slice(-3000)}`)));
    readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
      if (!text.startsWith('{')) return;
      const line = JSON.parse(text) as Record<string, unknown> & { ready?: Omit<Started, 'child' | 'lines'> };
      if (line.ready) resolve({ child, lines, ...line.ready });
      else lines.push(line);
    });
  });
}

/** A minimal OTLP/HTTP receiver: keeps every span posted as JSON to /v1/traces. */
async function otlpReceiver() {
  const spans: (OtlpSpan & { scope: string })[] = [];
  const contentTypes = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      contentTypes.add(String(req.headers['content-type']));
      if (req.url === '/v1/traces') {
        const payload = JSON.parse(body) as { resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[] };
        for (const resource of payload.resourceSpans) for (const scope of resource.scopeSpans) for (const span of scope.spans) spans.push({ ...span, scope: scope.scope.name });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, contentTypes, close: () => new Promise((resolve) => server.close(resolve)) };
}

const attribute = (span: OtlpSpan, key: string) => Object.values(span.attributes.find((a) => a.key === key)?.value ?? {})[0];

describe('traces', () => {
  it('with an OTLP endpoint, a request’s HTTP, Express, PostgreSQL and fetch spans arrive as one trace, and its log lines name the trace', async () => {
    const receiver = await otlpReceiver();
    try {
      const portal = await startPortalProcess({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'kundenportal-test', OTEL_BSP_SCHEDULE_DELAY: '100' });
      expect(portal.tracer).toBe('NodeTracerProvider');
      const data = testData(portal.sandboxUrl);
      try {
        // The sign-in's callback reads and writes the session (pg), records the LOGIN activity (pg) and redeems the
        // code at the identity provider (fetch).
        await signedInClient(portal.url, await data.customer());
      } finally {
        await data.cleanup();
      }
      const callback = () => receiver.spans.find((span) => span.scope === '@opentelemetry/instrumentation-http' && span.kind === 2 && String(attribute(span, 'http.target') ?? attribute(span, 'url.path')).startsWith('/api/auth/callback'));
      await expect.poll(callback, { timeout: 15_000 }).toBeDefined();
      const traceId = callback()?.traceId;
      const scopes = () => new Set(receiver.spans.filter((span) => span.traceId === traceId).map((span) => span.scope));
      await expect.poll(() => [...scopes()].sort(), { timeout: 15_000 }).toEqual(
        expect.arrayContaining(['@opentelemetry/instrumentation-express', '@opentelemetry/instrumentation-http', '@opentelemetry/instrumentation-pg', '@opentelemetry/instrumentation-undici']),
      );
      // The same request's access line carries its request id and the trace id together.
      const access = portal.lines.find((line) => line.msg === 'request' && line.route === '/api/auth/callback');
      expect(access).toMatchObject({ traceId, requestId: expect.any(String) });
      expect(receiver.contentTypes).toContain('application/json');
    } finally {
      await receiver.close();
    }
  }, 120_000);

  it('without an endpoint, no SDK is loaded and log lines carry no trace id', async () => {
    const portal = await startPortalProcess({ OTEL_EXPORTER_OTLP_ENDPOINT: '' });
    expect(portal.tracer).toBe('NoopTracerProvider');
    const response = await fetch(`${portal.url}/privacy-policy`);
    await response.arrayBuffer();
    await expect.poll(() => portal.lines.find((line) => line.msg === 'request' && line.route === '/privacy-policy')).toBeDefined();
    expect(portal.lines.some((line) => 'traceId' in line)).toBe(false);
  }, 120_000);
});
