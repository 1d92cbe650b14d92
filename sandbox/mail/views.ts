import type { StoredMail } from './store.ts';
import { escapeHtml } from '../shared/html.ts';

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

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;color:#1b1f24;background:#f6f8fa}
body{margin:0}
header{background:#0b6e4f;color:#fff;padding:.75rem 1.5rem}
header p{margin:0;font-weight:600}
main{max-width:72rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.75rem;margin:0 0 .5rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
p{margin:0 0 1rem}
.muted{color:#4d5762}
a{color:#0b5cad}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.toolbar{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin:1rem 0 1.5rem}
.toolbar form{margin:0}
button{font:inherit;font-weight:600;border-radius:8px;padding:.5rem 1rem;cursor:pointer;background:#fff;color:#a32020;border:2px solid #a32020}
button:hover{background:#fdecec}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #d0d7de}
th,td{text-align:left;vertical-align:top;padding:.625rem .75rem;border-bottom:1px solid #d0d7de;overflow-wrap:anywhere}
th{background:#eef2f5;font-weight:600}
td.date{white-space:nowrap}
.empty{padding:2rem;background:#fff;border:1px dashed #6b7580;border-radius:8px;text-align:center}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1rem;background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem}
iframe{width:100%;min-height:36rem;border:1px solid #d0d7de;border-radius:8px;background:#fff}
ul.links{padding-left:1.25rem;overflow-wrap:anywhere}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;

/**
 * Mail HTML inherits this policy inside the srcdoc frame: inline styles and data: images only, nothing remote.
 * form-action 'self' keeps "Alle löschen" working.
 */
export const MAILBOX_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<header><p>Kundenportal-Sandbox</p></header>
<main>
${body}
</main>
</body>
</html>`;
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
<form method="post" action="${escapeHtml(`${basePath}/clear`)}"><button type="submit">Alle löschen</button></form>
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
