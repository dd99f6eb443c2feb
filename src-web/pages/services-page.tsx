import { ROUTES } from '../../shared/domain/routes.ts';
import { agency, pageMeta, plans, pricing, servicesBox } from '../content/index.ts';
import { Icon } from '../components/icon.tsx';
import { Section } from '../components/section.tsx';
import { ServicesGrid } from '../components/sections/services-grid.tsx';
import { contactLink } from '../contact-link.ts';
import { formatPriceDzd, telHref } from '../format.ts';

/** Services page: its heading, the services grid, the phone box, then the price cards. */
export default function ServicesPage() {
  const meta = pageMeta[ROUTES.services];
  return (
    <>
      <Section
        id="titre-services"
        kicker="Ce que nous faisons"
        title={meta.heading}
        level={1}
        className="pb-4"
        intro={meta.intro}
      >
        <ServicesGrid />
        <aside className="card bg-soft border-0 p-4 mt-5 d-md-flex flex-md-row align-items-md-center gap-4">
          <span className="feature-icon">
            <Icon name="telephone" />
          </span>
          <div className="flex-grow-1">
            <h2 className="h5 mb-1">{servicesBox.title}</h2>
            <p className="mb-0 text-body-secondary">{servicesBox.text}</p>
          </div>
          <a
            href={telHref(agency.phone.e164)}
            className="btn btn-primary btn-lg mt-3 mt-md-0 text-nowrap"
          >
            <Icon name="telephone" className="me-2" />
            {agency.phone.display}
          </a>
        </aside>
      </Section>
      <Section id="tarifs" kicker={pricing.kicker} title={pricing.title} soft intro={pricing.text}>
        {/* One grid row per line of cards: title, summary, price, features and button of the
            cards side by side line up, so their prices sit on one line. */}
        <ul className="plan-grid list-unstyled mb-0">
          {plans.map((plan) => (
            <li key={plan.id} className="plan-cell">
              <article
                className={`card card-lift plan-card h-100 p-4${plan.featured ? ' plan-featured' : ''}`}
                aria-labelledby={`plan-${plan.id}`}
              >
                <div>
                  {plan.featured && (
                    <span className="badge text-bg-warning mb-2">Le plus demandé</span>
                  )}
                  <h3 id={`plan-${plan.id}`} className="h5 mb-1">
                    {plan.title}
                  </h3>
                  <p className="text-body-secondary small mb-0">{plan.summary}</p>
                </div>
                <p className="mb-0">
                  <span className="d-block small text-uppercase fw-semibold text-body-secondary">
                    À partir de
                  </span>
                  <span className="plan-price" data-testid="plan-price">
                    {formatPriceDzd(plan.priceDzd)}
                  </span>
                  <span className="text-body-secondary"> / {plan.priceUnit}</span>
                </p>
                <ul className="list-unstyled d-grid gap-2 mb-0 align-content-start">
                  {plan.features.map((feature) => (
                    <li key={feature} className="d-flex gap-2">
                      <Icon name="check2-circle" className="text-success mt-1" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
                <a
                  href={contactLink(plan.contactService)}
                  className={`btn ${plan.featured ? 'btn-warning' : 'btn-primary'} align-self-end`}
                  aria-label={`Commandez Maintenant : ${plan.title}`}
                >
                  Commandez Maintenant
                </a>
              </article>
            </li>
          ))}
        </ul>
        <p className="text-center mt-4 mb-0">
          <a href={ROUTES.contact}>Une demande particulière ? Demandez un devis sur mesure.</a>
        </p>
      </Section>
    </>
  );
}
