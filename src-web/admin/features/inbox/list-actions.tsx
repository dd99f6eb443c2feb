import { useId } from 'react';
import { Icon } from '../../../components/icon.tsx';

export interface ListActionsProps {
  /** « 12 messages reçus », or how many the search shows. */
  summary: string;
  /** A narrow screen: large controls, and the deletion only once something is selected. */
  compact: boolean;
  selectedCount: number;
  allOnPageSelected: boolean;
  pageIsEmpty: boolean;
  onTogglePage: () => void;
  onDeleteSelected: () => void;
  canExport: boolean;
  onExport: () => void;
}

/**
 * What applies to the list as a whole: how many messages it holds, selecting the page,
 * deleting the selection, exporting. On a phone the bar stays in sight while something is
 * selected, so that the deletion is always within reach.
 */
export function ListActions({
  summary,
  compact,
  selectedCount,
  allOnPageSelected,
  pageIsEmpty,
  onTogglePage,
  onDeleteSelected,
  canExport,
  onExport,
}: ListActionsProps) {
  const selectPageId = useId();
  const selecting = selectedCount > 0;
  const className = compact
    ? `list-actions list-actions-compact${selecting ? ' is-selecting' : ''}`
    : 'list-actions';
  return (
    <div className={className}>
      <p className="list-actions-summary text-body-secondary mb-0 me-auto" aria-live="polite">
        {summary}
        {compact && selecting && (
          <span className="fw-semibold text-body">
            {' · '}
            {selectedCount > 1 ? `${selectedCount} sélectionnés` : '1 sélectionné'}
          </span>
        )}
      </p>
      <div className="form-check mb-0 list-actions-select-page">
        <input
          id={selectPageId}
          type="checkbox"
          className="form-check-input"
          checked={allOnPageSelected}
          onChange={onTogglePage}
          disabled={pageIsEmpty}
        />
        <label htmlFor={selectPageId} className="form-check-label small">
          Sélectionner la page
        </label>
      </div>
      <button
        type="button"
        className={compact ? 'btn btn-outline-primary' : 'btn btn-outline-primary btn-sm'}
        disabled={!canExport}
        onClick={onExport}
      >
        <Icon name="download" className="me-1" />
        {/* The space stays outside the hidden words: hidden, their leading space went too. */}
        Exporter <span className="hide-text-on-phone">en CSV</span>
      </button>
      {(!compact || selecting) && (
        <button
          type="button"
          className={compact ? 'btn btn-danger' : 'btn btn-outline-danger btn-sm'}
          disabled={!selecting}
          onClick={onDeleteSelected}
        >
          <Icon name="trash3" className="me-1" />
          Supprimer la sélection ({selectedCount})
        </button>
      )}
    </div>
  );
}
