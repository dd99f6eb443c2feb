import { BackendError } from '../ports.ts';
import type { HttpAnswer } from './http-client.ts';

/** What the request was for: a 401 means different things when signing in. */
export type RequestPurpose = 'send' | 'sign-in' | 'admin';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}

export function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The BackendError for an answer of the server that is not a success. */
export function errorFromAnswer(
  { status, headers, body }: HttpAnswer,
  purpose: RequestPurpose,
): BackendError {
  if (status === 400) {
    const fields = isRecord(body) ? stringFields(body.fields) : undefined;
    return new BackendError('invalid-input', fields ? { fields } : {});
  }
  if (status === 401) {
    return new BackendError(purpose === 'sign-in' ? 'invalid-credentials' : 'unauthorized');
  }
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(headers.get('Retry-After'));
    const wait = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
    // An unknown device while the account is under attack: the server's sentence says what
    // about the e-mailed link.
    if (
      isRecord(body) &&
      (body.newDevice === 'link-sent' || body.newDevice === 'no-email') &&
      typeof body.error === 'string'
    ) {
      return new BackendError('rate-limited', {
        ...wait,
        message: body.error,
        newDevice: body.newDevice,
      });
    }
    return new BackendError('rate-limited', wait);
  }
  if (status === 404 && purpose === 'admin') return new BackendError('not-found');
  if (status === 403 || status === 413 || status === 415) return new BackendError('refused');
  if (status >= 500) return new BackendError('unavailable');
  return new BackendError('unknown');
}

/** The BackendError for a request that got no answer at all. */
export function errorFromNetwork(cause: unknown): BackendError {
  return new BackendError('network', { cause });
}
