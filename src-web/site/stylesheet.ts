import { DEFERRED_STYLESHEET_ATTRIBUTE } from './stylesheet-attribute.ts';

/**
 * Each public page carries in a <style> element the rules its markup uses (scripts/build.ts);
 * the full stylesheet (the web fonts, the states of the form and the popups) comes once the
 * page has loaded and its first banner, the largest thing the first screen paints, is on
 * screen: neither it nor the fonts it brings compete with that picture for a slow link.
 */
export function loadDeferredStylesheet(): void {
  const href = document.documentElement.getAttribute(DEFERRED_STYLESHEET_ATTRIBUTE);
  if (!href) return;
  const append = () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  };
  const afterFirstScreen = () => {
    const banner = document.querySelector<HTMLImageElement>('[data-carousel] img');
    // decode() settles once the picture can be painted (or cannot be); the frame after that
    // one has it on screen.
    const decoded = banner ? banner.decode().catch(() => undefined) : Promise.resolve();
    void decoded.then(() => requestAnimationFrame(() => setTimeout(append, 0)));
  };
  if (document.readyState === 'complete') afterFirstScreen();
  else window.addEventListener('load', afterFirstScreen, { once: true });
}
