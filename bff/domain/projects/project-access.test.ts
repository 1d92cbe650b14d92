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
