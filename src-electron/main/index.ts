/**
 * The Electron main process entry. It only gathers the real `electron` APIs, the paths of
 * the build and the process's environment, and hands them to startDesktopApp.
 */
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
  Tray,
} from 'electron';
import { homedir } from 'node:os';
import path from 'node:path';
import windowIcon from '../../build/icons/512x512.png?asset';
import trayIcon from '../../build/icons/tray.png?asset';
import trayUnreadIcon from '../../build/icons/tray-unread.png?asset';
import { startDesktopApp } from './desktop-app.ts';
import type { DesktopElectron } from './electron-apis.ts';

const electron: DesktopElectron = {
  app,
  BrowserWindow,
  Notification,
  Tray,
  Menu,
  nativeImage,
  ipcMain,
  shell,
  protocol,
  session,
  safeStorage,
  // The windows it is given are the console's own BrowserWindow, made from this module.
  dialog: {
    showSaveDialog: (window, options) =>
      window instanceof BrowserWindow
        ? dialog.showSaveDialog(window, options)
        : dialog.showSaveDialog(options),
  },
};

startDesktopApp(electron, {
  preloadPath: path.join(import.meta.dirname, '../preload/index.cjs'),
  rendererDir: path.join(import.meta.dirname, '../renderer'),
  icons: { window: windowIcon, tray: trayIcon, trayUnread: trayUnreadIcon },
  argv: process.argv,
  platform: process.platform,
  env: process.env,
  homeDir: homedir(),
  executable: process.execPath,
  fetch: globalThis.fetch.bind(globalThis),
}).catch((error: unknown) => {
  console.error('[console] Démarrage impossible :', error);
  app.quit();
});
