import { describe, expect, it } from 'vitest';
import { renderBrandedMail, renderCustomerMail, signOff } from './mail-layout.ts';

const texts = { subject: 'Betreff', button: 'Öffnen', footer: 'Warum Du das bekommst.' };

describe('a customer mail in the portal frame', () => {
  it('is the branded mail of its parts: paragraphs from plain strings, the heading from the subject, the button from the link', () => {
    const mail = renderCustomerMail({ lang: 'de', texts, name: 'Erika', blocks: ['Erster Absatz.', { title: 'Liste', items: ['a'] }], href: 'https://portal.example/x', installerName: 'Beispiel Solar' });
    expect(mail).toEqual(
      renderBrandedMail({
        lang: 'de',
        subject: 'Betreff',
        heading: 'Betreff',
        greeting: 'Hallo Erika,',
        blocks: [{ paragraph: 'Erster Absatz.' }, { title: 'Liste', items: ['a'] }],
        button: { label: 'Öffnen', href: 'https://portal.example/x' },
        signOff: 'Dein Team der Beispiel Solar',
        footer: ['Warum Du das bekommst.'],
      }),
    );
  });

  it('has no button without a link, and the portal team signs without an installer', () => {
    const mail = renderCustomerMail({ lang: 'en', texts: { ...texts, heading: 'Heading' }, blocks: ['Text.'] });
    expect(mail.text).not.toContain('Öffnen');
    expect(mail.html).not.toContain('<a ');
    expect(mail.text).toContain('Kundenportal – Heading\n\nHello,\n');
    expect(mail.text).toContain(`Kind regards\n${signOff('en')}\n`);
  });

  it('signs in the recipient language, by the installer or the portal', () => {
    expect(signOff('de')).toBe('Dein Team vom Kundenportal');
    expect(signOff('en')).toBe('Your Kundenportal team');
    expect(signOff('de', 'Beispiel Solar')).toBe('Dein Team der Beispiel Solar');
    expect(signOff('en', 'Beispiel Solar')).toBe('Your team at Beispiel Solar');
  });
});
