/**
 * Starts the whole main process on the shared fake of `electron` and a fake backend, as
 * `src-electron/main/index.ts` does with the real ones; with `realBackend`, on the real
 * backends (tests/firebase/desktop-console.test.ts: Firebase on the emulators).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import type { BackendSettings } from '../../../shared/ipc/contract.ts';
import { startDesktopApp } from '../../../src-electron/main/desktop-app.ts';
import { createFakeBackend, settle } from '../fake-backend.ts';
import { createFakeElectron } from '../fake-electron.ts';
import { makeTempDir } from '../../temp-dirs.ts';

export interface StartOptions {
  signedIn?: boolean;
  messages?: ContactMessage[];
  platform?: string;
  argv?: string[];
  env?: Record<string, string>;
  isPackaged?: boolean;
  /** Written to settings.json before the start. */
  settingsFile?: string;
  lockAvailable?: boolean;
  /** The profile folder (settings, session): the same one for a restart. */
  userData?: string;
  /** The real backend factory (with Node's fetch) instead of the fake backend. */
  realBackend?: boolean;
}

export async function startConsole(options: StartOptions = {}) {
  const electron = createFakeElectron({
    isPackaged: options.isPackaged ?? false,
    ...(options.userData ? { userData: options.userData } : {}),
  });
  electron.app.hasSingleInstanceLock = options.lockAvailable ?? true;
  if (options.settingsFile !== undefined) {
    writeFileSync(path.join(electron.fake.userData, 'settings.json'), options.settingsFile);
  }
  const rendererDir = makeTempDir('renderer');
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Console</title>');
  const homeDir = makeTempDir('home');

  const server = createFakeBackend({
    signedIn: options.signedIn ?? false,
    messages: options.messages ?? [],
  });
  const backends: BackendSettings[] = [];
  const logs: string[] = [];

  const handle = await startDesktopApp(electron, {
    preloadPath: '/app/dist/electron/preload/index.cjs',
    rendererDir,
    icons: {
      window: '/icons/512.png',
      tray: '/icons/tray.png',
      trayUnread: '/icons/tray-unread.png',
    },
    argv: options.argv ?? ['/opt/console/console'],
    platform: options.platform ?? 'linux',
    env: options.env ?? {},
    homeDir,
    executable: '/opt/console/console',
    ...(options.realBackend
      ? { fetch: globalThis.fetch.bind(globalThis) }
      : {
          fetch: () => Promise.reject(new Error('pas de réseau dans les tests unitaires')),
          createBackend: async (settings: BackendSettings) => {
            backends.push(settings);
            return server.backend;
          },
        }),
    log: (line) => logs.push(line),
  });
  if (handle) {
    await handle.connected;
    await settle();
  }

  const window = electron.fake.windows[0];
  const tray = electron.fake.trays[0];
  const mainFrame = () => {
    if (!window) throw new Error('pas de fenêtre');
    return window.webContents.mainFrame;
  };

  return {
    electron,
    handle,
    server,
    backends,
    logs,
    rendererDir,
    homeDir,
    window,
    tray,
    /** A request from the app's own page. */
    invoke: (channel: string, ...args: unknown[]) =>
      electron.ipcMain.simulateInvoke(mainFrame(), channel, ...args),
    /** A one-way message from the app's own page. */
    send: (channel: string, payload: unknown) =>
      electron.ipcMain.simulateSend(mainFrame(), channel, payload),
    /** The owner has the window in front of them, on this screen. */
    async look(route: string) {
      window?.show();
      electron.ipcMain.simulateSend(mainFrame(), 'inbox:report-view', { route, visible: true });
      await settle();
    },
  };
}

export type StartedConsole = Awaited<ReturnType<typeof startConsole>>;
