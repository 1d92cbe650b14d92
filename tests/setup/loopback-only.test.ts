import { describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';

describe('outbound network in tests', () => {
  it('fails a connection to a host other than loopback', async () => {
    const error = await fetch('http://portal.example.de/').catch((e: unknown) => e);
    expect(String((error as Error).cause ?? error)).toMatch(/nur localhost erreichen, nicht portal\.example\.de/);
  });

  it('fails a connection to a non-loopback address', async () => {
    const error = await fetch('http://10.1.2.3:8080/').catch((e: unknown) => e);
    expect(String((error as Error).cause ?? error)).toMatch(/nicht 10\.1\.2\.3/);
  });

  it('lets loopback through', async () => {
    // Nothing listens on a just-freed port: the connection is refused by the OS, not by the guard.
    const error = await fetch(`http://127.0.0.1:${await freePort()}/`).catch((e: unknown) => e);
    expect(String((error as Error).cause ?? error)).toMatch(/ECONNREFUSED/);
  });

  it.each([1337, 4321, 4010, 2525, 5433])('never reaches a development stack on its default port %i, whether or not one runs', async (port) => {
    const error = await fetch(`http://localhost:${port}/`).catch((e: unknown) => e);
    expect(String((error as Error).cause ?? error)).toMatch(new RegExp(`Entwicklungs-Stack \\(Port ${port}\\)`));
  });
});
