import { afterEach, describe, expect, it } from 'vitest';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { testData, type TestData } from '../../tests/support/test-data.ts';
import { usePortal, type TestPortal } from '../../tests/support/use-portal.ts';
import { LINK_DIALOG_PATH } from '../contracts/routes.ts';

const { portal: checked } = usePortal({ data: 'none' });
const { portal: unchecked } = usePortal({ env: { PROJECT_LINK_CHECK: 'false' }, data: 'none' });
const data: TestData[] = [];
afterEach(async () => {
  await fetch(`${checked.sandboxUrl}/management/_control/faults`, { method: 'DELETE' });
  while (data.length > 0) await data.pop()?.cleanup();
});

function dataOf(portal: TestPortal) {
  const d = testData(portal.sandboxUrl);
  data.push(d);
  return d;
}

describe('the project-link check (PROJECT_LINK_CHECK, default on)', () => {
  it('sends a customer without a linked project from a project page to the link dialog', async () => {
    const client = await signedInClient(checked.url, await dataOf(checked).customer());
    const response = await client.request(`${checked.url}/home/app/monitoring?period=week`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(LINK_DIALOG_PATH);
    // Pages that are not project pages stay open.
    expect((await client.request(`${checked.url}/home/app/profile`)).status).toBe(200);
  });

  it('lets a customer with a linked project in', async () => {
    const d = dataOf(checked);
    const customer = await d.customer();
    await d.project({ portalUserIds: [customer.sub] });
    const client = await signedInClient(checked.url, customer);
    expect((await client.request(`${checked.url}/home/app/monitoring`)).status).toBe(200);
  });

  it('does not send anybody away on a guess when the management service is down', async () => {
    const client = await signedInClient(checked.url, await dataOf(checked).customer());
    await fetch(`${checked.sandboxUrl}/management/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'fail' }),
    });
    expect((await client.request(`${checked.url}/home/app/monitoring`)).status).toBe(200);
  });

  it('switched off, project pages open without a project and show their own empty state', async () => {
    const client = await signedInClient(unchecked.url, await dataOf(unchecked).customer());
    expect((await client.request(`${unchecked.url}/home/app/monitoring`)).status).toBe(200);
  });
});
