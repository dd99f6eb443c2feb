import { STICKY_NAV_THRESHOLD_PX } from '../../../shared/domain/constants.ts';

/**
 * The navigation bar of the public pages: sticky with a shadow past 45 px of scroll. On small
 * screens its menu is a native disclosure that opens without this script (site-nav.tsx);
 * this adds what visitors expect of a menu: Escape closes it and gives the focus back to its
 * button, a link to a place in the same page closes it, and so does coming back to the page
 * (the back button restores the page as it was left, menu open).
 */
export function enhanceNavigation(nav: HTMLElement): () => void {
  const menu = nav.querySelector('details');

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

  const close = () => {
    if (menu) menu.open = false;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menu?.open) {
      close();
      menu.querySelector('summary')?.focus();
    }
  };
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (link && link.pathname === location.pathname && link.hash) close();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) close();
  };
  document.addEventListener('keydown', onKeyDown);
  nav.addEventListener('click', onClick);
  window.addEventListener('pageshow', onPageShow);

  return () => {
    cancelAnimationFrame(firstCheck);
    window.removeEventListener('scroll', updateSticky);
    document.removeEventListener('keydown', onKeyDown);
    nav.removeEventListener('click', onClick);
    window.removeEventListener('pageshow', onPageShow);
  };
}
