import type { EventChannel, EventChannels } from '../../../shared/ipc/contract.ts';
import type { BrowserWindowLike } from '../electron-apis.ts';

/** Sends contract events to the window's renderer, if there is one to send them to. */
export function createRendererEvents(window: () => BrowserWindowLike | null) {
  return <C extends EventChannel>(channel: C, payload: EventChannels[C]): void => {
    const target = window();
    if (!target || target.isDestroyed()) return;
    target.webContents.send(channel, payload);
  };
}
