import { Email } from '#shared/contract/users';

/**
 * Add/Edit Email: required and a valid address by the browser's own form validity
 * (required, type=email). The contract's rule then catches what browsers allow but the server
 * refuses (e.g. 'a@b'), so the person learns it here rather than from a failed save.
 */
export function emailProblem(input: HTMLInputElement): string | undefined {
  if (input.validity.valueMissing || !input.value.trim()) return 'Email is required.';
  if (!input.validity.valid) return 'Enter a valid email address.';
  return Email.safeParse(input.value).success ? undefined : 'Enter a valid email address.';
}
