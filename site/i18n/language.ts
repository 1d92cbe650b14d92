import type { Language } from '~/bff/contracts/auth.ts';

/**
 * German unless English was asked for. Pages see `Astro.locals.lang` from the BFF; it is undefined under
 * `astro dev`, where no BFF hands over locals. Type-only import: islands must not pull zod in for this.
 */
export function normalizeLanguage(lang: unknown): Language {
  return lang === 'en' ? 'en' : 'de';
}

/**
 * Texts the installer's own systems write stay German (customer service's answers, to-dos, refund reasons, the
 * purpose of a mandate, document titles): on a page in another language they carry `lang="de"`, so a screen reader
 * reads them in German; on a German page they need nothing. Texts that may be in either language (a subject the
 * customer typed, CMS entries with their own `lang`) are not marked by this.
 */
export function installerTextLang(pageLang: Language): 'de' | undefined {
  return pageLang === 'de' ? undefined : 'de';
}

/**
 * The footer's language switch for the page at `url`: the same page with all its parameters (e.g. the monitoring
 * period) plus `lang`; the BFF stores the choice in a cookie and redirects back without `lang`.
 */
export function languageSwitchHref(url: URL, lang: Language): string {
  const params = new URLSearchParams(url.search);
  params.delete('lang');
  params.set('lang', lang);
  return `${url.pathname}?${params.toString()}`;
}
