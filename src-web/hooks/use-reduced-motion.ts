import { useMediaQuery } from './use-media-query.ts';

/** The visitor's "reduce motion" preference; false while prerendering. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
