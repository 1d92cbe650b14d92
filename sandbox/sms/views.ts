import { escapeHtml } from '../shared/html.ts';
import type { StoredSms } from './store.ts';

const e = escapeHtml;
const time = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'medium' });

export const SMS_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5;color:#1b1f24;background:#f6f8fa}
body{margin:0}
header{background:#0b6e4f;color:#fff;padding:.75rem 1.5rem}
header p{margin:0;font-weight:600}
main{max-width:72rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.75rem;margin:0 0 .5rem}
.muted{color:#4d5762}
a{color:#0b5cad}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.toolbar{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;margin:1rem 0 1.5rem}
.toolbar form{margin:0;display:flex;gap:.5rem;align-items:flex-end}
label{display:flex;flex-direction:column;font-size:.9rem}
input{font:inherit;padding:.4rem .5rem;border:1px solid #57606a;border-radius:4px}
button{font:inherit;font-weight:600;border-radius:8px;padding:.45rem 1rem;cursor:pointer;background:#fff;color:#0b6e4f;border:2px solid #0b6e4f;min-height:40px}
button.danger{color:#a32020;border-color:#a32020}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #d0d7de}
th,td{text-align:left;vertical-align:top;padding:.625rem .75rem;border-bottom:1px solid #d0d7de;overflow-wrap:anywhere}
th{background:#eef2f5}
td.date{white-space:nowrap}
.text{white-space:pre-wrap}
.code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1.15rem;font-weight:700;letter-spacing:.1em;background:#fff3cc;padding:0 .3rem;border-radius:4px}
.empty{padding:2rem;background:#fff;border:1px dashed #6b7580;border-radius:8px;text-align:center}
`;

/** The SMS text with every six-digit code marked, so a tester finds it at a glance. */
function bodyHtml(body: string): string {
  return e(body).replace(/(?<![\d#])(\d{6})(?!\d)/g, '<span class="code">$1</span>');
}

/** The inbox page for testers (`/sms/`): every SMS the gateway accepted, newest first, filterable by number. */
export function inboxPage(options: { messages: StoredSms[]; filter: string; basePath: string }): string {
  const { messages, filter, basePath } = options;
  const rows = messages
    .map(
      (sms) => `<tr>
<td class="date"><time datetime="${e(sms.receivedAt)}">${e(time.format(new Date(sms.receivedAt)))}</time></td>
<td>${e(sms.to)}</td>
<td>${e(sms.from)}</td>
<td class="text">${bodyHtml(sms.body)}</td>
</tr>`,
    )
    .join('\n');
  const list =
    messages.length === 0
      ? `<p class="empty">${filter ? 'Keine SMS an diese Nummer.' : 'Noch keine SMS verschickt.'}</p>`
      : `<table>
<caption class="muted" style="text-align:left;padding:.5rem 0">${messages.length === 1 ? '1 SMS' : `${messages.length} SMS`}, neueste zuerst</caption>
<thead><tr><th scope="col">Verschickt</th><th scope="col">An</th><th scope="col">Absender</th><th scope="col">Text</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>SMS-Postfach – Sandbox</title>
<style>${STYLES}</style>
</head>
<body>
<header><p>Kundenportal-Sandbox · SMS-Gateway</p></header>
<main>
<h1>SMS-Postfach</h1>
<p class="muted">Jede SMS, die das Portal über das SMS-Gateway verschickt hat (zum Beispiel Bestätigungscodes aus dem Angebots-Funnel). Codes sind gelb markiert.</p>
<div class="toolbar">
<form method="get" action="${e(basePath)}/"><label>Nur an diese Nummer<input name="nummer" type="tel" value="${e(filter)}" autocomplete="off" placeholder="+49 171 1234567"></label><button type="submit">Filtern</button></form>
<a href="${e(basePath)}/">Alle zeigen und aktualisieren</a>
<form method="post" action="${e(basePath)}/clear"><button type="submit" class="danger">Alle löschen</button></form>
</div>
${list}
</main>
</body>
</html>`;
}
