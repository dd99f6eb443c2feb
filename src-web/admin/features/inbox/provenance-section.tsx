import { Fragment, useId } from 'react';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { LEAD_SOURCES } from '../../../../shared/domain/leads/pipeline.ts';
import { provenanceOf } from '../../../../shared/domain/leads/sources.ts';

/**
 * « Provenance » in the message panel: the page the message was sent from and its language,
 * the referring site and the campaign's utm_* (docs/inbox.md, « La provenance »). A message
 * stored before these were recorded says so rather than showing blanks; a lead the owner typed
 * in says where it came from.
 */
export function ProvenanceSection({ message }: { message: ContactMessage }) {
  const id = useId();
  const rows = provenanceOf(message);
  return (
    <section className="provenance-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5 mb-3">
        Provenance
      </h3>
      {message.source !== 'formulaire' ? (
        // A lead the owner typed in (« Nouveau contact »): no page, no site, no campaign.
        <p className="text-body-secondary mb-0">
          Contact saisi dans le tableau de bord (source : {LEAD_SOURCES[message.source]}).
        </p>
      ) : rows === null ? (
        <p className="text-body-secondary mb-0">
          Non enregistrée : message reçu avant qu’elle le soit, ou envoyé hors du formulaire du
          site.
        </p>
      ) : (
        <dl className="message-details provenance-details">
          {rows.map(({ label, value }) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd className="text-break" dir="auto">
                {value}
              </dd>
            </Fragment>
          ))}
        </dl>
      )}
    </section>
  );
}
