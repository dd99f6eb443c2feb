import { useId } from 'react';
import { CONTACT_SERVICES } from '../../../shared/domain/contact.ts';
import { FormField } from '../../components/form-field.tsx';
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
      <FormField id={`${id}-q`} label="Rechercher" compact className="col-12 col-lg-4">
        {(field) => (
          <div className="input-group input-group-sm">
            <span className="input-group-text" aria-hidden="true">
              <Icon name="search" />
            </span>
            <input
              {...field.props}
              type="search"
              className={field.className('form-control')}
              placeholder="Nom, e-mail, sujet ou message"
              value={view.query}
              maxLength={200}
              onChange={(event) => onChange({ query: event.target.value })}
            />
          </div>
        )}
      </FormField>
      <FormField id={`${id}-service`} label="Service" compact className="col-6 col-md-3 col-lg-2">
        {(field) => (
          <select
            {...field.props}
            className={field.className('form-select form-select-sm')}
            value={view.service ?? ''}
            onChange={(event) =>
              onChange({
                service: CONTACT_SERVICES.find((service) => service === event.target.value) ?? null,
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
        )}
      </FormField>
      <FormField id={`${id}-from`} label="Du" compact className="col-6 col-md-3 col-lg-2">
        {(field) => (
          <input
            {...field.props}
            type="date"
            className={field.className('form-control form-control-sm')}
            value={view.from ?? ''}
            max={view.to ?? undefined}
            onChange={(event) => onChange({ from: event.target.value || null })}
          />
        )}
      </FormField>
      <FormField id={`${id}-to`} label="Au" compact className="col-6 col-md-3 col-lg-2">
        {(field) => (
          <input
            {...field.props}
            type="date"
            className={field.className('form-control form-control-sm')}
            value={view.to ?? ''}
            min={view.from ?? undefined}
            onChange={(event) => onChange({ to: event.target.value || null })}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-sort`}
        label="Trier par date"
        compact
        className="col-6 col-md-3 col-lg-2"
      >
        {(field) => (
          <select
            {...field.props}
            className={field.className('form-select form-select-sm')}
            value={view.sort}
            onChange={(event) =>
              onChange({ sort: event.target.value === 'oldest' ? 'oldest' : 'newest' })
            }
          >
            <option value="newest">Plus récents d’abord</option>
            <option value="oldest">Plus anciens d’abord</option>
          </select>
        )}
      </FormField>
    </form>
  );
}
