import { createHash } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TOKEN_CALLS_PER_MINUTE, TOKENS_PER_CUSTOMER } from '../contracts/exports.ts';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { jsonCall, type JsonBody } from '../../tests/support/json-call.ts';
import { pdfText } from '../../tests/support/pdf-text.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const { portal, data } = usePortal();

const QUARTER_HOUR_MS = 900_000;
const DAY_MS = 86_400_000;
const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown) => jsonCall(portal.url, client, method, path, body);
const control = async (path: string, method: string, json?: unknown) => {
  const response = await fetch(`${portal.sandboxUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.status === 204 ? null : ((await response.json()) as JsonBody);
};
const api = (path: string, token?: string) => fetch(`${portal.url}/api/v2/app/export-api/${path}`, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });

async function customerWithProject(overrides: Record<string, unknown> = {}) {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub], ...overrides });
  return { customer, project, client: await signedInClient(portal.url, customer) };
}

/** The entries of a ZIP, read from its central directory (stored entries as they are, deflated ones inflated). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    entries.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + skip;
  }
  return entries;
}

/** An installation commissioned three days ago, with one outage of two hours the day before yesterday. */
async function installationWithOutage(projectId: number, backfill: boolean) {
  const now = Date.now();
  const site = await data.installation(projectId, { commissionedAt: new Date(now - 3 * DAY_MS).toISOString() });
  const from = Math.floor((now - 2 * DAY_MS) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  await control(`/iot/_control/sites/${site.siteId}/outage`, 'POST', { from: new Date(from).toISOString(), until: new Date(from + 2 * 3_600_000).toISOString(), backfill });
  return site;
}
const statusCounts = (csv: string) => {
  const rows = csv.trim().split('\r\n');
  const header = (rows[0] ?? '').replace(/^\uFEFF/, '').split(';');
  const status = header.indexOf('Status');
  const cells = rows.slice(1).map((row) => row.split(';'));
  return { header, rows: cells.length, gaps: cells.filter((c) => c[status] === 'Lücke'), backfilled: cells.filter((c) => c[status] === 'nachgeliefert').length };
};

describe('the full-resolution history as CSV', () => {
  it('streams every quarter hour since commissioning, an outage without back-fill as marked empty rows', async () => {
    const { project, client } = await customerWithProject();
    await installationWithOutage(project.id, false);
    const response = await client.request(`${portal.url}/api/v1/internal/exports/projects/${project.id}/history.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain(`verlauf-${project.id}-`);
    const csv = statusCounts(await response.text());
    expect(csv.header.at(-1)).toBe('Status');
    // Three days and a bit of quarter hours; the outage's two hours are eight rows with only their time.
    expect(csv.rows).toBeGreaterThan(3 * 96 - 8);
    expect(csv.gaps).toHaveLength(8);
    for (const gap of csv.gaps) expect(gap.slice(1, -1).every((cell) => cell === '')).toBe(true);
    expect(csv.backfilled).toBe(0);
  });

  it('marks the points a gateway uploaded late', async () => {
    const { project, client } = await customerWithProject();
    await installationWithOutage(project.id, true);
    const csv = statusCounts(await (await client.request(`${portal.url}/api/v1/internal/exports/projects/${project.id}/history.csv`)).text());
    expect(csv.gaps).toHaveLength(0);
    expect(csv.backfilled).toBe(8);
  });

  it('answers 404 for another customer’s project and for a project without an installation', async () => {
    const { project } = await customerWithProject();
    await data.installation(project.id, { commissionedAt: new Date(Date.now() - DAY_MS).toISOString() });
    const other = await customerWithProject();
    expect((await call(other.client, 'GET', `/api/v1/internal/exports/projects/${project.id}/history.csv`)).status).toBe(404);
    const none = await call(other.client, 'GET', `/api/v1/internal/exports/projects/${other.project.id}/history.csv`);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'EXPORTS.NO_INSTALLATION' });
  });
});

describe('documents and photos as a ZIP', () => {
  it('holds every shared document and photo of the project, byte for byte, and a note', async () => {
    const { project, client } = await customerWithProject();
    const plan = (await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'CIRCUIT_DIAGRAM', title: 'Stromlaufplan', filename: 'Plan.pdf' })) as JsonBody;
    await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'WARRANTY_DOCUMENTS', title: 'Garantie', filename: 'Plan.pdf' });
    await control(`/management/_control/projects/${project.id}/documents`, 'POST', { filename: 'Lageplan.pdf', type: 'PROJECT_REPORT', share: true });
    await control(`/management/_control/projects/${project.id}/documents`, 'POST', { filename: 'Intern.pdf', type: 'PROJECT_REPORT', share: false });
    await control('/documents/_control/photos', 'POST', { projectId: project.id, subject: 'ROOF', step: 'DC', caption: 'Dach mit Modulen' });
    const elsewhere = await customerWithProject();
    await control('/documents/_control/documents', 'POST', { projectId: elsewhere.project.id, type: 'BILL', title: 'Fremd', filename: 'Fremd.pdf' });

    const response = await client.request(`${portal.url}/api/v1/internal/exports/projects/${project.id}/files.zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    const names = [...entries.keys()];
    expect(names).toEqual(expect.arrayContaining(['LIESMICH.txt', 'Dokumente/Plan.pdf', 'Dokumente/Plan (2).pdf', 'Dokumente/Lageplan.pdf']));
    expect(names.filter((n) => n.startsWith('Fotos/'))).toEqual([expect.stringMatching(/^Fotos\/\d{4}-\d{2}-\d{2} Dach mit Modulen\.jpg$/)]);
    expect(names).not.toContain('Dokumente/Intern.pdf');
    expect(names).not.toContain('Dokumente/Fremd.pdf');
    expect(entries.get('LIESMICH.txt')?.toString('utf8')).toContain('Dokumente: 3, Fotos: 1.');
    const original = Buffer.from(await (await client.request(`${portal.url}/api/v1/internal/documents/ds-${plan.uuid}/download`)).arrayBuffer());
    expect(entries.get('Dokumente/Plan.pdf')?.equals(original)).toBe(true);
    expect(entries.get(names.find((n) => n.startsWith('Fotos/')) as string)?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    expect((await call(elsewhere.client, 'GET', `/api/v1/internal/exports/projects/${project.id}/files.zip`)).status).toBe(404);
  });
});

describe('the Anlagenpass', () => {
  it('carries components with serials, commissioning, grid operator, MaStR numbers and warranties of a plant in operation', async () => {
    const { project, client } = await customerWithProject();
    const site = await data.installation(project.id);
    await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'WARRANTY_DOCUMENTS', title: 'Garantie Speicher', filename: 'Garantie.pdf' });
    const devices = (await (await fetch(`${portal.sandboxUrl}/iot/api/v2/sites/${site.siteId}/devices`, { headers: { 'x-api-key': portal.config.IOT_API_KEY } })).json()) as { items: { serialNumber: string }[] };

    const pass = (await call(client, 'GET', `/api/v1/internal/exports/projects/${project.id}/anlagenpass.json`)).body as JsonBody;
    expect(pass).toMatchObject({
      format: 'kundenportal-anlagenpass/1',
      project: { id: project.id, customerNumber: project.customerNumber },
      installation: { peakPowerKw: 9.8, batteryCapacityKwh: 10, commissionedAt: '2025-04-15T11:30:00+02:00' },
      gridOperator: { name: 'Netz Leipzig GmbH', caseNumber: expect.stringMatching(/^NA-/), meterSetAt: expect.any(String) },
      mastr: { operatorNumber: expect.stringMatching(/^ABR\d{12}$/), unitNumbers: [expect.stringMatching(/^SEE\d{12}$/)] },
      warranties: [{ title: 'Garantie Speicher', createdAt: expect.any(String) }],
      unavailable: [],
    });
    expect((pass.components as JsonBody[]).map((c) => c.serialNumber).sort()).toEqual(devices.items.map((d) => d.serialNumber).sort());

    const pdf = await client.request(`${portal.url}/api/v1/internal/exports/projects/${project.id}/anlagenpass.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Netz Leipzig GmbH');
    expect(text).toContain(pass.mastr.operatorNumber);
    expect(text).toContain((pass.components as JsonBody[])[0]?.serialNumber);
  });

  it('says "not known yet" for what nobody knows yet, never a guess', async () => {
    const { project, client } = await customerWithProject({ phase: 'ASSEMBLY', step: 'DC' });
    const pass = (await call(client, 'GET', `/api/v1/internal/exports/projects/${project.id}/anlagenpass.json`)).body as JsonBody;
    expect(pass).toMatchObject({
      installation: { batteryCapacityKwh: null, commissionedAt: null },
      components: [],
      gridOperator: { meterSetAt: null },
      mastr: { operatorNumber: null, unitNumbers: [], registeredAt: null },
      warranties: [],
    });
    const text = await pdfText(new Uint8Array(await (await client.request(`${portal.url}/api/v1/internal/exports/projects/${project.id}/anlagenpass.pdf`)).arrayBuffer()));
    expect(text).toContain('noch nicht bekannt');
  });
});

describe('personal API tokens', () => {
  it('creates a token shown once and stored hashed; it reads the owner’s CSV and JSON, nothing of another customer; revoked, it stops', async () => {
    const { customer, project, client } = await customerWithProject();
    await data.installation(project.id, { commissionedAt: new Date(Date.now() - DAY_MS).toISOString() });
    const other = await customerWithProject();

    const created = await call(client, 'POST', '/api/v1/internal/exports/tokens', { name: 'Home Assistant' });
    expect(created.status).toBe(201);
    const secret = created.body?.secret as string;
    expect(secret).toMatch(/^kpx_[A-Za-z0-9_-]{43}$/);
    const listed = (await call(client, 'GET', '/api/v1/internal/exports/tokens')).body as JsonBody;
    expect(listed.tokens).toEqual([{ id: created.body?.id, name: 'Home Assistant', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    const rows = await portal.knex('export_api_token').where({ userId: customer.sub });
    expect(rows.map((r: JsonBody) => r.tokenHash)).toEqual([createHash('sha256').update(secret).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(secret);

    expect(await (await api('projects', secret)).json()).toEqual({ projects: [project.id] });
    const csv = await api(`projects/${project.id}/history.csv`, secret);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Status');
    const pass = await api(`projects/${project.id}/anlagenpass.json`, secret);
    expect(((await pass.json()) as JsonBody).project.id).toBe(project.id);
    const foreign = await api(`projects/${other.project.id}/anlagenpass.json`, secret);
    expect(foreign.status).toBe(404);
    expect((await api(`projects/${other.project.id}/history.csv`, secret)).status).toBe(404);
    const used = await portal.knex('activity_log').where({ userId: customer.sub, type: 'API_TOKEN_USED' });
    expect(used.length).toBeGreaterThanOrEqual(4);
    expect(used.map((u: JsonBody) => u.projectId)).toContain(project.id);
    expect(((await call(client, 'GET', '/api/v1/internal/exports/tokens')).body as JsonBody).tokens[0].lastUsedAt).not.toBeNull();

    // Another customer cannot revoke it; its owner can, and then it is refused like an unknown one.
    expect((await call(other.client, 'POST', `/api/v1/internal/exports/tokens/${created.body?.id}/revoke`)).status).toBe(404);
    expect((await call(client, 'POST', `/api/v1/internal/exports/tokens/${created.body?.id}/revoke`)).status).toBe(204);
    const revoked = await api('projects', secret);
    expect(revoked.status).toBe(401);
    const unknown = await api('projects', `kpx_${'A'.repeat(43)}`);
    expect(await revoked.json()).toEqual(await unknown.json());
    expect((await api('projects')).status).toBe(401);
  });

  it('refuses a missing or too long name and more than the allowed number of tokens, with clear codes', async () => {
    const { client } = await customerWithProject();
    expect((await call(client, 'POST', '/api/v1/internal/exports/tokens', { name: '   ' })).body).toMatchObject({ code: 'EXPORTS.TOKEN_NAME_MISSING' });
    const long = await call(client, 'POST', '/api/v1/internal/exports/tokens', { name: 'x'.repeat(61) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'EXPORTS.TOKEN_NAME_TOO_LONG' });
    for (let i = 0; i < TOKENS_PER_CUSTOMER; i++) expect((await call(client, 'POST', '/api/v1/internal/exports/tokens', { name: `Werkzeug ${i}` })).status).toBe(201);
    const tooMany = await call(client, 'POST', '/api/v1/internal/exports/tokens', { name: 'Noch einer' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'EXPORTS.TOO_MANY_TOKENS' });
  });

  it('answers 429 with Retry-After once a token used up its calls of the minute', async () => {
    const { client } = await customerWithProject();
    const secret = (await call(client, 'POST', '/api/v1/internal/exports/tokens', { name: 'Eilig' })).body?.secret as string;
    // Fixed one-minute windows: a window may end during the loop, so the first refusal comes after one or two windows' worth.
    let first = 0;
    let refused: Response | null = null;
    for (let n = 1; n <= 2 * TOKEN_CALLS_PER_MINUTE + 1 && !refused; n++) {
      const answer = await api('projects', secret);
      if (answer.status === 429) [first, refused] = [n, answer];
      else expect(answer.status).toBe(200);
    }
    expect(first).toBeGreaterThan(TOKEN_CALLS_PER_MINUTE);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused?.json()).toMatchObject({ code: 'EXPORTS.RATE_LIMITED' });
  });
});
