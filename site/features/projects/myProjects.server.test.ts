import { describe, expect, it, vi } from 'vitest';
import type { ProjectSummary } from '../../../bff/contracts/projects.ts';
import { loadMyProjects } from './myProjects.server.ts';

function project(id: number): ProjectSummary {
  return {
    id,
    address: { contact: { street: 'Sonnenallee', houseNumber: `${id % 100}`, zip: '80331', city: 'München' } },
    productLines: ['SOLAR'],
    phase: 'PLANNING',
    step: 'OFFER_CONFIRMATION',
  };
}

describe('loading the customer’s projects for a page', () => {
  it('picks the session’s current project', async () => {
    const projects = [project(100234), project(100235)];
    const loaded = await loadMyProjects({ myProjects: async () => ({ projects, currentProjectId: 100235 }) });

    expect(loaded).toEqual({ available: true, projects, current: projects[1] });
  });

  it('falls back to the first project when the session has none, and to null without projects', async () => {
    const projects = [project(100234)];
    await expect(
      loadMyProjects({ myProjects: async () => ({ projects, currentProjectId: null }) }),
    ).resolves.toMatchObject({ current: projects[0] });
    await expect(
      loadMyProjects({ myProjects: async () => ({ projects: [], currentProjectId: null }) }),
    ).resolves.toEqual({ available: true, projects: [], current: null });
  });

  it('answers "not available" when the management service is down, without logging it as a fault', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = Object.assign(new Error('management service down'), { code: 'UPSTREAM.UNAVAILABLE' });

    await expect(loadMyProjects({ myProjects: () => Promise.reject(down) })).resolves.toEqual({ available: false });
    expect(log).not.toHaveBeenCalled();

    await expect(loadMyProjects({ myProjects: () => Promise.reject(new Error('bug')) })).resolves.toEqual({
      available: false,
    });
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
