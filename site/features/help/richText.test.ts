import { JOURNEY_PAGE_ROUTES, MY_PROJECT_PATH } from '~/bff/contracts/journey.ts';
import { describe, expect, it } from 'vitest';
import { HELP_PAGES, HELP_PAGE_ROUTES, RichTextSchema, type Block, type InlineNode, type RichText } from '~/bff/contracts/help.ts';
import { createRouteTable } from '~/bff/contracts/routes.ts';
import { headingLevels, marksOf, plainText, safeImageSrc, safeLink, toRichTextView, type BlockView } from './richText.ts';

/** The pages the links below point at (the journey's and the help capability's), as Astro.locals.routes has them. */
const pages = createRouteTable([...JOURNEY_PAGE_ROUTES, ...HELP_PAGE_ROUTES]);

// Test data through the production schema (docs/architecture.md, Tests).
const richText = (blocks: unknown[]): RichText => RichTextSchema.parse(blocks);
const text = (value: string, marks: Partial<Record<'bold' | 'italic' | 'underline' | 'strikethrough' | 'code', boolean>> = {}) =>
  ({ type: 'text', text: value, ...marks }) as InlineNode;
const link = (url: string, label: string) => ({ type: 'link', url, children: [text(label)] });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
const heading = (level: number, label: string) => ({ type: 'heading', level, children: [text(label)] });

const view = (blocks: unknown[], baseLevel = 3) => toRichTextView(richText(blocks), { baseLevel, siteOrigin: 'https://portal.example', pages });
const firstInline = (blocks: BlockView[]) => {
  const block = blocks[0];
  if (!block || !('children' in block)) throw new Error('no inline content');
  return block.children;
};

describe('the link policy of help content', () => {
  it.each([
    ['https://www.bundesnetzagentur.de/mastr', 'https://www.bundesnetzagentur.de/mastr', true],
    ['http://example.org/a?b=c', 'http://example.org/a?b=c', true],
    ['mailto:service@solar.example', 'mailto:service@solar.example', false],
    ['tel:+4989123456', 'tel:+4989123456', false],
    [`${HELP_PAGES.help}?question=wie-verknuepfe-ich-mein-projekt`, `${HELP_PAGES.help}?question=wie-verknuepfe-ich-mein-projekt`, false],
    ['#abschnitt', '#abschnitt', false],
    ['anleitungen/speicher', 'anleitungen/speicher', false],
    ['https://portal.example/home/app/files/instructions', 'https://portal.example/home/app/files/instructions', false],
  ])('renders %s as a link', (url, href, external) => {
    expect(safeLink(url, pages, 'https://portal.example')).toEqual({ href, external });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.org/file',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(safeLink(url, pages)).toBeNull();
  });

  it('treats protocol-relative and backslash URLs as leaving the portal', () => {
    expect(safeLink('//evil.example/x', pages)).toEqual({ href: 'https://evil.example/x', external: true });
    expect(safeLink('\\\\evil.example/x', pages)).toEqual({ href: 'https://evil.example/x', external: true });
  });

  it('marks external links so that RichText gives them rel="noopener noreferrer"', () => {
    const [node] = firstInline(view([paragraph(link('https://www.example.org', 'Mehr dazu'))]));
    expect(node).toMatchObject({ kind: 'link', href: 'https://www.example.org/', external: true });
  });

  it('shows a refused link as its plain words', () => {
    const inline = firstInline(view([paragraph(text('Klick '), link('javascript:alert(1)', 'hier'), text('!'))]));
    expect(inline).toEqual([
      { kind: 'text', text: 'Klick ', marks: [] },
      { kind: 'text', text: 'hier', marks: [] },
      { kind: 'text', text: '!', marks: [] },
    ]);
  });

  it('gives a link without words its address as text, so it has a name', () => {
    const inline = firstInline(view([paragraph({ type: 'link', url: 'mailto:service@solar.example', children: [] })]));
    expect(inline).toEqual([
      { kind: 'link', href: 'mailto:service@solar.example', external: false, children: [{ kind: 'text', text: 'mailto:service@solar.example', marks: [] }] },
    ]);
  });

  it('takes images only from the portal or http(s)', () => {
    expect(safeImageSrc('/cms-media/speicher.webp', pages)).toBe('/cms-media/speicher.webp');
    expect(safeImageSrc('https://cdn.example/a.png', pages)).toBe('https://cdn.example/a.png');
    expect(safeImageSrc('javascript:alert(1)', pages)).toBeNull();
    expect(safeImageSrc('data:image/svg+xml,<svg onload=alert(1)>', pages)).toBeNull();
    expect(safeImageSrc('relative.png', pages)).toBeNull();
  });
});

describe('CMS text stays text', () => {
  it('keeps script tags, event handlers and entities as the words they are (Astro escapes them on output)', () => {
    const evil = '<script>alert(1)</script><img src=x onerror="alert(2)"> &lt;b&gt;';
    const blocks = view([paragraph(text(evil)), heading(2, '<svg onload=alert(3)>'), { type: 'code', children: [text(evil)] }]);
    expect(blocks).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: evil, marks: [] }] },
      { kind: 'heading', tag: 'h3', children: [{ kind: 'text', text: '<svg onload=alert(3)>', marks: [] }] },
      { kind: 'code', text: evil },
    ]);
  });

  it('never passes a block type through that the contract does not know', () => {
    expect(() => richText([{ type: 'html', html: '<script>alert(1)</script>' }])).toThrow();
  });

  it('drops empty paragraphs and headings (Strapi emits them as spacers)', () => {
    expect(view([paragraph(text('')), heading(2, '   '), paragraph(text('Inhalt'))])).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: 'Inhalt', marks: [] }] },
    ]);
  });
});

describe('heading demotion', () => {
  const levelsOf = (levels: number[], base: number) =>
    headingLevels(levels.map((level) => ({ type: 'heading', level, children: [] }) as Block), base);

  it('gives the content’s top headings the base level and deeper ones one more per step', () => {
    expect(levelsOf([2, 3, 3, 2, 3], 3)).toEqual([3, 4, 4, 3, 4]);
    expect(levelsOf([1, 2], 2)).toEqual([2, 3]);
  });

  it('closes up levels the CMS skipped, so the outline has no gaps', () => {
    expect(levelsOf([2, 4, 6, 4, 2], 3)).toEqual([3, 4, 5, 4, 3]);
  });

  it('starts a content that opens deep (h4 before h2) at the base level, too', () => {
    expect(levelsOf([4, 2, 3], 2)).toEqual([2, 2, 3]);
  });

  it('clamps to h6', () => {
    expect(levelsOf([1, 2, 3, 4, 5, 6], 4)).toEqual([4, 5, 6, 6, 6, 6]);
    expect(levelsOf([2], 9)).toEqual([6]);
    expect(levelsOf([2], 0)).toEqual([1]);
  });

  it('leaves other blocks without a level', () => {
    const blocks = richText([paragraph(text('a')), heading(2, 'b')]);
    expect(headingLevels(blocks, 3)).toEqual([null, 3]);
    expect(toRichTextView(blocks, { baseLevel: 3, pages })[1]).toMatchObject({ kind: 'heading', tag: 'h3' });
  });
});

describe('inline marks', () => {
  it('maps bold, italic, underline, strikethrough and code to strong, em, u, s and code, outermost first', () => {
    expect(marksOf({ type: 'text', text: 'x', bold: true, italic: true, underline: true, strikethrough: true, code: true })).toEqual([
      'strong',
      'em',
      'u',
      's',
      'code',
    ]);
    expect(marksOf({ type: 'text', text: 'x', italic: true, code: true })).toEqual(['em', 'code']);
    expect(marksOf({ type: 'text', text: 'x' })).toEqual([]);
  });

  it('keeps marks inside links', () => {
    const inline = firstInline(view([paragraph({ type: 'link', url: HELP_PAGES.help, children: [text('Hilfe', { bold: true })] })]));
    expect(inline).toEqual([
      { kind: 'link', href: HELP_PAGES.help, external: false, children: [{ kind: 'text', text: 'Hilfe', marks: ['strong'] }] },
    ]);
  });
});

describe('lists, quotes, code and images', () => {
  it('renders ordered and unordered lists', () => {
    const list = (format: string) => ({ type: 'list', format, children: [{ type: 'list-item', children: [text('Eins')] }] });
    expect(view([list('ordered'), list('unordered')])).toEqual([
      { kind: 'list', tag: 'ol', items: [[{ kind: 'text', text: 'Eins', marks: [] }]] },
      { kind: 'list', tag: 'ul', items: [[{ kind: 'text', text: 'Eins', marks: [] }]] },
    ]);
  });

  it('joins the text of a code block', () => {
    expect(view([{ type: 'code', children: [text('a = 1\n'), text('b = 2')] }])).toEqual([{ kind: 'code', text: 'a = 1\nb = 2' }]);
  });

  it('gives images their size and alternative text, and alt="" (decorative) only when the CMS has none', () => {
    const image = (alternativeText: string, width = 1200, height = 800) => ({
      type: 'image',
      image: { url: '/cms-media/speicher.webp', alternativeText, width, height },
    });
    expect(view([image('Stromspeicher im Keller'), image('  '), image('Ohne Größe', 0, 0)])).toEqual([
      { kind: 'image', src: '/cms-media/speicher.webp', alt: 'Stromspeicher im Keller', width: 1200, height: 800 },
      { kind: 'image', src: '/cms-media/speicher.webp', alt: '', width: 1200, height: 800 },
      { kind: 'image', src: '/cms-media/speicher.webp', alt: 'Ohne Größe', width: null, height: null },
    ]);
  });

  it('drops images from refused sources', () => {
    expect(view([{ type: 'image', image: { url: 'javascript:alert(1)', alternativeText: 'x', width: 1, height: 1 } }])).toEqual([]);
  });
});

describe('plain text of rich text (for the search)', () => {
  it('has the words of every block and list item, link texts included', () => {
    const blocks = richText([
      heading(2, 'Speicher'),
      paragraph(text('Mehr unter '), link('https://example.org', 'Förderung')),
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('Wallbox')] }] },
    ]);
    expect(plainText(blocks)).toBe('Speicher\nMehr unter Förderung\nWallbox');
  });
});

describe('links to portal pages that do not exist yet', () => {
  it('stay plain text until the page is in the route table, so content never links into a 404', () => {
    expect(safeLink('/home/app/wallbox-abrechnung', pages)).toBeNull();
    expect(safeLink(`${MY_PROJECT_PATH}?step=dc`, pages)).toEqual({ href: `${MY_PROJECT_PATH}?step=dc`, external: false });
    expect(safeLink(`${HELP_PAGES.help}?question=wie-verknuepfe-ich-mein-projekt`, pages)).toEqual({
      href: `${HELP_PAGES.help}?question=wie-verknuepfe-ich-mein-projekt`,
      external: false,
    });
    expect(safeLink(`${HELP_PAGES.instructions}/wechselrichter-mit-dem-internet-verbinden`, pages)).toMatchObject({ external: false });
    expect(safeLink('/privacy-policy', pages)).toEqual({ href: '/privacy-policy', external: false });
  });
});
