import type { PortfolioProject } from '../../content/types.ts';
import { useCatalogue } from '../../content/catalogue-context.tsx';
import { formatDate } from '../../content/format.ts';
import { Icon } from '../../components/icon.tsx';
import { useItemHeading } from '../components/section.tsx';
import { Picture } from '../components/picture.tsx';

/**
 * Portfolio cards: picture, category badge, client, French date, link to the live project.
 * Each card's title is one level under the heading of the section it sits in (useItemHeading).
 * Near the top of a page, `deferPictures` keeps the pictures below a phone's first screen (all
 * but the first) from competing with the banner; what a phone shows at once is never held back.
 */
export function ProjectGrid({
  projects,
  badge,
  deferPictures = false,
}: {
  projects: readonly PortfolioProject[];
  badge?: string;
  deferPictures?: boolean;
}) {
  const Title = useItemHeading();
  const { locale, ui } = useCatalogue();
  return (
    <ul className="row g-4 list-unstyled mb-0">
      {projects.map((project, index) => (
        <li key={project.id} className="col-sm-6 col-lg-4">
          <article className="card card-lift project-card h-100 overflow-hidden">
            <Picture
              image={project.image}
              sizes="(min-width: 992px) 400px, (min-width: 576px) 50vw, 100vw"
              deferred={deferPictures && index > 0}
            />
            <div className="card-body d-flex flex-column">
              <div className="d-flex flex-wrap gap-2 mb-2">
                <span className="badge text-bg-primary">{badge ?? project.category}</span>
                {badge && <span className="badge text-bg-light">{project.category}</span>}
              </div>
              <Title className="h5 mb-1">{project.title}</Title>
              <p className="mb-1">
                <span className="visually-hidden">{ui.projects.client}</span>
                <Icon name="briefcase" className="me-2 text-primary" />
                {project.client}
              </p>
              <p className="small text-body-secondary">
                <Icon name="calendar-event" className="me-2" />
                <time dateTime={project.date}>{formatDate(project.date, locale)}</time>
              </p>
              <a
                href={project.url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-auto link-primary fw-semibold"
              >
                {ui.projects.open}
                <span className="visually-hidden">
                  {' '}
                  {project.client} {ui.projects.newTab}
                </span>
                <Icon name="box-arrow-up-right" className="ms-2 icon-flip" />
              </a>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
