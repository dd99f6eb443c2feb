import path from 'node:path';
import type { ConsoleAppCheckOutcome } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import type { FirebaseEmulators } from '../../shared/backend/firebase/index.ts';
import { ROUTES } from '../../shared/domain/routes.ts';
import type {
  DesktopSettings,
  IpcResult,
  SettingsView,
  ViewReport,
} from '../../shared/ipc/contract.ts';
import { createAppProtocolHandler } from './app-protocol.ts';
import { createBackendFactory, type BackendFactory } from './backend-factory.ts';
import { createConsoleService, type ConsoleService } from './console-service.ts';
import { developmentCsp, RENDERER_CSP } from './content-security-policy.ts';
import type { BrowserWindowLike, DesktopElectron, TrayLike } from './electron-apis.ts';
import { createIpcHandlers, type SettingsController } from './ipc/handlers.ts';
import { registerIpc } from './ipc/register-ipc.ts';
import { createRendererEvents } from './ipc/renderer-events.ts';
import { createLoginItem, HIDDEN_ARG } from './login-item.ts';
import { createMessageNotifier } from './notifications.ts';
import { createQuotePdfSaver } from './quote-pdf.ts';
import { canKeepSecrets, createSecretFile } from './secret-file.ts';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  denyAllPermissions,
  isTrustedSender,
  originOf,
} from './security.ts';
import { loadSettings, saveSettings, settingsFile } from './settings.ts';
import { createConsoleTray } from './tray.ts';
import { CONSOLE_NAME, createUnreadIndicator } from './unread-indicator.ts';
import { createMainWindow, revealWindow } from './window.ts';

/** Must match `appId` in electron-builder.yml: Windows ties notifications to it. */
export const APP_ID = 'dz.horizon-numerique.console';

export const SESSION_FILE_NAME = 'session.bin';

export interface DesktopAppOptions {
  preloadPath: string;
  rendererDir: string;
  icons: { window: string; tray: string; trayUnread: string };
  argv: readonly string[];
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  executable: string;
  fetch: typeof fetch;
  /** Replaces the real backends (tests). */
  createBackend?: BackendFactory;
  log?: (message: string) => void;
}

export interface DesktopAppHandle {
  window(): BrowserWindowLike | null;
  tray(): TrayLike | null;
  service: ConsoleService;
  settings: SettingsController;
  /** Resolves once the first backend connection has been attempted. */
  connected: Promise<void>;
}

/** The emulators named in the environment (development and tests), or undefined. */
function emulatorsFrom(env: DesktopAppOptions['env']): FirebaseEmulators | undefined {
  const auth = env.FIREBASE_AUTH_EMULATOR_HOST;
  const firestore = env.FIRESTORE_EMULATOR_HOST;
  const functions = env.FUNCTIONS_EMULATOR_HOST;
  if (!auth && !firestore && !functions) return undefined;
  return {
    ...(auth ? { auth: `http://${auth}` } : {}),
    ...(firestore ? { firestore } : {}),
    ...(functions ? { functions } : {}),
  };
}

/**
 * Starts the console: one instance, one sandboxed window on the app's own protocol, a tray,
 * the IPC channels, and the service that watches the inbox and notifies. Everything comes
 * from `electron`, passed in, so that the tests can run it on their fake.
 */
export async function startDesktopApp(
  electron: DesktopElectron,
  options: DesktopAppOptions,
): Promise<DesktopAppHandle | null> {
  const { app } = electron;
  const log = options.log ?? ((message: string) => console.warn(`[console] ${message}`));

  app.setName(CONSOLE_NAME);
  if (options.platform === 'win32') app.setAppUserModelId(APP_ID);
  // Development and end-to-end tests only: a throwaway profile (settings, session).
  const userDataOverride = options.env.CONSOLE_USER_DATA_DIR;
  if (!app.isPackaged && userDataOverride) app.setPath('userData', userDataOverride);

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  electron.protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

  let quitting = false;
  let window: BrowserWindowLike | null = null;
  let tray: TrayLike | null = null;
  let view: ViewReport = { route: '', visible: false };

  const open = () => revealWindow(window);
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('second-instance', open);
  app.on('activate', open);
  // The window only hides; if it is ever gone, the console stays in the tray.
  app.on('window-all-closed', () => undefined);

  await app.whenReady();

  // The dev server is trusted only in development, never in the packaged app.
  const devServerUrl = app.isPackaged ? undefined : options.env.ELECTRON_RENDERER_URL;
  const devOrigin = devServerUrl ? originOf(devServerUrl) : null;
  const trustedOrigins = devOrigin ? [APP_ORIGIN, devOrigin] : [APP_ORIGIN];

  const session = electron.session.defaultSession;
  denyAllPermissions(session);
  session.protocol.handle(APP_SCHEME, createAppProtocolHandler(options.rendererDir, RENDERER_CSP));
  if (devOrigin) {
    const csp = developmentCsp(devOrigin);
    session.webRequest.onHeadersReceived((details, callback) => {
      if (originOf(details.url) !== devOrigin) {
        callback({});
        return;
      }
      callback({
        responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] },
      });
    });
  }

  // Development and tests only: the local Firebase emulators, named as the Admin SDK names
  // them (FUNCTIONS_EMULATOR_HOST for the console's App Check function).
  const firebaseEmulators = app.isPackaged ? undefined : emulatorsFrom(options.env);
  // Whether the session can be kept, encrypted, for the next start (the settings say so).
  const keepsSession = await canKeepSecrets(electron.safeStorage, options.platform).catch(
    () => false,
  );

  let appCheck: ConsoleAppCheckOutcome | null = null;

  const userData = app.getPath('userData');
  const file = settingsFile(userData);
  const loaded = await loadSettings(file);
  if (loaded.problem) log(`Réglages ignorés (${loaded.problem}) : valeurs par défaut.`);
  let settings: DesktopSettings = loaded.settings;

  const loginItem = createLoginItem({
    app,
    platform: options.platform,
    executable: options.env.APPIMAGE ?? options.executable,
    configDir: options.env.XDG_CONFIG_HOME ?? path.join(options.homeDir, '.config'),
  });

  // Refreshes the entry (the executable may have moved with an update).
  if (settings.openAtLogin) {
    loginItem
      .apply(true)
      .catch((error: unknown) => log(`Lancement à l’ouverture : ${String(error)}`));
  }

  const windowIcon = electron.nativeImage.createFromPath(options.icons.window);
  const trayIcons = {
    normal: electron.nativeImage.createFromPath(options.icons.tray),
    unread: electron.nativeImage.createFromPath(options.icons.trayUnread),
  };

  const emit = createRendererEvents(() => window);
  const isLookingAtInbox = () =>
    window !== null &&
    !window.isDestroyed() &&
    window.isVisible() &&
    !window.isMinimized() &&
    window.isFocused() &&
    view.visible &&
    view.route === ROUTES.dashboard;

  const notifier = createMessageNotifier({
    Notification: electron.Notification,
    platform: options.platform,
    icon: windowIcon,
    onClick: (id) => {
      open();
      emit('inbox:reveal', { id });
    },
  });

  const service = createConsoleService({
    createBackend:
      options.createBackend ??
      createBackendFactory({
        fetch: options.fetch,
        ...(firebaseEmulators ? { firebaseEmulators } : {}),
        onAppCheck: (outcome) => {
          appCheck = outcome;
        },
        sessionSecret: createSecretFile(
          path.join(userData, SESSION_FILE_NAME),
          electron.safeStorage,
          options.platform,
        ),
      }),
    notify: (message) => notifier.notify(message),
    notifyReminder: (reminder) => notifier.notifyReminder(reminder),
    setUnread: createUnreadIndicator({
      app,
      nativeImage: electron.nativeImage,
      platform: options.platform,
      tray: () => tray,
      window: () => window,
      trayIcons,
    }),
    emit,
    isLookingAtInbox,
    log,
  });

  const settingsController: SettingsController = {
    view: (): SettingsView => ({
      settings,
      availableBackends: ['server', 'firebase'],
      canOpenAtLogin: loginItem.supported,
      keepsSession,
      appCheck: settings.backend.kind === 'firebase' ? appCheck : null,
    }),
    async save(next): Promise<IpcResult<SettingsView>> {
      try {
        await saveSettings(file, next);
        await loginItem.apply(next.openAtLogin);
      } catch (error) {
        log(`Réglages non enregistrés : ${String(error)}`);
        return {
          ok: false,
          error: { code: 'unknown', message: 'les réglages n’ont pas pu être enregistrés.' },
        };
      }
      const backendChanged = JSON.stringify(next.backend) !== JSON.stringify(settings.backend);
      settings = next;
      if (backendChanged) {
        appCheck = null;
        await service.useBackend(settings.backend);
      }
      return { ok: true, value: settingsController.view() };
    },
  };

  const handlers = createIpcHandlers({
    service,
    settings: settingsController,
    onView: (report) => {
      view = report;
      service.refreshSeen();
    },
    savePdf: createQuotePdfSaver({
      window: () => window,
      dialog: electron.dialog,
      defaultDir: () => app.getPath('documents'),
      log,
    }),
  });
  registerIpc(electron.ipcMain, {
    isTrusted: (frame) => isTrustedSender(frame, window, trustedOrigins),
    ...handlers,
    onRefused: (channel, frame) =>
      log(`IPC « ${channel} » refusé depuis ${frame?.url ?? 'un cadre disparu'}.`),
  });

  window = createMainWindow({
    BrowserWindow: electron.BrowserWindow,
    shell: electron.shell,
    preloadPath: options.preloadPath,
    icon: windowIcon,
    showWhenReady: !options.argv.includes(HIDDEN_ARG),
    isQuitting: () => quitting,
    onRefused: (url, reason) => log(`Refusé (${reason}) : ${url}`),
  });
  for (const event of ['focus', 'show', 'restore'] as const) {
    window.on(event, () => service.refreshSeen());
  }

  tray = createConsoleTray({
    Tray: electron.Tray,
    Menu: electron.Menu,
    icon: trayIcons.normal,
    onOpen: open,
    onQuit: () => {
      quitting = true;
      app.quit();
    },
  });

  const connected = service.useBackend(settings.backend);
  void window.loadURL(devServerUrl ?? APP_ENTRY_URL).catch((error: unknown) => {
    log(`Chargement de l’interface impossible : ${String(error)}`);
  });

  return {
    window: () => window,
    tray: () => tray,
    service,
    settings: settingsController,
    connected,
  };
}
