export interface CookieJarFetch {
  fetch: typeof fetch;
  /** The `Cookie` header the jar currently sends. */
  header(): string;
}

/**
 * A fetch that keeps cookies like a browser would for one site (enough for the session
 * cookie): Node's fetch has no cookie jar.
 */
export function cookieKeepingFetch(base: typeof fetch = fetch): CookieJarFetch {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const jarFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', header());
    const response = await base(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return { fetch: jarFetch, header };
}
