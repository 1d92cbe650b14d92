/**
 * A tiny cookie-keeping HTTP client for integration tests that walk redirects the way a browser does
 * (cookies keyed by host name only, as browsers share localhost cookies across ports). Real HTTP, no mocks.
 */
export class BrowserLikeClient {
  private readonly cookies = new Map<string, Map<string, string>>();

  /** `defaultHeaders` go with every request, e.g. X-Forwarded-For to act as a distinct client address. */
  constructor(private readonly defaultHeaders: Record<string, string> = {}) {}

  cookieHeader(url: string): string {
    const jar = this.cookies.get(new URL(url).hostname);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  cookie(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).hostname)?.get(name);
  }

  /** One request, no redirect following; stores Set-Cookie. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.defaultHeaders)) if (!headers.has(name)) headers.set(name, value);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    const jar = this.cookies.get(new URL(url).hostname) ?? new Map<string, string>();
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(new URL(url).hostname, jar);
    return response;
  }

  /** Follows redirects (up to 15) and returns the final response with every URL visited. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string; visited: string[] }> {
    const visited: string[] = [];
    let current = url;
    let response = await this.request(current, init);
    visited.push(current);
    for (let hops = 0; hops < 15 && response.status >= 300 && response.status < 400; hops++) {
      const location = response.headers.get('location');
      if (!location) break;
      current = new URL(location, current).href;
      visited.push(current);
      response = await this.request(current);
    }
    return { response, url: current, visited };
  }
}

/** The action of the first form on a page and its hidden/text inputs' values. */
export function readForm(html: string): { action: string } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on page');
  return { action: action.replaceAll('&amp;', '&') };
}
