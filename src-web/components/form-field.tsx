import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

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
 * together for screen readers. Every form of the product builds its fields with it, or with
 * the family below made of it (TextField, SelectField, TextAreaField) and beside it
 * (CheckField): the same ids (`-help`, `-error`), the same French error under the
 * control, `aria-invalid` and `aria-describedby` set alike.
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
  const { describedBy } = descriptionOf(id, help, error);
  const control = children({
    props: {
      id,
      'aria-required': required ? true : undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
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
      <HelpAndError id={id} help={help} error={error} />
    </div>
  );
}

/** What a field's frame takes (FormField without its render prop). */
type FieldFrameProps = Omit<FormFieldProps, 'children'>;

/** The attributes a control takes from its caller (react-hook-form's `register` among them). */
type ControlProps<Attributes, Element> = Omit<
  Attributes,
  'id' | 'className' | 'children' | 'required'
> & { ref?: Ref<Element> };

type InputProps = ControlProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>;

function frameOf({
  id,
  label,
  error,
  help,
  required,
  floating,
  compact,
  className,
}: FieldFrameProps) {
  return { id, label, error, help, required, floating, compact, className };
}

/** A text input in its field (e-mail, password, phone, number as text…). */
export function TextField(props: FieldFrameProps & InputProps) {
  const { id, label, error, help, required, floating, compact, className, ...input } = props;
  return (
    <FormField {...frameOf({ id, label, error, help, required, floating, compact, className })}>
      {(field) => <input {...input} {...field.props} className={field.className('form-control')} />}
    </FormField>
  );
}

/** A select in its field; its options are its children. */
export function SelectField(
  props: FieldFrameProps &
    ControlProps<SelectHTMLAttributes<HTMLSelectElement>, HTMLSelectElement> & {
      children: ReactNode;
    },
) {
  const { id, label, error, help, required, floating, compact, className, children, ...select } =
    props;
  return (
    <FormField {...frameOf({ id, label, error, help, required, floating, compact, className })}>
      {(field) => (
        <select {...select} {...field.props} className={field.className('form-select')}>
          {children}
        </select>
      )}
    </FormField>
  );
}

/** A textarea in its field. */
export function TextAreaField(
  props: FieldFrameProps &
    ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>,
) {
  const { id, label, error, help, required, floating, compact, className, ...textarea } = props;
  return (
    <FormField {...frameOf({ id, label, error, help, required, floating, compact, className })}>
      {(field) => (
        <textarea {...textarea} {...field.props} className={field.className('form-control')} />
      )}
    </FormField>
  );
}

/** The ids of a field's help and error, and what describes its control. */
function descriptionOf(id: string, help: ReactNode, error: string | undefined) {
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return { helpId, errorId, describedBy: describedBy || undefined };
}

function HelpAndError({ id, help, error }: { id: string; help: ReactNode; error?: string }) {
  const { helpId, errorId } = descriptionOf(id, help, error);
  return (
    <>
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
    </>
  );
}

export interface CheckFieldProps extends InputProps {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  error?: string | undefined;
  className?: string;
}

/** A checkbox, its label after it, its help and its error under it. */
export function CheckField({ id, label, help, error, className, ...input }: CheckFieldProps) {
  return (
    <div className={className ? `form-check ${className}` : 'form-check'}>
      <input
        {...input}
        id={id}
        type="checkbox"
        className={error ? 'form-check-input is-invalid' : 'form-check-input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={descriptionOf(id, help, error).describedBy}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      <HelpAndError id={id} help={help} error={error} />
    </div>
  );
}
