import { BackendError, type BackendErrorCode } from '../ports.ts';
import type { SessionState } from '../session-state.ts';
import { errorFromAnswer, errorFromNetwork, type RequestPurpose } from './errors.ts';

export interface HttpClientOptions {
  /** Origin of the server, e.g. `http://127.0.0.1:3000`; empty = this site. */
  baseUrl: string;
  fetch: typeof fetch;
  /** A request with no answer after this long fails with 'network'. */
  timeoutMs: number;
  /** Told when an answer shows that the session is gone. */
  session: SessionState;
}

/**
 * An answer of the server with its body already read. A response is never handed on with its
 * body pending: a browser keeps an unread response open (and its connection busy) until the
 * request's timeout.
 */
export interface HttpAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The JSON body; null when there is none, or it is not JSON (then it was cancelled). */
  body: unknown;
}

/** A request of `send`: a JSON body to send, and the refusals told in the server's words. */
export type SendInit = RequestInit & {
  json?: unknown;
  said?: Partial<Record<number, BackendErrorCode>>;
};

/** Requests to src-server's API, with its failures turned into BackendError. */
export interface HttpClient {
  readonly baseUrl: string;
  /** Resolves with any answer; rejects with 'network' when none comes. */
  request(path: string, init?: RequestInit): Promise<HttpAnswer>;
  /**
   * A JSON request whose answer must be a success; rejects with the BackendError otherwise.
   * `said` names the statuses whose refusal keeps the server's own French sentence (`error`),
   * and the code it then carries: a note past its 10 minutes (409), a quote gone (404).
   */
  send(path: string, purpose: RequestPurpose, init?: SendInit): Promise<HttpAnswer>;
  /** The BackendError for an answer that is not a success (a 401 also ends the session). */
  failure(answer: HttpAnswer, purpose: RequestPurpose): BackendError;
}

function isAbort(error: unknown): boolean {
  return (
    error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')
  );
}

/** Reads the body of a JSON answer, and cancels any other. */
async function readBody(response: Response): Promise<unknown> {
  if (!/\bjson\b/i.test(response.headers.get('Content-Type') ?? '')) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  try {
    return await response.json();
  } catch (cause) {
    if (isAbort(cause)) throw errorFromNetwork(cause);
    // A success must say what it did; a failure is known by its status.
    if (response.ok) throw new BackendError('unknown', { cause });
    return null;
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  const client: HttpClient = {
    baseUrl,

    async request(path, init = {}) {
      let response: Response;
      try {
        response = await options.fetch(`${baseUrl}${path}`, {
          credentials: 'include',
          cache: 'no-store',
          signal: AbortSignal.timeout(options.timeoutMs),
          ...init,
          headers: { Accept: 'application/json', ...init.headers },
        });
      } catch (cause) {
        throw errorFromNetwork(cause);
      }
      const body = await readBody(response);
      return { status: response.status, ok: response.ok, headers: response.headers, body };
    },

    async send(path, purpose, { json, said, ...init } = {}) {
      const answer = await client.request(
        path,
        json === undefined
          ? init
          : {
              ...init,
              headers: { 'Content-Type': 'application/json', ...init.headers },
              body: JSON.stringify(json),
            },
      );
      if (answer.ok) return answer;
      const error = client.failure(answer, purpose);
      const code = said?.[answer.status];
      const sentence =
        typeof answer.body === 'object' && answer.body !== null && 'error' in answer.body
          ? answer.body.error
          : undefined;
      if (code && typeof sentence === 'string') throw new BackendError(code, { message: sentence });
      throw error;
    },

    failure(answer, purpose) {
      const error = errorFromAnswer(answer, purpose);
      if (error.code === 'unauthorized') options.session.set(null);
      return error;
    },
  };
  return client;
}
