import { berlinTime, escapeHtml, germanPage, notice, type PageMessage } from '../shared/html.ts';
import type { Invitation } from './store.ts';

/**
 * The review platform's German pages: the installer's public profile, the personal review page behind an invitation
 * link (where a tester plays the customer and "gives a review"), and the platform's overview for testers. Plain forms,
 * no JavaScript.
 */
const e = escapeHtml;
const STAR_WORDS = ['Ungenügend', 'Mangelhaft', 'Befriedigend', 'Gut', 'Hervorragend'];

/** Only what the review form needs beyond the shell: the stars as large targets, fields stacked. */
const STYLES = `
main.wide{max-width:72rem}
form{display:block}
fieldset{border:1px solid #d0d7de;border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
legend{font-weight:600;padding:0 .25rem}
.stars{display:flex;flex-wrap:wrap;gap:.5rem}
.stars label{flex-direction:row;align-items:center;gap:.35rem;border:1px solid #57606a;border-radius:999px;padding:.35rem .75rem;min-height:44px;font-size:1rem}
label.field{gap:.25rem;margin-bottom:1rem;font-weight:600;font-size:1rem}
textarea{min-height:6rem}
button{padding:.5rem 1rem;min-height:44px}
`;

function page(title: string, body: string, wide = false): string {
  return germanPage({
    title: `${title} – Bewertungsplattform (Sandbox)`,
    banner: 'Bewertungsplattform (Sandbox)',
    theme: { accent: '#14532d', background: '#f4f7f4', width: '48rem' },
    styles: STYLES,
    body,
    ...(wide ? { mainClass: 'wide' } : {}),
  });
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
${notice(error ? { text: error, error: true } : null)}
<form method="post" action="/reviews/bewerten/${encodeURIComponent(invitation.id)}" class="card">
<fieldset><legend>Wie viele Sterne gibst Du?</legend><div class="stars">${stars}</div></fieldset>
<label class="field">Überschrift<input type="text" name="title" maxlength="100" value="Meine Erfahrung"></label>
<label class="field">Deine Bewertung<textarea name="text" maxlength="2000">Montage und Beratung waren gut.</textarea></label>
<button>Bewertung veröffentlichen</button>
</form>`,
  );
}

/** The platform's overview for testers: every invitation link the business asked for, and its review. */
export function overviewPage(invitations: Invitation[], summary: { rating: number; count: number }, message: PageMessage | null): string {
  const rows = invitations
    .map(
      (i) => `<tr><td>${e(i.referenceId)}</td><td>${berlinTime(i.createdAt)}</td><td>${i.openedAt ? berlinTime(i.openedAt) : '–'}</td>
<td>${i.review ? `${i.review.stars} von 5 am ${berlinTime(i.review.createdAt)}: „${e(i.review.title)}“` : 'noch keine'}</td>
<td>${i.review ? '' : `<a href="/reviews/bewerten/${encodeURIComponent(i.id)}">Bewertung abgeben (als Kunde)</a>`}</td></tr>`,
    )
    .join('');
  return page(
    'Einladungen und Bewertungen',
    `<h1>Einladungen und Bewertungen</h1>
<p>Hier siehst Du, welche persönlichen Einladungslinks das Kundenportal angefragt hat (Referenz = Projektnummer) und welche Bewertungen darüber abgegeben wurden. Über „Bewertung abgeben“ spielst Du den Kunden; die Plattform meldet die Bewertung dann dem Portal.</p>
${notice(message)}
<p>Profil: ${summary.rating.toLocaleString('de-DE', { minimumFractionDigits: 1 })} von 5 Sternen aus ${summary.count} Bewertungen (<a href="/reviews/beispiel-solar">öffentliches Profil</a>).</p>
${invitations.length === 0 ? '<p class="card">Noch keine Einladungen.</p>' : `<table><caption class="card">Einladungslinks, neueste zuerst</caption><thead><tr><th scope="col">Referenz (Projekt)</th><th scope="col">Angefragt</th><th scope="col">Geöffnet</th><th scope="col">Bewertung</th><th scope="col">Aktion</th></tr></thead><tbody>${rows}</tbody></table>`}`,
    true,
  );
}

export const notFoundPage = () => page('Nicht gefunden', '<h1>Diese Einladung gibt es nicht</h1><p>Der Link ist ungültig oder abgelaufen.</p>');
