import { gzipSync } from 'node:zlib';

/**
 * JavaScript a page ships: every module script and island the HTML references, followed through static imports
 * (what the browser loads before the page is interactive). Dynamic imports are listed separately (loaded on demand,
 * e.g. the chart library). Sizes are gzip level 9 of the served bytes.
 */
export async function pageWeight(origin: string, path: string, headers: Record<string, string> = {}) {
  const html = await (await fetch(`${origin}${path}`, { headers })).text();
  const entries = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) entries.add(m[1] ?? '');
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+\.js)"/g)) entries.add(m[1] ?? '');
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

  let initial = gzipSync(inlineScripts.join('\n'), { level: 9 }).length * (inlineScripts.length > 0 ? 1 : 0);
  let onDemand = 0;
  for (const [url, size] of sizes) {
    if (dynamic.has(url)) onDemand += size;
    else initial += size;
  }
  return { path, initialJsGzipBytes: initial, onDemandJsGzipBytes: onDemand, files: sizes.size };
}
