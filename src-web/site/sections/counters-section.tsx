import { useCatalogue } from '../../content/catalogue-context.tsx';
import { formatCount } from '../../content/format.ts';
import { Icon } from '../../components/icon.tsx';

/**
 * Section 1 of the home page: three counters that count up from zero when they come into
 * view (site/browser/counters.ts). The page shows 0 where the count runs; the final figures are in
 * the text for screen readers and search engines, and in place of the 0 for readers
 * without JavaScript (the <noscript> element, and the page's no-script style hiding the 0).
 */
export function CountersSection() {
  const { counters, locale, ui } = useCatalogue();
  return (
    <section className="counters py-5" data-counters="" aria-label={ui.counters.label}>
      <div className="container">
        <div className="row g-4">
          {counters.map((counter) => (
            <div key={counter.label} className="col-sm-4 text-center">
              <Icon name={counter.icon} size="2rem" className="text-warning mb-2" />
              <p className="counter-value mb-0" aria-hidden="true">
                <span data-count-to={counter.value} data-testid="counter-value">
                  0
                </span>
                <noscript>{counter.value}</noscript>
              </p>
              <p className="visually-hidden">
                {formatCount(counter.value, counter.sentence, locale)}
              </p>
              <p className="fw-semibold mb-0" aria-hidden="true">
                {counter.label}
              </p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
