import { Link } from 'react-router-dom';
import { ROUTES } from '../../shared/domain/routes.ts';
import { agency, pageMeta, plans, pricingIntro, servicesBox } from '../content/index.ts';
import { Icon } from '../components/icon.tsx';
import { Section } from '../components/section.tsx';
import { ServicesGrid } from '../components/sections/services-grid.tsx';
import { contactLink } from '../contact-link.ts';
import { formatPriceDzd, telHref } from '../format.ts';
import { usePageMeta } from '../hooks/use-page-meta.ts';

/** Services page: pricing heading, the services grid, the phone box, then the price cards. */
export default function ServicesPage() {
  usePageMeta(ROUTES.services);
  const meta = pageMeta[ROUTES.services];
  return (
    <>
      <Section
        id="titre-services"
        kicker={pricingIntro.heading}
        title={meta.heading}
        level={1}
        className="pb-4"
        intro={pricingIntro.text}
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
            {agency.phone.display}
          </a>
        </aside>
      </Section>
      <Section id="tarifs" kicker="Tarifs" title={pricingIntro.heading} soft>
        <ul className="row g-4 list-unstyled mb-0">
          {plans.map((plan) => (
            <li key={plan.id} className="col-md-6 col-lg-4">
              <article
                className={`card card-lift plan-card h-100 p-4${plan.featured ? ' plan-featured' : ''}`}
                aria-labelledby={`plan-${plan.id}`}
              >
                {plan.featured && (
                  <span className="badge text-bg-warning align-self-start mb-2">
                    Le plus demandé
                  </span>
                )}
                <h3 id={`plan-${plan.id}`} className="h5 mb-1">
                  {plan.title}
                </h3>
                <p className="text-body-secondary small">{plan.summary}</p>
                <p className="mb-3">
                  <span className="d-block small text-uppercase fw-semibold text-body-secondary">
                    À partir de
                  </span>
                  <span className="plan-price" data-testid="plan-price">
                    {formatPriceDzd(plan.priceDzd)}
                  </span>
                  <span className="text-body-secondary"> / {plan.priceUnit}</span>
                </p>
                {plan.priceDzd === null && (
                  <p className="small text-body-secondary">Budget à définir par le client.</p>
                )}
                <ul className="list-unstyled d-grid gap-2 mb-4">
                  {plan.features.map((feature) => (
                    <li key={feature} className="d-flex gap-2">
                      <Icon name="check2-circle" className="text-success mt-1" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
                <Link
                  to={contactLink(plan.contactService)}
                  className={`btn ${plan.featured ? 'btn-warning' : 'btn-primary'} mt-auto`}
                  aria-label={`Commandez Maintenant : ${plan.title}`}
                >
                  Commandez Maintenant
                </Link>
              </article>
            </li>
          ))}
        </ul>
        <p className="text-center mt-4 mb-0">
          <Link to={ROUTES.contact}>Une demande particulière ? Demandez un devis sur mesure.</Link>
        </p>
      </Section>
    </>
  );
}
