import { useId, useState } from 'react';
import { CONTACT_LANGUAGES, CONTACT_SERVICES } from '../../../../shared/domain/contact.ts';
import { FOLLOW_UP_LABELS } from '../../../../shared/domain/leads/follow-up.ts';
import { LEAD_STATUSES, LEAD_STATUS_CODES } from '../../../../shared/domain/leads/pipeline.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LANGUAGE_LABELS } from './language-mark.tsx';
import { activeFilterCount, type FollowUpView, type InboxView } from './inbox-view.ts';

const FOLLOW_UP_VIEWS: readonly FollowUpView[] = ['today', 'overdue', 'unanswered'];
const FOLLOW_UP_VIEW_LABELS: Record<FollowUpView, string> = {
  today: FOLLOW_UP_LABELS.today,
  overdue: FOLLOW_UP_LABELS.overdue,
  unanswered: 'Sans réponse',
};

/** One filter of the toolbar, a choice or a day: its control, and what a change does to the view. */
type ToolbarFilter = {
  /** Its control's id, after the toolbar's. */
  key: string;
  label: string;
  value: string;
  /** What the view (and so the URL) becomes once the control says `value`. */
  change: (value: string) => Partial<InboxView>;
} & (
  | {
      /** The first one, « Tous… » or « Toutes », has the value '' (no filter). */
      choices: readonly { value: string; label: string }[];
      /** In a column as narrow as the dates. */
      narrow?: boolean;
    }
  | { day: { min?: string | undefined; max?: string | undefined } }
);

/** The value among `known` that a control says, else null (« Tous », or a stale value). */
function oneOf<T extends string>(known: readonly T[], value: string): T | null {
  return known.find((candidate) => candidate === value) ?? null;
}

/** The toolbar's filters and order, in their order on the screen. */
function toolbarFilters(view: InboxView, pipeline: boolean, sources: readonly string[]) {
  const filters: ToolbarFilter[] = [
    {
      key: 'service',
      label: 'Service',
      value: view.service ?? '',
      choices: [
        { value: '', label: 'Tous les services' },
        ...CONTACT_SERVICES.map((service) => ({ value: service, label: service })),
      ],
      change: (value) => ({ service: oneOf(CONTACT_SERVICES, value) }),
    },
    {
      key: 'language',
      label: 'Langue',
      value: view.language ?? '',
      // « Langue : Toutes », in a column as narrow as the dates.
      narrow: true,
      choices: [
        { value: '', label: 'Toutes' },
        ...CONTACT_LANGUAGES.map((language) => ({
          value: language,
          label: LANGUAGE_LABELS[language].filter,
        })),
      ],
      change: (value) => ({ language: oneOf(CONTACT_LANGUAGES, value) }),
    },
    {
      key: 'from',
      label: 'Du',
      value: view.from ?? '',
      day: { max: view.to ?? undefined },
      change: (value) => ({ from: value || null }),
    },
    {
      key: 'to',
      label: 'Au',
      value: view.to ?? '',
      day: { min: view.from ?? undefined },
      change: (value) => ({ to: value || null }),
    },
    {
      key: 'sort',
      label: 'Trier par date',
      value: view.sort,
      choices: [
        { value: 'newest', label: 'Plus récents d’abord' },
        { value: 'oldest', label: 'Plus anciens d’abord' },
      ],
      change: (value) => ({ sort: value === 'oldest' ? 'oldest' : 'newest' }),
    },
  ];
  if (!pipeline) return filters;
  // A source the URL names stays offered, even once no message comes from it.
  const offered =
    view.source && !sources.includes(view.source) ? [...sources, view.source] : sources;
  filters.push(
    {
      key: 'status',
      label: 'Statut',
      value: view.status ?? '',
      choices: [
        { value: '', label: 'Tous les statuts' },
        ...LEAD_STATUS_CODES.map((status) => ({ value: status, label: LEAD_STATUSES[status] })),
      ],
      change: (value) => ({ status: oneOf(LEAD_STATUS_CODES, value) }),
    },
    {
      key: 'source',
      label: 'Source',
      value: view.source ?? '',
      choices: [
        { value: '', label: 'Toutes les sources' },
        ...offered.map((source) => ({ value: source, label: source })),
      ],
      change: (value) => ({ source: value || null }),
    },
    {
      key: 'follow-up',
      label: 'Relance',
      value: view.followUp ?? '',
      choices: [
        { value: '', label: 'Toutes' },
        ...FOLLOW_UP_VIEWS.map((followUp) => ({
          value: followUp,
          label: FOLLOW_UP_VIEW_LABELS[followUp],
        })),
      ],
      change: (value) => ({ followUp: oneOf(FOLLOW_UP_VIEWS, value) }),
    },
  );
  return filters;
}

interface FilterFieldProps {
  id: string;
  filter: ToolbarFilter;
  compact: boolean;
  /** Bootstrap's classes for the controls, small on a wide screen. */
  sizes: { input: string; select: string };
  onChange: (changes: Partial<InboxView>) => void;
}

/** One filter of the toolbar: its small label above a select, or above a date. */
function FilterField({ id, filter, compact, sizes, onChange }: FilterFieldProps) {
  // Whole class names, for the build's unused-CSS pass (vite.config.ts).
  const column =
    'day' in filter || (!compact && filter.narrow)
      ? 'col-6 col-md-2'
      : compact
        ? 'col-12'
        : 'col-6 col-md-3';
  return (
    <FormField id={id} label={filter.label} compact className={column}>
      {(field) =>
        'choices' in filter ? (
          <select
            {...field.props}
            className={field.className(sizes.select)}
            value={filter.value}
            onChange={(event) => onChange(filter.change(event.target.value))}
          >
            {filter.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...field.props}
            type="date"
            className={field.className(sizes.input)}
            value={filter.value}
            min={filter.day.min}
            max={filter.day.max}
            onChange={(event) => onChange(filter.change(event.target.value))}
          />
        )
      }
    </FormField>
  );
}

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
          {toolbarFilters(view, pipeline, sources).map((filter) => (
            <FilterField
              key={filter.key}
              id={`${id}-${filter.key}`}
              filter={filter}
              compact={compact}
              sizes={sizes}
              onChange={onChange}
            />
          ))}
        </div>
      </div>
    </form>
  );
}
