import { useId } from 'react';
import { CONTACT_SERVICES, type ContactService } from '../../../shared/domain/contact.ts';
import { Icon } from '../../components/icon.tsx';
import type { InboxView } from './inbox-view.ts';

export interface InboxToolbarProps {
  view: InboxView;
  onChange: (changes: Partial<InboxView>) => void;
}

/** Search, filters and order of the list; every change lands in the URL. */
export function InboxToolbar({ view, onChange }: InboxToolbarProps) {
  const id = useId();
  return (
    <form
      className="row g-2 align-items-end mb-3 inbox-toolbar"
      role="search"
      aria-label="Rechercher et filtrer les messages"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="col-12 col-lg-4">
        <label htmlFor={`${id}-q`} className="form-label small mb-1">
          Rechercher
        </label>
        <div className="input-group input-group-sm">
          <span className="input-group-text" aria-hidden="true">
            <Icon name="search" />
          </span>
          <input
            id={`${id}-q`}
            type="search"
            className="form-control"
            placeholder="Nom, e-mail, sujet ou message"
            value={view.query}
            maxLength={200}
            onChange={(event) => onChange({ query: event.target.value })}
          />
        </div>
      </div>
      <div className="col-6 col-md-3 col-lg-2">
        <label htmlFor={`${id}-service`} className="form-label small mb-1">
          Service
        </label>
        <select
          id={`${id}-service`}
          className="form-select form-select-sm"
          value={view.service ?? ''}
          onChange={(event) =>
            onChange({
              service:
                CONTACT_SERVICES.find((service) => service === event.target.value) ??
                (null as ContactService | null),
            })
          }
        >
          <option value="">Tous les services</option>
          {CONTACT_SERVICES.map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-3 col-lg-2">
        <label htmlFor={`${id}-from`} className="form-label small mb-1">
          Du
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="form-control form-control-sm"
          value={view.from ?? ''}
          max={view.to ?? undefined}
          onChange={(event) => onChange({ from: event.target.value || null })}
        />
      </div>
      <div className="col-6 col-md-3 col-lg-2">
        <label htmlFor={`${id}-to`} className="form-label small mb-1">
          Au
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="form-control form-control-sm"
          value={view.to ?? ''}
          min={view.from ?? undefined}
          onChange={(event) => onChange({ to: event.target.value || null })}
        />
      </div>
      <div className="col-6 col-md-3 col-lg-2">
        <label htmlFor={`${id}-sort`} className="form-label small mb-1">
          Trier par date
        </label>
        <select
          id={`${id}-sort`}
          className="form-select form-select-sm"
          value={view.sort}
          onChange={(event) =>
            onChange({ sort: event.target.value === 'oldest' ? 'oldest' : 'newest' })
          }
        >
          <option value="newest">Plus récents d’abord</option>
          <option value="oldest">Plus anciens d’abord</option>
        </select>
      </div>
    </form>
  );
}
