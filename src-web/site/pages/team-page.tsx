import { ROUTES } from '../../../shared/domain/routes.ts';
import { useCatalogue } from '../../content/catalogue-context.tsx';
import { Icon } from '../../components/icon.tsx';
import { Section } from '../components/section.tsx';
import { FoundersList } from '../sections/founders-list.tsx';

export default function TeamPage() {
  const { pageMeta, workTeam, ui } = useCatalogue();
  const text = ui.teamPage;
  const meta = pageMeta[ROUTES.team];
  return (
    <>
      <Section
        id="titre-equipe"
        kicker={text.kicker}
        title={meta.heading}
        level={1}
        intro={meta.intro}
      >
        <h2 className="h3 text-center mb-4">{text.foundersTitle}</h2>
        <FoundersList deferPictures />
      </Section>
      <Section id="equipe-de-travail" kicker={text.workKicker} title={text.workTitle} soft>
        <ul className="row g-3 list-unstyled mb-0">
          {workTeam.map((member) => (
            <li key={member.role} className="col-sm-6 col-lg-4 col-xl-3">
              <article className="card card-lift h-100 p-3 d-flex flex-row gap-3 align-items-center">
                <span className="feature-icon">
                  <Icon name={member.icon} />
                </span>
                <div>
                  <h3 className="h6 mb-1">{member.role}</h3>
                  <p className="small text-body-secondary mb-0">
                    <Icon name="mortarboard" className="me-1" />
                    <span className="visually-hidden">{text.studyLevel}</span>
                    {member.studyLevel}
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
