import { hydrateRoot } from 'react-dom/client';
import type { ContactFormProps } from './contact-form.tsx';
import { ContactFormRoot } from './contact-form-root.tsx';

/** Takes over the prerendered form in `slot`, keeping what the visitor has typed. */
export function hydrateContactForm(slot: HTMLElement, props: ContactFormProps) {
  hydrateRoot(slot, <ContactFormRoot {...props} />);
}
