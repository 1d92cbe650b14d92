import { berlinTime, escapeHtml, germanPage, notice, optionsOf, type PageMessage } from '../shared/html.ts';
import type { Entry, Task } from './store.ts';

/**
 * The back office's page for testers (`/tasks/`): every task with its whole thread (internal inquiries marked), and
 * forms to answer, comment, write an internal inquiry, change the status, and create a to-do for a customer.
 */
const e = escapeHtml;
const STATUS = { OPEN: 'offen', IN_PROGRESS: 'in Bearbeitung', DONE: 'erledigt' } as const;
const KIND = {
  EXTERNAL_REQUEST: 'Anfrage des Kunden',
  EXTERNAL_RESPONSE: 'Antwort an den Kunden',
  COMMENT: 'Kommentar',
  INTERNAL_INQUIRY: 'Interne Rückfrage (nur intern)',
  ACTION_COMMENT: 'System',
} as const;
const TYPE = { REQUEST: 'Anfrage', TODO: 'To-do für den Kunden', SERVICE: 'Servicefall (intern, für den Kunden unsichtbar)' } as const;
/** Only what the threads need beyond the shell: an entry's author colour and the wide text fields. */
const STYLES = `
h2{font-size:1.15rem;margin:.2rem 0 .5rem}
ol{list-style:none;padding:0;margin:.5rem 0}
li{border-left:4px solid #d0d7de;padding:.35rem .75rem;margin-bottom:.5rem}
li.CUSTOMER{border-color:#1f6feb}
li.INTERNAL_INQUIRY{border-color:#a40e26;background:#fff5f5}
section.SERVICE{border-left:6px solid #a40e26}
li.SYSTEM{border-color:#57606a;color:#57606a}
.meta{font-size:.85rem;color:#57606a}
p.text{white-space:pre-wrap;margin:.25rem 0}
form{margin:.5rem 0}
textarea{min-width:28rem;min-height:4rem}
`;

function entry(x: Entry): string {
  const role = x.kind === 'INTERNAL_INQUIRY' ? 'INTERNAL_INQUIRY' : x.author.role;
  const text = x.kind === 'ACTION_COMMENT' && x.text.startsWith('STATUS:') ? `Status geändert: ${STATUS[x.text.slice(7) as keyof typeof STATUS] ?? x.text}` : x.text;
  const files = x.attachments.map((a) => `<a href="/tasks/tester/attachments/${e(a.id)}">${e(a.filename)}</a>`).join(', ');
  const kind = x.kind === 'EXTERNAL_REQUEST' && x.author.role === 'SYSTEM' ? 'Meldung des Kundenportals' : KIND[x.kind];
  return `<li class="${role}"><span class="meta">${kind} · ${e(x.author.name)} · ${berlinTime(x.createdAt)}</span><p class="text">${e(text)}</p>${files ? `<p class="meta">Anhänge: ${files}</p>` : ''}</li>`;
}

function card(task: Task): string {
  const base = `/tasks/tester/tasks/${encodeURIComponent(task.id)}`;
  return `<section class="card ${task.type}" id="aufgabe-${e(task.id)}" aria-labelledby="titel-${e(task.id)}">
<h2 id="titel-${e(task.id)}">${e(task.id)} · Projekt ${task.projectId} · ${e(task.subject)}</h2>
<p class="meta">${task.type === 'REQUEST' && task.entries[0]?.author.role === 'SYSTEM' ? 'Servicefall, vom Kundenportal eröffnet (für den Kunden sichtbar)' : TYPE[task.type]} · Team ${e(task.team)} · Status ${STATUS[task.status]}${task.supportQuestion.length ? ` · Thema: ${task.supportQuestion.map(e).join(' › ')}` : ''}</p>
<ol>${task.entries.map(entry).join('')}</ol>
<form method="post" action="${base}/answer">
<label>Text<textarea name="text" required maxlength="5000"></textarea></label>
<label>Art<select name="kind">${
    task.type === 'SERVICE'
      ? '<option value="INTERNAL_INQUIRY">Interne Notiz</option>'
      : '<option value="EXTERNAL_RESPONSE">Antwort an den Kunden</option><option value="COMMENT">Kommentar (sichtbar)</option><option value="INTERNAL_INQUIRY">Interne Rückfrage</option>'
  }</select></label>
<label>Von<input name="author" value="Kundenservice" maxlength="100"></label>
<label>Status danach<select name="status">${optionsOf({ '': 'unverändert', ...STATUS })}</select></label>
<button>Speichern</button>
</form>
<form method="post" action="${base}/status"><label>Status<select name="status">${optionsOf(STATUS, task.status)}</select></label><button>Status ändern</button></form>
</section>`;
}

export function testerPage(tasks: Task[], message: PageMessage | null): string {
  return germanPage({
    title: 'Aufgaben – Ticketsystem (Sandbox)',
    banner: 'Ticketsystem des Installateurs (Sandbox)',
    theme: { accent: '#1f4d3a' },
    styles: STYLES,
    body: `<h1>Aufgaben und Nachrichten</h1>
<p>Hier spielst Du den Kundenservice: Anfragen beantworten, kommentieren, interne Rückfragen schreiben (die Kunden nie sehen), den Status ändern und Kunden um etwas bitten.</p>
${notice(message)}
<section class="card" aria-labelledby="neu">
<h2 id="neu">To-do für einen Kunden anlegen</h2>
<form method="post" action="/tasks/tester/todos">
<label>Projekt<input name="projectId" inputmode="numeric" required pattern="[0-9]+" size="8" value="100234"></label>
<label>Betreff<input name="subject" required maxlength="200" size="30" value="Foto Deines Zählerschranks"></label>
<label>Text<textarea name="text" required maxlength="5000">Bitte lade ein Foto Deines Zählerschranks hoch.</textarea></label>
<button>Anlegen</button>
</form>
</section>
${tasks.map(card).join('\n')}`,
  });
}
