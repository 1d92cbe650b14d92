import { LINK_CODE_TTL_MINUTES, LINK_MAIL_PARAMS } from '../../contracts/linking.ts';
import type { ManagedProject } from '../../ports/management-service.ts';
import type { Language } from '../../contracts/auth.ts';
import { escapeHtml } from '../../contracts/html.ts';
import { BRAND, greeting, renderMailFrame, signOff } from '../mail/mail-layout.ts';

export interface LinkMailEntry {
  project: ManagedProject;
  code: string;
}

/** The masked stand-in for a code in the mail log: codes never reach the database in clear text. */
export const REDACTED_CODE = '••••••';

/**
 * The linking mail to one contact address, listing each project with its code and a link that opens the code dialog
 * prefilled (`/home/dashboard`). In the requester's language (German, informal "Du", or English); one code says
 * "Dein Code", several "Deine Codes" everywhere. HTML with the portal's branding (inline styles only, as mail clients
 * need) and the same content as plain text.
 */
export function buildLinkMail(publicUrl: string, contactName: string, entries: LinkMailEntry[], lang: Language = 'de') {
  const several = entries.length > 1;
  const first = entries[0]?.project.id ?? '';
  const words = {
    de: {
      subject: several ? 'Deine Bestätigungscodes für das Kundenportal' : `Dein Bestätigungscode für Projekt ${first}`.trim(),
      heading: several ? 'Deine Bestätigungscodes' : 'Dein Bestätigungscode',
      intro: several
        ? `jemand möchte diese Projekte mit einem Konto im ${BRAND.name} verbinden. Hier sind Deine Codes:`
        : `jemand möchte dieses Projekt mit einem Konto im ${BRAND.name} verbinden. Hier ist Dein Code:`,
      validity: several ? `Deine Codes sind ${LINK_CODE_TTL_MINUTES} Minuten gültig.` : `Dein Code ist ${LINK_CODE_TTL_MINUTES} Minuten gültig.`,
      notYou: several
        ? 'Wenn Du das nicht warst, musst Du nichts tun: Ohne die Codes wird nichts verbunden.'
        : 'Wenn Du das nicht warst, musst Du nichts tun: Ohne den Code wird nichts verbunden.',
      // The footer agrees in number too ("Dein Code" / "Deine Codes" everywhere).
      why: several
        ? 'Du bekommst diese E-Mail, weil Deine Adresse bei uns als Kontakt für diese Projekte hinterlegt ist.'
        : 'Du bekommst diese E-Mail, weil Deine Adresse bei uns als Kontakt für dieses Projekt hinterlegt ist.',
      ignore: several ? 'Hast Du keine Codes angefordert, kannst Du diese E-Mail einfach ignorieren.' : 'Hast Du keinen Code angefordert, kannst Du diese E-Mail einfach ignorieren.',
      project: 'Projekt',
      code: 'Bestätigungscode',
      confirm: 'Direkt bestätigen',
      confirmButton: (id: number) => `Projekt ${id} jetzt bestätigen`,
    },
    en: {
      subject: several ? 'Your confirmation codes for the customer portal' : `Your confirmation code for project ${first}`.trim(),
      heading: several ? 'Your confirmation codes' : 'Your confirmation code',
      intro: several
        ? `Someone wants to connect these projects to an account in the ${BRAND.name}. Here are your codes:`
        : `Someone wants to connect this project to an account in the ${BRAND.name}. Here is your code:`,
      validity: several ? `Your codes are valid for ${LINK_CODE_TTL_MINUTES} minutes.` : `Your code is valid for ${LINK_CODE_TTL_MINUTES} minutes.`,
      notYou: several ? 'If that was not you, you need not do anything: without the codes nothing is connected.' : 'If that was not you, you need not do anything: without the code nothing is connected.',
      why: several
        ? 'You are receiving this e-mail because your address is on file with us as the contact for these projects.'
        : 'You are receiving this e-mail because your address is on file with us as the contact for this project.',
      ignore: several ? 'If you did not ask for codes, simply ignore this e-mail.' : 'If you did not ask for a code, simply ignore this e-mail.',
      project: 'Project',
      code: 'Confirmation code',
      confirm: 'Confirm directly',
      confirmButton: (id: number) => `Confirm project ${id} now`,
    },
  }[lang];
  const { subject, heading, intro, validity, notYou, why, ignore } = words;
  const hello = greeting(lang, contactName);
  const linkFor = (entry: LinkMailEntry) => {
    const url = new URL('/home/dashboard', publicUrl);
    url.searchParams.set(LINK_MAIL_PARAMS.projectId, String(entry.project.id));
    url.searchParams.set(LINK_MAIL_PARAMS.code, entry.code);
    return url.href;
  };
  const place = (p: ManagedProject) => `${p.address.street} ${p.address.houseNumber}, ${p.address.zip} ${p.address.city}`;

  const text = [
    hello,
    '',
    intro,
    '',
    ...entries.flatMap((e) => [
      `${words.project} ${e.project.id} – ${place(e.project)}`,
      `${words.code}: ${e.code}`,
      `${words.confirm}: ${linkFor(e)}`,
      '',
    ]),
    validity,
    notYou,
    '',
  ];

  const cards = entries
    .map(
      (e) => `<tr><td style="padding:0 0 16px">
<div style="padding:16px;border:1px solid ${BRAND.border};border-radius:8px;background:#ffffff">
<p style="margin:0 0 8px;font-size:15px"><strong>${words.project} ${e.project.id}</strong><br>${escapeHtml(place(e.project))}</p>
<p style="margin:0 0 12px;font-size:15px">${words.code}:<br><span style="display:inline-block;margin-top:4px;padding:6px 12px;border-radius:6px;background:${BRAND.sunSoft};font-family:'Courier New',Courier,monospace;font-size:26px;font-weight:bold;letter-spacing:6px;color:${BRAND.navy}">${escapeHtml(e.code)}</span></p>
<p style="margin:0"><a href="${escapeHtml(linkFor(e))}" style="display:inline-block;padding:10px 18px;border-radius:999px;background:${BRAND.navy};color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(words.confirmButton(e.project.id))}</a></p>
</div></td></tr>`,
    )
    .join('\n');

  const html = `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(hello)}</p>
<p style="margin:0 0 16px;font-size:15px">${escapeHtml(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${cards}</table>
<p style="margin:0 0 8px;font-size:15px">${escapeHtml(validity)}</p>
<p style="margin:0 0 16px;font-size:15px">${escapeHtml(notYou)}</p>`;

  return renderMailFrame({ lang, subject, heading, signOff: signOff(lang), footer: [why, ignore] }, { text, html });
}
