import net from 'node:net';
import { loadConfig } from '~/bff/config.ts';

/**
 * Tests talk to this machine only (docs/architecture.md, Conventions): a connection to anything but loopback (or a local socket)
 * fails at once with a message naming the host, so a test cannot pass by reaching a real service by accident.
 * Loaded by vitest in every worker (vitest.config.ts `setupFiles`).
 */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3}|\[::1\])$/i;

export class OutboundNetworkBlocked extends Error {
  constructor(host: string) {
    super(`Tests dürfen nur localhost erreichen, nicht ${host}`);
    this.name = 'OutboundNetworkBlocked';
  }
}

/**
 * The ports of a development stack (`npm start` with the defaults: portal, sandbox, SMTP, PostgreSQL, Strapi). A test
 * never reaches them, so it passes the same whether or not `npm start` runs in the same checkout: a connection there
 * fails as if nothing listened. Tests take free ports of their own (tests/support/ports.ts).
 */
const defaults = loadConfig({});
export const DEVELOPMENT_PORTS: ReadonlySet<number> = new Set([defaults.PORT, defaults.SANDBOX_PORT, defaults.SMTP_PORT, defaults.PG_PORT, defaults.STRAPI_PORT]);

export class DevelopmentStackBlocked extends Error {
  readonly code = 'ECONNREFUSED';
  constructor(port: number) {
    super(`Tests erreichen den Entwicklungs-Stack (Port ${port}) nicht; nimm einen freien Port (tests/support/ports.ts)`);
    this.name = 'DevelopmentStackBlocked';
  }
}

/** The port a `socket.connect(...)` call aims at, if any. */
function targetPort(args: unknown[]): number | undefined {
  const [first] = args as [unknown];
  const options = Array.isArray(first) ? (first[0] as unknown) : first;
  if (typeof options === 'object' && options !== null) {
    const { port } = options as { port?: unknown };
    return port === undefined || port === null ? undefined : Number(port);
  }
  return typeof options === 'number' || (typeof options === 'string' && /^\d+$/.test(options)) ? Number(options) : undefined;
}

/** The host a `socket.connect(...)` call aims at, or undefined for a local (IPC) socket. */
function targetHost(args: unknown[]): string | undefined {
  const [first, second] = args as [unknown, unknown];
  const options = Array.isArray(first) ? (first[0] as unknown) : first;
  if (typeof options === 'object' && options !== null) {
    const { path, host } = options as { path?: unknown; host?: unknown };
    if (typeof path === 'string') return undefined;
    return typeof host === 'string' && host !== '' ? host : 'localhost';
  }
  if (typeof options === 'string' && !/^\d+$/.test(options)) return undefined;
  return typeof second === 'string' && second !== '' ? second : 'localhost';
}

const original = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connect(this: net.Socket, ...args: unknown[]) {
  const host = targetHost(args);
  if (host !== undefined && !LOOPBACK.test(host)) {
    const error = new OutboundNetworkBlocked(host);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  const port = targetPort(args);
  if (host !== undefined && port !== undefined && DEVELOPMENT_PORTS.has(port)) {
    const error = new DevelopmentStackBlocked(port);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return (original as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
