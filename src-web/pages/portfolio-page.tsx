import { ROUTES } from '../../shared/domain/routes.ts';
import { pageMeta, portfolio } from '../content/index.ts';
import { Section } from '../components/section.tsx';
import { ProjectGrid } from '../components/sections/project-grid.tsx';

export default function PortfolioPage() {
  const meta = pageMeta[ROUTES.portfolio];
  return (
    <Section
      id="titre-portfolio"
      kicker="Portfolio"
      title={meta.heading}
      level={1}
      intro={meta.intro}
    >
      <ProjectGrid projects={portfolio} badge="Développement" deferPictures />
    </Section>
  );
}
