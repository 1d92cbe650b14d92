import { test, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { E2E } from '~/playwright.config.ts';

/** The e2e stack's portal database (embedded PostgreSQL on the e2e port, see playwright.config.ts). */
const DATABASE_URL = E2E.database;

export async function sql(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/**
 * Back to the demo state between tests: management-service links as shipped, no link codes, no rate-limit counters.
 * (The e2e stack keeps its data folder between local runs.)
 */
export async function resetLinkingState() {
  const reset = await fetch(`${E2E.sandbox}/management/_control/reset`, { method: 'POST' });
  if (!reset.ok) throw new Error(`management reset answered ${reset.status}`);
  await sql('DELETE FROM project_link_code');
  await sql('DELETE FROM rate_limit');
}

/** Lets the project's pending code run out, as if ten minutes had passed. */
export async function expireLinkCodes(projectId: number) {
  await sql("UPDATE project_link_code SET expires_at = now() - interval '1 second' WHERE project_id = $1", [projectId]);
}

/** Playwright waits for the portal only; Strapi may need longer on a first start (build + seed). */
export async function waitForStrapi(timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(`${E2E.strapi}/_health`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('Strapi did not become ready');
}

/** The CMS's demo editor (cms/README.md "Demo editor"). */
export const DEMO_EDITOR = { email: 'redaktion@example.de', password: 'Redaktion2026!' };

/** The Strapi admin in a new page, signed in as the demo editor through its login form. */
export async function strapiAdminAsEditor(browser: Browser): Promise<Page> {
  const admin = await browser.newPage({ baseURL: E2E.strapi });
  await admin.goto('/admin');
  await admin.getByLabel(/E-?Mail/i).fill(DEMO_EDITOR.email);
  await admin.getByLabel(/Passwort|Password/i).fill(DEMO_EDITOR.password);
  await admin.getByRole('button', { name: /Anmelden|Login/i }).click();
  await admin.waitForURL(/\/admin(?!\/auth)/);
  return admin;
}

/** For a spec that reads Strapi: waits for it before the first test, with the time a first start takes (over a test's). */
export function waitForStrapiBeforeAll() {
  test.beforeAll(async () => {
    test.setTimeout(200_000);
    await waitForStrapi();
  });
}

/**
 * The journey's demo state: management projects (links and journeys) as shipped, no envelopes at the e-signature
 * stand-in, and none of the portal's signing rows or milestone mails for the demo projects.
 */
export async function resetJourneyState() {
  await resetLinkingState();
  const esign = await fetch(`${E2E.sandbox}/esign/_control/reset`, { method: 'POST' });
  if (!esign.ok) throw new Error(`esign reset answered ${esign.status}`);
  // Signed documents are filed in the document service; the demo's own stay.
  const documents = await fetch(`${E2E.sandbox}/documents/_control/reset`, { method: 'POST' });
  if (!documents.ok) throw new Error(`documents reset answered ${documents.status}`);
  await sql('DELETE FROM signing_envelopes WHERE project_id < 900000');
  await sql('DELETE FROM project_milestone_mail WHERE project_id < 900000');
}

/** The task service's demo threads, and none of the portal's read, seen or mail state for them. */
export async function resetMessagesState() {
  const tasks = await fetch(`${E2E.sandbox}/tasks/_control/reset`, { method: 'POST' });
  if (!tasks.ok) throw new Error(`tasks reset answered ${tasks.status}`);
  await sql('DELETE FROM task_read_state');
  await sql('DELETE FROM thread_mail');
  await sql('DELETE FROM notification_seen');
  await sql('DELETE FROM task_path');
}

/** Links a demo project to a demo customer at the management service, as the linking flow would. */
export async function linkDemoProject(projectId: number, sub: string) {
  const response = await fetch(`${E2E.sandbox}/management/api/v1/projects/${projectId}/portal-users/${encodeURIComponent(sub)}`, {
    method: 'PUT',
    headers: { authorization: 'Bearer local-development-management-token' },
  });
  if (!response.ok) throw new Error(`linking ${projectId} answered ${response.status}`);
}

/** The files' demo state: documents and photos as shipped, no meter change requests (portal or stand-in), no mirror. */
export async function resetFilesState() {
  await resetLinkingState();
  const documents = await fetch(`${E2E.sandbox}/documents/_control/reset`, { method: 'POST' });
  if (!documents.ok) throw new Error(`documents reset answered ${documents.status}`);
  await sql('DELETE FROM meter_change_request');
  await sql('DELETE FROM management_api_document');
}

/**
 * Money's demo state (docs/money.md): the journey's reset (management with its refunds, direct debits and referrals; no
 * envelopes; no archived documents), the IBAN validator and the master data as shipped, and none of the portal's
 * refund, mandate, referral or CTA rows of the demo projects.
 */
export async function resetMoneyState() {
  await resetJourneyState();
  for (const standIn of ['iban-validator', 'master-data']) {
    const reset = await fetch(`${E2E.sandbox}/${standIn}/_control/reset`, { method: 'POST' });
    if (!reset.ok) throw new Error(`${standIn} reset answered ${reset.status}`);
  }
  for (const table of ['refund', 'sepa_mandate', 'referral_reward', 'cta']) await sql(`DELETE FROM ${table} WHERE project_id < 900000`);
  await sql('DELETE FROM notification_seen');
}
