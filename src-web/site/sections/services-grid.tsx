import { useCatalogue } from '../../content/catalogue-context.tsx';
import { telHref } from '../../content/format.ts';
import { contactLink } from '../contact-link.ts';
import { Icon } from '../../components/icon.tsx';
import { useItemHeading } from '../components/section.tsx';

/**
 * The eleven services, each with an order link to the contact page's form (its service chosen,
 * the subject filled in with the service's name); on the home page, the
 * call-us card closes the grid (the services page has its own box with the number instead).
 * Each card's title is one level under the heading of the section it sits in (useItemHeading).
 */
export function ServicesGrid({ callCard = false }: { callCard?: boolean }) {
  const Title = useItemHeading();
  const { agency, callUs, services, language, ui } = useCatalogue();
  return (
    <ul className="row g-4 list-unstyled mb-0">
      {services.map((service) => (
        <li key={service.id} className="col-sm-6 col-lg-4">
          <article className="card card-lift h-100 p-4">
            <span className="feature-icon mb-3">
              <Icon name={service.icon} />
            </span>
            <Title className="h5">{service.title}</Title>
            <p className="text-body-secondary flex-grow-1">{service.text}</p>
            <a
              href={contactLink({
                service: service.contactService,
                subject: service.title,
                language,
              })}
              className="btn btn-outline-primary align-self-start"
              aria-label={ui.servicesGrid.orderLabel(service.title)}
            >
              {ui.servicesGrid.order}
              <Icon name="arrow-right" className="ms-2 icon-flip" />
            </a>
          </article>
        </li>
      ))}
      {callCard && (
        <li className="col-sm-6 col-lg-4">
          <article className="card call-card h-100 p-4 border-0">
            <span className="feature-icon mb-3 bg-warning">
              <Icon name="headset" />
            </span>
            <h3 className="h5 text-white">{callUs.title}</h3>
            <p className="flex-grow-1">{callUs.text}</p>
            <a
              href={telHref(agency.phone.e164)}
              className="btn btn-warning align-self-start"
              dir="ltr"
            >
              <Icon name="telephone" className="me-2" />
              {agency.phone.display}
            </a>
          </article>
        </li>
      )}
    </ul>
  );
}
