import type {
  BrowserWindowConstructor,
  BrowserWindowLike,
  NativeImage,
  ShellLike,
} from './electron-apis.ts';
import { guardWindow, secureWebPreferences } from './security.ts';
import { CONSOLE_NAME } from './unread-indicator.ts';

export interface MainWindowOptions {
  BrowserWindow: BrowserWindowConstructor;
  shell: ShellLike;
  preloadPath: string;
  icon: NativeImage;
  /** Show the window once it has painted (false when started hidden, at login). */
  showWhenReady: boolean;
  /** True once the app is really quitting: closing then closes instead of hiding. */
  isQuitting: () => boolean;
  onRefused?: (url: string, reason: string) => void;
}

/** The console's single window: sandboxed, guarded, and hidden (not closed) by its close box. */
export function createMainWindow(options: MainWindowOptions): BrowserWindowLike {
  const window = new options.BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: CONSOLE_NAME,
    icon: options.icon,
    backgroundColor: '#f5f8fc',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  guardWindow(window, {
    shell: options.shell,
    ...(options.onRefused ? { onRefused: options.onRefused } : {}),
  });
  window.on('ready-to-show', () => {
    if (options.showWhenReady) window.show();
  });
  // Closing hides to the tray: messages keep arriving and notifying.
  window.on('close', (event) => {
    if (options.isQuitting()) return;
    event.preventDefault();
    window.hide();
  });
  return window;
}

/** Brings the window to the front, whatever state it was in. */
export function revealWindow(window: BrowserWindowLike | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}
