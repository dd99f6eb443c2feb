import { lazy, Suspense, useEffect, useRef } from 'react';

let reveal: () => void = () => undefined;
const wanted = new Promise<void>((resolve) => {
  reveal = resolve;
});
// Prerendering puts the whole form in the page's HTML.
if (typeof window === 'undefined') reveal();

// The form's code (validation, form state) is its own chunk, fetched only when the form comes
// on screen or the visitor touches it: the page paints and becomes interactive without it,
// while the prerendered form is already there (its button stays disabled until its code has
// arrived, and what the visitor types meanwhile is kept).
const ContactForm = lazy(() => wanted.then(() => import('./contact-form.tsx')));

export function LazyContactForm() {
  const slot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    // No prerendered form here: the page was reached by a navigation inside the site, it is
    // already interactive, so the form's code is fetched at once. (This must not re-render
    // the component: an update before the form is hydrated would throw its markup away.)
    if (!element.querySelector('form')) {
      reveal();
      return;
    }
    if (typeof IntersectionObserver === 'undefined') {
      reveal();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reveal();
      },
      { rootMargin: '100px 0px' },
    );
    observer.observe(element);
    // Native listeners: they work on the prerendered markup before React owns it.
    element.addEventListener('focusin', reveal);
    element.addEventListener('pointerdown', reveal);
    element.addEventListener('touchstart', reveal, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', reveal);
      element.removeEventListener('pointerdown', reveal);
      element.removeEventListener('touchstart', reveal);
    };
  }, []);

  return (
    <div ref={slot}>
      <Suspense
        fallback={
          <div className="d-flex align-items-center gap-2 text-body-secondary py-5" role="status">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            Chargement du formulaire…
          </div>
        }
      >
        <ContactForm />
      </Suspense>
    </div>
  );
}
