import { useCallback, useEffect, useState } from 'react';
import { banners } from '../../content/index.ts';
import { useReducedMotion } from '../../hooks/use-reduced-motion.ts';
import { Icon } from '../icon.tsx';
import { Picture } from '../picture.tsx';

const INTERVAL_MS = 6000;

/**
 * The fading carousel of six banners (docs/architecture.md), with previous and next controls.
 * It moves on its own only while nobody hovers or focuses it, can be paused, and stays still
 * for visitors who prefer reduced motion.
 */
export function HeroCarousel() {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  // Only the first banner is in the page's HTML; each other one is fetched when it is about
  // to be shown, so a phone on a slow connection downloads one picture, not six.
  const [fetched, setFetched] = useState<ReadonlySet<number>>(() => new Set([0]));
  const count = banners.length;
  const playing = !paused && !held && !reducedMotion;

  const show = useCallback(
    (next: number) => {
      setIndex(next);
      setFetched((previous) => new Set([...previous, next, (next + 1) % count]));
    },
    [count],
  );

  // Once the page has loaded, fetch the second banner ahead of its turn.
  useEffect(() => {
    let timer = 0;
    const prefetch = () => {
      timer = window.setTimeout(
        () => setFetched((previous) => new Set([...previous, 1 % count])),
        1500,
      );
    };
    if (document.readyState === 'complete') prefetch();
    else window.addEventListener('load', prefetch, { once: true });
    return () => {
      window.removeEventListener('load', prefetch);
      window.clearTimeout(timer);
    };
  }, [count]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => show((index + 1) % count), INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, count, show]);

  const go = (step: number) => show((index + step + count) % count);

  return (
    <section
      className="hero-carousel"
      aria-roledescription="carrousel"
      aria-label="Nos services en images"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="slides">
        {banners.map((banner, i) => (
          <div
            key={banner.image.name}
            className={`slide${i === index ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="diapositive"
            aria-label={`${i + 1} sur ${count} : ${banner.title}`}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            {fetched.has(i) ? (
              <Picture image={banner.image} sizes="100vw" priority={i === 0} />
            ) : (
              <div className="slide-placeholder" />
            )}
            <div className="slide-caption">
              <p className="display-title h1 fw-bold mb-2">{banner.title}</p>
              <p className="lead mb-0">{banner.text}</p>
            </div>
          </div>
        ))}
      </div>
      <button
        type="button"
        className="carousel-control carousel-control-prev"
        onClick={() => go(-1)}
      >
        <Icon name="chevron-left" size="1.75rem" />
        <span className="visually-hidden">Image précédente</span>
      </button>
      <button
        type="button"
        className="carousel-control carousel-control-next"
        onClick={() => go(1)}
      >
        <Icon name="chevron-right" size="1.75rem" />
        <span className="visually-hidden">Image suivante</span>
      </button>
      {!reducedMotion && (
        <button
          type="button"
          className="btn btn-sm btn-light carousel-pause"
          onClick={() => setPaused((value) => !value)}
          aria-pressed={paused}
        >
          {paused ? 'Reprendre le défilement' : 'Mettre en pause'}
        </button>
      )}
    </section>
  );
}
