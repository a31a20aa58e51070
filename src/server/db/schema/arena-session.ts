import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Arena session every instance shares (Arena revokes a user's older token on each login), and
 * the sign-in back-off after Arena refused the integration user (docs/features/outside-systems.md).
 * One row per integration account; the token is a credential: never logged, never exported.
 */
export const arenaSessions = pgTable('arena_sessions', {
  /** Arena host, user e-mail and workspace the token was issued for. */
  account: text('account').primaryKey(),
  /** Null while no sign-in has succeeded (only a refusal is kept). */
  token: text('token'),
  obtainedAt: timestamp('obtained_at', { withTimezone: true, mode: 'date' }),
  /** Refused sign-ins in a row; 0 once one succeeds. */
  refusals: integer('refusals').notNull().default(0),
  /** Arena's words for the last refusal, and its error code. */
  refusal: text('refusal'),
  refusalCode: integer('refusal_code'),
  /** No sign-in before this instant. */
  refusedUntil: timestamp('refused_until', { withTimezone: true, mode: 'date' }),
  /** A few hex digits of a hash of the password the refusal was for: a new password clears it. */
  refusedCredentials: text('refused_credentials'),
});
