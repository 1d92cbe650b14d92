import { randomInt } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { ROUTE_TABLE } from '~/bff/composition/capabilities.ts';
import type { PageAccess } from '~/bff/contracts/routes.ts';
import { testData, type TestData } from '../support/test-data.ts';
import { customers, signInAtIdentityProvider } from './support/auth.ts';
import { codeFromSmsInbox, fillDetails, leadSignedIn, mobile } from './support/lead.ts';
import { linkDemoProject, resetFilesState, resetLinkingState, resetMessagesState, resetMoneyState, sql, waitForStrapiBeforeAll } from './support/stack.ts';

/**
 * Every plain form of the portal keeps what was typed (docs/architecture.md "Forms without JavaScript"). With JavaScript
 * off, the test visits every page of the route table as a customer, a lead and signed out (plus the states a page's
 * forms only show in: a chosen message topic, an open survey, a representative to name, a MaStR transfer, a meter
 * change, the funnel's code, a first sign-in), finds every `form[method=post]`, and for each form with fields:
 * - fills every field, one with a value the server refuses, sends it, and checks that the page opens at the form
 *   (its summary focused and in view), every value is still there, and the refused field is named at the field
 *   (aria-invalid, aria-describedby) and in the summary;
 * - fills it validly, takes the service it needs down (the sandbox's `<mount>/_control/faults`), sends it, and checks
 *   that the answer is a page that says what happened (never raw JSON) and the values come back.
 * A form the test does not know fails it: a new form gets its line in RULES.
 */

interface FormRule {
  /** Why the server never refuses what is typed here (buttons only, or choices that are all valid). */
  nothingToRefuse?: string;
  /** The one field the server refuses, with the value; every other field gets a valid value. */
  refuse?: Record<string, string>;
  /** Valid values where the general ones do not fit this form. */
  values?: Record<string, string | string[]>;
  /** The stand-in the submission needs (its mount in the sandbox), or why no outage is played. */
  vendor: string | { none: string };
  /** Fields never shown again after a refusal, by design (docs/architecture.md "Forms without JavaScript"). */
  notKept?: readonly string[];
  /** A form of a state this test does not bring about (buttons only), and where it is tested. */
  notReached?: string;
}

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

const BUTTONS = 'buttons and hidden fields only: nothing typed';
/** Every form of the portal by its action (numbers replaced by `:id`, no query). */
const RULES: Record<string, FormRule> = {
  '/api/v1/internal/project/:id/preferences': { refuse: { contactPhone: '030 / ( )' }, vendor: 'management' },
  '/api/v1/internal/project/:id/action': { nothingToRefuse: BUTTONS, vendor: 'management' },
  '/api/v1/internal/project/:id/embedded-signing/initiate/': { refuse: { representative: '#' }, vendor: 'esign' },
  '/api/v1/internal/user/mastr/move': { refuse: { operatorNumber: 'ABR12' }, values: { operatorNumber: 'ABR973301245518' }, vendor: 'master-data' },
  '/api/v1/internal/user/mastr/register': { refuse: { unitNumbers: 'SEE1, SEE2' }, values: { unitNumbers: 'SEE912345678901' }, vendor: 'master-data' },
  '/api/v1/internal/tasks/create-using-rules': { refuse: { text: '   ' }, vendor: 'tasks' },
  '/api/v1/internal/tasks/create-comment': { refuse: { text: '   ' }, vendor: 'tasks' },
  '/api/v2/app/meter-change-request': { refuse: { zip: '123' }, vendor: 'management' },
  '/api/v1/internal/project/:id/refund': { refuse: { iban: 'de89 3704 0044 0532 0130 01' }, vendor: 'management' },
  '/api/v2/app/sepa-mandate': { refuse: { iban: 'de89 3704 0044 0532 0130 01' }, vendor: 'management' },
  '/api/v2/app/sepa-mandate/resume': { nothingToRefuse: BUTTONS, vendor: 'esign', notReached: 'a mandate waiting for its signature: tests/e2e/money.spec.ts' },
  '/api/v2/app/referral-reward': { refuse: { emailAddress: 'lena.koch(at)example.de' }, vendor: 'management' },
  '/api/v1/internal/energy-value/tariffs': {
    refuse: { grossCentsPerKwh: '-5' },
    values: { kind: 'fixed', validFrom: '2030-01-01', validTo: '2030-12-31', grossCentsPerKwh: '31,5' },
    vendor: { none: 'tariffs are stored in the portal’s own database' },
  },
  '/api/v1/internal/energy-value/installation': {
    refuse: { investmentEur: '-100' },
    values: { smartMeterInstalledOn: '2025-09-16', controlBoxWorkingOn: '2025-09-30' },
    vendor: { none: 'the installation’s facts are stored in the portal’s own database' },
  },
  '/api/v1/internal/energy-value/tariffs/remove': { nothingToRefuse: BUTTONS, vendor: { none: BUTTONS } },
  '/api/v1/internal/exports/tokens': { refuse: { name: 'x'.repeat(61) }, vendor: { none: 'tokens are stored in the portal’s own database' } },
  '/api/v1/internal/user/base-data': { refuse: { zip: '0410' }, vendor: 'oidc/admin' },
  '/api/v1/internal/user/lead/contact-details': { refuse: { zip: '0410' }, vendor: 'sales' },
  '/api/v1/internal/user/email': { refuse: { email: 'neu(at)example.de' }, vendor: { none: 'the mail stand-in (SMTP) has no fault control' } },
  '/api/v1/internal/user/password': {
    nothingToRefuse: 'one button: the password is typed at the identity provider, never in the portal',
    vendor: { none: 'the identity provider’s own screen' },
  },
  '/api/v1/internal/user/delete-account': { refuse: { confirmation: 'nein' }, vendor: { none: 'a valid submission would delete the account' } },
  '/api/v1/internal/survey': { refuse: { contactEmail: 'erika(at)example.de' }, vendor: { none: 'answers are stored in the portal’s own database' } },
  '/api/v1/internal/user/two-factor/confirm': { refuse: { code: '12' }, notKept: ['code'], vendor: { none: 'the code is checked in the portal’s own database' } },
  '/api/v2/app/funnel/details': { refuse: { email: 'lena(at)example.de' }, values: { phone: mobile() }, vendor: 'sms' },
  '/api/v2/app/funnel/verify': { refuse: { code: '12' }, notKept: ['code'], vendor: { none: 'the code is checked in the portal’s own database' } },
  '/api/v1/internal/user/two-factor/send': { nothingToRefuse: BUTTONS, vendor: { none: BUTTONS } },
  '/api/v2/app/funnel/resend': { nothingToRefuse: BUTTONS, vendor: { none: BUTTONS } },
  '/api/v1/internal/user/tour': { nothingToRefuse: BUTTONS, vendor: { none: BUTTONS } },
  '/api/v1/internal/user/lead/tour': { nothingToRefuse: BUTTONS, vendor: { none: BUTTONS } },
  '/api/v1/internal/user/newsletter': { nothingToRefuse: BUTTONS, vendor: { none: BUTTONS } },
  '/api/v1/internal/user/data-export': { nothingToRefuse: BUTTONS, vendor: { none: BUTTONS } },
  '/api/v2/app/notification': { nothingToRefuse: BUTTONS, vendor: { none: BUTTONS } },
  '/api/auth/logout': { nothingToRefuse: BUTTONS, vendor: { none: BUTTONS } },
  '/api/v1/internal/util/auth-session-project-id': { nothingToRefuse: 'a choice among the customer’s own projects: every option is valid', vendor: { none: 'a choice only' } },
  '/api/consent': { nothingToRefuse: 'consent choices: every combination is valid', vendor: { none: 'stored in a cookie' } },
};

/** Valid values by field name (the forms' own rules in RULES win). */
const run = randomInt(1e9);
const VALID: Record<string, string> = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  name: 'Erika Mustermann',
  bankAccountOwnerName: 'Erika Mustermann',
  representative: 'Erika Mustermann',
  phone: '0341 2345678',
  contactPhone: '+49 171 2345678',
  street: 'Lindenstraße',
  houseNumber: '12',
  zip: '04109',
  city: 'Leipzig',
  locality: 'Leipzig',
  place: 'Leipzig',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  email: `neu.${run}@example.de`,
  emailAddress: `empfohlen.${run}@example.de`,
  contactEmail: 'erika@example.de',
  note: 'Bitte vorher anrufen, der Hund ist im Garten.',
  subject: 'Rückruf bitte',
  text: 'Hallo, bitte ruft mich an.',
  additionalMessage: 'Danke für die saubere Arbeit.',
  meterNumber: '1ESY1160512345',
  confirmation: 'nein',
  code: '123456',
  currentPassword: 'Sonne2026!',
  newPassword: 'Mond-und-Sterne-2031',
  newPasswordRepeat: 'Mond-und-Sterne-2031',
};

interface FieldInfo {
  name: string;
  type: string;
  id: string;
  values: string[];
  visible: boolean;
}

interface FoundForm {
  key: string;
  /** The form's action as written in the page (identifies it again after the refusal). */
  action: string;
  /** The page it was found on, and the project the session had chosen then. */
  url: string;
  projectId: number | null;
  fields: FieldInfo[];
}

const keyOf = (action: string) => new URL(action, E2E.portal).pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
const typedFields = (form: FoundForm) => form.fields.filter((field) => field.visible && !['hidden', 'file', 'submit', 'button'].includes(field.type));

/** Every `form[method=post]` of the page, with its fields (JavaScript off: Playwright still evaluates in the page). */
async function formsOf(page: Page, projectId: number | null): Promise<FoundForm[]> {
  const found = await page.locator('form').evaluateAll((forms) =>
    forms
      .filter((form) => (form.getAttribute('method') ?? '').toLowerCase() === 'post')
      .map((form) => {
        const elements = [...(form as HTMLFormElement).elements].filter((e) => (e as HTMLInputElement).name) as HTMLInputElement[];
        const byName = new Map<string, HTMLInputElement[]>();
        for (const element of elements) byName.set(element.name, [...(byName.get(element.name) ?? []), element]);
        return {
          action: form.getAttribute('action') ?? '',
          fields: [...byName].map(([name, group]) => ({
            name,
            type: group[0]?.tagName === 'INPUT' ? group[0].type : (group[0]?.tagName.toLowerCase() ?? ''),
            id: group[0]?.id ?? '',
            values: group[0]?.tagName === 'SELECT' ? [...(group[0] as unknown as HTMLSelectElement).options].map((o) => o.value) : group.map((e) => e.value),
            visible: group.some((e) => e.type !== 'hidden' && (e.offsetWidth > 0 || e.offsetHeight > 0 || e.getClientRects().length > 0)),
          })),
        };
      }),
  );
  return found.map((form) => ({ ...form, key: keyOf(form.action), url: page.url(), projectId }));
}

/** The form with this action on the page (the first, where a page repeats one, e.g. the header's sign-out). */
const formAt = (page: Page, action: string) => page.locator(`form[method="post"][action="${action}"]`).first();
const field = (form: Locator, name: string) => form.locator(`[name="${name}"]`);

/** Fills every field the customer can fill: a valid value, except the one the rule refuses. What was typed, by name. */
async function fill(form: Locator, found: FoundForm, rule: FormRule, refuse: boolean): Promise<Record<string, string | string[]>> {
  const typed: Record<string, string | string[]> = {};
  for (const info of typedFields(found)) {
    const wanted = (refuse ? rule.refuse?.[info.name] : undefined) ?? rule.values?.[info.name];
    if (info.type === 'radio') {
      const value = typeof wanted === 'string' ? wanted : (info.values.find((v) => v === '4' || v === '8') ?? info.values.find((v) => v !== '') ?? info.values[0] ?? '');
      await form.locator(`[name="${info.name}"][value="${value}"]`).check();
      typed[info.name] = value;
    } else if (info.type === 'checkbox') {
      const values = Array.isArray(wanted) ? wanted : info.values.slice(0, 2);
      // By position: a checkbox without a value attribute posts "on".
      for (const [index, value] of info.values.entries()) await field(form, info.name).nth(index).setChecked(values.includes(value));
      typed[info.name] = values;
    } else if (info.type === 'select' || info.type === 'select-one') {
      const value = typeof wanted === 'string' ? wanted : (info.values[0] ?? '');
      await field(form, info.name).selectOption(value);
      typed[info.name] = value;
    } else {
      const value = typeof wanted === 'string' ? wanted : (VALID[info.name] ?? `Test ${info.name}`);
      await field(form, info.name).first().fill(value);
      typed[info.name] = value;
    }
  }
  return typed;
}

/** Sends the form as a browser would, without its own checks (the server must refuse, not only the browser). */
async function send(page: Page, form: Locator) {
  await form.evaluate((element) => element.setAttribute('novalidate', ''));
  await form.locator('button[type="submit"], button:not([type]), input[type="submit"]').first().click();
  await page.waitForLoadState('domcontentloaded');
}

/** Every value typed is back in the form (a field not kept by design aside). */
async function expectTyped(form: Locator, typed: Record<string, string | string[]>, rule: FormRule, where: string) {
  for (const [name, value] of Object.entries(typed)) {
    if (rule.notKept?.includes(name)) continue;
    if (Array.isArray(value)) {
      const checked = await form.locator(`[name="${name}"]:checked`).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      expect(checked.sort(), `${where}: ${name}`).toEqual([...value].sort());
    } else if ((await field(form, name).first().getAttribute('type')) === 'radio') {
      await expect(form.locator(`[name="${name}"][value="${value}"]`), `${where}: ${name}`).toBeChecked();
    } else {
      await expect(field(form, name).first(), `${where}: ${name}`).toHaveValue(value);
    }
  }
}

/** The refused field says so (aria-invalid, a described message) and the summary names it with a link. */
async function expectNamed(page: Page, form: Locator, summary: Locator, name: string, where: string) {
  const facts = await field(form, name)
    .first()
    .evaluate((input) => {
      const holders: Element[] = [input, input.closest('fieldset')].filter((e): e is NonNullable<typeof e> => e !== null);
      const invalid = holders.some((e) => e.getAttribute('aria-invalid') === 'true');
      const described = holders
        .flatMap((e) => (e.getAttribute('aria-describedby') ?? '').split(/\s+/))
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .filter(Boolean);
      const group = input.getAttribute('type') === 'radio' || input.getAttribute('type') === 'checkbox';
      const label = group ? (input.closest('fieldset')?.querySelector('legend')?.textContent ?? '') : ((input as HTMLInputElement).labels?.[0]?.textContent ?? '');
      const ids = group ? [...(input.closest('fieldset') ?? input).querySelectorAll(`[name="${(input as HTMLInputElement).name}"]`)].map((e) => e.id) : [input.id];
      return { invalid, described, label: label.replace(/\s+/g, ' ').trim(), ids: ids.filter(Boolean) };
    });
  expect(facts.invalid, `${where}: ${name} is aria-invalid`).toBe(true);
  expect(facts.described.length, `${where}: ${name} has its message through aria-describedby`).toBeGreaterThan(0);
  const links = summary.locator(facts.ids.map((id) => `a[href="#${id}"]`).join(', '));
  await expect(links.first(), `${where}: the summary links ${name}`).toBeVisible();
  expect((await links.first().textContent())?.replace(/\s+/g, ' '), `${where}: the summary names ${name} by its label`).toContain(facts.label.slice(0, 14));
  await expect(page.locator('body')).not.toContainText('"code":');
}

/** A refused form: the page opens at it, everything typed is back, the refused field is named. */
async function expectRefusedKeepsAll(page: Page, found: FoundForm) {
  const rule = RULES[found.key] as FormRule;
  const where = `${found.key} on ${new URL(found.url).pathname}`;
  await page.goto(found.url);
  const form = formAt(page, found.action);
  const typed = await fill(form, found, rule, true);
  await send(page, form);
  expect(await page.evaluate(() => document.contentType), `${where}: answered with a page`).toBe('text/html');
  const anchor = new URL(page.url()).hash;
  expect(anchor, `${where}: lands on the form's summary`).toMatch(/^#[a-z][a-z0-9-]*-errors$/);
  const summary = page.locator(anchor);
  await expect(summary, `${where}: the summary`).toBeVisible();
  await expect(summary, `${where}: focus is on the summary`).toBeFocused();
  await expect(summary, `${where}: the summary is in view`).toBeInViewport();
  const refused = summary.locator('xpath=ancestor::form[1]');
  expect(await refused.getAttribute('action'), `${where}: the summary is the refused form's`).toBe(found.action);
  await expectTyped(refused, typed, rule, where);
  for (const name of Object.keys(rule.refuse ?? {})) await expectNamed(page, refused, summary, name, where);
}

const OUTAGE_KEPT = 'Was Du eben eingegeben hast, ist nicht verloren';

async function fault(vendor: string, on: boolean) {
  const response = await fetch(`${E2E.sandbox}/${vendor}/_control/faults`, on ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail', status: 503 }) } : { method: 'DELETE' });
  expect(response.status, `${vendor} faults`).toBe(204);
}

/** With its service down, a form is answered by a page that says so, and what was typed comes back. */
async function expectOutageKeepsAll(page: Page, found: FoundForm) {
  const rule = RULES[found.key] as FormRule;
  if (typeof rule.vendor !== 'string') return;
  const where = `${found.key} on ${new URL(found.url).pathname} with ${rule.vendor} down`;
  await page.goto(found.url);
  const form = formAt(page, found.action);
  const typed = await fill(form, found, rule, false);
  await fault(rule.vendor, true);
  try {
    await send(page, form);
    expect(await page.evaluate(() => document.contentType), `${where}: answered with a page`).toBe('text/html');
    await expect(page.locator('body')).not.toContainText('"code":');
    const summary = page.locator(new URL(page.url()).hash || '#none');
    if (await summary.count()) {
      // The page still shows the form: it says what happened there, with every value.
      await expect(summary, where).toContainText(/nicht erreichbar/);
      await expectTyped(summary.locator('xpath=ancestor::form[1]'), typed, rule, where);
      return;
    }
    // The page itself needs the service: it says so, and that the values are kept for later.
    await expect(page.getByRole('alert').filter({ hasText: OUTAGE_KEPT }), where).toBeVisible();
  } finally {
    await fault(rule.vendor, false);
  }
  await page.reload();
  await expect(page.locator(new URL(page.url()).hash), `${where}, back up: the summary`).toContainText(/nicht erreichbar/);
  await expectTyped(formAt(page, found.action), typed, rule, `${where}, back up`);
}

/**
 * Runs a check over each form and reports every form that fails it at once (not only the first): the list is what
 * needs fixing.
 */
async function eachForm(forms: readonly FoundForm[], title: string, check: (form: FoundForm) => Promise<void>) {
  const failures: string[] = [];
  for (const form of forms) {
    await test.step(`${title}: ${form.key} auf ${new URL(form.url).pathname}`, async () => {
      try {
        await check(form);
      } catch (error) {
        const first = (error as Error).message.split('\n')[0] ?? String(error);
        failures.push(first.startsWith(form.key) ? first : `${form.key} on ${new URL(form.url).pathname}: ${first}`);
      }
    });
  }
  expect.soft(failures, `${title}: forms that lose what was typed or do not say why`).toEqual([]);
}

/** Every form found, and the rules that were used, across the tests of this file. */
const seen = new Set<string>();

/** Visits the pages, collects their forms, and checks that the test knows every one. */
async function discover(page: Page, paths: readonly string[], projectId: number | null): Promise<FoundForm[]> {
  const all: FoundForm[] = [];
  for (const path of paths) {
    await page.goto(path);
    for (const form of await formsOf(page, projectId)) {
      expect(RULES[form.key], `a form the test does not know: ${form.key} on ${path} (add it to RULES)`).toBeDefined();
      seen.add(form.key);
      all.push(form);
    }
  }
  return all;
}

/**
 * Each form with fields once per page it is on (the header's forms repeat on every page; they have none). The funnel's
 * forms are a visitor's: they are filled signed out (a signed-in account sees the same pages).
 */
function withFields(forms: readonly FoundForm[], options: { funnel?: boolean } = {}): FoundForm[] {
  const byKey = new Map<string, FoundForm>();
  for (const form of forms) {
    const rule = RULES[form.key];
    if (!rule || rule.nothingToRefuse || typedFields(form).length === 0) continue;
    if (!options.funnel && form.key.startsWith('/api/v2/app/funnel/')) continue;
    const key = `${form.key} ${new URL(form.url).pathname}`;
    if (!byKey.has(key)) byKey.set(key, form);
  }
  return [...byKey.values()];
}

const routePaths = (access: readonly PageAccess[]) => ROUTE_TABLE.routes.filter((route) => access.includes(route.access) && !/^\/\d{3}$/.test(route.path)).map((route) => route.sample ?? route.path);

/** A context without JavaScript that carries the session a JavaScript context signed in with. */
async function withoutJavaScript(browser: Browser, signedIn: BrowserContext): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await signedIn.storageState(), baseURL: E2E.portal, locale: 'de-DE' });
  return context.newPage();
}

async function choose(page: Page, projectId: number) {
  await page.goto('/home/dashboard');
  await page.getByLabel('Projekt', { exact: true }).selectOption(String(projectId));
  await page.getByRole('button', { name: 'Wechseln' }).click();
  await expect(page.getByRole('heading', { name: `Dein Projekt ${projectId}` })).toBeVisible();
}

waitForStrapiBeforeAll();

let data: TestData;
test.beforeEach(async () => {
  data = testData(E2E.sandbox);
  await resetMoneyState();
  await resetFilesState();
  await resetMessagesState();
  await sql('DELETE FROM survey WHERE project_id < 900000');
  await sql('DELETE FROM rate_limit');
});
test.afterEach(async () => {
  for (const vendor of ['management', 'esign', 'master-data', 'tasks', 'sales', 'sms', 'oidc/admin']) await fault(vendor, false);
  await data.cleanup();
});
test.afterAll(async () => {
  await resetLinkingState();
  await resetMessagesState();
  await sql('DELETE FROM survey WHERE project_id < 900000');
});

test.describe('Jedes Formular ohne JavaScript behält, was getippt wurde', () => {
  test('als Kunde (Jonas): jede Seite, jedes Formular abgelehnt und bei einem Ausfall seines Dienstes', async ({ browser }) => {
    test.setTimeout(900_000);
    // The states some forms show only in: a representative to name (AC), a MaStR transfer, a meter change to ask for.
    for (const id of [100234, 100235, 100237, 100246]) await linkDemoProject(id, 'kp|jonas-weber');
    // An open survey (the installer reports the DC installation; the portal's job invites).
    const reported = await fetch(`${E2E.sandbox}/management/_control/projects/100240/report-step`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ step: 'DC' }) });
    expect(reported.status).toBe(202);
    await expect.poll(async () => (await sql('SELECT id FROM survey WHERE project_id = 100240')).rows.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const surveyId = Number((await sql('SELECT id FROM survey WHERE project_id = 100240 ORDER BY id DESC LIMIT 1')).rows[0]?.id);

    const signing = await browser.newContext({ baseURL: E2E.portal });
    const login = await signing.newPage();
    await login.goto('/home/dashboard');
    await signInAtIdentityProvider(login, customers.jonas.email);
    await expect(login).toHaveURL(/\/home\/dashboard$/);
    const page = await withoutJavaScript(browser, signing);

    await choose(page, 100240);
    const found = await discover(page, routePaths(['public', 'customer', 'account']), 100240);
    // A chosen topic opens the composer; an open survey shows its form.
    await page.goto('/home/app/messages');
    await page.getByRole('link', { name: 'Frage zum Montagetermin' }).click();
    found.push(...(await discover(page, [new URL(page.url()).pathname + new URL(page.url()).search, `/home/app/surveys/${surveyId}`], 100240)));
    for (const [projectId, paths] of [
      [100237, ['/home/app/my-project/assembly-phase/ac']],
      [100246, ['/home/app/move-mastr']],
      [100234, ['/home/app/meter-change-request', '/home/app/my-project/planning-phase/power-of-attorney']],
      [100235, ['/home/app/my-project/planning-phase/offer-confirmation']],
    ] as const) {
      await choose(page, projectId);
      found.push(...(await discover(page, paths, projectId)));
    }

    const forms = withFields(found);
    expect(forms.map((f) => f.key).sort()).toEqual(
      [
        '/api/v1/internal/project/:id/preferences',
        '/api/v1/internal/project/:id/embedded-signing/initiate/',
        '/api/v1/internal/user/mastr/move',
        '/api/v1/internal/user/mastr/register',
        '/api/v1/internal/tasks/create-using-rules',
        '/api/v1/internal/tasks/create-comment',
        '/api/v2/app/meter-change-request',
        '/api/v1/internal/project/:id/refund',
        '/api/v2/app/sepa-mandate',
        '/api/v2/app/referral-reward',
        '/api/v1/internal/user/base-data',
        '/api/v1/internal/user/base-data',
        '/api/v1/internal/user/email',
        '/api/v1/internal/user/delete-account',
        '/api/v1/internal/survey',
        '/api/v1/internal/energy-value/tariffs',
        '/api/v1/internal/energy-value/installation',
        '/api/v1/internal/exports/tokens',
      ].sort(),
    );
    await eachForm(forms, 'abgelehnt', async (form) => {
      if (form.projectId) await choose(page, form.projectId);
      await expectRefusedKeepsAll(page, form);
    });
    await eachForm(forms, 'Dienst aus', async (form) => {
      if (form.projectId) await choose(page, form.projectId);
      await expectOutageKeepsAll(page, form);
    });
    await signing.close();
  });

  test('beim ersten Anmelden: der Bestätigungscode', async ({ browser }) => {
    test.setTimeout(180_000);
    const newcomer = await data.customer({ onboarded: false, customerNumber: null, givenName: 'Ayşe', familyName: 'Demir' });
    const signing = await browser.newContext({ baseURL: E2E.portal });
    const login = await signing.newPage();
    await login.goto('/home/dashboard');
    await signInAtIdentityProvider(login, newcomer.email, newcomer.password);
    await expect(login).toHaveURL(/\/onboarding\/two-factor/);
    const page = await withoutJavaScript(browser, signing);
    const forms = withFields(await discover(page, ['/onboarding/two-factor?returnTo=%2Fhome%2Fdashboard'], null));
    expect(forms.map((f) => f.key)).toEqual(['/api/v1/internal/user/two-factor/confirm']);
    await eachForm(forms, 'abgelehnt', (form) => expectRefusedKeepsAll(page, form));
    await signing.close();
  });

  test('als Lead: jede Seite, jedes Formular abgelehnt und bei einem Ausfall seines Dienstes', async ({ browser }) => {
    test.setTimeout(600_000);
    const signing = await browser.newContext({ baseURL: E2E.portal });
    await leadSignedIn(await signing.newPage(), browser);
    const page = await withoutJavaScript(browser, signing);
    const forms = withFields(await discover(page, routePaths(['public', 'lead', 'account']), null));
    expect(forms.map((f) => f.key).sort()).toEqual(['/api/v1/internal/user/delete-account', '/api/v1/internal/user/lead/contact-details']);
    await eachForm(forms, 'abgelehnt', (form) => expectRefusedKeepsAll(page, form));
    await eachForm(forms, 'Dienst aus', (form) => expectOutageKeepsAll(page, form));
    await signing.close();
  });

  test('abgemeldet: die Anfrage und ihr SMS-Code', async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: E2E.portal,
      locale: 'de-DE',
      storageState: { cookies: [{ name: 'kundenportal.consent', value: '2.s0.r0.m0.w0', domain: 'localhost', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] },
    });
    const page = await context.newPage();
    const details = withFields(await discover(page, routePaths(['public']), null), { funnel: true });
    expect([...new Set(details.map((f) => f.key))]).toEqual(['/api/v2/app/funnel/details']);
    await eachForm(details, 'abgelehnt', (form) => expectRefusedKeepsAll(page, form));
    await eachForm(details, 'Dienst aus', (form) => expectOutageKeepsAll(page, form));
    // The code page has its form once a request waits for its code.
    const phone = mobile();
    await page.goto('/angebot');
    await fillDetails(page, phone);
    await page.getByRole('button', { name: 'Code per SMS anfordern' }).click();
    await expect(page).toHaveURL(/\/angebot\/code$/);
    expect(await codeFromSmsInbox(browser, phone)).toMatch(/^\d{6}$/);
    const code = withFields(await discover(page, ['/angebot/code'], null), { funnel: true }).filter((form) => form.key !== '/api/v2/app/funnel/details');
    expect(code.map((f) => f.key)).toEqual(['/api/v2/app/funnel/verify']);
    await eachForm(code, 'abgelehnt', (form) => expectRefusedKeepsAll(page, form));
    await context.close();
  });

  test('die Liste der Formulare hat keinen Eintrag, den es nicht mehr gibt', () => {
    expect(Object.keys(RULES).filter((key) => !seen.has(key) && !RULES[key]?.notReached)).toEqual([]);
  });
});
