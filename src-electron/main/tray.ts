import type { MenuStatic, NativeImage, TrayConstructor, TrayLike } from './electron-apis.ts';
import { trayToolTip } from './unread-indicator.ts';

export interface ConsoleTrayOptions {
  Tray: TrayConstructor;
  Menu: MenuStatic;
  icon: NativeImage;
  onOpen: () => void;
  onQuit: () => void;
}

/** The tray icon: Open and Quit, and a click opens the window. */
export function createConsoleTray(options: ConsoleTrayOptions): TrayLike {
  const tray = new options.Tray(options.icon);
  tray.setToolTip(trayToolTip(0));
  tray.setContextMenu(
    options.Menu.buildFromTemplate([
      { label: 'Ouvrir la console', click: () => options.onOpen() },
      { type: 'separator' },
      { label: 'Quitter', click: () => options.onQuit() },
    ]),
  );
  tray.on('click', options.onOpen);
  tray.on('double-click', options.onOpen);
  return tray;
}
