import type { ReactNode } from 'react';
import { useCatalogue } from '../../content/catalogue-context.tsx';
import { telHref } from '../../content/format.ts';
import { Icon } from '../../components/icon.tsx';

/** The agency's address, phone and e-mail (and anything after them), as the top bar and the footer show them. */
export function ContactList({ className, children }: { className: string; children?: ReactNode }) {
  const { agency } = useCatalogue();
  return (
    <ul className={className}>
      <li>
        <Icon name="geo-alt" className="me-2 text-warning" />
        {agency.address.display}
      </li>
      <li>
        <Icon name="telephone" className="me-2 text-warning" />
        <a href={telHref(agency.phone.e164)} dir="ltr">
          {agency.phone.display}
        </a>
      </li>
      <li>
        <Icon name="envelope" className="me-2 text-warning" />
        <a href={`mailto:${agency.email}`} dir="ltr">
          {agency.email}
        </a>
      </li>
      {children}
    </ul>
  );
}
