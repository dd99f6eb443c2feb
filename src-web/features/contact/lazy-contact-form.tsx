import { lazy, Suspense, useEffect, useRef } from 'react';

let reveal: () => void = () => undefined;
const wanted = new Promise<void>((resolve) => {
  reveal = resolve;
});
// Prerendering puts the whole form in the page's HTML.
if (typeof window === 'undefined') reveal();

// The form's code (validation, form state) is its own chunk, fetched only when the form comes
// near the screen or gets focus: the page paints and becomes interactive without it, while the
// prerendered form is already on screen and is hydrated when its code arrives.
const ContactForm = lazy(() => wanted.then(() => import('./contact-form.tsx')));

export function LazyContactForm() {
  const slot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      reveal();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reveal();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    // Native listeners: they work on the prerendered markup before React owns it.
    element.addEventListener('focusin', reveal);
    element.addEventListener('pointerdown', reveal);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', reveal);
      element.removeEventListener('pointerdown', reveal);
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
