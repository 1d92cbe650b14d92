import { describe, expect, it } from 'vitest';
import type { ManagedProject } from '../../ports/management-service.ts';
import { buildLinkMail, REDACTED_CODE } from './link-mail.ts';

const project = (id: number, street = 'Sonnenallee'): ManagedProject => ({
  id,
  customerNumber: '700100',
  address: { street, houseNumber: '12', zip: '04109', city: 'Leipzig' },
  contact: { name: 'Erika Test', emails: ['erika@example.de'] },
  productLines: ['SOLAR'],
  phase: 'PLANNING',
  step: 'POWER_OF_ATTORNEY',
  portalUserIds: [],
});

const URL_BASE = 'https://portal.example';

describe('the linking mail', () => {
  it('one code: "Dein Code" in subject, text and HTML, never the plural', () => {
    const mail = buildLinkMail(URL_BASE, 'Erika Test', [{ project: project(100234), code: '123456' }]);
    expect(mail.subject).toBe('Dein Bestätigungscode für Projekt 100234');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Dein Code ist 10 Minuten gültig.');
      expect(part).toContain('Ohne den Code wird nichts verbunden.');
      expect(part).not.toMatch(/Deine Codes|die Codes|Codes sind/);
    }
  });

  it('several codes: "Deine Codes" everywhere, each project with its code and link', () => {
    const mail = buildLinkMail(URL_BASE, 'Erika Test', [
      { project: project(100235), code: '111111' },
      { project: project(100236, 'Hackenstraße'), code: '222222' },
    ]);
    expect(mail.subject).toBe('Deine Bestätigungscodes für das Kundenportal');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Deine Codes sind 10 Minuten gültig.');
      expect(part).toContain('Ohne die Codes wird nichts verbunden.');
      expect(part).not.toMatch(/Dein Code ist/);
      for (const [id, code] of [['100235', '111111'], ['100236', '222222']]) {
        expect(part).toContain(`Projekt ${id}`);
        expect(part).toContain(code);
        expect(part).toContain(`linkProject=${id}&`);
      }
    }
  });

  it('is branded HTML in German with a plain-text part without tags', () => {
    const mail = buildLinkMail(URL_BASE, 'Erika Test', [{ project: project(100234), code: '123456' }]);
    expect(mail.html).toMatch(/^<!doctype html><html lang="de">/);
    expect(mail.html).toContain('Kundenportal');
    expect(mail.html).toContain('#0b2545');
    expect(mail.text).not.toMatch(/<[a-z/][^>]*>/i);
    expect(mail.text).toContain(`${URL_BASE}/home/dashboard?linkProject=100234&linkCode=123456`);
  });

  it('escapes names and streets in the HTML part', () => {
    const hostile = '<script>alert("x")</script> & \'Co\'';
    const mail = buildLinkMail(URL_BASE, hostile, [{ project: project(100234, hostile), code: '123456' }]);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
  });

  it('can be logged with the codes masked', () => {
    const mail = buildLinkMail(URL_BASE, 'Erika Test', [{ project: project(100234), code: REDACTED_CODE }]);
    expect(mail.text).toContain(`Bestätigungscode: ${REDACTED_CODE}`);
    expect(mail.text).not.toMatch(/Bestätigungscode: \d{6}/);
  });
});
