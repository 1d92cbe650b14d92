import type { ContentSource } from '~/bff/ports/content-source.ts';

/**
 * The CMS in place of Strapi for integration tests (`usePortal({ adapterOverrides: { content } })`): nothing
 * published; a test passes what its pages read (support topics, instructions, survey definitions).
 */
export function contentSource(published: Partial<ContentSource> = {}): ContentSource {
  return {
    faqs: async () => [],
    articles: async () => [],
    instructions: async () => [],
    privacyPolicy: async () => null,
    supportQuestions: async () => [],
    contact: async () => null,
    surveyDefinitions: async () => [],
    leadContents: async () => [],
    media: async () => null,
    ...published,
  };
}
