import { HOME_PORTFOLIO_COUNT } from '../../shared/domain/constants.ts';
import { ROUTES } from '../../shared/domain/routes.ts';
import { pageMeta, portfolio } from '../content/index.ts';
import { Section } from '../components/section.tsx';
import { ContactSection } from '../components/sections/contact-section.tsx';
import { CountersSection } from '../components/sections/counters-section.tsx';
import { FoundersList } from '../components/sections/founders-list.tsx';
import { ProjectGrid } from '../components/sections/project-grid.tsx';
import { ReasonsSection } from '../components/sections/reasons-section.tsx';
import { ServicesGrid } from '../components/sections/services-grid.tsx';
import { TrainingSection } from '../components/sections/training-section.tsx';

/** The home page: its seven sections, in order (docs/architecture.md). */
export default function HomePage() {
  return (
    <>
      <h1 className="visually-hidden">{pageMeta[ROUTES.home].heading}</h1>
      <CountersSection />
      <ReasonsSection />
      <Section
        id="services-accueil"
        kicker="Nos services"
        title="Tout pour développer votre activité"
        soft
      >
        <ServicesGrid callCard />
      </Section>
      <TrainingSection />
      <Section id="fondateurs-accueil" kicker="L’équipe" title="Les membres fondateurs">
        <FoundersList />
      </Section>
      <Section id="portfolio-accueil" kicker="Portfolio" title="Nos dernières réalisations" soft>
        <ProjectGrid projects={portfolio.slice(0, HOME_PORTFOLIO_COUNT)} />
        <div className="text-center mt-5">
          <a href={ROUTES.portfolio} className="btn btn-outline-primary">
            Voir tout le portfolio
          </a>
        </div>
      </Section>
      <ContactSection />
    </>
  );
}
