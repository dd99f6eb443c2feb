import { ROUTES } from '../../../shared/domain/routes.ts';
import { useCatalogue, useLocalizedPath } from '../../content/catalogue-context.tsx';
import { Icon } from '../../components/icon.tsx';
import { Section } from '../components/section.tsx';

/** Section 4 of the home page: the three training offers and a contact button. */
export function TrainingSection() {
  const { training, ui } = useCatalogue();
  const href = useLocalizedPath();
  return (
    <Section
      id="formations"
      kicker={ui.training.kicker}
      title={training.title}
      soft
      intro={training.intro}
    >
      <ul className="row g-4 list-unstyled">
        {training.offers.map((offer) => (
          <li key={offer.title} className="col-lg-4">
            <article className="card card-lift h-100 p-4">
              <span className="feature-icon mb-3">
                <Icon name={offer.icon} />
              </span>
              <h3 className="h5">{offer.title}</h3>
              <p className="text-body-secondary">{offer.text}</p>
              <ul className="list-unstyled d-grid gap-2 mb-0">
                {offer.points.map((point) => (
                  <li key={point} className="d-flex gap-2">
                    <Icon name="check2-circle" className="text-success mt-1" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </article>
          </li>
        ))}
      </ul>
      <div className="text-center mt-5">
        <a href={href(ROUTES.contact)} className="btn btn-primary btn-lg">
          <Icon name="envelope" className="me-2" />
          {ui.training.contact}
        </a>
      </div>
    </Section>
  );
}
