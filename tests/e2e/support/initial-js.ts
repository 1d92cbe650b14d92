import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** A script is counted as React's when its code carries React DOM's or React's own markers (names change per build). */
const REACT_MARKERS = [/react-dom\.|__reactFiber|react\.transitional\.element|Minified React error/];

export interface ScriptLoad {
  url: string;
  gzipBytes: number;
  react: boolean;
}

/**
 * Records every script response of a page (no cached copies: the caller uses a fresh context) with its gzip size
 * (level 6, what a server sends) and whether it is React. `settle` waits for the page's load event and then until no
 * script has arrived for `quietMs` (2 s): what a customer's browser fetches before any interaction
 * (docs/architecture.md, "JavaScript only where a page is interactive").
 */
export function recordScripts(page: Page) {
  const loads: ScriptLoad[] = [];
  const pending = new Set<Promise<void>>();
  let last = Date.now();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    last = Date.now();
    const done = response
      .body()
      .then((body) => {
        const text = body.toString('utf8');
        loads.push({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body).length, react: REACT_MARKERS.some((re) => re.test(text)) });
      })
      .catch(() => undefined)
      .finally(() => pending.delete(done));
    pending.add(done);
  });
  return {
    loads,
    gzipBytes: () => loads.reduce((sum, load) => sum + load.gzipBytes, 0),
    react: () => loads.filter((load) => load.react),
    async settle(quietMs = 2000) {
      await page.waitForLoadState('load');
      last = Date.now();
      while (Date.now() - last < quietMs || pending.size > 0) {
        await page.waitForTimeout(200);
        await Promise.all(pending);
      }
    },
  };
}

/** A context with the same session (cookies, consent) as `from`, but an empty HTTP cache. */
export async function freshContext(browser: Browser, from: BrowserContext): Promise<BrowserContext> {
  return browser.newContext({ storageState: await from.storageState(), locale: 'de-DE', timezoneId: 'Europe/Berlin' });
}

/** The JavaScript one page fetches before any interaction, in a fresh context with the session of `from`. */
export async function initialScripts(browser: Browser, from: BrowserContext, path: string) {
  const context = await freshContext(browser, from);
  try {
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(path);
    await scripts.settle();
    return { path, gzipBytes: scripts.gzipBytes(), react: scripts.react().map((s) => s.url), files: scripts.loads.map((s) => s.url) };
  } finally {
    await context.close();
  }
}
