/**
 * One cookie's value from a Cookie header (`req.get('cookie')`), undefined without it. The portal's own cookies
 * (language, consent, the funnel request) are read with this; express-session reads its cookie itself.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  return header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}
