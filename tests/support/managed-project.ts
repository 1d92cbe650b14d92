import type { ManagedProject } from '~/bff/ports/management-service.ts';

/**
 * A project as the management service answers it, for unit tests that hand projects to a service directly
 * (integration tests create theirs at the stand-in with `testData().project`): a solar project in planning in Leipzig
 * without portal customers; each test overrides what it looks at.
 */
export function managedProject(overrides: Partial<ManagedProject> & Pick<ManagedProject, 'id'>): ManagedProject {
  const address = { street: 'Teststraße', houseNumber: '1', zip: '04109', city: 'Leipzig' };
  return { customerNumber: '1', address, contact: { name: 'Erika Test', emails: ['erika@example.de'] }, productLines: ['SOLAR'], phase: 'PLANNING', step: 'POWER_OF_ATTORNEY', portalUserIds: [], ...overrides };
}
