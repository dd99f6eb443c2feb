import { afterFirstScreen } from './first-screen.ts';
import { DEFERRED_STYLESHEET_ATTRIBUTE } from './stylesheet-attribute.ts';

let requested = false;

/**
 * Each public page carries in a <style> element the rules its markup uses and those of the
 * states its own script gives it (scripts/build.ts). The full stylesheet adds the states of
 * the contact form (its errors, the sending button), so the form's loader asks for it when
 * the form comes near: a page without a form never applies it, which would make a slow
 * phone work out the style of every element again. It comes no sooner than the first
 * screen is painted; asking twice loads it once.
 */
export function loadDeferredStylesheet(): void {
  const href = document.documentElement.getAttribute(DEFERRED_STYLESHEET_ATTRIBUTE);
  if (!href || requested) return;
  requested = true;
  afterFirstScreen(() => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  });
}
