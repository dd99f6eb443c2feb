import type { UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import type { ClientAndLines, LineValues } from './quote-editor-values.ts';

export interface LineFieldProps {
  /** The control's id: the editor's, the line's index and the value's name. */
  id: string;
  label: string;
  /** The value's French error, shown under the field once the quote has been checked. */
  error: string | undefined;
  /** The value in the editor's form. */
  name: `lines.${number}.${keyof LineValues}`;
  /**
   * The editor's `register`, called as the field renders: after the client's fields, so that
   * react-hook-form, which focuses the first field in error in the order they were
   * registered, goes to the client's before the lines'.
   */
  register: UseFormRegister<ClientAndLines>;
  required?: boolean;
  /** A number: a phone shows its decimal keypad, and the text is not turned right to left. */
  numeric?: boolean;
  placeholder?: string;
  className?: string;
  /** The choices of a select (the VAT rates); without them the field is a text input. */
  options?: readonly { value: string; label: string }[];
}

/**
 * One value of a quote line in the editor (désignation, quantité, unité, prix, remise, TVA):
 * its label, its control and its French error under it, tied together by FormField
 * (aria-describedby, aria-invalid).
 */
export function LineField({
  id,
  label,
  error,
  name,
  register,
  required = false,
  numeric = false,
  placeholder,
  className,
  options,
}: LineFieldProps) {
  return (
    <FormField id={id} label={label} required={required} error={error} className={className}>
      {(field) =>
        options ? (
          <select {...field.props} className={field.className('form-select')} {...register(name)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...field.props}
            inputMode={numeric ? 'decimal' : undefined}
            className={field.className('form-control')}
            autoComplete="off"
            dir={numeric ? undefined : 'auto'}
            placeholder={placeholder}
            {...register(name)}
          />
        )
      }
    </FormField>
  );
}
