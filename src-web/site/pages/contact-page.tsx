import { ROUTES } from '../../../shared/domain/routes.ts';
import { useCatalogue } from '../../content/catalogue-context.tsx';
import { Icon } from '../../components/icon.tsx';
import { Section } from '../components/section.tsx';
import { CONTACT_FORM_ANCHOR } from '../contact-link.ts';
import { ContactFormSlot } from '../features/contact/contact-form-slot.tsx';
import { MapEmbed } from '../features/contact/map-embed.tsx';
import { telHref } from '../../content/format.ts';

export default function ContactPage() {
  const { agency, pageMeta, ui } = useCatalogue();
  const text = ui.contactPage;
  const meta = pageMeta[ROUTES.contact];
  const details = [
    {
      icon: 'telephone',
      title: text.phone,
      body: (
        <a href={telHref(agency.phone.e164)} dir="ltr">
          {agency.phone.display}
        </a>
      ),
    },
    {
      icon: 'envelope',
      title: text.email,
      body: (
        <a href={`mailto:${agency.email}`} dir="ltr">
          {agency.email}
        </a>
      ),
    },
    {
      icon: 'geo-alt',
      title: text.address,
      body: <address className="mb-0">{agency.address.display}</address>,
    },
  ] as const;
  return (
    <Section
      id="titre-contact"
      kicker={text.kicker}
      title={meta.heading}
      level={1}
      intro={meta.intro}
    >
      <ul className="row g-4 list-unstyled mb-5">
        {details.map((detail) => (
          <li key={detail.title} className="col-md-4">
            <div className="card card-lift h-100 p-4 d-flex flex-row gap-3 align-items-center">
              <span className="feature-icon">
                <Icon name={detail.icon} />
              </span>
              <div>
                <h2 className="h6 mb-1">{detail.title}</h2>
                {detail.body}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="row g-4 g-lg-5">
        {/* Where order links land (contactLink), the form's heading in view. */}
        <div className="col-lg-7" id={CONTACT_FORM_ANCHOR}>
          <h2 className="h4 mb-3">{text.write}</h2>
          <ContactFormSlot />
        </div>
        <div className="col-lg-5">
          <h2 className="h4 mb-3">{text.find}</h2>
          <MapEmbed />
        </div>
      </div>
    </Section>
  );
}
