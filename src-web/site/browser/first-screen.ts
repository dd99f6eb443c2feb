/** Longest wait for the browser to report the banner's paint before going on without it. */
const PAINT_REPORT_LIMIT_MS = 1000;

/**
 * Runs `then` once the page has loaded and its first banner, the largest thing the first
 * screen paints, is on screen: what comes after (the full stylesheet, the web fonts) neither
 * competes with that picture for a slow link nor delays its paint. In a tab opened in the
 * background, that is when the tab is first shown.
 */
export function afterFirstScreen(then: () => void): void {
  const shown = () => {
    const banner = document.querySelector<HTMLImageElement>('[data-carousel] img');
    // decode() settles once the picture can be painted (or cannot be); the frame after that
    // one has it on screen, and the browser reports that paint once it has been displayed.
    const decoded = banner ? banner.decode().catch(() => undefined) : Promise.resolve();
    void decoded
      .then(() => new Promise((resolve) => requestAnimationFrame(resolve)))
      .then(() => paintReported(banner))
      .then(() => setTimeout(then, 0));
  };
  if (document.readyState === 'complete') shown();
  else window.addEventListener('load', shown, { once: true });
}

/**
 * Resolves once the browser has reported (Largest Contentful Paint) the banner as painted:
 * a frame is drawn on the main thread before it reaches the screen, so a request sent right
 * after that frame would still compete with it. Browsers without that report, and pages where
 * the banner is not the largest paint, go on after PAINT_REPORT_LIMIT_MS at most.
 */
function paintReported(banner: HTMLImageElement | null): Promise<void> {
  const reports = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
  if (!banner || !reports.includes('largest-contentful-paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(limit);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
      if (entries.some((entry) => entry.element === banner)) done();
    });
    const limit = setTimeout(done, PAINT_REPORT_LIMIT_MS);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** Resolves in a task after the next frame, once the work the last change caused is done. */
export const afterNextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
