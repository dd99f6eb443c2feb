import { founders } from '../../content/index.ts';
import { Picture } from '../picture.tsx';
import { SocialLinks } from '../social-links.tsx';

/**
 * The three founding members: portrait, role, a line about them and their links. Near the
 * top of a page, `deferPictures` keeps the portraits from competing with the banner.
 */
export function FoundersList({ deferPictures = false }: { deferPictures?: boolean }) {
  return (
    <ul className="row g-4 list-unstyled justify-content-center mb-0">
      {founders.map((founder) => (
        <li key={founder.role} className="col-md-6 col-lg-4">
          <article className="card card-lift h-100 text-center p-4">
            <Picture
              image={founder.photo}
              sizes="160px"
              className="portrait mx-auto mb-3"
              deferred={deferPictures}
            />
            <h3 className="h5 mb-1">{founder.role}</h3>
            <p className="small text-uppercase fw-semibold text-primary mb-2">Membre fondateur</p>
            <p className="text-body-secondary">{founder.bio}</p>
            <SocialLinks
              links={founder.links}
              label={`Liens du ${founder.role.toLowerCase()}`}
              className="justify-content-center text-primary mt-auto"
            />
          </article>
        </li>
      ))}
    </ul>
  );
}
