import { sql } from 'drizzle-orm';
import { SIGN_IN_METHODS } from '#shared/contract/auth';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['super_admin', 'admin', 'staff', 'member'] }).notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    isRestricted: boolean('is_restricted').notNull().default(false),
    /** The first super_admin's password was generated at start: the dashboard asks to change it. */
    passwordGenerated: boolean('password_generated').notNull().default(false),
    /** The daily reminder digest of the complaints the user owns (My account turns it off). */
    reminderDigest: boolean('reminder_digest').notNull().default(true),
    lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_idx').on(t.name, t.id),
    index('users_role_idx').on(t.role, t.id),
  ],
);

/**
 * One sign-in and its refresh-token rotations. Access tokens name their session, so ending a
 * session (logout, password change, revocation, idleness) stops its access tokens at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Last request seen, written at most once a minute; the idle limit counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Expiry of the newest refresh token. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** How the sign-in was proven (SIGN_IN_METHODS), shown in the user's session list. */
    method: text('method', { enum: SIGN_IN_METHODS }).notNull().default('password'),
    /** When the session last proved itself at the identity provider (its single sign-on, or a confirmation there). */
    providerAt: timestamp('provider_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastSeenAt)],
);

/** Refresh tokens, stored as SHA-256 hashes; a family is one session (sessions.id). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * Sign-in throttle counters, shared by every instance: one row per key (scope and subject, e.g.
 * `pair:<address>/<email>`), counting hits in a fixed window, optionally blocked until a time.
 * Rows past `expires_at` mean nothing and are pruned.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('login_throttle_expires_idx').on(t.expiresAt)],
);

/**
 * Failed sign-ins for e-mail addresses with no account, counted per client address (an IPv6
 * client by its /64) and minute instead of audited one by one; rows older than 30 days are pruned.
 */
export const unknownSignIns = pgTable(
  'unknown_sign_ins',
  {
    address: text('address').notNull(),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    failures: integer('failures').notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.minute] }), index('unknown_sign_ins_minute_idx').on(t.minute)],
);
