/**
 * The first tap on the public pages' menu, timed: a visitor on a slow phone taps the menu the
 * moment it shows, and it must open at that first tap, whatever the page's script is doing.
 * `npm run bench:web` prints the figures (scripts/bench-web.ts); the end-to-end tests check,
 * without a clock, that the menu opens at that tap (tests/e2e/public-first-tap.spec.ts).
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { devices } from '@playwright/test';

/** Slow 3G as Chrome's developer tools define it, with a phone's CPU 4 times slower. */
export const TAP_SLOW_3G = {
  latency: 400,
  throughputBytesPerSecond: (400 * 1000) / 8,
  cpuSlowdown: 4,
};
/** From the tap to the frame showing the menu open. */
export const FIRST_TAP_GOAL_MS = 100;

/** What the browser painted after the tap, measured in the page (ms on its own clock). */
export interface TapTimes {
  tappedAt?: number;
  openedAt?: number;
}

/**
 * Records, as `window.tapTimes`, when the finger left the screen (the tap's end, when a
 * browser acts on it: the event's own time, however long the page took to handle it) and when
 * the frame that shows the menu open began. A script for `page.addInitScript({ content })`
 * (these scripts are compiled without the browser's types).
 */
export const RECORD_TAP_TIMES = `
  window.tapTimes = {};
  addEventListener('pointerup', (event) => {
    window.tapTimes.tappedAt ??= event.timeStamp;
  }, { capture: true });
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
`;

/**
 * A browser without Largest Contentful Paint entries, as Safari and Firefox are: a script for
 * `page.addInitScript({ content })`.
 */
export const HIDE_LARGEST_CONTENTFUL_PAINT = `{
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
}`;

/**
 * The share of one core the page's main thread gets now: 1 on an idle machine, less while other
 * jobs run. A busy loop's CPU time over its wall time, by Chrome's own count.
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
 * Slow 3G, and (`cpu`) a CPU 4 times slower than this machine's when idle. Chrome slows the
 * page by pausing its main thread; on a busy machine that thread already waits for a core, so
 * the rate is lowered by the share it gets (as DevTools' CPU calibration aims at a device, not
 * at a factor): the phone stays the same phone whatever else runs.
 */
export async function throttleForTap(
  page: Page,
  { cpu }: { cpu: boolean },
): Promise<{ share: number; rate: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: TAP_SLOW_3G.latency,
    downloadThroughput: TAP_SLOW_3G.throughputBytesPerSecond,
    uploadThroughput: TAP_SLOW_3G.throughputBytesPerSecond,
  });
  if (!cpu) return { share: 1, rate: 1 };
  const share = await mainThreadShare(cdp);
  const rate = Math.max(1, TAP_SLOW_3G.cpuSlowdown * share);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { share, rate };
}

/**
 * Opens `url`, taps the menu button the moment the page is painted with it (the first
 * contentful paint's entry: laid out is not yet shown, and nobody taps a button before it is on
 * the screen), and returns once the menu is open: the tap's and the opening frame's times.
 */
export async function tapMenuAsSoonAsShown(page: Page, url: string): Promise<TapTimes> {
  await page.goto(url, { waitUntil: 'commit' });
  const toggler = page.locator('[data-site-nav] summary');
  await toggler.waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
    undefined,
    { timeout: 20_000, polling: 50 },
  );
  const box = await toggler.boundingBox();
  if (!box) throw new Error('Le bouton du menu n’a pas de boîte.');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction('window.tapTimes.openedAt !== undefined', undefined, {
    timeout: 10_000,
  });
  return (await page.evaluate('window.tapTimes')) as TapTimes;
}

/** One timed first tap on `url`, on a fresh phone (Pixel 7), with or without LCP entries. */
export async function timeFirstTap(
  browser: Browser,
  url: string,
  withLcp: boolean,
): Promise<{ ms: number; rate: number }> {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: RECORD_TAP_TIMES });
    if (!withLcp) await page.addInitScript({ content: HIDE_LARGEST_CONTENTFUL_PAINT });
    const { rate } = await throttleForTap(page, { cpu: true });
    const { tappedAt = NaN, openedAt = NaN } = await tapMenuAsSoonAsShown(page, url);
    return { ms: Math.round(openedAt - tappedAt), rate };
  } finally {
    await context.close();
  }
}
