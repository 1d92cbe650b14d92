import type { StoredMail } from './store.ts';
import { PAGE_CSP, escapeHtml, germanPage, postButton } from '../shared/html.ts';

/**
 * The web mailbox's German pages. Mail content is untrusted: every value is escaped, the HTML body only ever
 * appears inside `<iframe sandbox srcdoc>` (no scripts, no same-origin), and the page's CSP loads nothing remote.
 */

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `22.11.2026, 14:05` in German local time. */
export function formatGermanDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Escapes the text and turns http(s) URLs into links; nothing else becomes markup. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const HREF_PATTERN = /href\s*=\s*(["'])(https?:\/\/.*?)\1/gi;

/** The http(s) links of a mail, from the HTML body's href attributes and the text body, without duplicates. */
export function extractLinks(mail: Pick<StoredMail, 'html' | 'text'>): string[] {
  const links = new Set<string>();
  for (const match of mail.html.matchAll(HREF_PATTERN)) {
    const href = match[2]?.replaceAll('&amp;', '&').replaceAll('&#38;', '&');
    if (href) links.add(href);
  }
  for (const match of mail.text.matchAll(URL_PATTERN)) links.add(match[0].replace(TRAILING_PUNCTUATION, ''));
  return [...links];
}

/** Only what a mail's detail needs beyond the shell: its header facts, the text body and the HTML frame. */
const STYLES = `
h1{font-size:1.75rem;margin:0 0 .5rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
p{margin:0 0 1rem}
.toolbar{align-items:center}
button{font-weight:600;border-radius:8px;padding:.5rem 1rem;border-width:2px;min-height:0}
table{border:1px solid #d0d7de}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1rem;background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem}
iframe{width:100%;min-height:36rem;border:1px solid #d0d7de;border-radius:8px;background:#fff}
ul.links{padding-left:1.25rem;overflow-wrap:anywhere}
`;

/**
 * Mail HTML inherits this policy inside the srcdoc frame: inline styles and data: images only, nothing remote.
 * form-action 'self' keeps "Alle löschen" working.
 */
export const MAILBOX_CSP = PAGE_CSP;

function layout(title: string, body: string): string {
  return germanPage({ title, banner: 'Kundenportal-Sandbox', theme: { accent: '#0b6e4f', background: '#f6f8fa' }, styles: STYLES, body });
}

function subjectOf(mail: StoredMail): string {
  return mail.subject.trim() === '' ? '(kein Betreff)' : mail.subject;
}

export function mailboxPage(options: { mails: StoredMail[]; basePath: string; smtpPort: number; debug?: boolean }): string {
  const { mails, basePath } = options;
  const rows = mails
    .map(
      (mail) => `<tr>
<td class="date"><time datetime="${escapeHtml(mail.receivedAt)}">${escapeHtml(formatGermanDate(mail.receivedAt))}</time></td>
<td>${escapeHtml(mail.from)}</td>
<td>${escapeHtml(mail.to.join(', '))}</td>
<td><a href="${escapeHtml(`${basePath}/${encodeURIComponent(mail.id)}`)}">${escapeHtml(subjectOf(mail))}</a></td>
</tr>`,
    )
    .join('\n');
  const list =
    mails.length === 0
      ? '<p class="empty">Noch keine E-Mails empfangen.</p>'
      : `<table>
<caption class="visually-hidden">Empfangene E-Mails, neueste zuerst</caption>
<thead><tr><th scope="col">Empfangen</th><th scope="col">Von</th><th scope="col">An</th><th scope="col">Betreff</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  const count = mails.length === 1 ? '1 E-Mail' : `${mails.length} E-Mails`;
  const body = `<h1>${options.debug ? 'Debug-Postfach (Bewertungs-Mails)' : 'Postfach'}</h1>
<p class="muted">${
    options.debug
      ? `Im Bewertungs-Debugmodus (REVIEW_DEBUG_MODE) schickt das Portal jede Bewertungs-Mail hierher statt an den Kunden: Port ${options.smtpPort}, neueste zuerst.`
      : `Alle E-Mails, die der Sandbox-SMTP-Server auf Port ${options.smtpPort} empfangen hat, neueste zuerst.`
  }</p>
<div class="toolbar">
<a href="${escapeHtml(basePath)}">Aktualisieren</a>
<span class="muted">${count}</span>
${postButton(`${basePath}/clear`, 'Alle löschen', { variant: 'danger' })}
</div>
${list}`;
  return layout('Postfach – Sandbox', body);
}

export function mailPage(options: { mail: StoredMail; basePath: string }): string {
  const { mail, basePath } = options;
  const subject = subjectOf(mail);
  const links = extractLinks(mail);
  const linkSection =
    links.length === 0
      ? ''
      : `<h2>Links in dieser E-Mail</h2>
<ul class="links">${links.map((url) => `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`).join('')}</ul>`;
  const text =
    mail.text.trim() === '' ? '<p class="muted">Diese E-Mail hat keinen Textteil.</p>' : `<pre>${linkify(mail.text)}</pre>`;
  const html =
    mail.html.trim() === ''
      ? '<p class="muted">Diese E-Mail hat keinen HTML-Teil.</p>'
      : `<iframe sandbox srcdoc="${escapeHtml(mail.html)}" title="HTML-Inhalt der E-Mail"></iframe>`;
  const body = `<p><a href="${escapeHtml(basePath)}">Zurück zum Postfach</a></p>
<h1>${escapeHtml(subject)}</h1>
<dl>
<dt>Von</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>An</dt><dd>${escapeHtml(mail.to.join(', '))}</dd>
<dt>Betreff</dt><dd>${escapeHtml(subject)}</dd>
<dt>Empfangen</dt><dd><time datetime="${escapeHtml(mail.receivedAt)}">${escapeHtml(formatGermanDate(mail.receivedAt))}</time></dd>
</dl>
${linkSection}
<h2>Text</h2>
${text}
<h2>HTML</h2>
${html}`;
  return layout(`${subject} – Postfach – Sandbox`, body);
}

export function notFoundPage(basePath: string): string {
  return layout(
    'E-Mail nicht gefunden – Postfach – Sandbox',
    `<h1>E-Mail nicht gefunden</h1>
<p>Diese E-Mail gibt es nicht (mehr).</p>
<p><a href="${escapeHtml(basePath)}">Zurück zum Postfach</a></p>`,
  );
}
