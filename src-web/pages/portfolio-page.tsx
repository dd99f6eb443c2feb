import { ROUTES } from '../../shared/domain/routes.ts';
import { pageMeta, portfolio } from '../content/index.ts';
import { SectionHeading } from '../components/section-heading.tsx';
import { ProjectGrid } from '../components/sections/project-grid.tsx';
import { usePageMeta } from '../hooks/use-page-meta.ts';

export default function PortfolioPage() {
  usePageMeta(ROUTES.portfolio);
  const meta = pageMeta[ROUTES.portfolio];
  return (
    <section className="section" aria-labelledby="titre-portfolio">
      <div className="container">
        <SectionHeading kicker="Portfolio" title={meta.heading} id="titre-portfolio" level={1}>
          {meta.description}
        </SectionHeading>
        <ProjectGrid projects={portfolio} badge="Développement" />
      </div>
    </section>
  );
}
