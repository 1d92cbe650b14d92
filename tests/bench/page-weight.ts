import { gzipSync } from 'node:zlib';

/**
 * The scripts a page's HTML references: module scripts and the islands that hydrate at once (`client:load`,
 * `client:idle`) load before any interaction; islands that wait (`client:visible`, `client:interaction`,
 * `client:media`) load on demand. A script both kinds name counts as loaded at once.
 */
export function scriptEntries(html: string): { entries: Set<string>; deferred: Set<string> } {
  const entries = new Set<string>();
  const deferred = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) entries.add(m[1] ?? '');
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const client = /\sclient="([^"]+)"/.exec(tag)?.[1] ?? 'load';
    const target = ['visible', 'interaction', 'media'].includes(client) ? deferred : entries;
    for (const m of tag.matchAll(/(?:component-url|renderer-url)="([^"]+\.js)"/g)) target.add(m[1] ?? '');
  }
  for (const url of entries) deferred.delete(url);
  return { entries, deferred };
}

/**
 * JavaScript a page ships: the scripts that load before any interaction (scriptEntries), followed through static
 * imports (what the browser loads before the page is interactive). Dynamic imports and the islands that wait for
 * interaction or visibility are listed separately (loaded on demand, e.g. the chart library). Sizes are gzip level 9
 * of the served bytes. The browser's own count is tests/e2e/islands.spec.ts.
 */
export async function pageWeight(origin: string, path: string, headers: Record<string, string> = {}) {
  const html = await (await fetch(`${origin}${path}`, { headers })).text();
  const { entries, deferred } = scriptEntries(html);
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');

  const sizes = new Map<string, number>();
  const dynamic = new Set<string>();
  const visit = async (url: string, isDynamic: boolean): Promise<void> => {
    if (sizes.has(url) || !url) return;
    const source = await (await fetch(new URL(url, origin))).text();
    sizes.set(url, gzipSync(source, { level: 9 }).length);
    if (isDynamic) dynamic.add(url);
    const base = new URL(url, origin);
    for (const m of source.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      await visit(new URL(m[1] ?? '', base).pathname, isDynamic);
    }
    for (const m of source.matchAll(/import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)) {
      await visit(new URL(m[1] ?? '', base).pathname, true);
    }
  };
  for (const entry of entries) await visit(entry, false);
  for (const entry of deferred) await visit(entry, true);

  let initial = gzipSync(inlineScripts.join('\n'), { level: 9 }).length * (inlineScripts.length > 0 ? 1 : 0);
  let onDemand = 0;
  for (const [url, size] of sizes) {
    if (dynamic.has(url)) onDemand += size;
    else initial += size;
  }
  return { path, initialJsGzipBytes: initial, onDemandJsGzipBytes: onDemand, files: sizes.size };
}
