import { expect, it } from 'vitest';
import { initials } from './user-menu.tsx';

it('shows at most two initials: first and last name', () => {
  expect(initials('Ada Admin')).toBe('AA');
  expect(initials('  mary ann van der berg ')).toBe('MB');
  expect(initials('Cher')).toBe('C');
  expect(initials('')).toBe('');
});
