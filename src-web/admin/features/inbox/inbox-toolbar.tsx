import { useId, useState } from 'react';
import { CONTACT_LANGUAGES, CONTACT_SERVICES } from '../../../../shared/domain/contact.ts';
import { FOLLOW_UP_LABELS } from '../../../../shared/domain/leads/follow-up.ts';
import { LEAD_STATUSES, LEAD_STATUS_CODES } from '../../../../shared/domain/leads/pipeline.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LANGUAGE_LABELS } from './language-mark.tsx';
import { activeFilterCount, type FollowUpView, type InboxView } from './inbox-view.ts';

const FOLLOW_UP_VIEWS: readonly FollowUpView[] = ['today', 'overdue'];

export interface InboxToolbarProps {
  view: InboxView;
  onChange: (changes: Partial<InboxView>) => void;
  /**
   * A narrow screen: the search stays in sight, the filters and the order fold behind one
   * button, and every control is large enough for a finger.
   */
  compact: boolean;
  /** The backend has the lead pipeline: its filters (status, follow-up) are offered. */
  pipeline?: boolean;
  /** The sources the inbox's leads come from (sourcesOf), for the « Source » filter. */
  sources?: readonly string[];
}

/** Search, filters and order of the list; every change lands in the URL. */
export function InboxToolbar({
  view,
  onChange,
  compact,
  pipeline = false,
  sources = [],
}: InboxToolbarProps) {
  // A source the URL names stays offered, even once no message comes from it.
  const offered =
    view.source && !sources.includes(view.source) ? [...sources, view.source] : sources;
  const id = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const active = activeFilterCount(view);
  // Whole class names, for the build's unused-CSS pass (vite.config.ts).
  const sizes = compact
    ? { group: 'input-group', input: 'form-control', select: 'form-select' }
    : {
        group: 'input-group input-group-sm',
        input: 'form-control form-control-sm',
        select: 'form-select form-select-sm',
      };
  return (
    <form
      className={`row g-2 align-items-end mb-3 inbox-toolbar${compact ? ' inbox-toolbar-compact' : ''}`}
      role="search"
      aria-label="Rechercher et filtrer les messages"
      onSubmit={(event) => event.preventDefault()}
    >
      <FormField
        id={`${id}-q`}
        label="Rechercher"
        compact
        className={compact ? 'col' : 'col-12 col-lg-4'}
      >
        {(field) => (
          <div className={sizes.group}>
            {!compact && (
              <span className="input-group-text" aria-hidden="true">
                <Icon name="search" />
              </span>
            )}
            <input
              {...field.props}
              type="search"
              className={field.className('form-control')}
              placeholder={compact ? 'Nom, e-mail, sujet…' : 'Nom, e-mail, sujet ou message'}
              value={view.query}
              maxLength={200}
              onChange={(event) => onChange({ query: event.target.value })}
            />
          </div>
        )}
      </FormField>
      {compact && (
        <div className="col-auto">
          <button
            type="button"
            className="btn btn-outline-primary inbox-filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={`${id}-filters`}
            aria-label={
              active > 0 ? `Filtres, ${active} ${active > 1 ? 'actifs' : 'actif'}` : undefined
            }
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <Icon name="funnel" className="me-1" />
            Filtres
            {/* The space: what is seen (« Filtres 1 ») is in the name that is heard. */}
            {active > 0 && (
              <>
                {' '}
                <span className="badge rounded-pill text-bg-primary" aria-hidden="true">
                  {active}
                </span>
              </>
            )}
          </button>
        </div>
      )}
      <div
        id={`${id}-filters`}
        className="col-12 col-lg-8"
        hidden={compact && !filtersOpen}
        role={compact ? 'group' : undefined}
        aria-label={compact ? 'Filtres et tri' : undefined}
      >
        <div className="row g-2">
          <FormField
            id={`${id}-service`}
            label="Service"
            compact
            className={compact ? 'col-12' : 'col-6 col-md-3'}
          >
            {(field) => (
              <select
                {...field.props}
                className={field.className(sizes.select)}
                value={view.service ?? ''}
                onChange={(event) =>
                  onChange({
                    service:
                      CONTACT_SERVICES.find((service) => service === event.target.value) ?? null,
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
          <FormField
            id={`${id}-language`}
            label="Langue"
            compact
            className={compact ? 'col-12' : 'col-6 col-md-2'}
          >
            {(field) => (
              <select
                {...field.props}
                className={field.className(sizes.select)}
                value={view.language ?? ''}
                onChange={(event) =>
                  onChange({
                    language:
                      CONTACT_LANGUAGES.find((language) => language === event.target.value) ?? null,
                  })
                }
              >
                {/* « Langue : Toutes », in a column as narrow as the dates. */}
                <option value="">Toutes</option>
                {CONTACT_LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {LANGUAGE_LABELS[language].filter}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={`${id}-from`} label="Du" compact className="col-6 col-md-2">
            {(field) => (
              <input
                {...field.props}
                type="date"
                className={field.className(sizes.input)}
                value={view.from ?? ''}
                max={view.to ?? undefined}
                onChange={(event) => onChange({ from: event.target.value || null })}
              />
            )}
          </FormField>
          <FormField id={`${id}-to`} label="Au" compact className="col-6 col-md-2">
            {(field) => (
              <input
                {...field.props}
                type="date"
                className={field.className(sizes.input)}
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
            className={compact ? 'col-12' : 'col-6 col-md-3'}
          >
            {(field) => (
              <select
                {...field.props}
                className={field.className(sizes.select)}
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
          {pipeline && (
            <>
              <FormField
                id={`${id}-status`}
                label="Statut"
                compact
                className={compact ? 'col-12' : 'col-6 col-md-3'}
              >
                {(field) => (
                  <select
                    {...field.props}
                    className={field.className(sizes.select)}
                    value={view.status ?? ''}
                    onChange={(event) =>
                      onChange({
                        status:
                          LEAD_STATUS_CODES.find((status) => status === event.target.value) ?? null,
                      })
                    }
                  >
                    <option value="">Tous les statuts</option>
                    {LEAD_STATUS_CODES.map((status) => (
                      <option key={status} value={status}>
                        {LEAD_STATUSES[status]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                id={`${id}-source`}
                label="Source"
                compact
                className={compact ? 'col-12' : 'col-6 col-md-3'}
              >
                {(field) => (
                  <select
                    {...field.props}
                    className={field.className(sizes.select)}
                    value={view.source ?? ''}
                    onChange={(event) => onChange({ source: event.target.value || null })}
                  >
                    <option value="">Toutes les sources</option>
                    {offered.map((source) => (
                      <option key={source} value={source}>
                        {source}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                id={`${id}-follow-up`}
                label="Relance"
                compact
                className={compact ? 'col-12' : 'col-6 col-md-3'}
              >
                {(field) => (
                  <select
                    {...field.props}
                    className={field.className(sizes.select)}
                    value={view.followUp ?? ''}
                    onChange={(event) =>
                      onChange({
                        followUp:
                          FOLLOW_UP_VIEWS.find((followUp) => followUp === event.target.value) ??
                          null,
                      })
                    }
                  >
                    <option value="">Toutes</option>
                    {FOLLOW_UP_VIEWS.map((followUp) => (
                      <option key={followUp} value={followUp}>
                        {FOLLOW_UP_LABELS[followUp]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </>
          )}
        </div>
      </div>
    </form>
  );
}
