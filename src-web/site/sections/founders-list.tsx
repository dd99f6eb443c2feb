import { useCatalogue } from '../../content/catalogue-context.tsx';
import { Picture } from '../components/picture.tsx';
import { SocialLinks } from '../components/social-links.tsx';

/**
 * The three founding members: portrait, role, a line about them and their links. Near the
 * top of a page, `deferPictures` keeps the portraits below a phone's first screen (all but the
 * first) from competing with the banner; what a phone shows at once is never held back.
 */
export function FoundersList({ deferPictures = false }: { deferPictures?: boolean }) {
  const { founders, ui } = useCatalogue();
  return (
    <ul className="row g-4 list-unstyled justify-content-center mb-0">
      {founders.map((founder, index) => (
        <li key={founder.role} className="col-md-6 col-lg-4">
          <article className="card card-lift h-100 text-center p-4">
            <Picture
              image={founder.photo}
              sizes="160px"
              className="portrait mx-auto mb-3"
              deferred={deferPictures && index > 0}
            />
            <h3 className="h5 mb-1">{founder.role}</h3>
            <p className="small text-uppercase fw-semibold text-primary mb-2">
              {ui.founders.badge}
            </p>
            <p className="text-body-secondary">{founder.bio}</p>
            <SocialLinks
              links={founder.links}
              label={ui.founders.linksLabel(founder.role)}
              className="justify-content-center text-primary mt-auto"
            />
          </article>
        </li>
      ))}
    </ul>
  );
}
