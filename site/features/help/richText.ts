import type { RouteTable } from '~/bff/contracts/routes.ts';
import type { Block, Image, InlineNode, RichText } from '~/bff/contracts/help.ts';

/**
 * Turns CMS rich text (bff/contracts/help.ts) into a view model that RichText.astro renders with Astro's escaping.
 * Everything that decides what becomes markup lives here, so it can be tested without rendering: which URLs become
 * links, which heading level a CMS heading gets, which inline marks wrap a text.
 */

export type MarkTag = 'strong' | 'em' | 'u' | 's' | 'code';
export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export interface TextView {
  kind: 'text';
  text: string;
  /** Outermost first. */
  marks: MarkTag[];
}
export interface LinkView {
  kind: 'link';
  href: string;
  /** Leaves the portal: rendered with rel="noopener noreferrer". */
  external: boolean;
  children: TextView[];
}
export type InlineView = TextView | LinkView;

export type BlockView =
  | { kind: 'paragraph'; children: InlineView[] }
  | { kind: 'heading'; tag: HeadingTag; children: InlineView[] }
  | { kind: 'quote'; children: InlineView[] }
  | { kind: 'code'; text: string }
  | { kind: 'list'; tag: 'ol' | 'ul'; items: InlineView[][] }
  | { kind: 'image'; src: string; alt: string; width: number | null; height: number | null };

/** Whether a same-origin path has a page: the route table (`Astro.locals.routes`). */
export type PageLookup = Pick<RouteTable, 'hasPage'>;

export interface RichTextOptions {
  /** The route table: portal paths without a page stay plain text. */
  pages: PageLookup;
  /** The level the content's top headings get: 3 under a page h1 and a section h2. Clamped to 1–6. */
  baseLevel: number;
  /** The portal's own origin (`Astro.url.origin`): absolute links to it are not external. */
  siteOrigin?: string | undefined;
}

export interface SafeLink {
  href: string;
  external: boolean;
}

/** Stands in for the portal's origin when resolving relative URLs; never rendered. */
const BASE = new URL('https://portal.invalid/');
const SCHEME = /^[a-z][a-z\d+.-]*:/i;
const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:']);

const CONTACT_PROTOCOLS = new Set(['mailto:', 'tel:']);

/**
 * The link policy of the help content: http(s), mailto and tel links and same-origin relative URLs become links,
 * anything else (javascript:, data:, vbscript:, file:, …) is shown as plain text. The URL is read the way a
 * browser reads it (tabs and newlines removed, `\` as `/`), so `java\nscript:` or `\\evil.example` cannot slip by.
 */
export function safeLink(url: string, pages: PageLookup, siteOrigin?: string): SafeLink | null {
  // What the WHATWG URL parser ignores: leading/trailing C0 controls and spaces, ASCII tabs and newlines anywhere.
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (!cleaned) return null;
  let resolved: URL;
  try {
    resolved = new URL(cleaned, BASE);
  } catch {
    return null;
  }
  if (!SCHEME.test(cleaned)) {
    // Relative: same origin unless it is protocol-relative (`//host`, `\\host`), which leaves the portal. A portal path
    // without a page (a feature the CMS mentions before it exists) stays plain text, so no content links into a 404;
    // it becomes a link by itself once the page is in the route table.
    if (resolved.origin === BASE.origin) {
      return pages.hasPage(resolved.pathname) ? { href: cleaned, external: false } : null;
    }
    return { href: resolved.href, external: true };
  }
  if (EXTERNAL_PROTOCOLS.has(resolved.protocol)) {
    return { href: resolved.href, external: !siteOrigin || resolved.origin !== siteOrigin };
  }
  if (CONTACT_PROTOCOLS.has(resolved.protocol)) return { href: resolved.href, external: false };
  return null;
}

/** Images only from the portal itself (`/cms-media/...`) or http(s); the page's CSP decides about other hosts. */
export function safeImageSrc(url: string, pages: PageLookup): string | null {
  const link = safeLink(url, pages);
  return link && /^(https?:|\/(?![/\\]))/i.test(link.href) ? link.href : null;
}

const clampLevel = (level: number) => Math.min(6, Math.max(1, Math.round(level) || 1));

/**
 * The rendered level of every heading block (null for other blocks), so the page outline stays in order: the
 * content's shallowest heading gets `baseLevel`, deeper ones one level more per nesting step, and a skipped
 * level in the CMS (h2 followed by h4) is closed up. Levels beyond h6 stay h6.
 */
export function headingLevels(blocks: readonly Block[], baseLevel: number): (number | null)[] {
  const base = clampLevel(baseLevel);
  const open: number[] = [];
  return blocks.map((block) => {
    if (block.type !== 'heading') return null;
    while (open.length > 0 && (open.at(-1) as number) >= block.level) open.pop();
    const level = Math.min(6, base + open.length);
    open.push(block.level);
    return level;
  });
}

export function marksOf(node: Extract<InlineNode, { type: 'text' }>): MarkTag[] {
  const marks: MarkTag[] = [];
  if (node.bold) marks.push('strong');
  if (node.italic) marks.push('em');
  if (node.underline) marks.push('u');
  if (node.strikethrough) marks.push('s');
  if (node.code) marks.push('code');
  return marks;
}

function inlineView(nodes: readonly InlineNode[], options: RichTextOptions): InlineView[] {
  return nodes.flatMap((node): InlineView[] => {
    if (node.type === 'text') return node.text ? [{ kind: 'text', text: node.text, marks: marksOf(node) }] : [];
    const children = inlineView(node.children, options) as TextView[];
    const link = safeLink(node.url, options.pages, options.siteOrigin);
    // A link the policy refuses keeps its words, as plain text.
    if (!link) return children;
    // A link without words would have no accessible name: its address becomes the text.
    const text = children.length > 0 ? children : [{ kind: 'text' as const, text: node.url.trim(), marks: [] }];
    return [{ kind: 'link', href: link.href, external: link.external, children: text }];
  });
}

function hasText(nodes: readonly InlineView[]): boolean {
  return nodes.some((node) =>
    node.kind === 'text' ? node.text.trim() !== '' : node.children.some((child) => child.text.trim() !== ''),
  );
}

function imageView(image: Image, pages: PageLookup): BlockView[] {
  const src = safeImageSrc(image.url, pages);
  if (!src) return [];
  const sized = image.width > 0 && image.height > 0;
  return [
    {
      kind: 'image',
      src,
      // No alternative text from the CMS: the image is treated as decorative (alt="").
      alt: image.alternativeText.trim(),
      width: sized ? Math.round(image.width) : null,
      height: sized ? Math.round(image.height) : null,
    },
  ];
}

export function toRichTextView(blocks: RichText, options: RichTextOptions): BlockView[] {
  const levels = headingLevels(blocks, options.baseLevel);
  return blocks.flatMap((block, index): BlockView[] => {
    switch (block.type) {
      case 'paragraph':
      case 'quote': {
        const children = inlineView(block.children, options);
        return hasText(children) ? [{ kind: block.type, children }] : [];
      }
      case 'heading': {
        const children = inlineView(block.children, options);
        const level = levels[index] ?? clampLevel(options.baseLevel);
        return hasText(children) ? [{ kind: 'heading', tag: `h${level}` as HeadingTag, children }] : [];
      }
      case 'code': {
        const text = block.children.map((node) => (node.type === 'text' ? node.text : plainInline([node]))).join('');
        return text.trim() ? [{ kind: 'code', text }] : [];
      }
      case 'list': {
        const items = block.children.map((item) => inlineView(item.children, options));
        return items.length > 0 ? [{ kind: 'list', tag: block.format === 'ordered' ? 'ol' : 'ul', items }] : [];
      }
      case 'image':
        return imageView(block.image, options.pages);
    }
  });
}

function plainInline(nodes: readonly InlineNode[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.text : plainInline(node.children))).join('');
}

/** All words of the rich text, one block per line (for the FAQ search). */
export function plainText(blocks: RichText): string {
  return blocks
    .flatMap((block) => {
      switch (block.type) {
        case 'list':
          return block.children.map((item) => plainInline(item.children));
        case 'image':
          return [];
        default:
          return [plainInline(block.children)];
      }
    })
    .join('\n');
}
