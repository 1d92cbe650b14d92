import { writeFileSync } from 'node:fs';
import { signedInClient } from './tests/support/sign-in.ts';
const portal = process.argv[2]!;
const jonas = await signedInClient(portal, 'jonas.weber@example.de');
for (const p of ['/home/app/monitoring', '/home/app/help', '/home/dashboard']) {
  const r = await jonas.request(`${portal}${p}`);
  const html = await r.text();
  writeFileSync(`/tmp/page-${p.split('/').pop()}.html`, html);
  console.log(p, r.status, html.length);
}
