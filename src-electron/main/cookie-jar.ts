/**
 * The session cookie of the local server, kept by the main process: its requests and its
 * event stream go through Node's fetch, which keeps no cookies by itself. The renderer
 * never sees it.
 */

export interface StoredCookie {
  name: string;
  value: string;
  /** Milliseconds since the epoch; null for a cookie that lasts as long as the session. */
  expiresAt: number | null;
}

export interface CookieJar {
  /** The `Cookie` header for a request to `url`, or null. */
  headerFor(url: string): string | null;
  /** Takes the `Set-Cookie` headers of an answer from `url`. */
  store(url: string, setCookieHeaders: readonly string[]): void;
  clear(): void;
  snapshot(): StoredCookie[];
}

export interface CookieJarOptions {
  /** Only this origin's cookies are kept or sent (the backend's). */
  origin: string;
  initial?: readonly StoredCookie[];
  /** Called after every change, e.g. to keep the cookies on disk. */
  onChange?: (cookies: StoredCookie[]) => void;
  now?: () => number;
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** Parses one `Set-Cookie` header: name, value and when it ends (in the past = delete). */
export function parseSetCookie(header: string, now: number): StoredCookie | null {
  const [pair = '', ...attributes] = header.split(';');
  const separator = pair.indexOf('=');
  if (separator <= 0) return null;
  const name = pair.slice(0, separator).trim();
  const value = pair.slice(separator + 1).trim();
  if (name === '') return null;
  let expiresAt: number | null = null;
  let maxAgeSeen = false;
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const attributeValue = rest.join('=').trim();
    if (key === 'max-age') {
      const seconds = Number(attributeValue);
      if (Number.isFinite(seconds)) {
        expiresAt = now + seconds * 1000;
        maxAgeSeen = true;
      }
    } else if (key === 'expires' && !maxAgeSeen) {
      const date = Date.parse(attributeValue);
      if (!Number.isNaN(date)) expiresAt = date;
    }
  }
  return { name, value, expiresAt };
}

export function createCookieJar(options: CookieJarOptions): CookieJar {
  const now = options.now ?? Date.now;
  const cookies = new Map<string, StoredCookie>();
  for (const cookie of options.initial ?? []) cookies.set(cookie.name, cookie);

  const live = () => {
    const time = now();
    for (const [name, cookie] of cookies) {
      if (cookie.expiresAt !== null && cookie.expiresAt <= time) cookies.delete(name);
    }
    return [...cookies.values()];
  };

  return {
    headerFor(url) {
      if (!sameOrigin(url, options.origin)) return null;
      const current = live();
      if (current.length === 0) return null;
      return current.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    },
    store(url, headers) {
      if (headers.length === 0 || !sameOrigin(url, options.origin)) return;
      const time = now();
      for (const header of headers) {
        const cookie = parseSetCookie(header, time);
        if (!cookie) continue;
        if (cookie.value === '' || (cookie.expiresAt !== null && cookie.expiresAt <= time)) {
          cookies.delete(cookie.name);
        } else {
          cookies.set(cookie.name, cookie);
        }
      }
      options.onChange?.(live());
    },
    clear() {
      cookies.clear();
      options.onChange?.([]);
    },
    snapshot: live,
  };
}

function requestUrl(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** A fetch that sends the jar's cookies and keeps the ones the answers set. */
export function createCookieFetch(baseFetch: typeof fetch, jar: CookieJar): typeof fetch {
  return async (input, init) => {
    const url = requestUrl(input);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
    const cookie = jar.headerFor(url);
    if (cookie) headers.set('Cookie', cookie);
    else headers.delete('Cookie');
    const response = await baseFetch(input, { ...init, headers });
    jar.store(url, response.headers.getSetCookie());
    return response;
  };
}
