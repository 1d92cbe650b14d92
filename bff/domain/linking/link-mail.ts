import { LINK_CODE_TTL_MINUTES, LINK_MAIL_PARAMS } from '../../contracts/linking.ts';
import type { ManagedProject } from '../../ports/management-service.ts';
import { BRAND, escapeHtml } from '../mail/mail-layout.ts';

export interface LinkMailEntry {
  project: ManagedProject;
  code: string;
}

/** The masked stand-in for a code in the mail log: codes never reach the database in clear text. */
export const REDACTED_CODE = '••••••';

/**
 * The linking mail to one contact address, listing each project with its code and a link that opens the code dialog
 * prefilled (`/home/dashboard`). German, informal "Du"; one code says "Dein Code", several "Deine Codes" everywhere.
 * HTML with the portal's branding (inline styles only, as mail clients need) and the same content as plain text.
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

  const heading = several ? 'Deine Bestätigungscodes' : 'Dein Bestätigungscode';
  const intro = several
    ? `jemand möchte diese Projekte mit einem Konto im ${BRAND.name} verbinden. Hier sind Deine Codes:`
    : `jemand möchte dieses Projekt mit einem Konto im ${BRAND.name} verbinden. Hier ist Dein Code:`;
  const validity = several
    ? `Deine Codes sind ${LINK_CODE_TTL_MINUTES} Minuten gültig.`
    : `Dein Code ist ${LINK_CODE_TTL_MINUTES} Minuten gültig.`;
  const notYou = several
    ? 'Wenn Du das nicht warst, musst Du nichts tun: Ohne die Codes wird nichts verbunden.'
    : 'Wenn Du das nicht warst, musst Du nichts tun: Ohne den Code wird nichts verbunden.';
  // The footer agrees in number too (issue: "Dein Code" / "Deine Codes" everywhere).
  const why = several
    ? 'Du bekommst diese E-Mail, weil Deine Adresse bei uns als Kontakt für diese Projekte hinterlegt ist.'
    : 'Du bekommst diese E-Mail, weil Deine Adresse bei uns als Kontakt für dieses Projekt hinterlegt ist.';
  const ignore = several
    ? 'Hast Du keine Codes angefordert, kannst Du diese E-Mail einfach ignorieren.'
    : 'Hast Du keinen Code angefordert, kannst Du diese E-Mail einfach ignorieren.';
  const signOff = `Dein Team vom ${BRAND.name}`;

  const text = [
    `${BRAND.name} – ${heading}`,
    '',
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
    validity,
    notYou,
    '',
    'Viele Grüße',
    signOff,
    '',
    '-- ',
    why,
    ignore,
  ].join('\n');

  const cards = entries
    .map(
      (e) => `<tr><td style="padding:0 0 16px">
<div style="padding:16px;border:1px solid ${BRAND.border};border-radius:8px;background:#ffffff">
<p style="margin:0 0 8px;font-size:15px"><strong>Projekt ${e.project.id}</strong><br>${escapeHtml(place(e.project))}</p>
<p style="margin:0 0 12px;font-size:15px">Bestätigungscode:<br><span style="display:inline-block;margin-top:4px;padding:6px 12px;border-radius:6px;background:${BRAND.sunSoft};font-family:'Courier New',Courier,monospace;font-size:26px;font-weight:bold;letter-spacing:6px;color:${BRAND.navy}">${escapeHtml(e.code)}</span></p>
<p style="margin:0"><a href="${escapeHtml(linkFor(e))}" style="display:inline-block;padding:10px 18px;border-radius:999px;background:${BRAND.navy};color:#ffffff;font-weight:bold;text-decoration:none">Projekt ${e.project.id} jetzt bestätigen</a></p>
</div></td></tr>`,
    )
    .join('\n');

  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${BRAND.background};font-family:-apple-system,'Segoe UI',Roboto,Arial,Helvetica,sans-serif;color:${BRAND.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.background}"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="padding:16px 20px;background:${BRAND.navy};border-radius:8px 8px 0 0;border-bottom:4px solid ${BRAND.sun}">
<span style="font-size:20px;font-weight:bold;color:#ffffff"><span aria-hidden="true" style="color:${BRAND.sun}">&#9728;</span> ${BRAND.name}</span></td></tr>
<tr><td style="padding:20px;background:#ffffff;border-radius:0 0 8px 8px">
<h1 style="margin:0 0 16px;font-size:22px;color:${BRAND.navy}">${heading}</h1>
<p style="margin:0 0 12px;font-size:15px">Hallo ${escapeHtml(contactName)},</p>
<p style="margin:0 0 16px;font-size:15px">${escapeHtml(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${cards}</table>
<p style="margin:0 0 8px;font-size:15px">${escapeHtml(validity)}</p>
<p style="margin:0 0 16px;font-size:15px">${escapeHtml(notYou)}</p>
<p style="margin:0;font-size:15px">Viele Grüße<br>${escapeHtml(signOff)}</p>
</td></tr>
<tr><td style="padding:12px 20px;font-size:13px;line-height:1.5;color:${BRAND.muted}">${escapeHtml(why)}<br>${escapeHtml(ignore)}</td></tr>
</table></td></tr></table>
</body></html>`;

  return { subject, text, html };
}
