import {
  COUNT_UP_DEFAULT_DURATION_MS,
  COUNT_UP_STEP_MS,
} from '../../../shared/domain/constants.ts';
import { reducedMotion } from './reduced-motion.ts';

/** Marks the element whose text counts up; its value is the figure it ends on. */
export const COUNT_TO_ATTRIBUTE = 'data-count-to';

export interface CountUpOptions {
  /** Total time of the count, in ms (default 2000, as the original's directive). */
  duration?: number;
  /** Time between two steps, in ms (default 10). */
  step?: number;
}

/** The figure shown `elapsed` ms into a count from zero to `target` lasting `duration` ms. */
export function countUpValue(target: number, elapsed: number, duration: number): number {
  return Math.round(target * Math.min(1, Math.max(0, elapsed / duration)));
}

/**
 * Counts every `[data-count-to]` element inside `section` from zero to its figure, starting
 * when the section comes into view. The prerendered page shows 0 (and the final figure to
 * readers without JavaScript, to screen readers and to search engines, through other
 * elements), so no frame ever shows the final figure before the count.
 */
export function startCounters(
  section: HTMLElement,
  { duration = COUNT_UP_DEFAULT_DURATION_MS, step = COUNT_UP_STEP_MS }: CountUpOptions = {},
): () => void {
  const counters = [...section.querySelectorAll<HTMLElement>(`[${COUNT_TO_ATTRIBUTE}]`)].map(
    (element) => ({ element, target: Number(element.getAttribute(COUNT_TO_ATTRIBUTE)) }),
  );
  const show = (elapsed: number) => {
    for (const { element, target } of counters) {
      const text = String(countUpValue(target, elapsed, duration));
      if (element.textContent !== text) element.textContent = text;
    }
  };

  if (reducedMotion().matches) {
    show(duration);
    return () => undefined;
  }

  // The count moves one step every `step` ms, as the original's directive did; the screen
  // shows the latest step once per frame, which keeps each frame's work small on a phone.
  let frame = 0;
  const run = () => {
    const began = performance.now();
    const tick = (now: number) => {
      const elapsed = Math.floor((now - began) / step) * step;
      show(elapsed);
      if (elapsed < duration) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
  };
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    run();
  });
  observer.observe(section);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
