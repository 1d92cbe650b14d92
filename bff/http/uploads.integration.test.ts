import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../contracts/http.ts';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { jsonCall, type JsonBody } from '../../tests/support/json-call.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { contentSource } from '../../tests/support/content-source.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * The four upload routes (every user of bff/http/uploads.ts) against bodies a flaky phone connection or a fuzzer sends
 * (docs/files.md "Uploads"): cut off mid-part, a NUL byte in the file name, a compressed body, a connection gone
 * half-way. Every one is the request's fault: 4xx (a plain form 303 back with the reason), never a 500.
 */
const content = contentSource({
  supportQuestions: async (_limit, lang) => [{ id: 'sq-rechnung', title: 'Frage zur Rechnung', lang }],
});

const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432', 'hex'), Buffer.alloc(6000, 7), Buffer.from('ffd9', 'hex')]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const BOUNDARY = '----kundenportal-fuzz';

const logLines: string[] = [];
// Its own database: the support questions above go to the content cache, which portals on one database share.
const { portal, data } = usePortal({ ownDatabase: 'portal_uploads', adapterOverrides: { content }, logLines });

interface UploadRoute {
  name: string;
  path: string;
  field: string;
  fields: Record<string, string>;
  client: BrowserLikeClient | null;
  codes: { incomplete: string; encoding: string };
}

/** The four routes, each with a signed-in customer (the phone's photo route needs none). */
async function uploadRoutes(): Promise<UploadRoute[]> {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub], phase: 'PLANNING', step: 'POWER_OF_ATTORNEY' });
  const client = await signedInClient(portal.url, customer);
  const messages = { incomplete: 'MESSAGES.FILE_INCOMPLETE', encoding: 'MESSAGES.FILE_ENCODING' };
  const meter = { incomplete: 'UPLOAD.INCOMPLETE', encoding: 'UPLOAD.ENCODING' };
  return [
    { name: 'new message', path: '/api/v1/internal/tasks/create-using-rules', field: 'files', fields: { projectId: String(project.id), supportQuestionId: 'sq-rechnung', text: 'Hallo' }, client, codes: messages },
    { name: 'reply', path: '/api/v1/internal/tasks/create-comment', field: 'files', fields: { taskId: 'T-1', text: 'Hallo' }, client, codes: messages },
    { name: 'meter change request', path: '/api/v2/app/meter-change-request', field: 'file', fields: { projectId: String(project.id) }, client, codes: meter },
    { name: 'meter photo from a phone', path: '/api/v2/app/meter-change-request/file', field: 'file', fields: { token: 'x'.repeat(43), code: '123456' }, client: null, codes: meter },
  ];
}

function multipart(fields: Record<string, string>, file: { field: string; filename: string; bytes: Buffer; type?: string } | null, options: { cutAt?: number } = {}): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="`), Buffer.from(file.filename, 'utf8'), Buffer.from(`"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const body = Buffer.concat(parts);
  return options.cutAt === undefined ? body : body.subarray(0, options.cutAt);
}

async function send(route: UploadRoute, body: Buffer, headers: Record<string, string> = {}, plain = false) {
  const init = {
    method: 'POST',
    redirect: 'manual' as const,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(plain ? { 'sec-fetch-site': 'same-origin', origin: portal.url } : { [CSRF_HEADER]: '1' }), ...headers },
    body: new Uint8Array(body),
  };
  const response = route.client ? await route.client.request(`${portal.url}${route.path}`, init) : await fetch(`${portal.url}${route.path}`, init);
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json') && text ? (JSON.parse(text) as JsonBody) : null;
  return { status: response.status, code: json?.code as string | undefined, location: response.headers.get('location') };
}

const errorsLogged = () => logLines.filter((line) => line.startsWith('error'));

describe('malformed upload bodies on every upload route', () => {
  it('a body cut off mid-part or mid-header answers 400 with the route’s code; a plain form goes back with it', async () => {
    logLines.length = 0;
    for (const route of await uploadRoutes()) {
      const whole = multipart(route.fields, { field: route.field, filename: 'zaehler.jpg', bytes: JPEG });
      for (const cutAt of [whole.length - 3000, whole.length - 40, whole.indexOf('filename') + 4]) {
        const answer = await send(route, whole.subarray(0, cutAt));
        expect([answer.status, answer.code], `${route.name} cut at ${cutAt}`).toEqual([400, route.codes.incomplete]);
      }
      const plain = await send(route, whole.subarray(0, whole.length - 3000), {}, true);
      expect(plain.status, route.name).toBe(303);
      expect(plain.location, route.name).toContain(`error=${encodeURIComponent(route.codes.incomplete)}`);
    }
    expect(errorsLogged()).toEqual([]);
  });

  it('a NUL byte (or any control character) in the file name is never a 500', async () => {
    logLines.length = 0;
    for (const route of await uploadRoutes()) {
      for (const filename of ['zae\u0000hler.jpg', '\u0000', 'a\r\nb.jpg', '\u0000.html']) {
        const answer = await send(route, multipart(route.fields, { field: route.field, filename, bytes: JPEG }));
        expect(answer.status, `${route.name} ${JSON.stringify(filename)}`).toBeLessThan(500);
      }
    }
    expect(errorsLogged()).toEqual([]);
  });

  it('a compressed body answers 415 with the route’s code', async () => {
    for (const route of await uploadRoutes()) {
      const body = multipart(route.fields, { field: route.field, filename: 'zaehler.jpg', bytes: JPEG });
      for (const encoding of ['gzip', 'deflate', 'br', 'GZIP, identity']) {
        const packed = encoding === 'deflate' || encoding === 'br' ? body : gzipSync(body);
        const answer = await send(route, packed, { 'content-encoding': encoding });
        expect([answer.status, answer.code], `${route.name} ${encoding}`).toEqual([415, route.codes.encoding]);
      }
    }
  });

  it('a connection that goes away half-way through the file answers 400 (and logs no error)', async () => {
    logLines.length = 0;
    const route = (await uploadRoutes())[3] as UploadRoute;
    const body = multipart(route.fields, { field: route.field, filename: 'zaehler.jpg', bytes: JPEG });
    const url = new URL(`${portal.url}${route.path}`);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n${CSRF_HEADER}: 1\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        socket.write(body.subarray(0, body.length - 2000));
        // The phone lost its connection: no more bytes will come (the socket's sending half closes).
        socket.end();
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('end', () => resolve(received));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    // Node answers the half-closed request itself; what matters is that the portal takes it as the client's fault.
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errorsLogged()).toEqual([]);
  });
});

describe('uploaded file names', () => {
  it('are read as UTF-8 and end in the extension of the detected type (a PDF named .html goes on as .pdf)', async () => {
    const [newMessage] = await uploadRoutes();
    const route = newMessage as UploadRoute;
    const created = await send(route, multipart(route.fields, { field: route.field, filename: 'Zählerstand März «Ü».html', bytes: PDF, type: 'text/html' }));
    expect(created.status).toBe(201);
    const body = (await jsonCall(portal.url, route.client as BrowserLikeClient, 'GET', '/api/v1/internal/tasks/allProjectTasks/' + route.fields.projectId)).body as JsonBody;
    const taskId = body.threads[0].id as string;
    const thread = (await jsonCall(portal.url, route.client as BrowserLikeClient, 'GET', `/api/v1/internal/tasks/comments/${taskId}`)).body as JsonBody;
    expect(thread.entries[0].attachments).toEqual([expect.objectContaining({ filename: 'Zählerstand März «Ü».pdf', contentType: 'application/pdf' })]);
  });
});
