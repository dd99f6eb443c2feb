/**
 * The one fake of the `electron` module every desktop unit test shares. It implements what
 * src-electron/main/electron-apis.ts describes (so it can be handed to startDesktopApp), plus
 * the renderer-side `contextBridge` and `ipcRenderer` (for the preload, through `vi.mock`),
 * wired to the fake `ipcMain` the way Electron wires them: one window, one renderer.
 * Helpers the real module does not have are the `fake*` / `simulate*` members.
 */
import path from 'node:path';
import type {
  CustomScheme,
  HandlerDetails,
  MenuItemConstructorOptions,
  NativeImage,
  PrintToPDFOptions,
  SaveDialogOptions,
  Settings as LoginItemSettingsInput,
  WindowOpenHandlerResponse,
} from 'electron';
import type {
  BrowserWindowLike,
  BrowserWindowOptionsLike,
  DesktopElectron,
  FrameLike,
  HeadersDetailsLike,
  IpcEventLike,
  NotificationLike,
  PdfWindow,
  NotificationOptionsLike,
  PreventableEvent,
  SessionLike,
  TrayLike,
  WebContentsLike,
} from '../../src-electron/main/electron-apis.ts';
import { makeTempDir } from '../temp-dirs.ts';

type Listener = (...args: never[]) => unknown;

/** A tiny event emitter: what every fake object that has `on` shares. */
class Emitter {
  private readonly listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((registered) => registered !== listener),
    );
    return this;
  }

  removeAllListeners(event?: string): this {
    if (event === undefined) this.listeners.clear();
    else this.listeners.delete(event);
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      (listener as (...values: unknown[]) => unknown)(...args);
    }
  }
}

/** A preventable event, as Electron passes to `close`, `will-navigate`… */
export function preventable(): PreventableEvent & { defaultPrevented: boolean } {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export class FakeNativeImage implements NativeImage {
  isMacTemplateImage = false;
  readonly source: string;
  readonly bitmap: Buffer | undefined;
  constructor(source: string, bitmap?: Buffer) {
    this.source = source;
    this.bitmap = bitmap;
  }
  addRepresentation(): void {}
  crop(): NativeImage {
    return this;
  }
  getAspectRatio(): number {
    return 1;
  }
  getBitmap(): void {}
  getNativeHandle(): Buffer {
    return Buffer.alloc(0);
  }
  getScaleFactors(): number[] {
    return [1];
  }
  getSize() {
    return { width: 16, height: 16 };
  }
  isEmpty(): boolean {
    return false;
  }
  isTemplateImage(): boolean {
    return false;
  }
  resize(): NativeImage {
    return this;
  }
  setTemplateImage(): void {}
  toBitmap(): Buffer {
    return this.bitmap ?? Buffer.alloc(0);
  }
  toDataURL(): string {
    return 'data:image/png;base64,';
  }
  toJPEG(): Buffer {
    return Buffer.alloc(0);
  }
  toPNG(): Buffer {
    return Buffer.alloc(0);
  }
}

let nextProcessId = 1;

export class FakeFrame implements FrameLike {
  url: string;
  readonly processId: number;
  readonly routingId: number;
  constructor(url: string, processId = nextProcessId++, routingId = 1) {
    this.url = url;
    this.processId = processId;
    this.routingId = routingId;
  }
}

/** The electron module's fake; one per test (see createFakeElectron). */
export function createFakeElectron(options: { userData?: string; isPackaged?: boolean } = {}) {
  const userData = options.userData ?? makeTempDir('console');

  // ---- ipc: main and renderer sides ---------------------------------------------------------

  const rendererListeners = new Emitter();

  class FakeIpcMain extends Emitter {
    readonly handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();

    handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown) {
      if (this.handlers.has(channel)) throw new Error(`handler déjà enregistré : ${channel}`);
      this.handlers.set(channel, listener);
    }

    removeHandler(channel: string) {
      this.handlers.delete(channel);
    }

    /** What `ipcRenderer.invoke` does, from a given frame (arguments cloned like IPC does). */
    async simulateInvoke(frame: FrameLike | null, channel: string, ...args: unknown[]) {
      const handler = this.handlers.get(channel);
      if (!handler) throw new Error(`Aucun handler pour ${channel}`);
      const result = await handler({ senderFrame: frame }, ...structuredClone(args));
      return structuredClone(result);
    }

    /** What `ipcRenderer.send` does, from a given frame. */
    simulateSend(frame: FrameLike | null, channel: string, payload: unknown) {
      this.emit(channel, { senderFrame: frame }, structuredClone(payload));
    }
  }
  const ipcMain = new FakeIpcMain();

  // ---- windows ---------------------------------------------------------------------------

  class FakeWebContents extends Emitter implements WebContentsLike {
    readonly mainFrame: FakeFrame;
    readonly sent: { channel: string; payload: unknown }[] = [];
    windowOpenHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;
    /** The options of each printToPDF, in order. */
    readonly printed: PrintToPDFOptions[] = [];
    /** What printToPDF makes (no Chromium here: the e2e tests print the real page). */
    readonly pdfBytes = '%PDF-1.7 devis de test';
    /** Set: printToPDF fails, as when the page cannot be printed. */
    printFails = false;

    constructor() {
      super();
      this.mainFrame = new FakeFrame('about:blank');
    }

    send(channel: string, ...args: unknown[]) {
      const payload = structuredClone(args[0]);
      this.sent.push({ channel, payload });
      rendererListeners.emit(channel, { sender: 'main' }, payload);
    }

    setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse) {
      this.windowOpenHandler = handler;
    }

    printToPDF(options: PrintToPDFOptions): Promise<Uint8Array> {
      if (this.printFails) return Promise.reject(new Error('impression impossible'));
      this.printed.push(options);
      return Promise.resolve(Buffer.from(this.pdfBytes));
    }

    /** The events sent on one channel, in order. */
    sentOn(channel: string): unknown[] {
      return this.sent.filter((entry) => entry.channel === channel).map((entry) => entry.payload);
    }
  }

  class FakeBrowserWindow extends Emitter implements BrowserWindowLike {
    static readonly instances: FakeBrowserWindow[] = [];
    readonly webContents = new FakeWebContents();
    loadedUrl: string | undefined;
    overlay: { image: NativeImage | null; description: string } | undefined;
    visible = false;
    minimized = false;
    focused = false;
    destroyed = false;

    readonly options: BrowserWindowOptionsLike;

    constructor(options: BrowserWindowOptionsLike) {
      super();
      this.options = options;
      FakeBrowserWindow.instances.push(this);
    }

    async loadURL(url: string) {
      this.loadedUrl = url;
      this.webContents.mainFrame.url = url;
    }
    show() {
      this.visible = true;
      this.focused = true;
      this.emit('show');
      this.emit('focus');
    }
    hide() {
      this.visible = false;
      this.focused = false;
      this.emit('hide');
    }
    focus() {
      this.focused = true;
      this.emit('focus');
    }
    restore() {
      this.minimized = false;
      this.emit('restore');
    }
    isVisible() {
      return this.visible;
    }
    isMinimized() {
      return this.minimized;
    }
    isFocused() {
      return this.focused;
    }
    isDestroyed() {
      return this.destroyed;
    }
    setOverlayIcon(image: NativeImage | null, description: string) {
      this.overlay = { image, description };
    }

    /** The first paint: Electron emits `ready-to-show`. */
    simulateReadyToShow() {
      this.emit('ready-to-show');
    }
    /** The owner clicks the close box. */
    simulateClose() {
      const event = preventable();
      this.emit('close', event);
      if (!event.defaultPrevented) {
        this.destroyed = true;
        this.visible = false;
      }
      return event;
    }
    simulateMinimize() {
      this.minimized = true;
      this.focused = false;
      this.emit('minimize');
    }
    simulateBlur() {
      this.focused = false;
      this.emit('blur');
    }
    /** A link click or `location.href = …` in the page. */
    simulateNavigation(url: string) {
      const event = preventable();
      this.webContents.emit('will-navigate', event, url);
      return event;
    }
  }

  // ---- notifications, tray, menu ---------------------------------------------------------

  class FakeNotification extends Emitter implements NotificationLike {
    static readonly instances: FakeNotification[] = [];
    static supported = true;
    static isSupported() {
      return FakeNotification.supported;
    }
    shown = false;
    readonly options: NotificationOptionsLike;
    constructor(options: NotificationOptionsLike) {
      super();
      this.options = options;
      FakeNotification.instances.push(this);
    }
    show() {
      this.shown = true;
    }
    simulateClick() {
      this.emit('click');
    }
  }

  class FakeMenu {
    readonly template: MenuItemConstructorOptions[];
    constructor(template: MenuItemConstructorOptions[]) {
      this.template = template;
    }
    /** Clicks the item with this label. */
    simulateClick(label: string) {
      const item = this.template.find((entry) => entry.label === label);
      if (!item?.click) throw new Error(`Pas d’élément « ${label} »`);
      // The real signature passes (menuItem, window, event); the console's items ignore them.
      (item.click as () => void)();
    }
  }

  class FakeTray extends Emitter implements TrayLike {
    static readonly instances: FakeTray[] = [];
    toolTip = '';
    menu: FakeMenu | null = null;
    destroyed = false;
    image: NativeImage;
    constructor(image: NativeImage) {
      super();
      this.image = image;
      FakeTray.instances.push(this);
    }
    setToolTip(toolTip: string) {
      this.toolTip = toolTip;
    }
    setImage(image: NativeImage) {
      this.image = image;
    }
    setContextMenu(menu: object | null) {
      this.menu = menu instanceof FakeMenu ? menu : null;
    }
    destroy() {
      this.destroyed = true;
    }
  }

  // ---- dialogs -----------------------------------------------------------------------------

  /** The save dialog: the owner's answers, queued by the test; each call is kept. */
  const dialog = {
    answers: [] as { canceled: boolean; filePath: string }[],
    calls: [] as { window: PdfWindow; options: SaveDialogOptions }[],
    showSaveDialog(window: PdfWindow, options: SaveDialogOptions) {
      this.calls.push({ window, options });
      const answer = this.answers.shift();
      if (!answer)
        return Promise.reject(new Error('aucune réponse prévue pour la boîte de dialogue'));
      return Promise.resolve(answer);
    },
  };
  const documents = path.join(userData, 'Documents');

  // ---- app, session, protocol, shell, safeStorage ------------------------------------------

  class FakeApp extends Emitter {
    isPackaged = options.isPackaged ?? false;
    name = 'Electron';
    appUserModelId: string | undefined;
    hasSingleInstanceLock = true;
    quitCalls = 0;
    badgeCount = 0;
    loginItemSettings: LoginItemSettingsInput | undefined;
    readonly paths = new Map<string, string>([
      ['userData', userData],
      ['appData', path.dirname(userData)],
      ['documents', documents],
    ]);

    whenReady() {
      return Promise.resolve();
    }
    requestSingleInstanceLock() {
      return this.hasSingleInstanceLock;
    }
    quit() {
      this.quitCalls += 1;
      this.emit('before-quit');
    }
    setName(name: string) {
      this.name = name;
    }
    setAppUserModelId(id: string) {
      this.appUserModelId = id;
    }
    getPath(name: 'userData' | 'appData' | 'documents') {
      const value = this.paths.get(name);
      if (!value) throw new Error(`chemin inconnu : ${name}`);
      return value;
    }
    setPath(name: 'userData', value: string) {
      this.paths.set(name, value);
    }
    setBadgeCount(count = 0) {
      this.badgeCount = count;
      return true;
    }
    setLoginItemSettings(settings: LoginItemSettingsInput) {
      this.loginItemSettings = settings;
    }
  }

  class FakeSession implements SessionLike {
    permissionRequestHandler:
      | ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void)
      | undefined;
    permissionCheckHandler: ((webContents: unknown, permission: string) => boolean) | undefined;
    readonly protocolHandlers = new Map<
      string,
      (request: Request) => Response | Promise<Response>
    >();
    headersListener:
      | ((
          details: HeadersDetailsLike,
          callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
        ) => void)
      | undefined;

    setPermissionRequestHandler(
      handler: (
        webContents: unknown,
        permission: string,
        callback: (granted: boolean) => void,
      ) => void,
    ) {
      this.permissionRequestHandler = handler;
    }
    setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean) {
      this.permissionCheckHandler = handler;
    }
    readonly protocol = {
      handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) => {
        this.protocolHandlers.set(scheme, handler);
      },
    };
    readonly webRequest = {
      onHeadersReceived: (
        listener: (
          details: HeadersDetailsLike,
          callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
        ) => void,
      ) => {
        this.headersListener = listener;
      },
    };

    /** Asks for a permission the way a page would; resolves with the answer. */
    simulatePermissionRequest(permission: string): Promise<boolean> {
      return new Promise((resolve) => {
        if (!this.permissionRequestHandler)
          resolve(true); // Electron's default: granted
        else this.permissionRequestHandler({}, permission, resolve);
      });
    }
  }
  const defaultSession = new FakeSession();

  const privilegedSchemes: CustomScheme[] = [];
  const openedExternally: string[] = [];

  const safeStorage = {
    available: true,
    backend: 'gnome_libsecret',
    isAsyncEncryptionAvailable() {
      return Promise.resolve(this.available);
    },
    encryptStringAsync(plainText: string) {
      return Promise.resolve(Buffer.from(`chiffré:${Buffer.from(plainText).toString('base64')}`));
    },
    decryptStringAsync(encrypted: Buffer) {
      const text = encrypted.toString();
      if (!text.startsWith('chiffré:')) return Promise.reject(new Error('indéchiffrable'));
      return Promise.resolve({
        result: Buffer.from(text.slice('chiffré:'.length), 'base64').toString(),
        shouldReEncrypt: false,
      });
    },
    getSelectedStorageBackend() {
      return this.backend;
    },
  };

  // ---- renderer side: what the preload imports ----------------------------------------------

  const exposed = new Map<string, unknown>();
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      exposed.set(key, api);
    },
  };

  /** The frame the fake renderer sends from: the main window's, unless a test says otherwise. */
  let rendererFrame: () => FrameLike | null = () =>
    FakeBrowserWindow.instances[0]?.webContents.mainFrame ?? null;

  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) =>
      ipcMain.simulateInvoke(rendererFrame(), channel, ...args),
    send: (channel: string, ...args: unknown[]) =>
      ipcMain.simulateSend(rendererFrame(), channel, args[0]),
    on: (channel: string, listener: (event: unknown, ...args: never[]) => void) => {
      rendererListeners.on(channel, listener);
      return ipcRenderer;
    },
    removeListener: (channel: string, listener: (event: unknown, ...args: never[]) => void) => {
      rendererListeners.off(channel, listener);
      return ipcRenderer;
    },
  };

  const app = new FakeApp();
  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    Notification: FakeNotification,
    Tray: FakeTray,
    Menu: { buildFromTemplate: (template: MenuItemConstructorOptions[]) => new FakeMenu(template) },
    nativeImage: {
      createFromPath: (file: string) => new FakeNativeImage(file),
      createFromBitmap: (buffer: Buffer) => new FakeNativeImage('bitmap', buffer),
    },
    ipcMain,
    shell: {
      openExternal: (url: string) => {
        openedExternally.push(url);
        return Promise.resolve();
      },
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: CustomScheme[]) => {
        privilegedSchemes.push(...schemes);
      },
    },
    session: { defaultSession },
    safeStorage,
    dialog,
    contextBridge,
    ipcRenderer,
  } satisfies DesktopElectron & Record<string, unknown>;

  return {
    ...electron,
    /** Test-only views of what happened. */
    fake: {
      userData,
      /** The owner's Documents folder (app.getPath('documents')). */
      documents,
      windows: FakeBrowserWindow.instances,
      notifications: FakeNotification.instances,
      trays: FakeTray.instances,
      privilegedSchemes,
      openedExternally,
      exposed,
      defaultSession,
      rendererListenerCount: (channel: string) => rendererListeners.listenerCount(channel),
      setRendererFrame(frame: () => FrameLike | null) {
        rendererFrame = frame;
      },
      setNotificationsSupported(supported: boolean) {
        FakeNotification.supported = supported;
      },
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
