import { describe, expect, it } from 'vitest';
import { EMPTY_USER_FORM, ROLE_OPTIONS, formFromUser, toUpdateBody, validateUserForm } from './user-form.ts';

const user = { id: 'u1', name: 'Sam Staff', email: 'sam@example.com', role: 'staff' as const, permissions: [], isRestricted: false, lastLogin: null, createdAt: '2025-01-01T00:00:00Z' };

describe('validateUserForm', () => {
  it('requires name, email, password and role to create', () => {
    expect(validateUserForm(EMPTY_USER_FORM, 'create')).toEqual({
      name: 'Name is required.',
      email: 'Email is required.',
      password: 'Password is required.',
      role: 'Role is required.',
    });
  });

  it('checks the email format and the server password rule', () => {
    const errors = validateUserForm({ name: 'A', email: 'not-an-email', password: 'short', role: 'member' }, 'create');
    expect(errors.email).toBe('Enter a valid email address.');
    expect(errors.password).toBe('Password must be at least 12 characters.');
    expect(validateUserForm({ name: 'A', email: 'a@example.com', password: 'copper walrus meadow', role: 'member' }, 'create')).toEqual({});
  });

  it('lets every field stay empty when editing', () => {
    expect(validateUserForm(EMPTY_USER_FORM, 'edit')).toEqual({});
  });
});

describe('toUpdateBody', () => {
  it('leaves out empty and unchanged fields, and never the id', () => {
    expect(toUpdateBody({ ...formFromUser(user), name: '', email: 'new@example.com' }, user)).toEqual({ email: 'new@example.com' });
    expect(toUpdateBody(formFromUser(user), user)).toEqual({});
    expect(toUpdateBody({ name: 'Sam S', email: '', password: 'copper walrus meadow', role: 'admin' }, user)).toEqual({ name: 'Sam S', password: 'copper walrus meadow', role: 'admin' });
  });
});

it('offers admin, staff and member only', () => {
  expect(ROLE_OPTIONS.map((o) => o.value)).toEqual(['admin', 'staff', 'member']);
});
