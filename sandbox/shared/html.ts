import type { Request, Response } from 'express';

/**
 * The one shell of the sandbox's German pages (tester pages, mailbox, login, signing, review and opt-in pages): the
 * document, the shared styles, the answer's headers and the form helpers. A stand-in brings its colour, its width and
 * the few rules only its page needs; everything else looks and behaves alike on every page (README.md, "What runs").
 */

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const e = escapeHtml;

/** A stand-in's look: the colour of its header and buttons, the page background and how wide the content runs. */
export interface PageTheme {
  accent: string;
  background?: string;
  width?: string;
}

/**
 * Rules every page shares. Colour pairs keep 4.5:1 on their backgrounds (the pages are checked with axe), focus is
 * always visible, and the theme comes in as custom properties, so no page repeats a rule to change a colour.
 */
const BASE_STYLES = `
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none !important}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;color:#1b1f24;background:var(--page-bg)}
body{margin:0}
header{background:var(--accent);color:#fff;padding:.75rem 1.5rem}
header p{margin:0;font-weight:600}
main{max-width:var(--width);margin:0 auto;padding:1.5rem}
.card{background:#fff;border:1px solid var(--line);border-radius:8px;padding:1rem 1.25rem;margin-bottom:1rem}
a{color:#0b5cad}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.muted{color:#4d5762}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:.25rem 0}
label{display:flex;flex-direction:column;font-size:.9rem}
input,select,textarea{font:inherit;padding:.35rem .5rem;border:1px solid #57606a;border-radius:4px}
button{font:inherit;padding:.4rem .8rem;border-radius:4px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer;min-height:40px}
button.secondary{background:#fff;color:var(--accent)}
button.danger{background:#fff;color:#a32020;border-color:#a32020}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;vertical-align:top;padding:.5rem .6rem;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
th{background:#eef2f5}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.status{border-left:4px solid #1a7f37;background:#effaf1;padding:.6rem 1rem;margin-bottom:1rem}
.status.error{border-color:#a40e26;background:#fff5f5}
.toolbar{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;margin:1rem 0 1.5rem}
.toolbar form{margin:0}
td.date{white-space:nowrap}
.empty{padding:2rem;background:#fff;border:1px dashed #6b7580;border-radius:8px;text-align:center}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;

export interface PageOptions {
  /** The document's title (the browser tab, and what a screen reader announces first). */
  title: string;
  theme: PageTheme;
  /** The line in the coloured header bar; without one the page has no header (the login's card layout). */
  banner?: string;
  /** Rules only this page needs, after the shared ones. */
  styles?: string;
  /** Inside `<main>`. */
  body: string;
  mainClass?: string;
  /** Extra elements in `<head>`, e.g. the signing page's script. */
  head?: string;
  /** After `</main>`, e.g. an inline script the page's CSP allows by hash. */
  end?: string;
}

/** A whole German page in the shell: `lang="de"`, no index, no favicon request, the shared styles and the theme. */
export function germanPage(options: PageOptions): string {
  const { theme } = options;
  const vars = `:root{--accent:${theme.accent};--page-bg:${theme.background ?? '#f3f5f8'};--width:${theme.width ?? '72rem'};--line:#d0d7de}`;
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${e(options.title)}</title>
<style>${vars}${BASE_STYLES}${options.styles ?? ''}</style>
${options.head ?? ''}</head>
<body>
${options.banner ? `<header><p>${e(options.banner)}</p></header>\n` : ''}<main${options.mainClass ? ` class="${options.mainClass}"` : ''}>
${options.body}
</main>
${options.end ?? ''}</body>
</html>`;
}

/**
 * What a page may load: its own inline styles and data: images (the shell's empty icon, which saves the browser a
 * favicon request), nothing remote; its forms post only to the sandbox. A page that needs more states its whole policy
 * (a directive given twice is ignored by the browser, with a console error).
 */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Answers a page: never cached, no sniffing, no referrer to other sites, the page's CSP (PAGE_CSP unless it needs more).
 * `same-origin`, not `no-referrer`: under `no-referrer` a browser sends `Origin: null` with a form's POST, and the
 * control routes' same-origin check (sandbox/shared/stand-in.ts) refuses every tester form.
 */
export function sendPage(res: Response, html: string, options: { status?: number; csp?: string } = {}): void {
  res
    .status(options.status ?? 200)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': options.csp ?? PAGE_CSP,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    })
    .send(html);
}

/** A one-button form that posts to `action` (a tester's step: "Schritt abschließen", "Verloren"). */
export function postButton(action: string, label: string, options: { variant?: 'secondary' | 'danger'; disabled?: boolean; ariaLabel?: string } = {}): string {
  const attributes = `${options.variant ? ` class="${options.variant}"` : ''}${options.disabled ? ' disabled' : ''}${options.ariaLabel ? ` aria-label="${e(options.ariaLabel)}"` : ''}`;
  return `<form method="post" action="${e(action)}"><button type="submit"${attributes}>${e(label)}</button></form>`;
}

/** A table of what a stand-in received: column headings (text), rows of cells (HTML, escaped by the caller), newest first. */
export function dataTable(options: { caption?: string; columns: readonly string[]; rows: readonly (readonly string[])[]; empty: string }): string {
  const head = options.columns.map((column) => `<th scope="col">${e(column)}</th>`).join('');
  const body = options.rows.length
    ? options.rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n')
    : `<tr><td colspan="${options.columns.length}">${e(options.empty)}</td></tr>`;
  return `<table>${options.caption ? `<caption class="muted">${e(options.caption)}</caption>` : ''}<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The `<option>`s of a select from a value → German label table, with `selected` chosen. */
export function optionsOf(labels: Readonly<Record<string, string>>, selected?: string | null): string {
  return Object.entries(labels)
    .map(([value, label]) => `<option value="${e(value)}"${value === selected ? ' selected' : ''}>${e(label)}</option>`)
    .join('');
}

/** What a tester's last action did, shown at the top of the page. */
export interface PageMessage {
  text: string;
  error?: boolean;
}

/** The message at the top of the page (`role="alert"` when the action failed). */
export function notice(message: PageMessage | null): string {
  if (!message) return '';
  return `<p class="status${message.error ? ' error' : ''}" role="${message.error ? 'alert' : 'status'}">${e(message.text)}</p>`;
}

/** A tester page's message after its own redirect (`?meldung=…&fehler=1`), cut to a line's worth. */
export function messageOf(req: Request): PageMessage | null {
  const text = typeof req.query.meldung === 'string' ? req.query.meldung.slice(0, 300) : '';
  return text ? { text, error: req.query.fehler === '1' } : null;
}

/** Back to a tester page after a form: 303 with the message `messageOf` reads, and an anchor to scroll to. */
export function backTo(res: Response, page: string, text: string, options: { error?: boolean; anchor?: string } = {}): void {
  res.redirect(303, `${page}?meldung=${encodeURIComponent(text)}${options.error ? '&fehler=1' : ''}${options.anchor ? `#${options.anchor}` : ''}`);
}

const dateTime = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'medium' });

/** A moment as testers read it, German time: "22.11.2026, 14:05" (with seconds: "14:05:09"). */
export function berlinTime(iso: string | number | Date, options: { seconds?: boolean } = {}): string {
  return (options.seconds ? dateTimeSeconds : dateTime).format(new Date(iso));
}

/** A stand-in's plain log page (what it received, newest first): a heading and a table, no header bar. */
export function standInLog(name: string, heading: string, content: string): string {
  return germanPage({ title: `${name} (Sandbox)`, theme: { accent: '#1f4d3a' }, body: `<h1>${e(heading)}</h1>\n${content}` });
}
