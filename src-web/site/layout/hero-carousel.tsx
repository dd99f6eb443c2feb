import { useCatalogue } from '../../content/catalogue-context.tsx';
import { Picture } from '../components/picture.tsx';

/**
 * The fading carousel of six banners, with previous and next controls (its behaviour:
 * browser/carousel.ts). Only the first picture is in the page; the others wait in <template>
 * elements, which the browser does not fetch, until their turn comes. On every page but the
 * home page it is a short band (`band`), so that the page's own title is on the first screen.
 */
export function HeroCarousel({ band = false }: { band?: boolean }) {
  const { banners, ui } = useCatalogue();
  const text = ui.carousel;
  const count = banners.length;
  return (
    <section
      className={band ? 'hero-carousel hero-band' : 'hero-carousel'}
      data-carousel=""
      aria-roledescription={text.roleDescription}
      aria-label={text.label}
    >
      <div className="slides">
        {banners.map((banner, i) => (
          <div
            key={banner.image.name}
            className={`slide${i === 0 ? ' is-active' : ''}`}
            data-slide=""
            role="group"
            aria-roledescription={text.slideRoleDescription}
            aria-label={text.slideLabel(i + 1, count, banner.title)}
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
        <span className="visually-hidden">{text.previous}</span>
      </button>
      <button
        type="button"
        className="carousel-control carousel-control-next"
        data-carousel-step="1"
      >
        <span className="carousel-chevron" aria-hidden="true" />
        <span className="visually-hidden">{text.next}</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-light carousel-pause"
        data-carousel-pause=""
        data-label-playing={text.pause}
        data-label-paused={text.resume}
        aria-pressed="false"
      >
        {text.pause}
      </button>
    </section>
  );
}
