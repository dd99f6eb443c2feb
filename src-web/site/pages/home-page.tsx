import { HOME_PORTFOLIO_COUNT } from '../../../shared/domain/constants.ts';
import { ROUTES } from '../../../shared/domain/routes.ts';
import { useCatalogue, useLocalizedPath } from '../../content/catalogue-context.tsx';
import { Section } from '../components/section.tsx';
import { ContactSection } from '../sections/contact-section.tsx';
import { CountersSection } from '../sections/counters-section.tsx';
import { FoundersList } from '../sections/founders-list.tsx';
import { ProjectGrid } from '../sections/project-grid.tsx';
import { ReasonsSection } from '../sections/reasons-section.tsx';
import { ServicesGrid } from '../sections/services-grid.tsx';
import { TrainingSection } from '../sections/training-section.tsx';

/** The home page: its seven sections, in order (docs/architecture.md). */
export default function HomePage() {
  const { pageMeta, portfolio, ui } = useCatalogue();
  const href = useLocalizedPath();
  return (
    <>
      <h1 className="visually-hidden">{pageMeta[ROUTES.home].heading}</h1>
      <CountersSection />
      <ReasonsSection />
      <Section
        id="services-accueil"
        kicker={ui.home.servicesKicker}
        title={ui.home.servicesTitle}
        soft
      >
        <ServicesGrid callCard />
      </Section>
      <TrainingSection />
      <Section id="fondateurs-accueil" kicker={ui.home.teamKicker} title={ui.home.foundersTitle}>
        <FoundersList />
      </Section>
      <Section
        id="portfolio-accueil"
        kicker={ui.home.portfolioKicker}
        title={ui.home.portfolioTitle}
        soft
      >
        <ProjectGrid projects={portfolio.slice(0, HOME_PORTFOLIO_COUNT)} />
        <div className="text-center mt-5">
          <a href={href(ROUTES.portfolio)} className="btn btn-outline-primary">
            {ui.home.portfolioAll}
          </a>
        </div>
      </Section>
      <ContactSection />
    </>
  );
}
