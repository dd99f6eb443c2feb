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
    // one has it on screen.
    const decoded = banner ? banner.decode().catch(() => undefined) : Promise.resolve();
    void decoded.then(() => requestAnimationFrame(() => setTimeout(then, 0)));
  };
  if (document.readyState === 'complete') shown();
  else window.addEventListener('load', shown, { once: true });
}

/** Resolves in a task after the next frame, once the work the last change caused is done. */
export const afterNextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
