import { ROUTES } from '../../shared/domain/routes.ts';
import { pageMeta, portfolio } from '../content/index.ts';
import { Section } from '../components/section.tsx';
import { ProjectGrid } from '../components/sections/project-grid.tsx';
import { usePageMeta } from '../hooks/use-page-meta.ts';

export default function PortfolioPage() {
  usePageMeta(ROUTES.portfolio);
  const meta = pageMeta[ROUTES.portfolio];
  return (
    <Section
      id="titre-portfolio"
      kicker="Portfolio"
      title={meta.heading}
      level={1}
      intro={meta.description}
    >
      <ProjectGrid projects={portfolio} badge="Développement" />
    </Section>
  );
}
