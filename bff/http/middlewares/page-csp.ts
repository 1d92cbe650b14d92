import type { OutgoingHttpHeaders } from 'node:http';
import type { Response } from 'express';
import type { Config } from '../../config.ts';

/**
 * Where signed-in pages' plain forms may lead with a 303: the identity provider (sign-out) and the e-signature
 * provider's signing page (powers of attorney, SEPA mandate). Both are the sandbox locally, two origins in production.
 */
export function signedInFormTargets(config: Config): string[] {
  return [...new Set([new URL(config.oidcIssuer).origin, new URL(config.services.esign.url).origin])];
}

/**
 * Adds a source to one directive of the CSP header Astro writes for a page. Needed for `form-action` on signed-in
 * pages: sign-out is a form whose 303 leads to the identity provider, and browsers check form-action on the redirects of
 * a form submission. Astro's own `csp.insertDirective` is a no-op in middleware (the render result does not exist yet)
 * and too late in a layout (the header is built when streaming starts), so the BFF adds the runtime origin as the
 * response head is written (docs/architecture.md, toolchain facts).
 */
export function extendPageCsp(res: Response, directive: string, source: string): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => Response;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
    if (headers) {
      for (const name of Object.keys(headers)) {
        if (name.toLowerCase() !== 'content-security-policy') continue;
        headers[name] = withSource(String(headers[name]), directive, source);
      }
    }
    const set = res.getHeader('content-security-policy');
    if (typeof set === 'string') res.setHeader('content-security-policy', withSource(set, directive, source));
    return writeHead(status, ...rest);
  }) as Response['writeHead'];
}

/** `form-action 'self'` + `https://idp.example` → `form-action 'self' https://idp.example`; other directives unchanged. */
export function withSource(policy: string, directive: string, source: string): string {
  const parts = policy.split(';');
  const index = parts.findIndex((part) => part.trim().split(/\s+/)[0] === directive);
  if (index === -1) return `${policy.replace(/;?\s*$/, ';')}${directive} ${source};`;
  const tokens = (parts[index] ?? '').trim().split(/\s+/);
  if (!tokens.includes(source)) parts[index] = `${tokens.join(' ')} ${source}`;
  return parts.join(';');
}
