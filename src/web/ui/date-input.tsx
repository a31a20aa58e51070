import { type ReactNode, useRef, useState } from 'react';
import { isCalendarDate } from '#shared/dates';
import { cn } from '../lib/cn.ts';
import { Field, controlClasses } from './field.tsx';
import { Icon } from './icons.tsx';

export interface DateInputProps {
  label: ReactNode;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** Called with a whole valid date, or '' when the field is emptied; never with half-typed text. */
  onChange: (date: string) => void;
  min?: string | undefined;
  max?: string | undefined;
  name?: string;
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

const MALFORMED = 'Write the date as YYYY-MM-DD.';

/**
 * A day, shown and typed as `YYYY-MM-DD` whatever the browser's language (a native date input
 * shows the browser's own order, month first in US English; docs/product.md, Dates on screen). The
 * calendar button opens the browser's own date picker.
 */
export function DateInput({ label, value, onChange, min, max, name, required, error, hint, className }: DateInputProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [left, setLeft] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (a filter cleared, a dialog reset) replaces what was typed.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }

  function write(text: string) {
    setDraft(text);
    const date = text.trim();
    if (date === '' || isCalendarDate(date)) {
      setShown(date);
      onChange(date);
    }
  }

  const malformed = left && draft.trim() !== '' && !isCalendarDate(draft.trim());
  return (
    <Field label={label} error={error ?? (malformed ? MALFORMED : undefined)} hint={hint} required={required} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            name={name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="YYYY-MM-DD"
            maxLength={10}
            min={min}
            max={max}
            value={draft}
            onChange={(e) => write(e.target.value)}
            onBlur={() => setLeft(true)}
            className={cn(controlClasses, 'pr-10 tabular-nums')}
          />
          {/* The browser's picker, opened by the button; it sits under the field so the picker opens there. */}
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            aria-label="Calendar"
            min={min}
            max={max}
            value={isCalendarDate(draft.trim()) ? draft.trim() : ''}
            onChange={(e) => write(e.target.value)}
            className="pointer-events-none absolute inset-0 -z-10 opacity-0"
          />
          <button
            type="button"
            aria-label="Open calendar"
            title="Open calendar"
            onClick={() => picker.current?.showPicker()}
            className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-2.5 text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Icon name="calendar" className="size-5" />
          </button>
        </div>
      )}
    </Field>
  );
}
