import { ROUTES } from '../../../shared/domain/routes.ts';
import { useCatalogue } from '../../content/catalogue-context.tsx';
import { Section } from '../components/section.tsx';
import { ProjectGrid } from '../sections/project-grid.tsx';

export default function PortfolioPage() {
  const { pageMeta, portfolio, ui } = useCatalogue();
  const meta = pageMeta[ROUTES.portfolio];
  return (
    <Section
      id="titre-portfolio"
      kicker={ui.portfolioPage.kicker}
      title={meta.heading}
      level={1}
      intro={meta.intro}
    >
      <ProjectGrid projects={portfolio} badge={ui.projects.developmentBadge} deferPictures />
    </Section>
  );
}
