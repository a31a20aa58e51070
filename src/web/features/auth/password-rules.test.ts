import { describe, expect, it } from 'vitest';
import { Password } from '#shared/contract/users';
import { PASSWORD_RULES, validatePasswordForm } from './password-rules.ts';

describe('password rules shown to people', () => {
  it.each(['', 'short1', 'elevenchars', 'twelve chars', 'lettersonlyhere', 'a1'.repeat(64), 'a1'.repeat(65), 'Ünïcödé wörds'])(
    'agree with the server’s length rule for %j',
    (password) => {
      expect(PASSWORD_RULES.every((rule) => rule.met(password))).toBe(Password.safeParse(password).success);
    },
  );
});

describe('validatePasswordForm', () => {
  const base = { currentPassword: 'old copper walrus', newPassword: 'new copper walrus', confirmPassword: 'new copper walrus' };
  it('accepts a valid change', () => {
    expect(validatePasswordForm(base)).toEqual({});
  });
  it('names each problem', () => {
    expect(validatePasswordForm({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required.',
      newPassword: 'New password is required.',
    });
    expect(validatePasswordForm({ ...base, newPassword: 'Short9Pass!', confirmPassword: 'Short9Pass!' }).newPassword).toBe('Password must be at least 12 characters.');
    expect(validatePasswordForm({ ...base, newPassword: 'old copper walrus', confirmPassword: 'old copper walrus' }).newPassword).toBe('Choose a new password that differs from the current one.');
    expect(validatePasswordForm({ ...base, confirmPassword: 'new copper walrux' }).confirmPassword).toBe('The two new passwords do not match.');
  });
});
