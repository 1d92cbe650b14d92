import type { AstroIntegration } from 'astro';

/**
 * Astro hashes the inline styles and scripts of a page's head for its Content-Security-Policy on every render, one
 * WebCrypto digest each (`createResult` → `generateCspDigest`): about a tenth of a signed-in page's CPU under load,
 * for texts that are the same on every render of a route. This integration keeps the digests: the build rewrites
 * Astro's `generateCspDigest` into one that computes each (algorithm, text) once. Bounded: texts of server islands
 * change per render, so the memo starts afresh at 1,000 entries (docs/performance.md "The render").
 */

/** The function's head in Astro's `dist/core/encryption.js`; the build fails when an Astro update changes it. */
export const ASTRO_DIGEST_HEAD = 'async function generateCspDigest(data, algorithm) {';
const MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;

export function keepCspDigests(code: string): string {
  if (!code.includes(ASTRO_DIGEST_HEAD)) {
    throw new Error('Astro’s generateCspDigest changed: site/integrations/csp-digests.ts needs a look (docs/performance.md "The render")');
  }
  return code.replace(
    ASTRO_DIGEST_HEAD,
    `const keptCspDigests = new Map();
function generateCspDigest(data, algorithm) {
  let kept = keptCspDigests.get(algorithm);
  if (kept === undefined || kept.size >= 1000) {
    kept = new Map();
    keptCspDigests.set(algorithm, kept);
  }
  let digest = kept.get(data);
  if (digest === undefined) {
    digest = computeCspDigest(data, algorithm);
    kept.set(data, digest);
    digest.catch(() => kept.delete(data));
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
  );
}

export function cspDigestsIntegration(): AstroIntegration {
  return {
    name: 'kundenportal:csp-digests',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'kundenportal:keep-csp-digests',
                enforce: 'pre',
                transform(code: string, id: string) {
                  return MODULE.test(id.split('?')[0] ?? id) ? { code: keepCspDigests(code), map: null } : null;
                },
              },
            ],
          },
        });
      },
    },
  };
}
