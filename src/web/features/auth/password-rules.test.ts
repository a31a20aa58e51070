import { describe, expect, it } from 'vitest';
import { Password } from '#shared/contract/users';
import { PASSWORD_RULES, validatePasswordForm } from './password-rules.ts';

describe('password rules shown to people', () => {
  it.each(['', 'short1', 'lettersonly', '12345678', 'Good9Pass', 'a1'.repeat(64), 'a1'.repeat(65), 'Ünïcode9x'])(
    'agree with the server’s rule for %j',
    (password) => {
      expect(PASSWORD_RULES.every((rule) => rule.met(password))).toBe(Password.safeParse(password).success);
    },
  );
});

describe('validatePasswordForm', () => {
  const base = { currentPassword: 'Old9Password', newPassword: 'New9Password', confirmPassword: 'New9Password' };
  it('accepts a valid change', () => {
    expect(validatePasswordForm(base)).toEqual({});
  });
  it('names each problem', () => {
    expect(validatePasswordForm({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required.',
      newPassword: 'New password is required.',
    });
    expect(validatePasswordForm({ ...base, newPassword: 'short1', confirmPassword: 'short1' }).newPassword).toBe('Password must be at least 8 characters.');
    expect(validatePasswordForm({ ...base, newPassword: 'Old9Password', confirmPassword: 'Old9Password' }).newPassword).toBe('Choose a new password that differs from the current one.');
    expect(validatePasswordForm({ ...base, confirmPassword: 'New9Passwort' }).confirmPassword).toBe('The two new passwords do not match.');
  });
});
