import type { EventChannel, EventChannels } from '../../../shared/ipc/contract.ts';
import type { BrowserWindowLike } from '../electron-apis.ts';

/** Sends an event of the contract to the renderer. */
export type EmitEvent = <C extends EventChannel>(channel: C, payload: EventChannels[C]) => void;

/** Sends contract events to the window's renderer, if there is one to send them to. */
export function createRendererEvents(window: () => BrowserWindowLike | null): EmitEvent {
  return (channel, payload) => {
    const target = window();
    if (!target || target.isDestroyed()) return;
    target.webContents.send(channel, payload);
  };
}
