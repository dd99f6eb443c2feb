import { useCatalogue } from '../../content/catalogue-context.tsx';
import { Icon } from '../../components/icon.tsx';
import { Section } from '../components/section.tsx';

/** Section 2 of the home page: six reasons to choose the agency. */
export function ReasonsSection() {
  const { reasons, ui } = useCatalogue();
  return (
    <Section id="pourquoi-nous" kicker={ui.reasons.kicker} title={ui.reasons.title}>
      <ul className="row g-4 list-unstyled">
        {reasons.map((reason) => (
          <li key={reason.title} className="col-md-6 col-lg-4">
            <div className="d-flex gap-3">
              <span className="feature-icon">
                <Icon name={reason.icon} />
              </span>
              <div>
                <h3 className="h5">{reason.title}</h3>
                <p className="text-body-secondary mb-0">{reason.text}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
