// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { interactionDirectiveIntegration } from './site/integrations/interaction-directive.ts';
import { precompressIntegration } from './site/integrations/precompress.ts';
import { cspDigestsIntegration } from './site/integrations/csp-digests.ts';

// The Astro site lives in ./site and is served by the Express BFF (bff/server.ts) through the node adapter's
// middleware handler, so one process answers both pages and /api/* (docs/architecture.md, "Processes").
export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  output: 'server',
  // A page is rendered whole, then sent (docs/performance.md "The render"): the BFF sends a page in one write anyway,
  // and Astro's stream cost a web-stream read per chunk.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // precompress: brotli and gzip copies of the built assets, served as files by the BFF (docs/architecture.md);
  // client:interaction: islands that load when the customer reaches them (site/lib/client-interaction.ts).
  // csp-digests: the CSP hashes of a route's inline styles and scripts are computed once, not on every render.
  integrations: [react(), interactionDirectiveIntegration(), precompressIntegration(), cspDigestsIntegration()],
  // Origin checks for form posts are done by the BFF's CSRF middleware for /api/*; pages take no form posts.
  security: {
    checkOrigin: true,
    // Astro hashes its own inline scripts and styles and sends them as a Content-Security-Policy header on every
    // server-rendered page; the other directives of docs/security.md are added here so the page's single CSP is complete.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
    },
  },
  // Every stylesheet is a file (docs/performance.md "Stylesheets as files"): the browser keeps it, and a page's HTML
  // and its CSP header no longer carry the CSS of the page and the hashes of every route's inline styles.
  build: { inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  vite: {
    ssr: {
      // The server build carries the site's own packages (React, i18next, nanostores, ...), so the portal image installs
      // only what the BFF needs at run time (docs/operations.md, "Images"). Kept outside: packages the BFF shares with the
      // pages (one module instance each) and sharp's native binary.
      noExternal: true,
      external: ['zod', 'date-fns', 'sharp'],
    },
  },
});
