const QUERY = '(prefers-reduced-motion: reduce)';

/** The visitor's « reduce motion » preference, now and as it changes. */
export function reducedMotion(): MediaQueryList {
  return window.matchMedia(QUERY);
}
