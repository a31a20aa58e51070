import { PASSWORD_MIN, Password } from '#shared/contract/users';

/**
 * The length rules, as a list people can tick off while typing (`onlyWhenBroken`: shown only once
 * broken). How easy a password is to guess is judged by the server, which replies with advice.
 */
export const PASSWORD_RULES: readonly { label: string; met: (password: string) => boolean; onlyWhenBroken?: boolean }[] = [
  { label: `At least ${PASSWORD_MIN} characters`, met: (p) => p.length >= PASSWORD_MIN },
  { label: 'At most 128 characters', met: (p) => p.length <= 128, onlyWhenBroken: true },
];

/** What the server refuses beyond length, said before it has to. */
export const PASSWORD_HINT = 'Any characters will do; a few unrelated words make a good password. Common passwords and ones built from your name or e-mail address are refused.';

export interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type PasswordFormErrors = Partial<Record<keyof PasswordFormValues, string>>;

const sentence = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;

/** Current password given, new one passing the server's own rule, typed the same twice. */
export function validatePasswordForm(values: PasswordFormValues): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  if (!values.currentPassword) errors.currentPassword = 'Current password is required.';
  if (!values.newPassword) errors.newPassword = 'New password is required.';
  else {
    const checked = Password.safeParse(values.newPassword);
    if (!checked.success) errors.newPassword = sentence(checked.error.issues[0]?.message ?? 'password is not valid');
    else if (values.newPassword === values.currentPassword) errors.newPassword = 'Choose a new password that differs from the current one.';
  }
  if (values.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = 'The two new passwords do not match.';
  return errors;
}
