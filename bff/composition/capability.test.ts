import { describe, expect, it } from 'vitest';
import type { ExternalEvent } from '../contracts/machine.ts';
import { createUpstreamCache } from '../domain/upstream-cache.ts';
import { composeCapabilities, type AnyCapability, type Kernel } from './capability.ts';
import { CAPABILITIES } from './capabilities.ts';

/** What composing touches of the kernel without a capability asking for more: no database call happens. */
const kernel = { knex: () => undefined, warn: () => undefined, projects: {}, upstreamCache: createUpstreamCache(), config: { NOTIFICATION_FEED_MAX_AGE_SECONDS: 60 } } as unknown as Kernel;
const routeDeps = {} as Parameters<ReturnType<typeof composeCapabilities>['dispatch']>[1];

describe('the capability list', () => {
  it('has a handler for every event of the installer', () => {
    // Every kind of the schema (an event added there fails the compiler here until it is listed).
    const kinds: Record<ExternalEvent['event'], true> = { 'project.step_changed': true, 'project.step_done': true, 'task.answered': true, 'document.published': true };
    const events = Object.keys(kinds) as ExternalEvent['event'][];
    for (const event of events) expect(CAPABILITIES.some((capability) => capability.events?.[event]), event).toBe(true);
  });

  it('names each capability once', () => {
    const names = CAPABILITIES.map((capability) => capability.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('composeCapabilities', () => {
  const first = { name: 'first', needs: [], build: () => ({ first: 1 }) } as unknown as AnyCapability;
  const second = {
    name: 'second',
    needs: [],
    build: () => ({ second: 2 }),
    events: {
      'project.step_changed': async () => undefined,
      'task.answered': async () => 'second',
    },
  } as unknown as AnyCapability;
  const third = { name: 'third', needs: ['first'], build: (_k: Kernel, deps: { first: number }) => ({ third: deps.first + 2 }), events: { 'project.step_changed': async () => 'third', 'task.answered': async () => 'third' } } as unknown as AnyCapability;

  it('builds in list order and hands a capability the services it needs', () => {
    expect(composeCapabilities([first, second, third], kernel).services).toMatchObject({ first: 1, second: 2, third: 3 });
  });

  it('stops when a capability needs one that comes later or nowhere', () => {
    expect(() => composeCapabilities([third, first], kernel)).toThrow('capability third needs first');
  });

  it('runs every handler of an event in list order; the first answer is the outcome', async () => {
    const composed = composeCapabilities([first, second, third], kernel);
    expect(await composed.dispatch({ event: 'task.answered', data: { projectId: 1, taskId: 't', kind: 'k' } }, routeDeps)).toBe('second');
    expect(await composed.dispatch({ event: 'project.step_changed', data: { projectId: 1, step: 'DC' } }, routeDeps)).toBe('third');
    expect(await composed.dispatch({ event: 'document.published', data: { projectId: 1, documentId: 'd', title: 'T' } }, routeDeps)).toBe('ignored');
  });
});
