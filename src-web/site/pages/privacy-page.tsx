import { ROUTES } from '../../../shared/domain/routes.ts';
import { useCatalogue } from '../../content/catalogue-context.tsx';
import { Icon } from '../../components/icon.tsx';
import { Section } from '../components/section.tsx';
import { formatDate } from '../../content/format.ts';

export default function PrivacyPage() {
  const { locale, pageMeta, privacy, ui } = useCatalogue();
  const meta = pageMeta[ROUTES.privacy];
  return (
    <Section
      id="titre-politique"
      kicker={ui.privacyPage.kicker}
      title={meta.heading}
      level={1}
      containerClassName="privacy-content"
      intro={privacy.intro}
    >
      {privacy.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="mb-4"
          aria-labelledby={`${section.id}-titre`}
        >
          <h2 id={`${section.id}-titre`} className="h4">
            {section.title}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.email && (
            <p>
              <Icon name="envelope" className="me-2 text-primary" />
              <a href={`mailto:${section.email}`} dir="ltr">
                {section.email}
              </a>
            </p>
          )}
        </section>
      ))}
      <p className="small text-body-secondary">
        {ui.privacyPage.updated}{' '}
        <time dateTime={privacy.updated}>{formatDate(privacy.updated, locale)}</time>
      </p>
    </Section>
  );
}
