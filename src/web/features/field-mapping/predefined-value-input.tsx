import { useId } from 'react';
import type { TemplateStep } from '#shared/contract/quality-process';
import { DateInput } from '../../ui/date-input.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';

type Attribute = TemplateStep['attributes'][number];

interface Props {
  /** The chosen field, when it is in the template: its type decides the kind of input. */
  attribute: Attribute | undefined;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * The value sent for every submission. The input matches the Arena field, so what is typed is
 * what Arena accepts: a closed list is a select, a date a date picker, long text a text area.
 */
export function PredefinedValueInput({ attribute, value, error, onChange }: Props) {
  const listId = useId();
  const common = { label: 'Predefined value', name: 'predefinedValue', required: true, value, error } as const;
  const options = attribute?.possibleValues ?? [];

  if (attribute?.type === 'FIXED_DROP_DOWN' && !attribute.multiSelect && options.length > 0) {
    return <Select {...common} placeholder="-- Select Value --" options={options.map((o) => ({ value: o, label: o }))} onChange={(e) => onChange(e.target.value)} />;
  }
  if (attribute?.type === 'DATE') return <DateInput {...common} onChange={onChange} />;
  if (attribute?.type === 'MULTI_LINE_TEXT') return <Textarea {...common} rows={3} maxLength={4000} onChange={(e) => onChange(e.target.value)} />;

  const hint = attribute?.multiSelect && options.length > 0 ? `One or more of: ${options.join(', ')}; separate them with commas.` : undefined;
  return (
    <>
      <Input
        {...common}
        autoComplete="off"
        maxLength={4000}
        inputMode={attribute?.type === 'NUMBER' ? 'decimal' : undefined}
        list={options.length > 0 && !attribute?.multiSelect ? listId : undefined}
        hint={hint}
        onChange={(e) => onChange(e.target.value)}
      />
      {options.length > 0 && (
        <datalist id={listId}>
          {options.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      )}
    </>
  );
}
