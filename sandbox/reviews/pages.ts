import { escapeHtml } from '../shared/html.ts';
import type { Invitation } from './store.ts';

/**
 * The review platform's German pages: the installer's public profile, the personal review page behind an invitation
 * link (where a tester plays the customer and "gives a review"), and the platform's overview for testers. Plain forms,
 * no JavaScript.
 */
const e = escapeHtml;
const time = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });
const STAR_WORDS = ['Ungenügend', 'Mangelhaft', 'Befriedigend', 'Gut', 'Hervorragend'];

export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.45;color:#1b1f24;background:#f4f7f4}
body{margin:0}
header{background:#14532d;color:#fff;padding:.75rem 1.5rem}
header p{margin:0;font-weight:600}
main{max-width:48rem;margin:0 auto;padding:1.5rem}
main.wide{max-width:72rem}
.card{background:#fff;border:1px solid #cfd8d0;border-radius:8px;padding:1rem 1.25rem;margin-bottom:1rem}
fieldset{border:1px solid #cfd8d0;border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
legend{font-weight:600;padding:0 .25rem}
.stars{display:flex;flex-wrap:wrap;gap:.5rem}
.stars label{display:flex;align-items:center;gap:.35rem;border:1px solid #57606a;border-radius:999px;padding:.35rem .75rem;min-height:44px}
label.field{display:flex;flex-direction:column;gap:.25rem;margin-bottom:1rem;font-weight:600}
input[type=text],textarea{font:inherit;padding:.45rem .6rem;border:1px solid #57606a;border-radius:4px}
textarea{min-height:6rem}
button{font:inherit;padding:.5rem 1rem;border-radius:4px;border:1px solid #14532d;background:#14532d;color:#fff;cursor:pointer;min-height:44px}
a{color:#0b5cad}
:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #cfd8d0}
th,td{text-align:left;vertical-align:top;padding:.5rem .75rem;border-bottom:1px solid #cfd8d0}
th{background:#eaf1ea}
.status{border-left:4px solid #1a7f37;background:#effaf1;padding:.6rem 1rem;margin-bottom:1rem}
.error{border-left:4px solid #a40e26;background:#fff5f5;padding:.6rem 1rem;margin-bottom:1rem}
`;

function page(title: string, body: string, wide = false): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${e(title)} – Bewertungsplattform (Sandbox)</title>
<style>${STYLES}</style>
</head>
<body>
<header><p>Bewertungsplattform (Sandbox)</p></header>
<main${wide ? ' class="wide"' : ''}>
${body}
</main>
</body>
</html>`;
}

export function profilePage(summary: { rating: number; count: number }, writeHint: boolean): string {
  const rating = summary.rating.toLocaleString('de-DE', { minimumFractionDigits: 1 });
  return page(
    'Beispiel Solar GmbH',
    `<h1>Beispiel Solar GmbH</h1><p>${rating} von 5 Sternen aus ${summary.count} Bewertungen.</p>${writeHint ? '<p>Hier würdest Du Deine Bewertung schreiben. Bewertungen mit Einladung gibst Du über den persönlichen Link ab.</p>' : ''}`,
  );
}

/** The page behind a personal invitation link: the tester writes the review as the customer would. */
export function reviewPage(invitation: Invitation, error: string | null): string {
  if (invitation.review) {
    return page(
      'Danke für Deine Bewertung',
      `<h1>Danke für Deine Bewertung</h1><p role="status" class="status">Deine Bewertung (${invitation.review.stars} von 5 Sternen) ist veröffentlicht. Beispiel Solar GmbH wurde benachrichtigt.</p><p><a href="/reviews/beispiel-solar">Zum Profil von Beispiel Solar GmbH</a></p>`,
    );
  }
  const stars = STAR_WORDS.map(
    (word, index) => `<label><input type="radio" name="stars" value="${index + 1}" required>${index + 1} ${index === 0 ? 'Stern' : 'Sterne'} – ${word}</label>`,
  ).join('');
  return page(
    'Bewerte Beispiel Solar GmbH',
    `<h1>Bewerte Beispiel Solar GmbH</h1>
<p>Erzähl anderen, wie Du Beispiel Solar GmbH erlebt hast. Du wurdest vom Unternehmen eingeladen (Einladung ${e(invitation.id.slice(0, 8))}); Deine Bewertung wird trotzdem so veröffentlicht, wie Du sie schreibst.</p>
${error ? `<p class="error" role="alert">${e(error)}</p>` : ''}
<form method="post" action="/reviews/bewerten/${encodeURIComponent(invitation.id)}" class="card">
<fieldset><legend>Wie viele Sterne gibst Du?</legend><div class="stars">${stars}</div></fieldset>
<label class="field">Überschrift<input type="text" name="title" maxlength="100" value="Meine Erfahrung"></label>
<label class="field">Deine Bewertung<textarea name="text" maxlength="2000">Montage und Beratung waren gut.</textarea></label>
<button>Bewertung veröffentlichen</button>
</form>`,
  );
}

/** The platform's overview for testers: every invitation link the business asked for, and its review. */
export function overviewPage(invitations: Invitation[], summary: { rating: number; count: number }, message: string | null): string {
  const rows = invitations
    .map(
      (i) => `<tr><td>${e(i.referenceId)}</td><td>${time.format(new Date(i.createdAt))}</td><td>${i.openedAt ? time.format(new Date(i.openedAt)) : '–'}</td>
<td>${i.review ? `${i.review.stars} von 5 am ${time.format(new Date(i.review.createdAt))}: „${e(i.review.title)}“` : 'noch keine'}</td>
<td>${i.review ? '' : `<a href="/reviews/bewerten/${encodeURIComponent(i.id)}">Bewertung abgeben (als Kunde)</a>`}</td></tr>`,
    )
    .join('');
  return page(
    'Einladungen und Bewertungen',
    `<h1>Einladungen und Bewertungen</h1>
<p>Hier siehst Du, welche persönlichen Einladungslinks das Kundenportal angefragt hat (Referenz = Projektnummer) und welche Bewertungen darüber abgegeben wurden. Über „Bewertung abgeben“ spielst Du den Kunden; die Plattform meldet die Bewertung dann dem Portal.</p>
${message ? `<p class="status" role="status">${e(message)}</p>` : ''}
<p>Profil: ${summary.rating.toLocaleString('de-DE', { minimumFractionDigits: 1 })} von 5 Sternen aus ${summary.count} Bewertungen (<a href="/reviews/beispiel-solar">öffentliches Profil</a>).</p>
${invitations.length === 0 ? '<p class="card">Noch keine Einladungen.</p>' : `<table><caption class="card">Einladungslinks, neueste zuerst</caption><thead><tr><th scope="col">Referenz (Projekt)</th><th scope="col">Angefragt</th><th scope="col">Geöffnet</th><th scope="col">Bewertung</th><th scope="col">Aktion</th></tr></thead><tbody>${rows}</tbody></table>`}`,
    true,
  );
}

export const notFoundPage = () => page('Nicht gefunden', '<h1>Diese Einladung gibt es nicht</h1><p>Der Link ist ungültig oder abgelaufen.</p>');
