import type { AstroIntegration } from 'astro';

/**
 * Astro hashes the inline styles and scripts of a page's head for its Content-Security-Policy on every render, one
 * WebCrypto digest each (`createResult` → `generateCspDigest`): about a tenth of a signed-in page's CPU under load,
 * for texts that are the same on every render of a route. This integration keeps the digests: the build rewrites
 * Astro's `generateCspDigest` into one that computes each (algorithm, text) once. Bounded: texts of server islands
 * change per render, so the memo starts afresh at 1,000 entries (docs/performance.md "The render"). It keeps the
 * header's assembled text the same way (`keepCspContent` below).
 */

/** The function's head in Astro's `dist/core/encryption.js`; the build fails when an Astro update changes it. */
export const ASTRO_DIGEST_HEAD = 'async function generateCspDigest(data, algorithm) {';
const MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
/** The head of the function that assembles the header's text, in Astro's `dist/runtime/server/render/csp.js`. */
export const ASTRO_CSP_CONTENT_HEAD = 'function renderCspContent(result) {';
const CSP_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]csp\.js$/;

/** Replaces the head of one of Astro's functions; fails the build when an Astro update changed it. */
function rewriteAstroFunction(code: string, head: string, name: string, replacement: string): string {
  if (!code.includes(head)) {
    throw new Error(`Astro’s ${name} changed: site/integrations/csp-digests.ts needs a look (docs/performance.md "The render")`);
  }
  return code.replace(head, replacement);
}

export function keepCspDigests(code: string): string {
  return rewriteAstroFunction(
    code,
    ASTRO_DIGEST_HEAD,
    'generateCspDigest',
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

/**
 * Astro assembles the Content-Security-Policy header's text on every render from the route's directives and the
 * manifest's hashes (several hundred, most of them repeated: every route's inline styles): about 3 % of a signed-in
 * page's CPU for a text that is the same on every render of a route. The rewrite keeps the text per input: the key is
 * everything the function reads, joined (far cheaper than the sets and joins it replaces), so a page whose inputs
 * differ (a runtime directive, a server island's hash) gets its own text. Bounded like the digests.
 */
export function keepCspContent(code: string): string {
  return rewriteAstroFunction(
    code,
    ASTRO_CSP_CONTENT_HEAD,
    'renderCspContent',
    `const keptCspContent = new Map();
function cspKeyPart(list) {
  let part = '';
  for (const entry of list) part += typeof entry === 'string' ? entry + ' ' : (entry.kind ?? 'default') + '=' + (entry.resource ?? entry.hash) + ' ';
  return part;
}
function renderCspContent(result) {
  const { scriptDirective: sd, styleDirective: st, directives, _metadata: m } = result;
  const key = cspKeyPart(sd.resources) + '|' + cspKeyPart(sd.hashes) + '|' + sd.strictDynamic + '|' + cspKeyPart(st.resources) + '|' +
    cspKeyPart(st.hashes) + '|' + cspKeyPart(directives) + '|' + cspKeyPart(m.extraScriptHashes) + '|' + cspKeyPart(m.extraStyleHashes);
  let content = keptCspContent.get(key);
  if (content === undefined) {
    if (keptCspContent.size >= 1000) keptCspContent.clear();
    content = computeCspContent(result);
    keptCspContent.set(key, content);
  }
  return content;
}
function computeCspContent(result) {`,
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
                  const file = id.split('?')[0] ?? id;
                  if (MODULE.test(file)) return { code: keepCspDigests(code), map: null };
                  if (CSP_MODULE.test(file)) return { code: keepCspContent(code), map: null };
                  return null;
                },
              },
            ],
          },
        });
      },
    },
  };
}
