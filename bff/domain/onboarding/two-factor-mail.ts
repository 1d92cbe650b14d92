import type { Language } from '../../contracts/auth.ts';
import { TWO_FACTOR } from '../../contracts/onboarding.ts';
import { BRAND, renderCustomerMail } from '../mail/mail-layout.ts';

/**
 * The MFA mail of the onboarding (MFA_EMAIL_SENT): the code and a link to the dashboard, the two-factor link target,
 * where the page guard shows the code page. The link carries no code.
 */
export function buildTwoFactorMail(options: { publicUrl: string; firstName: string; code: string; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const texts = {
    de: {
      subject: `Dein Bestätigungscode für das ${BRAND.name}`,
      heading: 'Bestätige Deine E-Mail-Adresse',
      welcome: 'willkommen im Kundenportal! Bitte gib diesen Code auf der Seite ein, auf der Du gerade bist:',
      code: 'Dein Bestätigungscode',
      valid: `Der Code gilt ${TWO_FACTOR.ttlMinutes} Minuten und nur einmal.`,
      notYou: 'Hast Du Dich nicht angemeldet? Dann ignoriere diese E-Mail einfach; ohne den Code passiert nichts.',
      button: 'Zum Kundenportal',
      footer: 'Du bekommst diese E-Mail, weil Du Dich zum ersten Mal im Kundenportal angemeldet hast.',
    },
    en: {
      subject: `Your confirmation code for the ${BRAND.name}`,
      heading: 'Confirm your e-mail address',
      welcome: 'Welcome to the customer portal! Please enter this code on the page you are on:',
      code: 'Your confirmation code',
      valid: `The code is valid for ${TWO_FACTOR.ttlMinutes} minutes and once only.`,
      notYou: 'Did not sign in? Then simply ignore this e-mail; nothing happens without the code.',
      button: 'Go to the customer portal',
      footer: 'You are receiving this e-mail because you signed in to the customer portal for the first time.',
    },
  }[lang];
  return renderCustomerMail({
    lang,
    texts,
    name: options.firstName,
    blocks: [texts.welcome, { title: texts.code, items: [options.code] }, texts.valid, texts.notYou],
    href: new URL('/home/dashboard', options.publicUrl).href,
  });
}
