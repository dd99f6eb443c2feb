import { StrictMode } from 'react';
import ContactForm, { type ContactFormProps } from './contact-form.tsx';

/** The form as its own root: the same tree prerendered (prerender/entry-server.tsx) and hydrated. */
export function ContactFormRoot(props: ContactFormProps) {
  return (
    <StrictMode>
      <ContactForm {...props} />
    </StrictMode>
  );
}
