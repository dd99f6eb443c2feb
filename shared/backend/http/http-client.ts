import { BackendError } from '../ports.ts';
import type { SessionState } from '../session-state.ts';
import { errorFromNetwork, errorFromResponse, type RequestPurpose } from './errors.ts';

export interface HttpClientOptions {
  /** Origin of the server, e.g. `http://127.0.0.1:3000`; empty = this site. */
  baseUrl: string;
  fetch: typeof fetch;
  /** A request with no answer after this long fails with 'network'. */
  timeoutMs: number;
  /** Told when an answer shows that the session is gone. */
  session: SessionState;
}

/** Requests to src-server's API, with its failures turned into BackendError. */
export interface HttpClient {
  readonly baseUrl: string;
  /** Resolves with any answer; rejects with 'network' when none comes. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** A JSON request whose answer must be a success; rejects with the BackendError otherwise. */
  send(
    path: string,
    purpose: RequestPurpose,
    init?: RequestInit & { json?: unknown },
  ): Promise<Response>;
  /** The BackendError for an answer that is not a success (a 401 also ends the session). */
  failure(response: Response, purpose: RequestPurpose): Promise<BackendError>;
  readJson(response: Response): Promise<unknown>;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  const client: HttpClient = {
    baseUrl,

    async request(path, init = {}) {
      try {
        return await options.fetch(`${baseUrl}${path}`, {
          credentials: 'include',
          cache: 'no-store',
          signal: AbortSignal.timeout(options.timeoutMs),
          ...init,
          headers: { Accept: 'application/json', ...init.headers },
        });
      } catch (cause) {
        throw errorFromNetwork(cause);
      }
    },

    async send(path, purpose, { json, ...init } = {}) {
      const response = await client.request(
        path,
        json === undefined
          ? init
          : {
              ...init,
              headers: { 'Content-Type': 'application/json', ...init.headers },
              body: JSON.stringify(json),
            },
      );
      if (!response.ok) throw await client.failure(response, purpose);
      return response;
    },

    async failure(response, purpose) {
      const error = await errorFromResponse(response, purpose);
      if (error.code === 'unauthorized') options.session.set(null);
      return error;
    },

    async readJson(response) {
      try {
        return await response.json();
      } catch (cause) {
        throw new BackendError('unknown', { cause });
      }
    },
  };
  return client;
}
