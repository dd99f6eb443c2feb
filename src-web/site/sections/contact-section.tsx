import { useCatalogue } from '../../content/catalogue-context.tsx';
import { ContactFormSlot } from '../features/contact/contact-form-slot.tsx';
import { telHref } from '../../content/format.ts';
import { Icon } from '../../components/icon.tsx';
import { Section } from '../components/section.tsx';

/** Section 7 of the home page: the 24-hour support note and the contact form. */
export function ContactSection() {
  const { agency, contactSection, ui } = useCatalogue();
  return (
    <Section
      id="contact-accueil"
      kicker={ui.contactPage.kicker}
      title={contactSection.title}
      intro={contactSection.intro}
    >
      <div className="row g-4 g-lg-5">
        <div className="col-lg-4">
          <div className="card call-card p-4 h-100 border-0">
            <span className="feature-icon bg-warning mb-3">
              <Icon name="headset" />
            </span>
            <p className="h4 text-white">{contactSection.supportNote}</p>
            <p>
              <a className="link-light fw-semibold" href={telHref(agency.phone.e164)} dir="ltr">
                <Icon name="telephone" className="me-2" />
                {agency.phone.display}
              </a>
            </p>
            <p className="mb-0">
              <a className="link-light" href={`mailto:${agency.email}`} dir="ltr">
                <Icon name="envelope" className="me-2" />
                {agency.email}
              </a>
            </p>
          </div>
        </div>
        <div className="col-lg-8">
          <ContactFormSlot />
        </div>
      </div>
    </Section>
  );
}
