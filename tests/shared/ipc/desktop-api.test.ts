/**
 * `window.desktop` derived from the channel map: every channel of the map has its method,
 * bound to that channel, and nothing else is there.
 */
import { describe, expect, it } from 'vitest';
import {
  eventChannels,
  invokeChannels,
  sendChannels,
  type DesktopApi,
} from '../../../shared/ipc/contract.ts';
import { createDesktopApi, methodOf, type IpcTransport } from '../../../shared/ipc/desktop-api.ts';

function recordingApi() {
  const wire: unknown[][] = [];
  const transport: IpcTransport = {
    invoke: async (channel, args) => (wire.push(['invoke', channel, ...args]), { ok: true }),
    send: (channel, payload) => wire.push(['send', channel, payload]),
    on: (channel, listener) => {
      wire.push(['on', channel]);
      listener({ from: channel });
      return () => wire.push(['off', channel]);
    },
  };
  return { api: createDesktopApi(transport), wire };
}

const methods = (api: DesktopApi) =>
  Object.entries(api).flatMap(([group, members]) =>
    Object.keys(members as object).map((method) => `${group}.${method}`),
  );

describe('window.desktop, derived from the channel map', () => {
  it('names each method after its channel (quotes:list-by-lead → quotes.listByLead)', () => {
    expect(methodOf('quotes:list-by-lead', 'invoke')).toEqual({
      group: 'quotes',
      method: 'listByLead',
    });
    expect(methodOf('agency-settings:get', 'invoke')).toEqual({
      group: 'agencySettings',
      method: 'get',
    });
    expect(methodOf('inbox:update', 'event')).toEqual({ group: 'inbox', method: 'onUpdate' });
  });

  it('has one method per channel of the map, each on its own channel, and nothing else', async () => {
    const { api, wire } = recordingApi();
    const channels = [
      ...Object.keys(invokeChannels).map((channel) => ({ channel, kind: 'invoke' as const })),
      ...Object.keys(sendChannels).map((channel) => ({ channel, kind: 'send' as const })),
      ...Object.keys(eventChannels).map((channel) => ({ channel, kind: 'event' as const })),
    ];
    expect(methods(api).sort()).toEqual(
      channels
        .map(({ channel, kind }) => {
          const { group, method } = methodOf(channel, kind);
          return `${group}.${method}`;
        })
        .sort(),
    );
    for (const { channel, kind } of channels) {
      const { group, method } = methodOf(channel, kind);
      const call = (
        api as unknown as Record<string, Record<string, (...args: unknown[]) => unknown>>
      )[group]?.[method];
      wire.length = 0;
      if (kind === 'invoke') {
        expect(await call?.('a', 2)).toEqual({ ok: true });
        expect(wire).toEqual([['invoke', channel, 'a', 2]]);
      } else if (kind === 'send') {
        call?.({ route: '/' });
        expect(wire).toEqual([['send', channel, { route: '/' }]]);
      } else {
        const payloads: unknown[][] = [];
        const stop = call?.((...args: unknown[]) => payloads.push(args)) as () => void;
        stop();
        // The listener gets the payload alone; unsubscribing stops that channel's listening.
        expect(payloads).toEqual([[{ from: channel }]]);
        expect(wire).toEqual([
          ['on', channel],
          ['off', channel],
        ]);
      }
    }
  });

  it('types each method from its channel’s line in the map', () => {
    const { api } = recordingApi();
    // Compile-time checks: the wrong argument or result is a type error.
    const typed: (id: string, read: boolean) => Promise<unknown> = api.inbox.setRead;
    // @ts-expect-error -- `inbox:set-read` takes a boolean as its second argument
    void api.inbox.setRead('m1', 'oui');
    // @ts-expect-error -- no channel `inbox:archive` in the map, so no method
    void api.inbox.archive;
    expect(typed).toBeTypeOf('function');
  });
});
