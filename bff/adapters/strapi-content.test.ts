import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES } from '../../cms/src/content-types.ts';
import { mediaUrl, STRAPI_PATHS, toRichText } from './strapi-content.ts';

describe('Strapi blocks to the portal rich text', () => {
  it('keeps paragraphs, headings, lists, links, marks and images', () => {
    const blocks = toRichText([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Netzanmeldung' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Die ', bold: false },
          { type: 'text', text: 'Anmeldung', bold: true },
          { type: 'link', url: 'https://www.marktstammdatenregister.de', children: [{ type: 'text', text: 'MaStR' }] },
        ],
      },
      { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'Eins' }] }] },
      { type: 'image', image: { url: '/uploads/dach.svg', alternativeText: 'Dach', width: 640, height: 360 }, children: [] },
    ]);
    expect(blocks).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Netzanmeldung' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Die ' },
          { type: 'text', text: 'Anmeldung', bold: true },
          { type: 'link', url: 'https://www.marktstammdatenregister.de', children: [{ type: 'text', text: 'MaStR' }] },
        ],
      },
      { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'Eins' }] }] },
      { type: 'image', image: { url: '/cms-media/dach.svg', alternativeText: 'Dach', width: 640, height: 360 } },
    ]);
  });

  it('drops block types it does not know instead of passing markup through', () => {
    expect(toRichText([{ type: 'html', html: '<script>alert(1)</script>' }, { type: 'paragraph', children: [] }])).toEqual([
      { type: 'paragraph', children: [] },
    ]);
  });

  it('serves Strapi uploads from the portal origin', () => {
    expect(mediaUrl('/uploads/anleitung.pdf')).toBe('/cms-media/anleitung.pdf');
    expect(mediaUrl('https://cdn.example.de/x.png')).toBe('https://cdn.example.de/x.png');
  });
});

describe('Strapi list pages', () => {
  it('reads every pagination shape Strapi sends', async () => {
    const { hasNextPage } = await import('./strapi-content.ts');
    expect(hasNextPage(1, 100, { pageCount: 2, total: 150 })).toBe(true);
    expect(hasNextPage(2, 50, { pageCount: 2, total: 150 })).toBe(false);
    // start/limit queries (support questions) answer without pageCount
    expect(hasNextPage(1, 12, { total: 12 })).toBe(false);
    expect(hasNextPage(1, 100, { total: 250 })).toBe(true);
    expect(hasNextPage(1, 3, undefined)).toBe(false);
    expect(hasNextPage(1, 100, {})).toBe(true);
  });
});

describe('the content types the portal reads', () => {
  it('are the types of the CMS table with their REST paths, every one (cms/src/content-types.ts)', () => {
    expect(STRAPI_PATHS).toEqual(Object.fromEntries(CONTENT_TYPES.map((type) => [type.name, type.rest])));
  });
});
