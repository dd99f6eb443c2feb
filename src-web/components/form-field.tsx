import type { ReactNode } from 'react';

/** What the control of a field carries: its id and how it is described to assistive tech. */
export interface FieldControlProps {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldControl {
  props: FieldControlProps;
  /** Bootstrap's class for the control, marked invalid when the field has an error. */
  className(base: string): string;
}

export interface FormFieldProps {
  /** The control's id; the help and the error take it with `-help` and `-error`. */
  id: string;
  label: ReactNode;
  /** The French message under the field, once it has been checked. */
  error?: string | undefined;
  help?: ReactNode;
  required?: boolean;
  /** Bootstrap's floating label: inside the frame of the control, after it in the markup. */
  floating?: boolean;
  /** A small label close to its control (the inbox's toolbar). */
  compact?: boolean;
  className?: string;
  /** The control itself (input, select, textarea, an input group…), given its attributes. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * One form field: its label, its control, a help text and the error under it, tied
 * together for screen readers. Every form of the product builds its fields with it.
 *
 * The error line takes room when it appears and pushes down what follows: a form shows its
 * errors when it is sent and as they are corrected (react-hook-form's default), never when a
 * field is left, which happens at the start of a press on the send button and would move the
 * button before the press ends.
 */
export function FormField({
  id,
  label,
  error,
  help,
  required = false,
  floating = false,
  compact = false,
  className,
  children,
}: FormFieldProps) {
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const control = children({
    props: {
      id,
      'aria-required': required ? true : undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
    className: (base) => (error ? `${base} is-invalid` : base),
  });
  const labelElement = (
    <label
      htmlFor={id}
      className={floating ? undefined : compact ? 'form-label small mb-1' : 'form-label'}
    >
      {label}
    </label>
  );
  return (
    <div className={className}>
      {floating ? (
        <div className="form-floating">
          {control}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          {control}
        </>
      )}
      {help && (
        <div id={helpId} className="form-text">
          {help}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
