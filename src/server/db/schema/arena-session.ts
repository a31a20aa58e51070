import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Arena session every instance shares (Arena revokes a user's older token on each login).
 * One row per integration account; the token is a credential: never logged, never exported.
 */
export const arenaSessions = pgTable('arena_sessions', {
  /** Arena host, user e-mail and workspace the token was issued for. */
  account: text('account').primaryKey(),
  token: text('token').notNull(),
  obtainedAt: timestamp('obtained_at', { withTimezone: true, mode: 'date' }).notNull(),
});
