import { LINK_CODE_TTL_MINUTES, LINK_MAIL_PARAMS } from '../../contracts/linking.ts';
import type { ManagedProject } from '../../ports/management-service.ts';

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export interface LinkMailEntry {
  project: ManagedProject;
  code: string;
}

/** The masked stand-in for a code in the mail log: codes never reach the database in clear text. */
export const REDACTED_CODE = '••••••';

/**
 * The linking mail to one contact address, listing each project with its code and a link that opens the code dialog
 * prefilled (`/home/dashboard`, the two-factor link target). German, informal "Du".
 */
export function buildLinkMail(publicUrl: string, contactName: string, entries: LinkMailEntry[]) {
  const several = entries.length > 1;
  const subject = several
    ? 'Deine Bestätigungscodes für das Kundenportal'
    : `Dein Bestätigungscode für Projekt ${entries[0]?.project.id ?? ''}`.trim();
  const linkFor = (entry: LinkMailEntry) => {
    const url = new URL('/home/dashboard', publicUrl);
    url.searchParams.set(LINK_MAIL_PARAMS.projectId, String(entry.project.id));
    url.searchParams.set(LINK_MAIL_PARAMS.code, entry.code);
    return url.href;
  };
  const place = (p: ManagedProject) => `${p.address.street} ${p.address.houseNumber}, ${p.address.zip} ${p.address.city}`;

  const intro = several
    ? 'jemand möchte diese Projekte mit einem Konto im Kundenportal verbinden:'
    : 'jemand möchte dieses Projekt mit einem Konto im Kundenportal verbinden:';
  const outro = [
    `Die Codes sind ${LINK_CODE_TTL_MINUTES} Minuten gültig.`,
    'Wenn Du das nicht warst, musst Du nichts tun: Ohne den Code wird nichts verbunden.',
  ];

  const text = [
    `Hallo ${contactName},`,
    '',
    intro,
    '',
    ...entries.flatMap((e) => [
      `Projekt ${e.project.id} – ${place(e.project)}`,
      `Bestätigungscode: ${e.code}`,
      `Direkt bestätigen: ${linkFor(e)}`,
      '',
    ]),
    ...outro,
    '',
    'Viele Grüße',
    'Dein Team vom Kundenportal',
  ].join('\n');

  const html = `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#1b1f24">
<p>Hallo ${escapeHtml(contactName)},</p>
<p>${escapeHtml(intro)}</p>
${entries
  .map(
    (e) => `<div style="margin:16px 0;padding:12px 16px;border:1px solid #d0d7de;border-radius:8px">
<p style="margin:0 0 8px"><strong>Projekt ${e.project.id}</strong> – ${escapeHtml(place(e.project))}</p>
<p style="margin:0 0 8px">Bestätigungscode: <strong style="font-size:20px;letter-spacing:4px">${escapeHtml(e.code)}</strong></p>
<p style="margin:0"><a href="${escapeHtml(linkFor(e))}">Projekt jetzt bestätigen</a></p>
</div>`,
  )
  .join('\n')}
${outro.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>Viele Grüße<br>Dein Team vom Kundenportal</p>
</body></html>`;

  return { subject, text, html };
}
