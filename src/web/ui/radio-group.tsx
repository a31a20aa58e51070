/** A question answered by one of a few choices, as radio buttons under its legend, with its error. */
export function RadioGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-800">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2">
            <input type="radio" name={name} checked={value === o.value} onChange={() => onChange(o.value)} className="size-4 border-slate-300 text-brand-700" />
            {o.label}
          </label>
        ))}
      </div>
      {error && <p className="mt-1.5 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
