import { formatAgencyDateTime } from '../../../shared/domain/leads/agency-clock.ts';
import { Icon } from '../../components/icon.tsx';

/**
 * Said at the top of a form that opened on a draft (use-draft.ts): what it shows was typed
 * earlier and not saved; « Effacer le brouillon » starts again from the saved values.
 */
export function DraftNotice({ at, onDiscard }: { at: number; onDiscard: () => void }) {
  return (
    <div
      className="alert alert-info d-flex flex-wrap align-items-center gap-2 py-2 draft-notice"
      role="status"
    >
      <Icon name="pencil-square" />
      <span className="me-auto">
        Brouillon du {formatAgencyDateTime(at)} repris : ce que vous aviez saisi sans l’enregistrer.
      </span>
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onDiscard}>
        Effacer le brouillon
      </button>
    </div>
  );
}
