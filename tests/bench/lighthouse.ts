import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  transferKb: number;
  /** Why Lighthouse gave no figures (it fails now and then on a loaded machine, e.g. NO_NAVSTART), after a second try. */
  error?: string;
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
    const audit = async (path: string): Promise<LighthouseFigures> => {
      await fetch(`${origin}${path}`, { headers: { cookie } });
      const run = await lighthouse(
        `${origin}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders: { Cookie: cookie } },
      );
      if (!run) throw new Error('no result');
      const { lhr } = run;
      if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
      return {
        path,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        transferKb: Math.round(((lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024) * 10) / 10,
      };
    };
    for (const path of paths) {
      // One failed trace does not cost the run: a second try, then the reason in the table.
      const figures = await audit(path).catch(() => audit(path)).catch((error: unknown) => ({
        path,
        performance: Number.NaN,
        accessibility: Number.NaN,
        lcpMs: Number.NaN,
        transferKb: Number.NaN,
        error: error instanceof Error ? error.message : String(error),
      }));
      results.push(figures);
    }
    return results;
  } finally {
    chrome.kill();
  }
}
