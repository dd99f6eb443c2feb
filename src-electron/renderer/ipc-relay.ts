/**
 * The port's methods made from the channel map: each request channel of a group of
 * `window.desktop` becomes the port's method of the same name, its answer unwrapped (a
 * refusal thrown as the port's BackendError) and, where it crosses IPC in a JSON form,
 * decoded. A channel added to the map is relayed with no edit here; the compiler asks for
 * its decoder when its answer is not already the port's type.
 */
import { BackendError } from '../../shared/backend/ports.ts';
import type {
  ChannelGroup,
  DesktopApi,
  DesktopRequests,
  IpcError,
  IpcResult,
} from '../../shared/ipc/contract.ts';
import { camel, INVOKE_CHANNELS, methodOf } from '../../shared/ipc/desktop-api.ts';

/** Turns a failure that crossed IPC back into the port's error. */
export function toBackendError(error: IpcError): BackendError {
  return new BackendError(error.code, {
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: error.retryAfterSeconds }
      : {}),
    ...(error.newDevice ? { newDevice: error.newDevice } : {}),
  });
}

export function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw toBackendError(result.error);
}

/** A list's decoder, from its items'. */
export const each =
  <Json, Value>(decode: (json: Json) => Value) =>
  (list: Json[]): Value[] =>
    list.map(decode);

/**
 * What a request's answer holds once unwrapped. `null` (nothing to say) is the port's `void`:
 * the value is there (null) but no caller reads it.
 */
type Unwrapped<F> = F extends (...args: never[]) => Promise<IpcResult<infer T>>
  ? [T] extends [null]
    ? // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- the port's methods that answer nothing
      void
    : T
  : never;

/** Per method, how its answer's JSON form becomes the port's (`quoteFromJson`, …). */
export type Decoders<R> = { [M in keyof R]?: (value: Unwrapped<R[M]>) => unknown };

export type Relayed<R, D, X extends keyof R> = {
  [M in Exclude<keyof R, X>]: R[M] extends (...args: infer A) => unknown
    ? (
        ...args: A
      ) => Promise<
        M extends keyof D ? (D[M] extends (value: never) => infer O ? O : never) : Unwrapped<R[M]>
      >
    : never;
};

/**
 * The group `group`'s requests as the port's methods, but those in `except` (the console's
 * own, such as `snapshot`, relayed by hand).
 */
export function relay<
  G extends ChannelGroup,
  D extends Decoders<DesktopRequests<G>> = Record<never, never>,
  X extends keyof DesktopRequests<G> = never,
>(
  api: DesktopApi,
  group: G,
  options: { decode?: D; except?: readonly X[] } = {},
): Relayed<DesktopRequests<G>, D, X> {
  type Request = (...args: unknown[]) => Promise<IpcResult<unknown>>;
  const requests = (api as unknown as Record<string, Record<string, Request> | undefined>)[
    camel(group)
  ];
  const decoders = (options.decode ?? {}) as Record<
    string,
    ((value: unknown) => unknown) | undefined
  >;
  const except: readonly PropertyKey[] = options.except ?? [];
  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  if (!requests) return methods as Relayed<DesktopRequests<G>, D, X>;
  for (const channel of INVOKE_CHANNELS) {
    const { group: of, method } = methodOf(channel, 'invoke');
    if (of !== camel(group) || except.includes(method)) continue;
    const decode = decoders[method];
    // Called on its group, as `api.quotes.list()` would be.
    methods[method] = async (...args) => {
      const value = unwrap(await (requests[method] as Request).apply(requests, args));
      return decode ? decode(value) : value;
    };
  }
  return methods as Relayed<DesktopRequests<G>, D, X>;
}
