/**
 * The preload: the one bridge between the sandboxed renderer and the main process. It
 * exposes `window.desktop`, derived from the channel map (shared/ipc/desktop-api.ts): one
 * method per channel of the map and nothing else, no ipcRenderer, no Node, no event objects.
 * Sandboxed preloads are CommonJS and may only require `electron` (the rest is bundled).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopApiGlobal } from '../../shared/ipc/contract.ts';
import { createDesktopApi } from '../../shared/ipc/desktop-api.ts';

const api = createDesktopApi({
  invoke: (channel, args) => ipcRenderer.invoke(channel, ...args),
  send: (channel, payload) => ipcRenderer.send(channel, payload),
  on(channel, listener) {
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
});

const globalName: DesktopApiGlobal = 'desktop';
contextBridge.exposeInMainWorld(globalName, api);
