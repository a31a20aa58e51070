/** What other features may use of users: the account lookups sign-in needs. */
export { type UserRow, type UsersRepo, toUser } from './users.repo.ts';
