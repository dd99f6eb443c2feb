import { useCatalogue } from '../../../content/catalogue-context.tsx';
import { telHref } from '../../../content/format.ts';
import { CONTACT_FORM_SLOT_ATTRIBUTE } from './contact-form-loader.ts';

const EMPTY_SLOT = `<div class="contact-form-slot" ${CONTACT_FORM_SLOT_ATTRIBUTE}=""></div>`;

/**
 * The place of the contact form in a page. The form is prerendered on its own (as the root
 * it becomes in the browser, so that it hydrates as is) and written into every slot by
 * `fillContactFormSlots`. Without JavaScript the form cannot be sent: a note says how else
 * to reach the agency.
 */
export function ContactFormSlot() {
  const { agency, ui } = useCatalogue();
  return (
    <>
      <div className="contact-form-slot" {...{ [CONTACT_FORM_SLOT_ATTRIBUTE]: '' }} />
      <noscript>
        <p className="bg-soft rounded p-3 mt-3 mb-0">
          {ui.noScriptForm.before}
          <a href={`mailto:${agency.email}`} dir="ltr">
            {agency.email}
          </a>
          {ui.noScriptForm.or}
          <a href={telHref(agency.phone.e164)} dir="ltr">
            {agency.phone.display}
          </a>
          {ui.noScriptForm.after}
        </p>
      </noscript>
    </>
  );
}

/** Writes the prerendered form into the empty slots of a prerendered page. */
export function fillContactFormSlots(pageHtml: string, formHtml: string): string {
  const filled = pageHtml.replaceAll(
    EMPTY_SLOT,
    EMPTY_SLOT.replace('></div>', `>${formHtml}</div>`),
  );
  if (filled.split(CONTACT_FORM_SLOT_ATTRIBUTE).length !== pageHtml.split(EMPTY_SLOT).length) {
    throw new Error('Emplacement du formulaire de contact non reconnu dans la page.');
  }
  return filled;
}
