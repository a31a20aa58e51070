import { z } from 'zod';
import { ASSIGNABLE_ROLES, ROLES } from '../roles.ts';
import { Id, NoContent, PageQuery, page, sortBy } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';

export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.string()),
  isRestricted: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

export const Email = z.string({ message: 'email is required' }).trim().toLowerCase().pipe(z.email('email must be a valid email address').max(254, 'email is too long'));
/** A new password's shortest length; beyond it the server refuses passwords that are easy to guess (docs/security.md). */
export const PASSWORD_MIN = 12;
export const Password = z
  .string({ message: 'password is required' })
  .min(PASSWORD_MIN, `password must be at least ${PASSWORD_MIN} characters`)
  .max(128, 'password must be at most 128 characters');
const Name = z.string({ message: 'name is required' }).trim().min(1, 'name is required').max(100, 'name must be at most 100 characters');
const AssignableRole = z.enum(ASSIGNABLE_ROLES, { message: 'role must be one of admin, staff, member' });
const Permissions = z.array(z.string().trim().min(1).max(64)).max(50);

export const CreateUserBody = z.strictObject(
  { name: Name, email: Email, password: Password, role: AssignableRole, permissions: Permissions.optional() },
  { message: 'unknown field' },
);
export type CreateUserBody = z.input<typeof CreateUserBody>;

/** Partial update; the web client leaves empty fields out and never sends the id. */
export const UpdateUserBody = z
  .strictObject({ name: Name, email: Email, password: Password, role: AssignableRole, permissions: Permissions }, { message: 'unknown field' })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to update');
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

export const USER_SORT_FIELDS = ['_id', 'name', 'email', 'role', 'isRestricted', 'lastLogin'] as const;
export const ListUsersQuery = PageQuery.extend({ sortBy: sortBy(USER_SORT_FIELDS, '_id:asc') });
const UserParams = z.object({ userId: Id });

export const usersApi = defineApi('users', {
  create: defineEndpoint({
    method: 'POST', path: '/v1/users', tag: 'Users', summary: 'Create a user (admin, staff or member)',
    access: { capability: 'users' }, body: CreateUserBody, status: 201, response: User,
  }),
  list: defineEndpoint({
    method: 'GET', path: '/v1/users', tag: 'Users', summary: 'List users, paged and sorted',
    access: { capability: 'users' }, query: ListUsersQuery, status: 200, response: page(User),
  }),
  get: defineEndpoint({
    method: 'GET', path: '/v1/users/:userId', tag: 'Users', summary: 'One user',
    access: { capability: 'users' }, params: UserParams, status: 200, response: User,
  }),
  update: defineEndpoint({
    method: 'PATCH', path: '/v1/users/:userId', tag: 'Users', summary: 'Update a user (not a super_admin)',
    access: { capability: 'users' }, params: UserParams, body: UpdateUserBody, status: 200,
    response: z.object({ results: User }),
  }),
  restrictAccess: defineEndpoint({
    method: 'PATCH', path: '/v1/users/:userId/restrict-access', tag: 'Users',
    summary: 'Restrict or restore a user (not a super_admin, not yourself)',
    access: { capability: 'users' }, params: UserParams,
    body: z.strictObject({ isRestricted: z.boolean({ message: 'isRestricted must be true or false' }) }),
    status: 204, response: NoContent,
  }),
  signOutEverywhere: defineEndpoint({
    method: 'DELETE', path: '/v1/users/:userId/sessions', tag: 'Users',
    summary: "End every session of a user (not a super_admin's; another admin's only by a super_admin)",
    access: { capability: 'users' }, params: UserParams, status: 204, response: NoContent,
  }),
});
