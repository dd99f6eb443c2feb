import { banners } from '../../content/index.ts';
import { Picture } from '../picture.tsx';

/**
 * The fading carousel of six banners, with previous and next controls (its behaviour:
 * site/carousel.ts). Only the first picture is in the page; the others wait in <template>
 * elements, which the browser does not fetch, until their turn comes.
 */
export function HeroCarousel() {
  const count = banners.length;
  return (
    <section
      className="hero-carousel"
      data-carousel=""
      aria-roledescription="carrousel"
      aria-label="Nos services en images"
    >
      <div className="slides">
        {banners.map((banner, i) => (
          <div
            key={banner.image.name}
            className={`slide${i === 0 ? ' is-active' : ''}`}
            data-slide=""
            role="group"
            aria-roledescription="diapositive"
            aria-label={`${i + 1} sur ${count} : ${banner.title}`}
            aria-hidden={i !== 0}
            inert={i !== 0}
          >
            {i === 0 ? (
              <Picture image={banner.image} sizes="100vw" priority />
            ) : (
              <>
                <template data-slide-picture="">
                  <Picture image={banner.image} sizes="100vw" />
                </template>
                <div className="slide-placeholder" />
              </>
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
        data-carousel-step="-1"
      >
        <span className="carousel-chevron" aria-hidden="true" />
        <span className="visually-hidden">Image précédente</span>
      </button>
      <button
        type="button"
        className="carousel-control carousel-control-next"
        data-carousel-step="1"
      >
        <span className="carousel-chevron" aria-hidden="true" />
        <span className="visually-hidden">Image suivante</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-light carousel-pause"
        data-carousel-pause=""
        data-label-playing="Mettre en pause"
        data-label-paused="Reprendre le défilement"
        aria-pressed="false"
      >
        Mettre en pause
      </button>
    </section>
  );
}
