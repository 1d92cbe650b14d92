import { escapeHtml, germanPage } from '../shared/html.ts';
import type { Envelope } from './store.ts';

/**
 * The signing page a customer sees after the portal sent them to the provider: German, usable with mouse, finger or
 * pen (drawn signature) and with the keyboard alone (the typed name counts as the signature). Without JavaScript the
 * keyboard way works as well. Values from the sender are escaped; scripts come only from this origin.
 */
export const SIGNING_SCRIPT_PATH = '/signing-assets/sign.js';

export function signingCsp(returnOrigin: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "script-src 'self'",
    "frame-src 'self'",
    // The form's answer redirects to the portal: browsers check form-action on that redirect too.
    `form-action 'self' ${returnOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** Only what the signing form needs beyond the shell: the document frame, the pad and large targets. */
const STYLES = `
.card{padding:1.25rem;margin-bottom:1.25rem}
iframe{width:100%;height:28rem;border:1px solid #d0d7de;border-radius:4px;background:#fff}
form{display:block}
label{display:block;font-weight:600;margin-bottom:.25rem;font-size:1rem}
input[type=text]{width:100%;max-width:28rem;padding:.6rem}
fieldset{border:1px solid #d0d7de;border-radius:4px;padding:1rem;margin:1rem 0}
legend{font-weight:600;padding:0 .25rem}
canvas{display:block;width:100%;max-width:32rem;height:10rem;border:1px dashed #57606a;border-radius:4px;background:#fff;touch-action:none}
.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.75rem 0}
.check input{margin-top:.3rem;width:1.1rem;height:1.1rem}
.hint{color:#57606a;margin:.25rem 0}
.error{color:#a40e26;font-weight:600}
.errors{border-left:4px solid #a40e26;background:#fff5f5;padding:.75rem 1rem;margin-bottom:1rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{padding:.65rem 1.1rem;background:#fff;color:var(--accent);min-height:44px}
button.primary{background:var(--accent);color:#fff}
`;

function layout(title: string, body: string, script = false): string {
  return germanPage({
    title: `${title} – E-Signatur (Sandbox)`,
    banner: 'E-Signatur (Sandbox des Installateurs)',
    theme: { accent: '#123a6b', width: '56rem' },
    styles: STYLES,
    body,
    ...(script ? { head: `<script src="/esign${SIGNING_SCRIPT_PATH}" defer></script>\n` } : {}),
  });
}

export interface SigningErrors {
  typedName?: string;
  signature?: string;
  consent?: string;
}

export function signingPage(
  envelope: Envelope,
  token: string,
  form: { typedName: string; typedOnly: boolean; consent: boolean; errors?: SigningErrors },
): string {
  const errors = form.errors ?? {};
  const messages = Object.values(errors).filter(Boolean);
  const describe = (id: string, error?: string) => (error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '');
  return layout(
    envelope.documentName,
    `<h1>Dokument unterschreiben</h1>
<p>Hallo ${escapeHtml(envelope.signer.name)}, bitte lies das Dokument „${escapeHtml(envelope.documentName)}“ und unterschreibe es unten.</p>
<section class="card" aria-labelledby="doc-heading">
  <h2 id="doc-heading">${escapeHtml(envelope.documentName)}</h2>
  <iframe src="/esign/signing/${encodeURIComponent(token)}/document.pdf" title="Dokument: ${escapeHtml(envelope.documentName)}"></iframe>
  <p><a href="/esign/signing/${encodeURIComponent(token)}/document.pdf" target="_blank" rel="noopener">Dokument als PDF in neuem Tab öffnen</a></p>
</section>
<form class="card" method="post" action="/esign/signing/${encodeURIComponent(token)}" novalidate>
  ${
    messages.length > 0
      ? `<div class="errors" role="alert"><p>Bitte prüfe Deine Angaben:</p><ul>${messages.map((m) => `<li>${escapeHtml(String(m))}</li>`).join('')}</ul></div>`
      : ''
  }
  <label for="typedName">Vor- und Nachname</label>
  <input type="text" id="typedName" name="typedName" autocomplete="name" maxlength="100" required value="${escapeHtml(form.typedName)}"${describe('typedName', errors.typedName)}>
  ${errors.typedName ? `<p class="error" id="typedName-error">${escapeHtml(errors.typedName)}</p>` : ''}
  <fieldset>
    <legend>Unterschrift</legend>
    <p class="hint" id="pad-hint">Zeichne Deine Unterschrift mit Maus, Finger oder Stift in das Feld.</p>
    <canvas id="signature-pad" width="640" height="200" role="img" aria-label="Unterschriftenfeld" aria-describedby="pad-hint" hidden></canvas>
    <input type="hidden" name="signaturePng" id="signaturePng" value="">
    <div class="actions" id="pad-actions" hidden><button type="button" id="clear-signature">Unterschrift löschen</button></div>
    <label class="check"><input type="checkbox" name="typedOnly" value="1"${form.typedOnly ? ' checked' : ''}${describe('signature', errors.signature)}> <span>Ohne Zeichnung unterschreiben: mein getippter Name gilt als meine Unterschrift (auch mit der Tastatur bedienbar).</span></label>
    ${errors.signature ? `<p class="error" id="signature-error">${escapeHtml(errors.signature)}</p>` : ''}
  </fieldset>
  <label class="check"><input type="checkbox" name="consent" value="1"${form.consent ? ' checked' : ''}${describe('consent', errors.consent)}> <span>Ich habe das Dokument gelesen und unterschreibe es elektronisch.</span></label>
  ${errors.consent ? `<p class="error" id="consent-error">${escapeHtml(errors.consent)}</p>` : ''}
  <div class="actions">
    <button type="submit" class="primary" name="action" value="sign">Unterschreiben</button>
    <button type="submit" name="action" value="cancel">Später unterschreiben</button>
    <button type="submit" name="action" value="decline">Ablehnen</button>
  </div>
</form>`,
    true,
  );
}

/** A link that can no longer be used: expired, already opened, or the envelope is finished. */
export function endedPage(text: string, returnUrl: string | null): string {
  return layout(
    'Link nicht mehr gültig',
    `<h1>Dieser Link gilt nicht mehr</h1>
<p>${escapeHtml(text)}</p>
${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Zurück zum Kundenportal</a></p>` : ''}`,
  );
}

/**
 * The drawing pad: pointer events for mouse, touch and pen; the drawing goes into the hidden field as a PNG data URL
 * when the form is sent. Shown only with JavaScript; without it the typed-name way remains.
 */
export const SIGNING_SCRIPT = `(() => {
  const canvas = document.getElementById('signature-pad');
  const field = document.getElementById('signaturePng');
  const actions = document.getElementById('pad-actions');
  if (!canvas || !field || !actions) return;
  canvas.hidden = false;
  actions.hidden = false;
  const ctx = canvas.getContext('2d');
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  ctx.strokeStyle = '#0d2a73';
  let drawing = false;
  let drawn = false;
  const point = (event) => {
    const box = canvas.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * canvas.width) / box.width, y: ((event.clientY - box.top) * canvas.height) / box.height };
  };
  canvas.addEventListener('pointerdown', (event) => {
    drawing = true;
    canvas.setPointerCapture(event.pointerId);
    const p = point(event);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!drawing) return;
    const p = point(event);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    drawn = true;
  });
  const stop = () => { drawing = false; };
  canvas.addEventListener('pointerup', stop);
  canvas.addEventListener('pointercancel', stop);
  document.getElementById('clear-signature').addEventListener('click', () => {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawn = false;
    field.value = '';
  });
  canvas.closest('form').addEventListener('submit', () => {
    field.value = drawn ? canvas.toDataURL('image/png') : '';
  });
})();
`;
