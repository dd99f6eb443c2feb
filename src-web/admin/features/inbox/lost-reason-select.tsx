import {
  LOST_REASONS,
  LOST_REASON_CODES,
  type LostReason,
} from '../../../../shared/domain/leads/pipeline.ts';
import { FormField } from '../../../components/form-field.tsx';

export interface LostReasonSelectProps {
  id: string;
  value: LostReason;
  onChange: (reason: LostReason) => void;
  /** A small label close to its select (the phone card). */
  compact?: boolean;
  className?: string;
}

/**
 * « Raison de la perte », asked before a lead is marked « Perdu »: in the message's panel
 * (lead-section.tsx) and on a phone card (lead-status-picker.tsx).
 */
export function LostReasonSelect({
  id,
  value,
  onChange,
  compact = false,
  className,
}: LostReasonSelectProps) {
  return (
    <FormField id={id} label="Raison de la perte" compact={compact} className={className}>
      {(field) => (
        <select
          {...field.props}
          className="form-select"
          value={value}
          onChange={(event) => onChange(event.target.value as LostReason)}
        >
          {LOST_REASON_CODES.map((reason) => (
            <option key={reason} value={reason}>
              {LOST_REASONS[reason]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
