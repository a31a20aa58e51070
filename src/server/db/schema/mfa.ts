import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's authenticator app (TOTP, RFC 6238). The secret is kept from set-up; the factor is on
 * once `enabled_at` is set by the first correct code. `last_step` is the newest time step accepted,
 * so a code is never accepted twice.
 */
export const mfaTotp = pgTable('mfa_totp', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastStep: integer('last_step'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** One-time recovery codes for a lost phone, stored as SHA-256 hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A password sign-in waiting for its second factor. Only the hash of the challenge handed to the
 * client is stored; it ends at `expires_at`, after its last allowed wrong code, or when used.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('mfa_challenges_expires_idx').on(t.expiresAt)],
);
