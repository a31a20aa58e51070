import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip.tsx';

describe('Tooltip', () => {
  it('describes its trigger to screen readers, whether shown or not', () => {
    render(<Tooltip tip="Auth: sign-in, sign-out and session events">Auth</Tooltip>);
    expect(screen.getByRole('button', { name: 'Auth' })).toHaveAccessibleDescription('Auth: sign-in, sign-out and session events');
  });

  it('opens on focus and on a tap, closes on Escape, and a tap never reaches the row around it', async () => {
    const onRow = vi.fn();
    render(
      <div onClick={onRow}>
        <Tooltip tip="Users: accounts created, updated or restricted">Users</Tooltip>
      </div>,
    );
    const tip = screen.getByRole('tooltip', { hidden: true });
    await userEvent.tab();
    expect(tip).not.toHaveClass('hidden');
    await userEvent.keyboard('{Escape}');
    expect(tip).toHaveClass('hidden');
    await userEvent.click(document.body);
    await userEvent.pointer({ keys: '[TouchA]', target: screen.getByRole('button', { name: 'Users' }) });
    expect(tip).not.toHaveClass('hidden');
    expect(onRow).not.toHaveBeenCalled();
  });
});
