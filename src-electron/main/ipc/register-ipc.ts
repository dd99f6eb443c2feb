import type { InvokeChannel, InvokeResult, SendChannel } from '../../../shared/ipc/contract.ts';
import type { FrameLike, IpcMainLike } from '../electron-apis.ts';

/** Each request channel's handler; it receives the arguments unchecked and checks them. */
export type InvokeHandlers = {
  [C in InvokeChannel]: (args: readonly unknown[]) => Promise<InvokeResult<C>>;
};

/** Each one-way channel's handler; same rule. */
export type SendHandlers = { [C in SendChannel]: (payload: unknown) => void };

export interface RegisterIpcOptions {
  /** Whether a message comes from a frame the app created (see security.ts). */
  isTrusted: (frame: FrameLike | null) => boolean;
  invoke: InvokeHandlers;
  send: SendHandlers;
  /** Told about every message dropped because of its sender. */
  onRefused?: (channel: string, frame: FrameLike | null) => void;
}

export const REFUSED_SENDER = 'Message IPC refusé : expéditeur inconnu.';

/**
 * The only place that calls `ipcMain`: every channel of the contract, each behind the
 * sender check. A request from a foreign frame is rejected without running anything; a
 * one-way message from one is dropped. Returns the function that unregisters them all.
 */
export function registerIpc(ipcMain: IpcMainLike, options: RegisterIpcOptions): () => void {
  const invokeChannels = Object.keys(options.invoke) as InvokeChannel[];
  const sendChannels = Object.keys(options.send) as SendChannel[];

  for (const channel of invokeChannels) {
    ipcMain.handle(channel, (event, ...args) => {
      if (!options.isTrusted(event.senderFrame)) {
        options.onRefused?.(channel, event.senderFrame);
        return Promise.reject(new Error(REFUSED_SENDER));
      }
      return options.invoke[channel](args);
    });
  }
  for (const channel of sendChannels) {
    ipcMain.on(channel, (event, payload) => {
      if (!options.isTrusted(event.senderFrame)) {
        options.onRefused?.(channel, event.senderFrame);
        return;
      }
      options.send[channel](payload);
    });
  }

  return () => {
    for (const channel of invokeChannels) ipcMain.removeHandler(channel);
    for (const channel of sendChannels) ipcMain.removeAllListeners(channel);
  };
}
