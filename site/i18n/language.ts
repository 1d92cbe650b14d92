import type { Language } from '../../bff/contracts/auth.ts';

/**
 * German unless English was asked for. Pages see `Astro.locals.lang` from the BFF; it is undefined under
 * `astro dev`, where no BFF hands over locals. Type-only import: islands must not pull zod in for this.
 */
export function normalizeLanguage(lang: unknown): Language {
  return lang === 'en' ? 'en' : 'de';
}
