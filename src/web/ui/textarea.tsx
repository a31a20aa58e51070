import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { Field, controlClasses } from './field.tsx';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

export function Textarea({ label, error, hint, required, className, rows = 4, ...props }: TextareaProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => <textarea rows={rows} {...props} {...control} className={controlClasses} />}
    </Field>
  );
}
