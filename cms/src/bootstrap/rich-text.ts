import type { Schema } from '@strapi/strapi';

/**
 * The seed files (`cms/seed/*.json`) write rich text in a compact form that reads well in review; this turns it into
 * Strapi 5 "blocks". One entry per block:
 *
 * - `"text"`: a paragraph
 * - `{ "heading": "text", "level": 3 }`: a heading (level 2 unless given)
 * - `{ "list": ["item", …] }` / `{ "ordered": ["item", …] }`: a bulleted / numbered list
 * - `{ "quote": "text" }`: a quote
 *
 * Inside any text: `**bold**` and `[label](url)`; a `\n` stays a soft line break, as Shift+Enter in the editor makes.
 * Anything else throws, so a typo in a seed file stops the seed instead of publishing broken text.
 */
export type CompactBlock =
  | string
  | { heading: string; level?: 2 | 3 | 4 }
  | { list: string[] }
  | { ordered: string[] }
  | { quote: string };

export type CompactRichText = CompactBlock[];

type TextNode = { type: 'text'; text: string; bold?: true };
type LinkNode = { type: 'link'; url: string; children: TextNode[] };
type InlineNode = TextNode | LinkNode;
type Block =
  | { type: 'paragraph' | 'quote'; children: InlineNode[] }
  | { type: 'heading'; level: 2 | 3 | 4; children: InlineNode[] }
  | { type: 'list'; format: 'ordered' | 'unordered'; children: { type: 'list-item'; children: InlineNode[] }[] };

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
const LINK_URL = /^(https:\/\/|mailto:|tel:|\/)/;

export function inlineNodes(source: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  const plain = (text: string) => {
    if (text.includes('**') || /\]\(/.test(text)) throw new Error(`Unbalanced markup in seed text: "${source}"`);
    if (text) nodes.push({ type: 'text', text });
  };
  let last = 0;
  for (const match of source.matchAll(INLINE)) {
    plain(source.slice(last, match.index));
    const [, bold, label, url] = match;
    if (bold !== undefined) {
      nodes.push({ type: 'text', text: bold, bold: true });
    } else {
      if (!LINK_URL.test(url)) throw new Error(`Seed link must be https, mailto, tel or a portal path: "${url}"`);
      nodes.push({ type: 'link', url, children: [{ type: 'text', text: label }] });
    }
    last = match.index + match[0].length;
  }
  plain(source.slice(last));
  // Strapi's blocks validator wants at least one child per paragraph; the editor stores an empty text node.
  return nodes.length > 0 ? nodes : [{ type: 'text', text: '' }];
}

function block(entry: CompactBlock): Block {
  if (typeof entry === 'string') return { type: 'paragraph', children: inlineNodes(entry) };
  if ('heading' in entry) return { type: 'heading', level: entry.level ?? 2, children: inlineNodes(entry.heading) };
  if ('quote' in entry) return { type: 'quote', children: inlineNodes(entry.quote) };
  const ordered = 'ordered' in entry;
  const items = ordered ? entry.ordered : 'list' in entry ? entry.list : undefined;
  if (!Array.isArray(items) || items.length === 0) throw new Error(`Unknown seed block: ${JSON.stringify(entry)}`);
  return {
    type: 'list',
    format: ordered ? 'ordered' : 'unordered',
    children: items.map((item) => ({ type: 'list-item', children: inlineNodes(item) })),
  };
}

/** Compact seed rich text -> Strapi blocks value. */
export function toBlocks(source: CompactRichText): Schema.Attribute.BlocksValue {
  if (!Array.isArray(source) || source.length === 0) throw new Error('Seed rich text must be a non-empty array.');
  // Strapi's type wants rel/target on links, which neither the editor nor the validator requires.
  return source.map(block) as unknown as Schema.Attribute.BlocksValue;
}
