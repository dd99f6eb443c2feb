import { useEffect, useState } from 'react';
import { COUNT_UP_DEFAULT_DURATION_MS, COUNT_UP_STEP_MS } from '../../shared/domain/constants.ts';
import { useIsClient } from './use-is-client.ts';

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
 * Counts from zero up to `target` over `duration`, one step every `step` ms. The prerendered
 * page shows the real figure (for readers without JavaScript); in the browser the counter
 * waits at zero until it starts.
 */
export function useCountUp(
  target: number,
  {
    duration = COUNT_UP_DEFAULT_DURATION_MS,
    step = COUNT_UP_STEP_MS,
    start,
    instant = false,
  }: CountUpOptions,
): number {
  const isClient = useIsClient();
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!start || instant) return;
    const began = performance.now();
    const timer = window.setInterval(() => {
      const done = Math.min(1, (performance.now() - began) / duration);
      setProgress(done);
      if (done >= 1) window.clearInterval(timer);
    }, step);
    return () => window.clearInterval(timer);
  }, [duration, step, start, instant]);

  if (instant || !isClient) return target;
  return start ? Math.round(target * progress) : 0;
}
