import { berlinTime, escapeHtml, germanPage, postButton } from '../shared/html.ts';
import type { StoredSms } from './store.ts';

const e = escapeHtml;
/** Only what the inbox needs beyond the shell: the SMS text as written and its codes marked. */
const STYLES = `
h1{font-size:1.75rem;margin:0 0 .5rem}
.toolbar form{display:flex;gap:.5rem;align-items:flex-end}
input{padding:.4rem .5rem}
button{font-weight:600;border-radius:8px;padding:.45rem 1rem;background:#fff;color:#0b6e4f;border-width:2px}
table{border:1px solid #d0d7de}
.text{white-space:pre-wrap}
.code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1.15rem;font-weight:700;letter-spacing:.1em;background:#fff3cc;padding:0 .3rem;border-radius:4px}
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
<td class="date"><time datetime="${e(sms.receivedAt)}">${e(berlinTime(sms.receivedAt, { seconds: true }))}</time></td>
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
  return germanPage({
    title: 'SMS-Postfach – Sandbox',
    banner: 'Kundenportal-Sandbox · SMS-Gateway',
    theme: { accent: '#0b6e4f', background: '#f6f8fa' },
    styles: STYLES,
    body: `<h1>SMS-Postfach</h1>
<p class="muted">Jede SMS, die das Portal über das SMS-Gateway verschickt hat (zum Beispiel Bestätigungscodes aus dem Angebots-Funnel). Codes sind gelb markiert.</p>
<div class="toolbar">
<form method="get" action="${e(basePath)}/"><label>Nur an diese Nummer<input name="nummer" type="tel" value="${e(filter)}" autocomplete="off" placeholder="+49 171 1234567"></label><button type="submit">Filtern</button></form>
<a href="${e(basePath)}/">Alle zeigen und aktualisieren</a>
${postButton(`${basePath}/clear`, 'Alle löschen', { variant: 'danger' })}
</div>
${list}`,
  });
}
