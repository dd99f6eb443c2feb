import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../shared/domain/routes.ts';
import type { InboxUpdate } from '../../../shared/ipc/contract.ts';
import { APP_ID } from '../../../src-electron/main/desktop-app.ts';
import { REFUSED_SENDER } from '../../../src-electron/main/ipc/register-ipc.ts';
import { DEFAULT_SETTINGS } from '../../../src-electron/main/settings.ts';
import { message, OWNER, settle } from '../fake-backend.ts';
import { FakeFrame } from '../fake-electron.ts';
import { startConsole } from './start-console.ts';

describe('starting the console', () => {
  it('opens one sandboxed window on the app protocol, hidden until painted', async () => {
    const { window, electron } = await startConsole();
    expect(electron.fake.windows).toHaveLength(1);
    expect(window?.loadedUrl).toBe('app://console/index.html');
    expect(window?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: '/app/dist/electron/preload/index.cjs',
    });
    expect(window?.options.show).toBe(false);
    expect(window?.isVisible()).toBe(false);
    window?.simulateReadyToShow();
    expect(window?.isVisible()).toBe(true);
  });

  it('registers the app scheme as privileged and serves it with the CSP', async () => {
    const { electron } = await startConsole();
    expect(electron.fake.privilegedSchemes).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    const handler = electron.fake.defaultSession.protocolHandlers.get('app');
    const response = await handler?.(new Request('app://console/index.html'));
    expect(response?.status).toBe(200);
    expect(response?.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });

  it('stays in the tray when started at login (--hidden)', async () => {
    const { window } = await startConsole({ argv: ['/opt/console/console', '--hidden'] });
    window?.simulateReadyToShow();
    expect(window?.isVisible()).toBe(false);
  });

  it('quits at once when another instance already runs', async () => {
    const { handle, electron } = await startConsole({ lockAvailable: false });
    expect(handle).toBeNull();
    expect(electron.app.quitCalls).toBe(1);
    expect(electron.fake.windows).toHaveLength(0);
  });

  it('shows the running window when the console is launched again', async () => {
    const { window, electron } = await startConsole();
    electron.app.emit('second-instance');
    expect(window?.isVisible()).toBe(true);
    expect(window?.isFocused()).toBe(true);
  });

  it('uses a throwaway profile when asked, in development only', async () => {
    const development = await startConsole({ env: { CONSOLE_USER_DATA_DIR: '/tmp/profil-e2e' } });
    expect(development.electron.app.getPath('userData')).toBe('/tmp/profil-e2e');
    const packaged = await startConsole({
      isPackaged: true,
      env: { CONSOLE_USER_DATA_DIR: '/tmp/profil-e2e' },
    });
    expect(packaged.electron.app.getPath('userData')).not.toBe('/tmp/profil-e2e');
  });

  it('names itself and, on Windows, uses the installer’s app id for its notifications', async () => {
    const { electron } = await startConsole({ platform: 'win32' });
    expect(electron.app.name).toBe('Console Horizon Numérique');
    expect(electron.app.appUserModelId).toBe(APP_ID);
  });
});

describe('window and tray', () => {
  it('closing the window hides it to the tray; Quit in the tray quits', async () => {
    const { window, tray, electron } = await startConsole();
    window?.show();
    const closing = window?.simulateClose();
    expect(closing?.defaultPrevented).toBe(true);
    expect(window?.isVisible()).toBe(false);
    expect(window?.isDestroyed()).toBe(false);

    tray?.menu?.simulateClick('Quitter');
    expect(electron.app.quitCalls).toBe(1);
    expect(window?.simulateClose().defaultPrevented).toBe(false);
  });

  it('the tray opens the window, from its menu or a click', async () => {
    const { window, tray } = await startConsole();
    tray?.menu?.simulateClick('Ouvrir la console');
    expect(window?.isVisible()).toBe(true);
    window?.hide();
    tray?.emit('click');
    expect(window?.isVisible()).toBe(true);
    expect(tray?.toolTip).toBe('Console Horizon Numérique');
  });
});

describe('notifications', () => {
  it('none for the messages there at start, then one per new message', async () => {
    const { electron, server } = await startConsole({
      signedIn: true,
      messages: [message(), message()],
    });
    expect(server.watching).toBe(1);
    expect(electron.fake.notifications).toHaveLength(0);

    const first = message({ fullName: 'Boulangerie El Bahia', subject: 'Refonte du site' });
    server.deliver(first);
    expect(electron.fake.notifications).toHaveLength(1);
    expect(electron.fake.notifications[0]?.options).toMatchObject({
      title: 'Boulangerie El Bahia — Refonte du site',
      body: 'Bonjour, message ' + first.id.slice(1) + '.',
    });
    expect(electron.fake.notifications[0]?.shown).toBe(true);

    server.deliver(message(), message());
    expect(electron.fake.notifications).toHaveLength(3);
  });

  it('sends a new message to the window alone, never the whole inbox again', async () => {
    const inbox = Array.from({ length: 500 }, () => message());
    const { server, window } = await startConsole({ signedIn: true, messages: inbox });
    const updates = () => (window?.webContents.sentOn('inbox:update') ?? []) as InboxUpdate[];
    const lists = () => updates().flatMap((update) => (update.kind === 'reset' ? [update] : []));
    expect(lists().at(-1)?.messages).toHaveLength(500);
    const listsBefore = lists().length;

    const arrived = message();
    server.deliver(arrived);
    expect(updates().at(-1)).toEqual({
      kind: 'changes',
      revision: expect.any(Number),
      changes: [{ type: 'added', message: arrived }],
    });
    expect(lists()).toHaveLength(listsBefore);
  });

  it('never twice for the same message (in a list again, after the watch started over)', async () => {
    const { electron, server } = await startConsole({ signedIn: true });
    server.deliver(message());
    server.redeliver();
    server.redeliver();
    expect(electron.fake.notifications).toHaveLength(1);
  });

  it('a click shows, restores and focuses the window on that message', async () => {
    const { electron, server, window } = await startConsole({ signedIn: true });
    window?.show();
    window?.simulateMinimize();
    window?.hide();
    const arrived = message();
    server.deliver(arrived);

    electron.fake.notifications[0]?.simulateClick();
    expect(window?.isVisible()).toBe(true);
    expect(window?.isMinimized()).toBe(false);
    expect(window?.isFocused()).toBe(true);
    expect(window?.webContents.sentOn('inbox:reveal')).toEqual([{ id: arrived.id }]);
  });

  it('keep arriving while the window is hidden, and stop once signed out', async () => {
    const { electron, server, invoke } = await startConsole({ signedIn: true });
    server.deliver(message());
    expect(electron.fake.notifications).toHaveLength(1);
    await invoke('session:sign-out');
    await settle();
    expect(server.watching).toBe(0);
    server.deliver(message());
    expect(electron.fake.notifications).toHaveLength(1);
  });

  it('none when the platform has no notifications', async () => {
    const { electron, server } = await startConsole({ signedIn: true });
    electron.fake.setNotificationsSupported(false);
    server.deliver(message());
    expect(electron.fake.notifications).toHaveLength(0);
  });
});

describe('unread count', () => {
  it('shows on the badge and the tray, and clears when the owner looks at the inbox', async () => {
    const { electron, server, tray, look } = await startConsole({ signedIn: true });
    server.deliver(message(), message());
    expect(electron.app.badgeCount).toBe(2);
    expect(tray?.toolTip).toBe('Console Horizon Numérique — 2 messages non lus');
    expect(tray?.image).toMatchObject({ source: '/icons/tray-unread.png' });

    // The window in front, but on the settings screen: still unread.
    await look('/pageReglages');
    expect(electron.app.badgeCount).toBe(2);

    await look(ROUTES.dashboard);
    expect(electron.app.badgeCount).toBe(0);
    expect(tray?.toolTip).toBe('Console Horizon Numérique');
    expect(tray?.image).toMatchObject({ source: '/icons/tray.png' });
  });

  it('clears when the window comes back to the front on the dashboard', async () => {
    const { electron, server, window, look } = await startConsole({ signedIn: true });
    await look(ROUTES.dashboard);
    window?.simulateBlur();
    server.deliver(message());
    expect(electron.app.badgeCount).toBe(1);
    window?.focus();
    expect(electron.app.badgeCount).toBe(0);
  });

  it('a message that arrives while the owner reads the inbox is neither notified nor unread', async () => {
    const { electron, server, look } = await startConsole({ signedIn: true });
    await look(ROUTES.dashboard);
    server.deliver(message());
    expect(electron.fake.notifications).toHaveLength(0);
    expect(electron.app.badgeCount).toBe(0);
  });

  it('uses the taskbar overlay on Windows', async () => {
    const { server, window, look } = await startConsole({ signedIn: true, platform: 'win32' });
    server.deliver(message(), message(), message());
    expect(window?.overlay?.description).toBe('3 messages non lus');
    expect(window?.overlay?.image).not.toBeNull();
    await look(ROUTES.dashboard);
    expect(window?.overlay).toEqual({ image: null, description: '' });
  });
});

describe('IPC', () => {
  it('signs in through the main process and starts watching', async () => {
    const { invoke, server, window } = await startConsole();
    const result = await invoke('session:sign-in', OWNER.email, OWNER.password);
    expect(result).toEqual({ ok: true, value: { email: OWNER.email } });
    await settle();
    expect(window?.webContents.sentOn('session:change')).toEqual([{ email: OWNER.email }]);
    expect(server.watching).toBe(1);
    expect(await invoke('inbox:snapshot')).toMatchObject({ messages: [], status: 'live' });
  });

  it('returns the port’s error, code and French text, for wrong credentials', async () => {
    const { invoke } = await startConsole();
    const result = await invoke('session:sign-in', OWNER.email, 'mauvais');
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-credentials' } });
  });

  it('drops requests from a frame the app did not create', async () => {
    const { electron, invoke, server } = await startConsole();
    const foreignProcess = new FakeFrame('app://console/index.html');
    await expect(
      electron.ipcMain.simulateInvoke(
        foreignProcess,
        'session:sign-in',
        OWNER.email,
        OWNER.password,
      ),
    ).rejects.toThrow(REFUSED_SENDER);

    const window = electron.fake.windows[0];
    if (!window) throw new Error('pas de fenêtre');
    const navigatedAway = window.webContents.mainFrame;
    navigatedAway.url = 'https://pirate.example/';
    await expect(
      electron.ipcMain.simulateInvoke(
        navigatedAway,
        'session:sign-in',
        OWNER.email,
        OWNER.password,
      ),
    ).rejects.toThrow(REFUSED_SENDER);
    await expect(electron.ipcMain.simulateInvoke(null, 'inbox:snapshot')).rejects.toThrow(
      REFUSED_SENDER,
    );
    expect(await server.backend.session.current()).toBeNull();

    navigatedAway.url = 'app://console/index.html';
    expect(await invoke('session:current')).toEqual({ ok: true, value: null });
  });

  it('ignores one-way messages from a foreign frame', async () => {
    const { electron, server, look } = await startConsole({ signedIn: true });
    server.deliver(message());
    electron.ipcMain.simulateSend(new FakeFrame('app://console/index.html'), 'inbox:report-view', {
      route: ROUTES.dashboard,
      visible: true,
    });
    expect(electron.app.badgeCount).toBe(1);
    await look(ROUTES.dashboard);
    expect(electron.app.badgeCount).toBe(0);
  });

  it('checks the arguments it is given', async () => {
    const { invoke, send } = await startConsole();
    expect(await invoke('session:sign-in', 42, 'x')).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { email: expect.any(String) } },
    });
    expect(await invoke('session:sign-in', OWNER.email, 'x'.repeat(5000))).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(() => send('inbox:report-view', { route: 12 })).not.toThrow();
    expect(await invoke('inbox:set-read', 'm1', 'oui')).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(await invoke('inbox:remove', 'm1')).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
  });

  it('marks read and deletes through the main process; the inbox follows', async () => {
    const { invoke, server } = await startConsole({ signedIn: true });
    const first = message();
    const second = message();
    server.deliver(first, second);
    expect(await invoke('inbox:set-read', first.id, true)).toEqual({ ok: true, value: null });
    expect(await invoke('inbox:snapshot')).toMatchObject({
      messages: [
        { id: second.id, read: false },
        { id: first.id, read: true },
      ],
    });
    expect(await invoke('inbox:remove', [first.id, second.id])).toEqual({ ok: true, value: null });
    expect(await invoke('inbox:snapshot')).toMatchObject({ messages: [] });
    expect(await invoke('inbox:set-read', first.id, false)).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});

describe('navigation and permissions', () => {
  it('refuses every navigation; web links open in the system browser', async () => {
    const { window, electron } = await startConsole();
    expect(window?.simulateNavigation('https://horizon-numerique.dz/').defaultPrevented).toBe(true);
    expect(window?.simulateNavigation('file:///etc/passwd').defaultPrevented).toBe(true);
    expect(electron.fake.openedExternally).toEqual(['https://horizon-numerique.dz/']);
  });

  it('hands the reply shortcuts (mailto:, tel:) to the system, nothing else', async () => {
    const { window, electron } = await startConsole();
    window?.simulateNavigation('mailto:client@exemple.dz?subject=Re%3A%20Devis');
    window?.simulateNavigation('tel:+213550123456');
    window?.simulateNavigation('sms:+213550123456');
    expect(electron.fake.openedExternally).toEqual([
      'mailto:client@exemple.dz?subject=Re%3A%20Devis',
      'tel:+213550123456',
    ]);
  });

  it('never opens a new window', async () => {
    const { window, electron } = await startConsole();
    const open = window?.webContents.windowOpenHandler;
    expect(open?.({ url: 'http://exemple.dz/page' } as never)).toEqual({ action: 'deny' });
    expect(open?.({ url: 'javascript:alert(1)' } as never)).toEqual({ action: 'deny' });
    expect(electron.fake.openedExternally).toEqual(['http://exemple.dz/page']);
  });

  it('denies every permission request and check', async () => {
    const { electron } = await startConsole();
    const session = electron.fake.defaultSession;
    expect(await session.simulatePermissionRequest('media')).toBe(false);
    expect(await session.simulatePermissionRequest('notifications')).toBe(false);
    expect(session.permissionCheckHandler?.({}, 'clipboard-read')).toBe(false);
  });

  it('trusts the dev server only when the app is not packaged', async () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173' };
    const packaged = await startConsole({ env, isPackaged: true });
    expect(packaged.window?.loadedUrl).toBe('app://console/index.html');

    const development = await startConsole({ env });
    expect(development.window?.loadedUrl).toBe('http://localhost:5173');
    expect(await development.invoke('session:current')).toEqual({ ok: true, value: null });
    const headers = await new Promise<Record<string, string[]> | undefined>((resolve) => {
      development.electron.fake.defaultSession.headersListener?.(
        { url: 'http://localhost:5173/', responseHeaders: {} },
        (response) => resolve(response.responseHeaders),
      );
    });
    expect(headers?.['Content-Security-Policy']?.[0]).toContain('ws://localhost:5173');
  });
});

describe('settings', () => {
  it('starts with the defaults and says so when the file is invalid', async () => {
    const { invoke, logs, backends } = await startConsole({ settingsFile: '{"backend": 3}' });
    expect(await invoke('settings:get')).toMatchObject({ settings: DEFAULT_SETTINGS });
    expect(backends).toEqual([DEFAULT_SETTINGS.backend]);
    expect(logs.join('\n')).toMatch(/Réglages ignorés/);
  });

  it('refuses invalid settings with a message per field', async () => {
    const { invoke } = await startConsole();
    const result = await invoke('settings:save', {
      backend: { kind: 'server', url: 'ftp://exemple.dz' },
      openAtLogin: false,
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { 'backend.url': expect.stringMatching(/http/) } },
    });
  });

  it('keeps valid settings in the user data folder and connects to the new server', async () => {
    const { invoke, electron, backends, server } = await startConsole({ signedIn: true });
    const result = await invoke('settings:save', {
      backend: { kind: 'server', url: 'https://console.horizon-numerique.dz/' },
      openAtLogin: false,
    });
    expect(result).toMatchObject({
      ok: true,
      value: { settings: { backend: { url: 'https://console.horizon-numerique.dz' } } },
    });
    const saved = JSON.parse(
      await readFile(path.join(electron.fake.userData, 'settings.json'), 'utf8'),
    ) as unknown;
    expect(saved).toEqual({
      backend: { kind: 'server', url: 'https://console.horizon-numerique.dz' },
      openAtLogin: false,
    });
    expect(backends).toHaveLength(2);
    expect(server.closed).toBe(true);
  });

  it('starts at login through the system on Windows', async () => {
    const { invoke, electron } = await startConsole({ platform: 'win32' });
    expect(await invoke('settings:get')).toMatchObject({ canOpenAtLogin: true });
    await invoke('settings:save', { ...DEFAULT_SETTINGS, openAtLogin: true });
    expect(electron.app.loginItemSettings).toEqual({ openAtLogin: true, args: ['--hidden'] });
  });

  it('refreshes the login item at each start when it is on', async () => {
    const { electron } = await startConsole({
      platform: 'win32',
      settingsFile: JSON.stringify({ ...DEFAULT_SETTINGS, openAtLogin: true }),
    });
    expect(electron.app.loginItemSettings).toEqual({ openAtLogin: true, args: ['--hidden'] });
  });

  it('writes an autostart entry on Linux, for the packaged app only', async () => {
    const development = await startConsole();
    expect(await development.invoke('settings:get')).toMatchObject({ canOpenAtLogin: false });

    const packaged = await startConsole({
      isPackaged: true,
      env: { APPIMAGE: '/home/a/Console.AppImage' },
    });
    await packaged.invoke('settings:save', { ...DEFAULT_SETTINGS, openAtLogin: true });
    const entry = await readFile(
      path.join(packaged.homeDir, '.config/autostart/horizon-numerique-console.desktop'),
      'utf8',
    );
    expect(entry).toContain('Exec="/home/a/Console.AppImage" --hidden');
  });
});
