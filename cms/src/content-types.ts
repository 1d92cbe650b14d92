/**
 * The portal's content types, one row each, in seed order (a row comes after the types it links to): the one table the
 * CMS bootstrap reads (public read permissions, the Redaktion role, the locales' repair, the seed) and the portal's
 * content source checks its REST paths against (cms/README.md "Content types"). A new type is a row here, its folder
 * `src/api/<name>/`, its seed and its labels; the compiler asks for the last two.
 *
 * No imports: Strapi compiles this file as CommonJS, the portal's test reads it as an ES module.
 */
export const CONTENT_TYPES = [
  { name: 'faq-category', rest: 'faq-categories', single: false, localized: true },
  { name: 'faq', rest: 'faqs', single: false, localized: true },
  { name: 'article', rest: 'articles', single: false, localized: true },
  { name: 'instruction', rest: 'instructions', single: false, localized: true },
  { name: 'privacy-policy', rest: 'privacy-policy', single: true, localized: true },
  { name: 'support-question', rest: 'support-questions', single: false, localized: true },
  { name: 'contact', rest: 'contact', single: true, localized: true },
  // German only: the lead content is for German leads.
  { name: 'lead-content', rest: 'lead-contents', single: false, localized: false },
  { name: 'survey-definition', rest: 'survey-definitions', single: false, localized: true },
] as const;

export type ContentTypeName = (typeof CONTENT_TYPES)[number]['name'];
/** Strapi's uid of a type (`api::faq.faq`), one per name (distributed, never `api::faq.article`). */
type UidOf<N extends string> = N extends string ? `api::${N}.${N}` : never;
export type ContentTypeUid = UidOf<ContentTypeName>;

export const uidOf = <N extends ContentTypeName>(name: N) => `api::${name}.${name}` as UidOf<N>;
