import { localizedPath, ROUTES } from '../../../shared/domain/routes.ts';
import { useCatalogue } from '../../content/catalogue-context.tsx';
import type { Plan } from '../../content/types.ts';
import { Icon } from '../../components/icon.tsx';
import { Section } from '../components/section.tsx';
import { ServicesGrid } from '../sections/services-grid.tsx';
import { contactLink } from '../contact-link.ts';
import { formatPriceDzd, telHref } from '../../content/format.ts';
import { PlanWhatsappLink } from '../components/whatsapp-link.tsx';

/** « Commandez Maintenant »: the contact form, its service chosen, the plan as its subject. */
function OrderLink({ plan, className }: { plan: Plan; className: string }) {
  const { language, locale, ui } = useCatalogue();
  // The subject it fills in, editable: the plan and its price.
  const price =
    plan.priceDzd === null ? ui.servicesPage.budgetToDefine : formatPriceDzd(plan.priceDzd, locale);
  return (
    <a
      href={contactLink({
        service: plan.contactService,
        subject: `${plan.title} — ${price}`,
        language,
      })}
      className={className}
      aria-label={ui.servicesPage.orderLabel(plan.title)}
    >
      {ui.servicesPage.order}
    </a>
  );
}

/** « À partir de 28 000 DZD / le site », or « ????? » and « budget à définir » under it. */
function PlanPrice({ plan }: { plan: Plan }) {
  const { locale, ui } = useCatalogue();
  return (
    <p className="mb-0">
      <span className="d-block small text-uppercase fw-semibold text-body-secondary">
        {ui.servicesPage.from}
      </span>
      <span className="plan-price" data-testid="plan-price">
        {formatPriceDzd(plan.priceDzd, locale)}
      </span>
      <span className="text-body-secondary"> / {plan.priceUnit}</span>
      {plan.priceDzd === null && (
        // The specification's « ????? », said in words so that nobody takes it for broken text.
        <span className="d-block text-body-secondary" data-testid="plan-budget">
          {ui.servicesPage.budgetToDefine}
        </span>
      )}
    </p>
  );
}

/**
 * Services page, in the specification's order: it begins with its pricing heading and the
 * first plan, the static website, with its price and order link; then the services grid and
 * the phone box; the price cards end the page.
 */
export default function ServicesPage() {
  const { agency, language, pageMeta, plans, pricing, servicesBox, ui } = useCatalogue();
  const meta = pageMeta[ROUTES.services];
  const [firstPlan] = plans;
  return (
    <>
      <Section
        id="titre-services"
        kicker={ui.servicesPage.offersKicker}
        title={meta.heading}
        level={1}
        className="pb-4"
        intro={meta.intro}
      >
        {firstPlan && (
          <article
            className="card card-lift plan-card first-plan p-4 mx-auto"
            aria-labelledby={`premiere-formule-${firstPlan.id}`}
          >
            <div>
              <h2 id={`premiere-formule-${firstPlan.id}`} className="h4 mb-1">
                {firstPlan.title}
              </h2>
              <p className="text-body-secondary mb-0">{firstPlan.summary}</p>
            </div>
            <PlanPrice plan={firstPlan} />
            <OrderLink plan={firstPlan} className="btn btn-warning btn-lg" />
          </article>
        )}
      </Section>
      <Section
        id="nos-services"
        kicker={ui.servicesPage.kicker}
        title={ui.servicesPage.servicesTitle}
        className="pt-4"
      >
        <ServicesGrid />
        <aside className="card bg-soft border-0 p-4 mt-5 d-md-flex flex-md-row align-items-md-center gap-4">
          <span className="feature-icon">
            <Icon name="telephone" />
          </span>
          <div className="flex-grow-1">
            <h3 className="h5 mb-1">{servicesBox.title}</h3>
            <p className="mb-0 text-body-secondary">{servicesBox.text}</p>
          </div>
          <a
            href={telHref(agency.phone.e164)}
            className="btn btn-primary btn-lg mt-3 mt-md-0 text-nowrap"
            dir="ltr"
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
                    <span className="badge text-bg-warning mb-2">{ui.servicesPage.featured}</span>
                  )}
                  <h3 id={`plan-${plan.id}`} className="h5 mb-1">
                    {plan.title}
                  </h3>
                  <p className="text-body-secondary small mb-0">{plan.summary}</p>
                </div>
                <PlanPrice plan={plan} />
                <ul className="list-unstyled d-grid gap-2 mb-0 align-content-start">
                  {plan.features.map((feature) => (
                    <li key={feature} className="d-flex gap-2">
                      <Icon name="check2-circle" className="text-success mt-1" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
                <div className="d-grid gap-2 align-self-end">
                  <OrderLink
                    plan={plan}
                    className={`btn ${plan.featured ? 'btn-warning' : 'btn-primary'}`}
                  />
                  <PlanWhatsappLink path={localizedPath(ROUTES.services, language)} plan={plan} />
                </div>
              </article>
            </li>
          ))}
        </ul>
        <p className="text-center mt-4 mb-0">
          <a href={contactLink({ language })}>{ui.servicesPage.custom}</a>
        </p>
      </Section>
    </>
  );
}
