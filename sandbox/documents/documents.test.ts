import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { DOCUMENT_TYPES } from '~/bff/contracts/documents.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';

const config = loadConfig({ NODE_ENV: 'test' });

describe('sandbox document service (PDFs and photos per project)', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;
  const api = (p: string, init: RequestInit = {}) => fetch(`${sandbox.url}/documents/api/v1${p}`, { ...init, headers: { authorization: `Bearer ${config.DOCUMENTS_API_TOKEN}`, ...init.headers } });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-documents-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('needs its token', async () => {
    expect((await fetch(`${sandbox.url}/documents/api/v1/documents?projectId=100240`)).status).toBe(401);
  });

  it('has real PDFs of the portal’s document types for Jonas’ finished project, and photos as JPEG', async () => {
    const { items } = (await (await api('/documents?projectId=100240')).json()) as { items: { uuid: string; type: string; size: number; taskId: string | null }[] };
    expect(items.length).toBeGreaterThanOrEqual(15);
    expect(items.every((d) => (DOCUMENT_TYPES as readonly string[]).includes(d.type))).toBe(true);
    expect(new Set(items.map((d) => d.type))).toEqual(new Set(['OFFER_SIGNED', 'SIGNED_REVOCATION_NOTICE', 'ORDER_CONFIRMATION', 'POWER_OF_ATTORNEY_DOCUMENT', 'MARKET_REGISTER_AUTHORIZATION', 'CONSULTATION_PROTOCOL', 'DELIVERY_SLIPS', 'DC_ACCEPTANCE_PROTOCOL', 'CIRCUIT_DIAGRAM', 'REGISTRATION_CERTIFICATE_PV', 'WARRANTY_DOCUMENTS', 'INVOICE_SEVDESK', 'INVOICE_LEXWARE', 'INVOICE_DATEV']));
    expect(items.filter((d) => d.taskId === 'T-1002')).toHaveLength(1);
    const bytes = new Uint8Array(await (await api(`/documents/${items[0]?.uuid}/content`)).arrayBuffer());
    expect(bytes.length).toBe(items[0]?.size);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(1);

    const photos = (await (await api('/projects/100240/photos')).json()) as { items: { uuid: string; caption: string }[] };
    expect(photos.items.map((p) => p.uuid)).toContain('demo-100240-roof');
    const jpeg = Buffer.from(await (await api('/photos/demo-100240-roof/content')).arrayBuffer());
    expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect((await (await api('/projects/100234/photos')).json()).items).toEqual([]);
  });

  it('files an upload once per externalId and forgets test documents on reset', async () => {
    const upload = () => api('/documents?projectId=900001&type=POWER_OF_ATTORNEY_DOCUMENT&filename=Vollmacht.pdf&externalId=envelope%3Aabc', { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4 test' });
    const first = await upload();
    expect(first.status).toBe(201);
    const again = await upload();
    expect(again.status).toBe(200);
    expect((await again.json()).uuid).toBe((await first.json()).uuid);
    // Two uploads of one externalId at the same time (return page and webhook settling one envelope): one document.
    const raced = () => api('/documents?projectId=900001&type=SEPA_MANDATE&filename=Mandat.pdf&externalId=envelope%3Arace', { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4 race' });
    const answers = await Promise.all([raced(), raced(), raced()]);
    expect(new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { uuid: string }).uuid))).size).toBe(1);
    await fetch(`${sandbox.url}/documents/_control/reset`, { method: 'POST' });
    expect((await (await api('/documents?projectId=900001')).json()).items).toEqual([]);
    expect((await (await api('/documents?projectId=100240')).json()).items.length).toBeGreaterThanOrEqual(15);
  });
});
