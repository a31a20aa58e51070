/** What other features may use of users: the account lookups sign-in needs, and who acts on the Users page. */
export { type UserRow, type UsersRepo, createUsersRepo, toUser } from './users.repo.ts';
export type { UsersActor } from './users.service.ts';
