import { TWO_FACTOR } from '../../contracts/onboarding.ts';
import { BRAND, renderBrandedMail } from '../mail/mail-layout.ts';

/**
 * The MFA mail of the onboarding (spec section 3, "MFA e-mail sent"): the code and a link to the dashboard, the
 * two-factor link target (spec section 2), where the page guard shows the code page. The link carries no code.
 */
export function buildTwoFactorMail(options: { publicUrl: string; firstName: string; code: string }) {
  return renderBrandedMail({
    subject: `Dein Bestätigungscode für das ${BRAND.name}`,
    heading: 'Bestätige Deine E-Mail-Adresse',
    greeting: options.firstName.trim() ? `Hallo ${options.firstName.trim()},` : 'Hallo,',
    blocks: [
      { paragraph: 'willkommen im Kundenportal! Bitte gib diesen Code auf der Seite ein, auf der Du gerade bist:' },
      { title: 'Dein Bestätigungscode', items: [options.code] },
      { paragraph: `Der Code gilt ${TWO_FACTOR.ttlMinutes} Minuten und nur einmal.` },
      { paragraph: 'Hast Du Dich nicht angemeldet? Dann ignoriere diese E-Mail einfach; ohne den Code passiert nichts.' },
    ],
    button: { label: 'Zum Kundenportal', href: new URL('/home/dashboard', options.publicUrl).href },
    signOff: `Dein Team vom ${BRAND.name}`,
    footer: ['Du bekommst diese E-Mail, weil Du Dich zum ersten Mal im Kundenportal angemeldet hast.'],
  });
}
