import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput } from './date-input.tsx';

function Harness({ initial = '', onChange }: { initial?: string; onChange: (d: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput
        label="Start Date"
        value={value}
        onChange={(d) => {
          setValue(d);
          onChange(d);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear filters
      </button>
    </>
  );
}

describe('DateInput', () => {
  it('shows and takes a day as YYYY-MM-DD, whatever the browser’s language', async () => {
    const onChange = vi.fn();
    render(<Harness initial="2026-11-26" onChange={onChange} />);
    const input = screen.getByLabelText('Start Date');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    expect(input).toHaveValue('2026-11-26');
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    onChange.mockClear();
    await userEvent.type(input, '2026-11-0');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.type(input, '1');
    expect(onChange).toHaveBeenCalledWith('2026-11-01');
  });

  it('says how to write a date it cannot read, once the field is left, and takes a value set from outside', async () => {
    render(<Harness onChange={vi.fn()} />);
    const input = screen.getByLabelText('Start Date');
    await userEvent.type(input, '11/26/2026');
    expect(screen.queryByText('Write the date as YYYY-MM-DD.')).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText('Write the date as YYYY-MM-DD.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, '{Control>}a{/Control}2026-02-30');
    expect(screen.getByText('Write the date as YYYY-MM-DD.')).toBeInTheDocument();
    await userEvent.type(input, '{Control>}a{/Control}2026-02-28');
    expect(screen.queryByText('Write the date as YYYY-MM-DD.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(input).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Open calendar' })).toBeInTheDocument();
  });
});
