import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field, controlClasses } from './field.tsx';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

export function Input({ label, error, hint, required, className, ...props }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => <input {...props} {...control} className={controlClasses} />}
    </Field>
  );
}
