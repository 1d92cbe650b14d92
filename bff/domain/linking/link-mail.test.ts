import { describe, expect, it } from 'vitest';
import { LINK_CODE_TTL_MINUTES } from '../../contracts/linking.ts';
import { buildLinkMail, REDACTED_CODE } from './link-mail.ts';
import { managedProject } from '../../../tests/support/managed-project.ts';

const project = (id: number, street = 'Sonnenallee') => managedProject({ id, customerNumber: '700100', address: { street, houseNumber: '12', zip: '04109', city: 'Leipzig' } });

const URL_BASE = 'https://portal.example';

/** Words that only fit several codes or projects, and words that only fit one (agreement in number). */
const PLURAL_ONLY = /Deine Codes|die Codes|Codes sind|keine Codes|Bestätigungscodes|diese Projekte|Hier sind/;
const SINGULAR_ONLY = /\bDein Code\b|\bden Code\b|keinen Code|dieses Projekt|Hier ist|Code ist/;
const TAG = /<[a-z/!][^>]*>/i;

const oneCode = () => buildLinkMail(URL_BASE, 'Erika Test', [{ project: project(100234), code: '123456' }]);
const twoCodes = () =>
  buildLinkMail(URL_BASE, 'Erika Test', [
    { project: project(100235), code: '111111' },
    { project: project(100236, 'Hackenstraße'), code: '222222' },
  ]);

describe('the linking mail', () => {
  it.each([
    {
      name: 'one code: "Dein Code" in subject, text and HTML, never the plural',
      build: oneCode,
      subject: 'Dein Bestätigungscode für Projekt 100234',
      other: PLURAL_ONLY,
      words: [
        'Dein Bestätigungscode',
        'Hier ist Dein Code:',
        `Dein Code ist ${LINK_CODE_TTL_MINUTES} Minuten gültig.`,
        'Ohne den Code wird nichts verbunden.',
        'als Kontakt für dieses Projekt hinterlegt',
        'Hast Du keinen Code angefordert, kannst Du diese E-Mail einfach ignorieren.',
      ],
    },
    {
      name: 'several codes: "Deine Codes" in subject, text and HTML, never the singular',
      build: twoCodes,
      subject: 'Deine Bestätigungscodes für das Kundenportal',
      other: SINGULAR_ONLY,
      words: [
        'Deine Bestätigungscodes',
        'Hier sind Deine Codes:',
        `Deine Codes sind ${LINK_CODE_TTL_MINUTES} Minuten gültig.`,
        'Ohne die Codes wird nichts verbunden.',
        'als Kontakt für diese Projekte hinterlegt',
        'Hast Du keine Codes angefordert, kannst Du diese E-Mail einfach ignorieren.',
      ],
    },
  ])('$name', ({ build, subject, other, words }) => {
    const mail = build();
    expect(mail.subject).toBe(subject);
    expect(mail.subject).not.toMatch(other);
    for (const part of [mail.text, mail.html]) {
      for (const word of words) expect(part).toContain(word);
      expect(part).not.toMatch(other);
    }
  });

  it.each([
    ['one code', oneCode, [[100234, '123456', 'Sonnenallee 12, 04109 Leipzig']]],
    [
      'several codes',
      twoCodes,
      [
        [100235, '111111', 'Sonnenallee 12, 04109 Leipzig'],
        [100236, '222222', 'Hackenstraße 12, 04109 Leipzig'],
      ],
    ],
  ] as const)('%s: every project number, street, code and link is in both parts', (_, build, expected) => {
    const mail = build();
    for (const [id, code, place] of expected) {
      const link = `${URL_BASE}/home/dashboard?linkProject=${id}&linkCode=${code}`;
      expect(mail.text).toContain(`Projekt ${id} – ${place}`);
      expect(mail.text).toContain(`Bestätigungscode: ${code}`);
      expect(mail.text).toContain(`Direkt bestätigen: ${link}`);
      expect(mail.html).toContain(`Projekt ${id}`);
      expect(mail.html).toContain(place);
      expect(mail.html).toContain(`>${code}</span>`);
      expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    }
  });

  it('the text part is plain text with the brand, without HTML tags or entities', () => {
    for (const mail of [oneCode(), twoCodes()]) {
      expect(mail.text).not.toMatch(TAG);
      expect(mail.text).not.toMatch(/&(amp|lt|gt|quot|#\d+);/);
      expect(mail.text.startsWith('Kundenportal – ')).toBe(true);
      expect(mail.text).toContain('Dein Team vom Kundenportal');
    }
  });

  it('the HTML part is a branded German document, readable on phones, the codes big and monospaced', () => {
    for (const mail of [oneCode(), twoCodes()]) {
      expect(mail.html).toMatch(/^<!doctype html><html lang="de">/);
      expect(mail.html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
      expect(mail.html).toContain(`<title>${mail.subject}</title>`);
      expect(mail.html).toMatch(/<\/span> Kundenportal<\/span>/);
      expect(mail.html).toContain('#0b2545');
      expect(mail.html).toContain('#f6b400');
      expect(mail.html).toContain('max-width:600px');
      expect(mail.html).toMatch(/<h1 [^>]*>Deine? Bestätigungscodes?<\/h1>/);
      expect(mail.html).toMatch(/font-family:[^;"]*monospace;font-size:26px/);
      // Inline styles only: mail clients drop style sheets and never load external resources.
      expect(mail.html).not.toMatch(/<style|<link|<script|<img/i);
    }
  });

  it('escapes a hostile name and street in the HTML part and keeps them verbatim in the text part', () => {
    const hostile = '<script>alert("x")</script> & \'Co\'';
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;';
    const mail = buildLinkMail(URL_BASE, hostile, [
      { project: project(100235, hostile), code: '111111' },
      { project: project(100236, '<img src=x onerror=alert(1)>'), code: '222222' },
    ]);
    expect(mail.html).not.toMatch(/<script|<img/i);
    expect(mail.html).toContain(`Hallo ${escaped},`);
    expect(mail.html).toContain(`${escaped} 12, 04109 Leipzig`);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; 12, 04109 Leipzig');
    expect(mail.text).toContain(`Hallo ${hostile},`);
    expect(mail.text).toContain(`Projekt 100235 – ${hostile} 12, 04109 Leipzig`);
  });

  it('can be logged with the codes masked: no code in any part', () => {
    const mail = buildLinkMail(URL_BASE, 'Erika Test', [
      { project: project(100235), code: REDACTED_CODE },
      { project: project(100236), code: REDACTED_CODE },
    ]);
    expect(mail.text).toContain(`Bestätigungscode: ${REDACTED_CODE}`);
    expect(mail.html).toContain(`>${REDACTED_CODE}</span>`);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/Bestätigungscode: \d|linkCode=\d|>\d{6}<\/span>/);
    }
  });
});
