import { describe, expect, it } from 'vitest';
import {
  RENDERER_CSP,
  RENDERER_CSP_META,
} from '../../../src-electron/main/content-security-policy.ts';
import {
  APP_ORIGIN,
  isExternalWebUrl,
  isSystemHandledUrl,
  isTrustedSender,
  originOf,
  secureWebPreferences,
} from '../../../src-electron/main/security.ts';
import { createFakeElectron, FakeFrame } from '../fake-electron.ts';

describe('secureWebPreferences', () => {
  it('isolates and sandboxes the renderer, without Node', () => {
    const preferences = secureWebPreferences('/app/preload.cjs');
    expect(preferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('origins and links', () => {
  it('reads the origin of custom-scheme and web URLs', () => {
    expect(originOf('app://console/index.html')).toBe(APP_ORIGIN);
    expect(originOf('http://localhost:5173/src/main.tsx')).toBe('http://localhost:5173');
    expect(originOf('about:blank')).toBeNull();
    expect(originOf('pas une adresse')).toBeNull();
  });

  it('sends only http(s) links to the system browser', () => {
    expect(isExternalWebUrl('https://exemple.dz')).toBe(true);
    expect(isExternalWebUrl('http://exemple.dz')).toBe(true);
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://serveur/partage', 'x']) {
      expect(isExternalWebUrl(url)).toBe(false);
    }
  });

  it('also hands mailto: and tel: links (the reply shortcuts) to the system, and only those', () => {
    expect(isSystemHandledUrl('mailto:client@exemple.dz?subject=Re%3A%20Devis')).toBe(true);
    expect(isSystemHandledUrl('tel:+213550123456')).toBe(true);
    expect(isSystemHandledUrl('https://wa.me/213550123456')).toBe(true);
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'sms:+213550123456', 'x']) {
      expect(isSystemHandledUrl(url)).toBe(false);
    }
  });
});

describe('isTrustedSender', () => {
  const electron = createFakeElectron();
  const window = new electron.BrowserWindow({
    width: 1,
    height: 1,
    minWidth: 1,
    minHeight: 1,
    show: false,
    title: '',
    icon: electron.nativeImage.createFromPath('x.png'),
    backgroundColor: '#fff',
    autoHideMenuBar: true,
    webPreferences: {},
  });
  window.webContents.mainFrame.url = 'app://console/index.html';
  const trusted = [APP_ORIGIN];

  it('accepts the main window’s top frame on the app origin', () => {
    expect(isTrustedSender(window.webContents.mainFrame, window, trusted)).toBe(true);
  });

  it('refuses another frame, a gone frame, a foreign origin or a closed window', () => {
    const main = window.webContents.mainFrame;
    const child = new FakeFrame('app://console/index.html', main.processId, main.routingId + 1);
    expect(isTrustedSender(child, window, trusted)).toBe(false);
    expect(isTrustedSender(null, window, trusted)).toBe(false);
    expect(isTrustedSender(main, null, trusted)).toBe(false);
    const foreign = new FakeFrame('https://pirate.example/', main.processId, main.routingId);
    expect(isTrustedSender(foreign, window, trusted)).toBe(false);
    window.destroyed = true;
    expect(isTrustedSender(main, window, trusted)).toBe(false);
    window.destroyed = false;
  });
});

describe('content security policy', () => {
  it('allows nothing inline and no remote origin', () => {
    expect(RENDERER_CSP).toContain("default-src 'none'");
    expect(RENDERER_CSP).toContain("script-src 'self'");
    expect(RENDERER_CSP).toContain("frame-ancestors 'none'");
    expect(RENDERER_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    expect(RENDERER_CSP_META).not.toContain('frame-ancestors');
  });
});
