import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field, controlClasses } from './field.tsx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, disabled option shown while nothing is chosen (e.g. '-- Select Role --'). */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A native select: the most robust choice for keyboards, screen readers and phones. */
export function Select({ label, options, placeholder, error, hint, required, className, ...props }: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <select {...props} {...control} className={`${controlClasses} pr-8`}>
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
