import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contracts/auth.ts';
import type { ManagedProject, ManagementService } from '../../ports/management-service.ts';
import { createRequestContext } from '../request-context.ts';
import { createProjectAccess } from './project-access.ts';
import { managedProject } from '../../../tests/support/managed-project.ts';

const erika: SessionUser = { id: 'kp|erika', email: 'erika@example.de', firstName: 'Erika', lastName: 'M', customerNumber: '1', phase: 'PROJECT' };
const project = (id: number, portalUserIds = [erika.id]) => managedProject({ id, contact: { name: 'Erika', emails: ['erika@example.de'] }, portalUserIds });

function access(projects: ManagedProject[]) {
  let calls = 0;
  const management = {
    projectsOfUser: async () => (calls++, projects),
  } as unknown as ManagementService;
  return { projects: createProjectAccess(management), calls: () => calls };
}

describe('the current project', () => {
  it('is the session’s project when it is the customer’s', async () => {
    const { projects } = access([project(300), project(200)]);
    expect((await projects.current(createRequestContext(erika, 300)))?.id).toBe(300);
  });

  it('is the customer’s first project without a choice or with a choice that is not theirs', async () => {
    const { projects } = access([project(300), project(200), project(100, ['kp|other'])]);
    expect((await projects.current(createRequestContext(erika, undefined)))?.id).toBe(200);
    expect((await projects.current(createRequestContext(erika, 100)))?.id).toBe(200);
  });

  it('is null for a visitor and for a customer without projects', async () => {
    expect(await access([project(1)]).projects.current(createRequestContext(null, 1))).toBeNull();
    expect(await access([]).projects.current(createRequestContext(erika, undefined))).toBeNull();
  });

  it('asks the management service once per request, whoever asks', async () => {
    const { projects, calls } = access([project(300), project(200)]);
    const ctx = createRequestContext(erika, 300);
    await Promise.all([projects.current(ctx), projects.current(ctx), projects.myProjects(erika.id, 300, ctx)]);
    expect(calls()).toBe(1);
  });
});

describe('a project of the customer', () => {
  function counted(projects: ManagedProject[], byId: ManagedProject[]) {
    const asked: string[] = [];
    const management = {
      projectsOfUser: async () => (asked.push('list'), projects),
      getProject: async (id: number) => (asked.push(`project:${id}`), byId.find((p) => p.id === id) ?? null),
    } as unknown as ManagementService;
    return { projects: createProjectAccess(management), asked };
  }

  it('on a page is answered by the customer’s projects, without asking for it on its own', async () => {
    const { projects, asked } = counted([project(300), project(200)], [project(300), project(200)]);
    const ctx = createRequestContext(erika, 300);
    await Promise.all([projects.ownedProject(erika.id, 200, undefined, ctx), projects.ownedProject(erika.id, 300, undefined, ctx), projects.current(ctx)]);
    expect(asked).toEqual(['list']);
  });

  it('on a page asks once for a project not among the kept ones, and a foreign one is not found', async () => {
    const { projects, asked } = counted([project(300)], [project(300), project(400), project(500, ['kp|other'])]);
    const ctx = createRequestContext(erika, 300);
    expect((await projects.ownedProject(erika.id, 400, undefined, ctx)).id).toBe(400);
    await projects.ownedProject(erika.id, 400, undefined, ctx);
    await expect(projects.ownedProject(erika.id, 500, 'Dieses Dokument', ctx)).rejects.toMatchObject({ status: 404, message: 'Dieses Dokument haben wir nicht gefunden.' });
    expect(asked).toEqual(['list', 'project:400', 'project:500']);
  });

  it('outside a page (a write) is always asked for on its own', async () => {
    const { projects, asked } = counted([project(300)], [project(300)]);
    await projects.ownedProject(erika.id, 300);
    await projects.ownedProject(erika.id, 300);
    expect(asked).toEqual(['project:300', 'project:300']);
  });
});
