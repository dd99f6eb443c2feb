import { STICKY_NAV_THRESHOLD_PX } from '../../shared/domain/constants.ts';

/**
 * The navigation bar of the public pages: sticky with a shadow past 45 px of scroll, and on
 * small screens a menu that the toggler opens and Escape closes.
 */
export function enhanceNavigation(nav: HTMLElement): () => void {
  const toggler = nav.querySelector<HTMLButtonElement>('[aria-controls]');
  const menu = toggler && document.getElementById(toggler.getAttribute('aria-controls') ?? '');

  const updateSticky = () => {
    const sticky = window.scrollY > STICKY_NAV_THRESHOLD_PX;
    nav.classList.toggle('is-sticky', sticky);
    nav.dataset.sticky = String(sticky);
  };
  // Reading the scroll position makes the browser lay the page out: read it at the next
  // frame, which lays the page out anyway, rather than in this script's task (a long task on
  // a slow phone).
  const firstCheck = requestAnimationFrame(updateSticky);
  window.addEventListener('scroll', updateSticky, { passive: true });

  const setExpanded = (expanded: boolean) => {
    toggler?.setAttribute('aria-expanded', String(expanded));
    menu?.classList.toggle('show', expanded);
  };
  const onToggle = () => setExpanded(toggler?.getAttribute('aria-expanded') !== 'true');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && toggler?.getAttribute('aria-expanded') === 'true') {
      setExpanded(false);
      toggler.focus();
    }
  };
  toggler?.addEventListener('click', onToggle);
  document.addEventListener('keydown', onKeyDown);

  return () => {
    cancelAnimationFrame(firstCheck);
    window.removeEventListener('scroll', updateSticky);
    toggler?.removeEventListener('click', onToggle);
    document.removeEventListener('keydown', onKeyDown);
  };
}
