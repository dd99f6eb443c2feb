import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppLike } from './electron-apis.ts';
import { CONSOLE_NAME } from './unread-indicator.ts';

/** Started by the login item: stay in the tray until the owner opens the window. */
export const HIDDEN_ARG = '--hidden';

export const AUTOSTART_FILE_NAME = 'horizon-numerique-console.desktop';

export interface LoginItemOptions {
  app: Pick<AppLike, 'setLoginItemSettings' | 'isPackaged'>;
  platform: string;
  /** The program to start: the AppImage when run from one, else the executable. */
  executable: string;
  /** `$XDG_CONFIG_HOME` or `~/.config` (Linux only). */
  configDir: string;
}

/** Quotes an argument of a desktop entry's Exec key. */
function quoteExec(value: string): string {
  return `"${value.replace(/(["`$\\])/g, '\\$1')}"`;
}

export function autostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${CONSOLE_NAME}`,
    `Exec=${quoteExec(executable)} ${HIDDEN_ARG}`,
    'X-GNOME-Autostart-enabled=true',
    'NoDisplay=true',
    '',
  ].join('\n');
}

/**
 * Start at login. Windows and macOS have `app.setLoginItemSettings`; Linux desktops read
 * an XDG autostart entry, which only makes sense for the packaged app.
 */
export function createLoginItem(options: LoginItemOptions) {
  const linux = options.platform === 'linux';
  const supported = linux ? options.app.isPackaged : ['win32', 'darwin'].includes(options.platform);
  const autostartFile = path.join(options.configDir, 'autostart', AUTOSTART_FILE_NAME);
  return {
    supported,
    autostartFile,
    async apply(openAtLogin: boolean): Promise<void> {
      if (!supported) return;
      if (!linux) {
        options.app.setLoginItemSettings({ openAtLogin, args: [HIDDEN_ARG] });
        return;
      }
      if (openAtLogin) {
        await mkdir(path.dirname(autostartFile), { recursive: true });
        await writeFile(autostartFile, autostartEntry(options.executable));
      } else {
        await rm(autostartFile, { force: true });
      }
    },
  };
}
