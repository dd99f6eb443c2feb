/**
 * `window.desktop`, derived from the channel map (contract.ts): one method per channel, named
 * after it (`quotes:list-by-lead` → `quotes.listByLead`, the event `inbox:update` →
 * `inbox.onUpdate`), each bound to its own channel. The preload builds it on `ipcRenderer`;
 * tests build it on their own transport. Nothing else crosses: a channel that is not in the
 * map has no method.
 */
import {
  eventChannels,
  invokeChannels,
  sendChannels,
  type DesktopApi,
  type EventChannel,
  type InvokeChannel,
  type SendChannel,
  type Unsubscribe,
} from './contract.ts';

/** How the API reaches the main process (the preload: `ipcRenderer`). */
export interface IpcTransport {
  invoke(channel: InvokeChannel, args: unknown[]): Promise<unknown>;
  send(channel: SendChannel, payload: unknown): void;
  /** Calls `listener` with each event's payload alone (no event object). */
  on(channel: EventChannel, listener: (payload: unknown) => void): Unsubscribe;
}

/** `list-by-lead` → `listByLead` (contract.ts's `Camel`, at runtime). */
export function camel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** Where a channel lives in `window.desktop`: its group, and its method's name. */
export function methodOf(
  channel: string,
  kind: 'invoke' | 'send' | 'event',
): { group: string; method: string } {
  const [group = '', name = ''] = channel.split(':');
  const method = camel(name);
  return {
    group: camel(group),
    method: kind === 'event' ? `on${method[0]?.toUpperCase() ?? ''}${method.slice(1)}` : method,
  };
}

/** The request channels of the map, as names (at runtime). */
export const INVOKE_CHANNELS = Object.keys(invokeChannels) as InvokeChannel[];
export const SEND_CHANNELS = Object.keys(sendChannels) as SendChannel[];
export const EVENT_CHANNELS = Object.keys(eventChannels) as EventChannel[];

/** Builds `window.desktop` on this transport: every channel of the map, and only those. */
export function createDesktopApi(transport: IpcTransport): DesktopApi {
  const api: Record<string, Record<string, unknown>> = {};
  const place = (
    channel: string,
    kind: 'invoke' | 'send' | 'event',
    call: (...args: never[]) => unknown,
  ) => {
    const { group, method } = methodOf(channel, kind);
    const methods = (api[group] ??= {});
    if (method in methods) throw new Error(`Two channels make desktop.${group}.${method}`);
    methods[method] = call;
  };
  for (const channel of INVOKE_CHANNELS) {
    place(channel, 'invoke', (...args: unknown[]) => transport.invoke(channel, args));
  }
  for (const channel of SEND_CHANNELS) {
    place(channel, 'send', (payload: unknown) => transport.send(channel, payload));
  }
  for (const channel of EVENT_CHANNELS) {
    place(channel, 'event', (listener: (payload: unknown) => void) =>
      transport.on(channel, (payload) => listener(payload)),
    );
  }
  // The same derivation as DesktopApi's, at runtime (tests/electron/preload checks they agree).
  return api as unknown as DesktopApi;
}
