import type { Language } from '../../contracts/auth.ts';
import { escapeHtml } from '../../contracts/html.ts';

/**
 * The portal's brand in mails: the name of the site's header (site/components/Brand.astro, `app.name`) and the colour
 * tokens of site/styles/global.css (mail clients know no CSS variables, so the values are repeated here).
 */
export const BRAND = {
  name: 'Kundenportal',
  navy: '#0b2545',
  sun: '#f6b400',
  sunSoft: '#fff3cc',
  background: '#f3f5f9',
  text: '#0b2545',
  muted: '#46566c',
  border: '#d3dae5',
};

/**
 * Every mail is written in the recipient's language (docs/architecture.md "Mails"): German unless the customer chose
 * English; the words around every mail (greeting, closing) come from here.
 */
const FRAME = {
  de: {
    hello: (name: string) => `Hallo ${name},`,
    helloNameless: 'Hallo,',
    closing: 'Viele Grüße',
    portalTeam: `Dein Team vom ${BRAND.name}`,
    installerTeam: (installerName: string) => `Dein Team der ${installerName}`,
  },
  en: {
    hello: (name: string) => `Hello ${name},`,
    helloNameless: 'Hello,',
    closing: 'Kind regards',
    portalTeam: `Your ${BRAND.name} team`,
    installerTeam: (installerName: string) => `Your team at ${installerName}`,
  },
} as const satisfies Record<Language, unknown>;

/** The greeting: by name where the name is known, otherwise without one. */
export function greeting(lang: Language, name?: string | null): string {
  const trimmed = name?.trim() ?? '';
  return trimmed ? FRAME[lang].hello(trimmed) : FRAME[lang].helloNameless;
}

/** The sign-off: the installer's team for mails about a project, the portal's team for the account's own mails. */
export function signOff(lang: Language, installerName?: string): string {
  return installerName === undefined ? FRAME[lang].portalTeam : FRAME[lang].installerTeam(installerName);
}

/** A mail's texts in both languages, picked by the recipient's (`texts[lang]`). */
export type Bilingual<T> = Record<Language, T>;

export interface BrandedMail {
  /** The recipient's language (default German): the closing and the HTML's `lang`. */
  lang?: Language;
  subject: string;
  heading: string;
  greeting: string;
  /** Paragraphs of plain text (escaped); a section has a title and list items. */
  blocks: ({ paragraph: string } | { title: string; items: string[] })[];
  button?: { label: string; href: string };
  signOff: string;
  footer: string[];
}

type Block = BrandedMail['blocks'][number];

/** A mail in the portal's branding: HTML with inline styles only (as mail clients need) and the same text in plain. */
export function renderBrandedMail(mail: BrandedMail): { subject: string; text: string; html: string } {
  const text = [
    mail.greeting,
    '',
    ...mail.blocks.flatMap((block) => ('paragraph' in block ? [block.paragraph, ''] : [block.title, ...block.items.map((item) => `- ${item}`), ''])),
    ...(mail.button ? [`${mail.button.label}: ${mail.button.href}`, ''] : []),
  ];
  const p = (content: string) => `<p style="margin:0 0 16px;font-size:15px">${content}</p>`;
  const blocks = mail.blocks
    .map((block) =>
      'paragraph' in block
        ? p(escapeHtml(block.paragraph))
        : `<h2 style="margin:0 0 8px;font-size:17px;color:${BRAND.navy}">${escapeHtml(block.title)}</h2><ul style="margin:0 0 16px;padding-left:20px;font-size:15px">${block.items.map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`).join('')}</ul>`,
    )
    .join('\n');
  const button = mail.button
    ? p(`<a href="${escapeHtml(mail.button.href)}" style="display:inline-block;padding:10px 18px;border-radius:999px;background:${BRAND.navy};color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(mail.button.label)}</a>`)
    : '';
  return renderMailFrame(mail, { text, html: `${p(escapeHtml(mail.greeting))}\n${blocks}\n${button}` });
}

/**
 * The frame every mail shares: the brand above the heading, the closing, the sign-off and the footer, as text and as
 * HTML. `body` is what stands between heading and closing (text lines; HTML already escaped); mails with a layout of
 * their own (the linking mail's code cards) call it directly, all others through `renderBrandedMail`.
 */
export function renderMailFrame(
  mail: Pick<BrandedMail, 'lang' | 'subject' | 'heading' | 'signOff' | 'footer'>,
  body: { text: string[]; html: string },
): { subject: string; text: string; html: string } {
  const lang = mail.lang ?? 'de';
  const closing = FRAME[lang].closing;
  const text = [`${BRAND.name} – ${mail.heading}`, '', ...body.text, closing, mail.signOff, '', '-- ', ...mail.footer].join('\n');
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:${BRAND.background};font-family:-apple-system,'Segoe UI',Roboto,Arial,Helvetica,sans-serif;color:${BRAND.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.background}"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="padding:16px 20px;background:${BRAND.navy};border-radius:8px 8px 0 0;border-bottom:4px solid ${BRAND.sun}">
<span style="font-size:20px;font-weight:bold;color:#ffffff"><span aria-hidden="true" style="color:${BRAND.sun}">&#9728;</span> ${BRAND.name}</span></td></tr>
<tr><td style="padding:20px;background:#ffffff;border-radius:0 0 8px 8px">
<h1 style="margin:0 0 16px;font-size:22px;color:${BRAND.navy}">${escapeHtml(mail.heading)}</h1>
${body.html}
<p style="margin:0;font-size:15px">${closing}<br>${escapeHtml(mail.signOff)}</p>
</td></tr>
<tr><td style="padding:12px 20px;font-size:13px;line-height:1.5;color:${BRAND.muted}">${mail.footer.map(escapeHtml).join('<br>')}</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: mail.subject, text, html };
}

/**
 * A customer's mail in the recipient's language: `texts` are the words of that language (the heading defaults to the
 * subject, `button` labels the link to `href`); plain strings among the blocks are paragraphs. The installer's team
 * signs where `installerName` is given, the portal's team otherwise.
 */
export function renderCustomerMail(mail: {
  lang: Language;
  texts: { subject: string; heading?: string; button?: string; footer: string };
  name?: string | null;
  blocks: (string | Block)[];
  href?: string;
  installerName?: string;
}) {
  const { lang, texts } = mail;
  return renderBrandedMail({
    lang,
    subject: texts.subject,
    heading: texts.heading ?? texts.subject,
    greeting: greeting(lang, mail.name),
    blocks: mail.blocks.map((block) => (typeof block === 'string' ? { paragraph: block } : block)),
    ...(mail.href && texts.button ? { button: { label: texts.button, href: mail.href } } : {}),
    signOff: signOff(lang, mail.installerName),
    footer: [texts.footer],
  });
}
