/**
 * On a slow or lossy link, the first screen of a public page is painted as soon as it has
 * arrived, not once the whole page has: a server in front of the real one sends each page up to
 * its footer, then holds the rest until the test lets it go. No timing here, only what the
 * browser has painted while the page's end is still on its way (speed figures are
 * `npm run bench:web`'s, docs/performance.md).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type TestInfo } from '@playwright/test';
import { LOCALIZED_ROUTES, PUBLIC_ROUTES } from '../../shared/domain/routes.ts';

/** Where the page's tail starts: its footer, and the one script after it. */
const TAIL = '<footer';

/**
 * A proxy to the test server that sends each page up to TAIL at once and the rest only after
 * `release()`; everything else (scripts, images, fonts) passes as it is.
 */
async function tailHoldingServer(origin: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? '/', origin), {
        headers: { accept: request.headers.accept ?? '*/*', 'accept-encoding': 'identity' },
        redirect: 'manual',
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers = [...upstream.headers].filter(
        ([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name),
      );
      response.writeHead(upstream.status, Object.fromEntries(headers));
      const tailAt = upstream.headers.get('content-type')?.startsWith('text/html')
        ? body.indexOf(TAIL)
        : -1;
      if (tailAt < 0) {
        response.end(body);
        return;
      }
      response.write(body.subarray(0, tailAt));
      await released;
      response.end(body.subarray(tailAt));
    })().catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function origin(testInfo: TestInfo): string {
  const base = testInfo.project.use.baseURL;
  if (!base) throw new Error('baseURL manquant (playwright.config.ts).');
  return base;
}

test.describe(
  'the first screen is painted before the page’s end has arrived',
  { tag: '@phone' },
  () => {
    for (const path of [...PUBLIC_ROUTES, ...LOCALIZED_ROUTES]) {
      test(path, async ({ page }, testInfo) => {
        const proxy = await tailHoldingServer(origin(testInfo));
        try {
          await page.goto(`${proxy.url}${path}`, { waitUntil: 'commit' });
          // Painted: the browser reports its first contentful paint while the footer has not come.
          await expect
            .poll(
              () =>
                page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length),
              { message: 'first contentful paint while the page’s end is held', timeout: 15_000 },
            )
            .toBe(1);
          await expect(page.locator('footer')).toHaveCount(0);
          // What that paint showed: the header with its menu, the carousel, the page's title.
          await expect(page.locator('[data-site-nav] summary')).toBeVisible();
          await expect(page.locator('[data-carousel] img').first()).toBeVisible();
          await expect(page.getByRole('heading', { level: 1 })).toBeAttached();

          proxy.release();
          await expect(page.locator('footer')).toBeAttached();
          await page.locator('footer').scrollIntoViewIfNeeded();
          await expect(page.locator('footer').getByRole('link').first()).toBeVisible();
        } finally {
          await proxy.close();
        }
      });
    }
  },
);
