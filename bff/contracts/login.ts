const absoluteUrl = /^([a-z][a-z\d+.-]*:)?\/\//i;

/**
 * The login URL (LOGIN_URL, spec section 2) with `returnTo` set, whether it is relative or absolute and whether it
 * has a query already. Shared by the BFF's page guard and the site's "Anmelden" links.
 */
export function withReturnTo(loginUrl: string, returnTo: string): string {
  const url = new URL(loginUrl, 'http://relative.invalid');
  url.searchParams.set('returnTo', returnTo);
  return absoluteUrl.test(loginUrl) ? url.href : `${url.pathname}${url.search}${url.hash}`;
}
