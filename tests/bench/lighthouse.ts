import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  transferKb: number;
}

/**
 * Lighthouse's mobile preset (its default: Moto G power emulation, simulated slow 4G) against pages of the running
 * portal, signed in through the given cookie, in Debian's Chromium. One Chromium for all pages; each page is audited
 * once after a warm-up load, so the portal's caches are in the state a returning customer meets.
 */
export async function lighthouseMobile(origin: string, paths: readonly string[], cookie: string): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const results: LighthouseFigures[] = [];
    for (const path of paths) {
      await fetch(`${origin}${path}`, { headers: { cookie } });
      const run = await lighthouse(
        `${origin}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders: { Cookie: cookie } },
      );
      if (!run) throw new Error(`Lighthouse gave no result for ${path}`);
      const { lhr } = run;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
      results.push({
        path,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        transferKb: Math.round(((lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024) * 10) / 10,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
