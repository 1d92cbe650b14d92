import { randomInt, randomUUID } from 'node:crypto';

/**
 * Test data through the stand-ins' control APIs (docs/architecture.md, Conventions "tests own their data"): each test creates the
 * customer, project or installation it needs with unique values and removes exactly that afterwards (`cleanup`),
 * so no test depends on another's leftovers or on the order of files.
 */
export interface TestCustomer {
  sub: string;
  email: string;
  password: string;
  customerNumber: string | null;
}

export interface TestProject {
  id: number;
  customerNumber: string;
  address: { street: string; houseNumber: string; zip: string; city: string };
  contact: { name: string; emails: string[] };
  portalUserIds: string[];
}

const PASSWORD = 'Test-Sonne-2026!';
const unique = () => randomUUID().slice(0, 8);
/** Seven digits from 8000000 on: never one of the demo customer numbers (700xxx). */
const uniqueCustomerNumber = () => String(8_000_000 + randomInt(1_000_000));
/** A zip that no demo project has (they are real city zips). */
export const uniqueZip = () => String(90_000 + randomInt(9_000)).padStart(5, '0');

async function control(url: string, init: RequestInit & { json?: unknown; goneIsFine?: boolean } = {}): Promise<Response> {
  const { json, goneIsFine, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    ...(json === undefined ? {} : { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } }),
  });
  if (!response.ok && !(goneIsFine && response.status === 404)) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

export function testData(sandboxUrl: string) {
  const undo: (() => Promise<unknown>)[] = [];

  return {
    /**
     * A customer account at the identity provider (customer role, phase PROJECT unless overridden). It counts as
     * onboarded (the provider's `onboarded` marker): the first sign-in lands on the page asked for, like the demo
     * customers Anna and Jonas. `onboarded: false` makes a newly registered customer whose first sign-in goes
     * through two-factor, base data and tour (docs/account.md).
     */
    async customer(
      overrides: Partial<{ customerNumber: string | null; givenName: string; familyName: string; roles: string[]; emailVerified: boolean; onboarded: boolean; email: string; passwordless: boolean }> = {},
    ): Promise<TestCustomer> {
      const { passwordless, ...account } = overrides;
      const email = account.email ?? `kunde-${unique()}@example.de`;
      const customerNumber = account.customerNumber === undefined ? uniqueCustomerNumber() : account.customerNumber;
      // `passwordless`: the account signs in with the e-mail code only (a converted lead, say); its password is ''.
      const response = await control(`${sandboxUrl}/oidc/_control/accounts`, {
        method: 'POST',
        json: { email, password: passwordless ? null : PASSWORD, givenName: 'Erika', familyName: 'Test', phase: 'PROJECT', ...account, customerNumber },
      });
      const { sub } = (await response.json()) as { sub: string };
      // A test that deletes the account (account deletion) leaves nothing to remove.
      undo.push(() => control(`${sandboxUrl}/oidc/_control/accounts/${encodeURIComponent(sub)}`, { method: 'DELETE', goneIsFine: true }));
      return { sub, email, password: passwordless ? '' : PASSWORD, customerNumber };
    },

    /** A project at the management service; linked to the given portal accounts, contact address unique unless given. */
    async project(overrides: Partial<TestProject & { productLines: string[]; phase: string; step: string }> = {}): Promise<TestProject> {
      const response = await control(`${sandboxUrl}/management/_control/projects`, {
        method: 'POST',
        json: {
          customerNumber: uniqueCustomerNumber(),
          address: { street: 'Teststraße', houseNumber: String(randomInt(1, 200)), zip: uniqueZip(), city: 'Leipzig' },
          contact: { name: 'Erika Test', emails: [`kontakt-${unique()}@example.de`] },
          productLines: ['SOLAR', 'STORAGE'],
          phase: 'COMPLETED',
          step: 'IN_OPERATION',
          portalUserIds: [],
          ...overrides,
        },
      });
      const project = (await response.json()) as TestProject;
      undo.push(() => control(`${sandboxUrl}/management/_control/projects/${project.id}`, { method: 'DELETE' }));
      return project;
    },

    /** An installation in the IoT cloud for a project: by default like Jonas' roof (9.8 kWp south, 10 kWh battery). */
    async installation(projectId: number, overrides: Record<string, unknown> = {}): Promise<{ siteId: string }> {
      const response = await control(`${sandboxUrl}/iot/_control/installations`, {
        method: 'POST',
        json: {
          externalId: String(projectId),
          name: `Test ${projectId}`,
          location: { lat: 51.34, lon: 12.37 },
          arrays: [{ azimuthDeg: 180, tiltDeg: 35, peakPowerKw: 9.8 }],
          battery: { capacityKwh: 10 },
          annualConsumptionKwh: 4500,
          heatPump: null,
          wallbox: null,
          commissionedAt: '2025-04-15T11:30:00+02:00',
          ...overrides,
        },
      });
      const site = (await response.json()) as { siteId: string };
      undo.push(() => control(`${sandboxUrl}/iot/_control/installations/${encodeURIComponent(site.siteId)}`, { method: 'DELETE' }));
      return site;
    },

    /** Removes everything this instance created, newest first. */
    async cleanup() {
      while (undo.length > 0) await undo.pop()?.();
    },
  };
}

export type TestData = ReturnType<typeof testData>;
