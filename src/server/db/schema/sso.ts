import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A portal account's identity at the OpenID provider: the issuer and its subject, which never change. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/**
 * The outcome of a provider round trip, handed to the browser as a one-time code in a page's
 * address (never a token): the account to sign in (or the one linked, or the session confirmed),
 * or the sentence saying why not. Only the code's hash is stored, with the hash of the nonce cookie
 * set on the browser that came back, so the code works in that browser only; it is used once,
 * within a minute.
 */
export const ssoCodes = pgTable(
  'sso_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    failure: text('failure'),
    /** What the round trip was for: `login`, `link` (My account's Link single sign-on), `confirm` (a fresh provider sign-in of a session) or `sign` (one for an electronic signature). */
    purpose: text('purpose', { enum: ['login', 'link', 'confirm', 'sign'] }).notNull().default('login'),
    /** The session a link, confirmation or signature was made for. */
    sessionId: text('session_id'),
    browserHash: text('browser_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sso_codes_expires_idx').on(t.expiresAt)],
);
