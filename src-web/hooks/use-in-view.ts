import { useEffect, useRef, useState } from 'react';

/** True once the element has entered the viewport (and stays true). */
export function useInView<T extends Element>(rootMargin = '0px') {
  const ref = useRef<T>(null);
  // Where IntersectionObserver is missing (prerendering, old browsers), treat it as visible.
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || inView) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [rootMargin, inView]);
  return { ref, inView };
}
