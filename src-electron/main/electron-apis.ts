/**
 * The part of the `electron` module the console uses, as narrow structural types. The real
 * module satisfies them (src-electron/main/index.ts passes it in) and so does the one fake
 * the unit tests share (tests/electron/fake-electron.ts): every piece of main-process logic
 * is written against these, never against the `electron` import itself.
 */
import type {
  CustomScheme,
  HandlerDetails,
  MenuItemConstructorOptions,
  NativeImage,
  PrintToPDFOptions,
  SaveDialogOptions,
  Settings as LoginItemSettingsInput,
  WebPreferences,
  WindowOpenHandlerResponse,
} from 'electron';

export type { NativeImage, WebPreferences };

export interface PreventableEvent {
  preventDefault(): void;
}

/** The frame that sent an IPC message (Electron's WebFrameMain). */
export interface FrameLike {
  readonly url: string;
  readonly processId: number;
  readonly routingId: number;
}

export interface IpcEventLike {
  readonly senderFrame: FrameLike | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
  on(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => void): unknown;
  removeAllListeners(channel?: string): unknown;
}

export interface WebContentsLike {
  readonly mainFrame: FrameLike;
  send(channel: string, ...args: unknown[]): void;
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void;
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'did-finish-load', listener: () => void): unknown;
  /** The page as a PDF (« Enregistrer en PDF »: quote-pdf.ts). */
  printToPDF(options: PrintToPDFOptions): Promise<Uint8Array>;
}

/** What « Enregistrer en PDF » needs of a window: its page, printed. */
export interface PdfWindow {
  readonly webContents: Pick<WebContentsLike, 'printToPDF'>;
  isDestroyed(): boolean;
}

export interface DialogLike {
  /** The system's « Save as » dialog, attached to the window. */
  showSaveDialog(
    window: PdfWindow,
    options: SaveDialogOptions,
  ): Promise<{ canceled: boolean; filePath: string }>;
}

export type WindowEvent = 'focus' | 'blur' | 'show' | 'hide' | 'minimize' | 'restore';

export interface BrowserWindowLike {
  readonly webContents: WebContentsLike;
  loadURL(url: string): Promise<void>;
  show(): void;
  hide(): void;
  focus(): void;
  restore(): void;
  isVisible(): boolean;
  isMinimized(): boolean;
  isFocused(): boolean;
  isDestroyed(): boolean;
  setOverlayIcon(overlay: NativeImage | null, description: string): void;
  on(event: 'close', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'ready-to-show' | WindowEvent, listener: () => void): unknown;
}

export interface BrowserWindowOptionsLike {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: boolean;
  title: string;
  icon: NativeImage;
  backgroundColor: string;
  autoHideMenuBar: boolean;
  webPreferences: WebPreferences;
}

export type BrowserWindowConstructor = new (options: BrowserWindowOptionsLike) => BrowserWindowLike;

export interface NotificationOptionsLike {
  title: string;
  body: string;
  icon?: NativeImage;
  silent?: boolean;
}

export interface NotificationLike {
  show(): void;
  on(event: 'click' | 'close', listener: () => void): unknown;
}

export interface NotificationConstructor {
  new (options: NotificationOptionsLike): NotificationLike;
  isSupported(): boolean;
}

export interface TrayLike {
  setToolTip(toolTip: string): void;
  setImage(image: NativeImage): void;
  setContextMenu(menu: MenuLike | null): void;
  on(event: 'click' | 'double-click', listener: () => void): unknown;
  destroy(): void;
}

export type TrayConstructor = new (image: NativeImage) => TrayLike;

/** An opaque built menu. */
export type MenuLike = object;

export interface MenuStatic {
  buildFromTemplate(template: MenuItemConstructorOptions[]): MenuLike;
}

export interface NativeImageStatic {
  createFromPath(path: string): NativeImage;
  createFromBitmap(buffer: Buffer, options: { width: number; height: number }): NativeImage;
}

export interface HeadersDetailsLike {
  readonly url: string;
  readonly responseHeaders?: Record<string, string[]>;
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
    ) => void,
  ): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
  readonly protocol: {
    handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
  };
  readonly webRequest: {
    onHeadersReceived(
      listener: (
        details: HeadersDetailsLike,
        callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
      ) => void,
    ): void;
  };
}

export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  getSelectedStorageBackend(): string;
}

export interface AppLike {
  readonly isPackaged: boolean;
  whenReady(): Promise<void>;
  requestSingleInstanceLock(): boolean;
  quit(): void;
  setName(name: string): void;
  setAppUserModelId(id: string): void;
  getPath(name: 'userData' | 'appData' | 'documents'): string;
  setPath(name: 'userData', path: string): void;
  setBadgeCount(count?: number): boolean;
  setLoginItemSettings(settings: LoginItemSettingsInput): void;
  on(
    event: 'second-instance' | 'activate' | 'window-all-closed' | 'before-quit',
    listener: () => void,
  ): unknown;
}

export interface ProtocolStatic {
  registerSchemesAsPrivileged(schemes: CustomScheme[]): void;
}

export interface ShellLike {
  openExternal(url: string): Promise<void>;
}

/** Everything the console takes from `electron`. */
export interface DesktopElectron {
  app: AppLike;
  BrowserWindow: BrowserWindowConstructor;
  Notification: NotificationConstructor;
  Tray: TrayConstructor;
  Menu: MenuStatic;
  nativeImage: NativeImageStatic;
  ipcMain: IpcMainLike;
  shell: ShellLike;
  protocol: ProtocolStatic;
  session: { readonly defaultSession: SessionLike };
  safeStorage: SafeStorageLike;
  dialog: DialogLike;
}
