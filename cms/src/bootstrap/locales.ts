import type { Core, UID } from '@strapi/strapi';
import { CONTENT_TYPES, uidOf } from '../content-types';

/**
 * The portal's content languages: German (`de`, the default: editors write German first) and English (`en`).
 *
 * Strapi's i18n plugin creates its first locale on the first start of a database (English unless
 * STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE says otherwise; the launcher and the Docker image set `de`). A database created
 * before the help types were localized has `en` as its default, and when a type becomes localized Strapi's own
 * migration (`@strapi/core` migrations/i18n.js) files the existing rows, all German, under that default: `en`.
 * This step, on every start, makes `de` exist and be the default, makes `en` exist, and once per database (core-store
 * marker) moves entries that only exist in `en` to `de`, so the German content is German again and the English
 * localizations can be added beside it.
 */
export const CONTENT_LOCALES = [
  { code: 'de', name: 'German (de)' },
  { code: 'en', name: 'English (en)' },
] as const;
export const DEFAULT_LOCALE = 'de';

/** Every localized type of the portal (the lead content is German only, for German leads). */
export const LOCALIZED_TYPES: UID.ContentType[] = CONTENT_TYPES.filter((type) => type.localized).map(({ name }) => uidOf(name));

const MARKER = 'german-content-filed-under-de';

export async function ensureLocales(strapi: Core.Strapi): Promise<void> {
  const locales = strapi.plugin('i18n').service('locales');
  for (const locale of CONTENT_LOCALES) {
    if (!(await locales.findByCode(locale.code))) {
      await locales.create(locale);
      strapi.log.info(`Locale ${locale.code} created.`);
    }
  }
  if ((await locales.getDefaultLocale()) !== DEFAULT_LOCALE) {
    await locales.setDefaultLocale({ code: DEFAULT_LOCALE });
    strapi.log.info(`Default locale set to ${DEFAULT_LOCALE}.`);
  }

  const store = strapi.store({ type: 'core', name: 'kundenportal-locales' });
  if (await store.get({ key: MARKER })) return;
  let moved = 0;
  await strapi.db.transaction(async () => {
    for (const uid of LOCALIZED_TYPES) {
      const query = strapi.db.query(uid);
      // Rows Strapi left without a locale, and the German rows its migration filed under the old default `en`
      // (only where no German row exists yet, so a database that already has both languages is left alone).
      const { count: unfiled } = await query.updateMany({ where: { locale: null }, data: { locale: DEFAULT_LOCALE } });
      moved += unfiled;
      if ((await query.count({ where: { locale: DEFAULT_LOCALE } })) === 0) {
        const { count } = await query.updateMany({ where: { locale: 'en' }, data: { locale: DEFAULT_LOCALE } });
        moved += count;
      }
    }
    await store.set({ key: MARKER, value: { at: new Date().toISOString(), moved } });
  });
  if (moved > 0) strapi.log.info(`${moved} German entries filed under locale ${DEFAULT_LOCALE}.`);
}
