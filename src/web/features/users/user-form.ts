import type { ZodType } from 'zod';
import { ASSIGNABLE_ROLES, type AssignableRole, type Role } from '#shared/roles';
import { CreateUserBody, type UpdateUserBody, type User } from '#shared/contract/users';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  role: AssignableRole | '';
}
export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

export const EMPTY_USER_FORM: UserFormValues = { name: '', email: '', password: '', role: '' };

const ROLE_LABELS: Record<Role, string> = { super_admin: 'Super admin', admin: 'Admin', staff: 'Staff', member: 'Member' };
export const roleLabel = (role: Role): string => ROLE_LABELS[role];
export const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const fields = CreateUserBody.shape;
const sentence = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;

function check(schema: ZodType, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : sentence(result.error.issues[0]?.message ?? 'is not valid');
}

/**
 * Add User: name, email (email format), password and role required. Edit: every field
 * may be left empty (left out of the update). Password strength follows the server's rule, so
 * the person learns it here rather than from a failed save.
 */
export function validateUserForm(values: UserFormValues, mode: 'create' | 'edit'): UserFormErrors {
  const errors: UserFormErrors = {};
  const required = mode === 'create';
  if (!values.name.trim()) {
    if (required) errors.name = 'Name is required.';
  } else errors.name = check(fields.name, values.name);
  if (!values.email.trim()) {
    if (required) errors.email = 'Email is required.';
  } else if (check(fields.email, values.email)) errors.email = 'Enter a valid email address.';
  if (!values.password) {
    if (required) errors.password = 'Password is required.';
  } else errors.password = check(fields.password, values.password);
  if (!values.role && required) errors.role = 'Role is required.';
  for (const key of Object.keys(errors) as (keyof UserFormValues)[]) if (!errors[key]) delete errors[key];
  return errors;
}

export function toCreateBody(values: UserFormValues): CreateUserBody {
  return { name: values.name.trim(), email: values.email.trim(), password: values.password, role: values.role as AssignableRole };
}

/** User edit: empty fields are left out, unchanged ones too; the id is never sent. */
export function toUpdateBody(values: UserFormValues, user: User): UpdateUserBody {
  const body: UpdateUserBody = {};
  const name = values.name.trim();
  const email = values.email.trim();
  if (name && name !== user.name) body.name = name;
  if (email && email.toLowerCase() !== user.email) body.email = email;
  if (values.password) body.password = values.password;
  if (values.role && values.role !== user.role) body.role = values.role;
  return body;
}

export function formFromUser(user: User): UserFormValues {
  return { name: user.name, email: user.email, password: '', role: user.role === 'super_admin' ? '' : user.role };
}
