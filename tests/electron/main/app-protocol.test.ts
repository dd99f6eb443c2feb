import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../../../src-electron/main/app-protocol.ts';
import { makeTempDir } from '../../temp-dirs.ts';

describe('createAppProtocolHandler', () => {
  let handle: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    const base = makeTempDir('protocol');
    const root = path.join(base, 'renderer');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Console</title>');
    await writeFile(path.join(root, 'assets', 'index.js'), 'console.log(1)');
    await writeFile(path.join(base, 'secret.txt'), 'secret');
    await writeFile(path.join(base, 'renderer-secret.html'), 'secret');
    handle = createAppProtocolHandler(root, "default-src 'none'");
  });

  it('serves the renderer’s files with their type and the CSP', async () => {
    const page = await handle(new Request('app://console/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('Content-Security-Policy')).toBe("default-src 'none'");
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>Console</title>');

    const script = await handle(new Request('app://console/assets/index.js'));
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect((await handle(new Request('app://console/'))).status).toBe(200);
  });

  it('never serves anything outside the renderer folder', async () => {
    for (const url of [
      'app://console/../secret.txt',
      'app://console/%2e%2e/secret.txt',
      'app://console/..%2fsecret.txt',
      'app://console/..%2frenderer-secret.html',
      'app://console/assets/%00.js',
    ]) {
      expect((await handle(new Request(url))).status, url).toBe(404);
    }
  });

  it('answers 404 for another host, a missing file or an unknown type', async () => {
    expect((await handle(new Request('app://autre/index.html'))).status).toBe(404);
    expect((await handle(new Request('app://console/absent.js'))).status).toBe(404);
    expect((await handle(new Request('app://console/assets'))).status).toBe(404);
  });

  it('only reads', async () => {
    const response = await handle(
      new Request('app://console/index.html', { method: 'POST', body: 'x' }),
    );
    expect(response.status).toBe(405);
  });
});
