import { useEffect, useState } from 'react';
import { COUNT_UP_DEFAULT_DURATION_MS, COUNT_UP_STEP_MS } from '../../shared/domain/constants.ts';

export interface CountUpOptions {
  /** Total time of the count, in ms (default 2000, as the original's directive). */
  duration?: number;
  /** Time between two steps, in ms (default 10). */
  step?: number;
  /** The count starts when this turns true (e.g. when the counter becomes visible). */
  start: boolean;
  /** Show the target at once (reduced motion). */
  instant?: boolean;
}

/**
 * Counts from zero up to `target` over `duration`, one step every `step` ms. Before it starts
 * it reports the target, so that the prerendered page and readers without JavaScript see the
 * real figure.
 */
export function useCountUp(
  target: number,
  { duration = COUNT_UP_DEFAULT_DURATION_MS, step = COUNT_UP_STEP_MS, start, instant = false }: CountUpOptions,
): number {
  const [value, setValue] = useState(target);

  useEffect(() => {
    if (instant) {
      setValue(target);
      return;
    }
    if (!start) {
      setValue(0);
      return;
    }
    const began = performance.now();
    setValue(0);
    const timer = window.setInterval(() => {
      const progress = Math.min(1, (performance.now() - began) / duration);
      setValue(Math.round(target * progress));
      if (progress >= 1) window.clearInterval(timer);
    }, step);
    return () => window.clearInterval(timer);
  }, [target, duration, step, start, instant]);

  return value;
}
