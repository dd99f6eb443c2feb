/**
 * Electron's security checklist, applied in one place: the window's web preferences, the
 * navigation and new-window guards, the permission handlers and the origin the app trusts.
 */
import type {
  BrowserWindowLike,
  FrameLike,
  PreventableEvent,
  SessionLike,
  ShellLike,
  WebPreferences,
} from './electron-apis.ts';

/** The renderer is served from `app://console/`, never from `file://`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * The scheme's privileges: a standard, secure origin (storage, relative URLs and CSP
 * `'self'` work as on https) that may be fetched by the page itself; nothing more.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

/** The renderer's sandbox: no Node, isolated context, web security on. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  };
}

/** `scheme://host[:port]` of a URL, or null when it does not parse. Works for custom schemes. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.host === '') return null;
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/** Links the system browser may open: plain web pages only. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Links handed to the system: web pages (browser), and the dashboard's reply shortcuts,
 * `mailto:` (mail client) and `tel:` (phone or softphone). Nothing else.
 */
export function isSystemHandledUrl(url: string): boolean {
  if (isExternalWebUrl(url)) return true;
  try {
    const { protocol } = new URL(url);
    return protocol === 'mailto:' || protocol === 'tel:';
  } catch {
    return false;
  }
}

export interface NavigationGuardOptions {
  shell: ShellLike;
  /** Told about every refusal (logged by the app). */
  onRefused?: (url: string, reason: string) => void;
}

/**
 * `will-navigate`: the console is a single page that never navigates. A link to a web page
 * opens in the system browser, a mailto: or tel: link in the system's handler; anything else (file:, javascript:, custom schemes…) is refused.
 */
export function createNavigationHandler({ shell, onRefused }: NavigationGuardOptions) {
  return (event: PreventableEvent, url: string): void => {
    event.preventDefault();
    if (isSystemHandledUrl(url)) {
      void shell.openExternal(url);
    } else {
      onRefused?.(url, 'navigation');
    }
  };
}

/** `setWindowOpenHandler`: never a new Electron window; web links go to the system browser. */
export function createWindowOpenHandler({ shell, onRefused }: NavigationGuardOptions) {
  return ({ url }: { url: string }): { action: 'deny' } => {
    if (isSystemHandledUrl(url)) {
      void shell.openExternal(url);
    } else {
      onRefused?.(url, 'window-open');
    }
    return { action: 'deny' };
  };
}

/** Applies the guards to the window's contents. */
export function guardWindow(window: BrowserWindowLike, options: NavigationGuardOptions): void {
  window.webContents.on('will-navigate', createNavigationHandler(options));
  window.webContents.setWindowOpenHandler(createWindowOpenHandler(options));
  window.webContents.on('will-attach-webview', (event) => {
    event.preventDefault();
    options.onRefused?.('<webview>', 'webview');
  });
}

/** The console needs no web permission (camera, notifications, clipboard…): all refused. */
export function denyAllPermissions(session: SessionLike): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * Whether an IPC message comes from a frame the app created: the top frame of the main
 * window, showing the app's own origin (a frame that navigated elsewhere, an iframe or
 * another window is refused).
 */
export function isTrustedSender(
  frame: FrameLike | null,
  window: BrowserWindowLike | null,
  trustedOrigins: readonly string[],
): boolean {
  if (!frame || !window || window.isDestroyed()) return false;
  const main = window.webContents.mainFrame;
  if (frame.processId !== main.processId || frame.routingId !== main.routingId) return false;
  const origin = originOf(frame.url);
  return origin !== null && trustedOrigins.includes(origin);
}
