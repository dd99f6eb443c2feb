import { reducedMotion } from './reduced-motion.ts';

/** Time each banner stays before the next one fades in. */
export const CAROUSEL_INTERVAL_MS = 6000;
/** After the page has loaded, the second banner is fetched this long ahead of its turn. */
const PREFETCH_DELAY_MS = 1500;

/**
 * The fading carousel of the public pages (markup: site/layout/hero-carousel.tsx).
 * Previous and next move one banner; it moves on its own only while nobody hovers or
 * focuses it, can be paused, and stays still for visitors who prefer reduced motion. Only
 * the first banner's picture is in the page; each other one is taken out of its <template>
 * when it is about to be shown, so a slow phone downloads one picture, not six.
 */
export function enhanceCarousel(carousel: HTMLElement): () => void {
  const slides = [...carousel.querySelectorAll<HTMLElement>('[data-slide]')];
  const pause = carousel.querySelector<HTMLButtonElement>('[data-carousel-pause]');
  const motion = reducedMotion();
  const count = slides.length;
  let index = Math.max(
    0,
    slides.findIndex((slide) => slide.classList.contains('is-active')),
  );
  let paused = false;
  let held = false;
  let timer = 0;
  let prefetchTimer = 0;

  const materialise = (i: number) => {
    const template = slides[i]?.querySelector<HTMLTemplateElement>('template[data-slide-picture]');
    if (!template) return;
    const placeholder = template.nextElementSibling;
    if (placeholder?.classList.contains('slide-placeholder')) placeholder.remove();
    const picture = template.content.firstElementChild?.cloneNode(true);
    if (!(picture instanceof Element)) return;
    template.replaceWith(picture);
    // Its starting style is settled now, still hidden: made active in the same task, it would
    // otherwise show at once instead of fading in.
    getComputedStyle(picture).getPropertyValue('opacity');
  };

  const schedule = () => {
    window.clearTimeout(timer);
    if (paused || held || motion.matches) return;
    timer = window.setTimeout(() => show((index + 1) % count), CAROUSEL_INTERVAL_MS);
  };

  const show = (next: number) => {
    index = next;
    materialise(next);
    materialise((next + 1) % count);
    slides.forEach((slide, i) => {
      const active = i === next;
      slide.classList.toggle('is-active', active);
      slide.setAttribute('aria-hidden', String(!active));
      slide.inert = !active;
    });
    schedule();
  };

  const updatePause = () => {
    if (!pause) return;
    pause.hidden = motion.matches;
    pause.setAttribute('aria-pressed', String(paused));
    pause.textContent = (paused ? pause.dataset.labelPaused : pause.dataset.labelPlaying) ?? '';
  };

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest('button');
    if (!button || !carousel.contains(button)) return;
    if (button === pause) {
      paused = !paused;
      updatePause();
      schedule();
      return;
    }
    const step = Number(button.dataset.carouselStep);
    if (step) show((index + step + count) % count);
  };
  const hold = (value: boolean) => () => {
    held = value;
    schedule();
  };
  const onEnter = hold(true);
  const onLeave = hold(false);
  const onMotionChange = () => {
    updatePause();
    schedule();
  };
  const prefetch = () => {
    prefetchTimer = window.setTimeout(() => materialise(1 % count), PREFETCH_DELAY_MS);
  };

  carousel.addEventListener('click', onClick);
  carousel.addEventListener('mouseenter', onEnter);
  carousel.addEventListener('mouseleave', onLeave);
  carousel.addEventListener('focusin', onEnter);
  carousel.addEventListener('focusout', onLeave);
  motion.addEventListener('change', onMotionChange);
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
  updatePause();
  schedule();
  carousel.dataset.enhanced = '';

  return () => {
    delete carousel.dataset.enhanced;
    window.clearTimeout(timer);
    window.clearTimeout(prefetchTimer);
    window.removeEventListener('load', prefetch);
    carousel.removeEventListener('click', onClick);
    carousel.removeEventListener('mouseenter', onEnter);
    carousel.removeEventListener('mouseleave', onLeave);
    carousel.removeEventListener('focusin', onEnter);
    carousel.removeEventListener('focusout', onLeave);
    motion.removeEventListener('change', onMotionChange);
  };
}
