import { expect, it } from 'vitest';
import { CSRF_HEADER } from '../contracts/http.ts';
import { jsonCall } from '../../tests/support/json-call.ts';
import { mailsTo } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

// Uploads can be switched off (METER_CHANGE_UPLOAD=false; docs/files.md "Uploads").
const { portal, data } = usePortal({ env: { METER_CHANGE_UPLOAD: 'false' } });

it('files the request without an upload capability, refuses the photo endpoint with 403 and says in the mail how else to send it', async () => {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub], phase: 'ASSEMBLY', step: 'DC' });
  const client = await signedInClient(portal.url, customer);
  const page = await jsonCall(portal.url, client, 'GET', '/home/app/meter-change-request');
  expect(page.body?.page).toBe('/home/app/meter-change-request');
  const created = await jsonCall(portal.url, client, 'POST', '/api/v2/app/meter-change-request', {
    projectId: project.id,
    buildingType: 2,
    meterKind: 2,
    existingComponent: 4,
    locationInBuilding: 1,
    meterNumber: '1APA0123456789',
    street: 'Teststraße',
    houseNumber: '1',
    zip: '04109',
    city: 'Leipzig',
  });
  expect(created.status).toBe(201);
  expect(created.body?.upload).toBeNull();

  const form = new FormData();
  form.append('token', 'a'.repeat(43));
  form.append('code', '123456');
  form.append('file', new Blob([Buffer.from('ffd8ffe0', 'hex')], { type: 'image/jpeg' }), 'z.jpg');
  const refused = await fetch(`${portal.url}/api/v2/app/meter-change-request/file`, { method: 'POST', headers: { [CSRF_HEADER]: '1' }, body: form });
  expect(refused.status).toBe(403);
  expect((await refused.json()).code).toBe('UPLOAD.DISABLED');

  const mail = (await mailsTo(portal.sandboxUrl, customer.email))[0];
  expect(mail?.text).toContain('als Antwort auf diese E-Mail oder über „Nachrichten“');
  expect(mail?.text).not.toContain('/meter-change-request/photo');
});
