import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ALL_MEANINGS, SIGNED_KINDS, SIGNING_METHODS } from '#shared/contract/signatures';
import { submissions } from './submissions.ts';
import { users } from './users.ts';

/**
 * Electronic signatures on a complaint's records (docs/features/signatures.md): who (id and the
 * printed name at the time), when, what it means, how they re-authenticated, and the SHA-256 of the
 * canonical snapshot of what they signed, kept with the snapshot itself. Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE, and the app's role may only add and read.
 */
export const signatures = pgTable(
  'signatures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: text('submission_id').notNull().references(() => submissions.id),
    kind: text('kind', { enum: SIGNED_KINDS }).notNull(),
    meaning: text('meaning', { enum: ALL_MEANINGS as [string, ...string[]] }).notNull(),
    signerId: text('signer_id').notNull(),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    method: text('method', { enum: SIGNING_METHODS }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
    snapshot: text('snapshot').notNull(),
    snapshotHash: text('snapshot_hash').notNull(),
  },
  (t) => [index('signatures_submission_idx').on(t.submissionId, t.kind, t.signedAt, t.id)],
);

/**
 * A re-authentication for one signature: only its SHA-256 is stored; it belongs to one session of
 * one user, lives two minutes and is used once (`used_at`), in the transaction of the signed change.
 */
export const signingTokens = pgTable(
  'signing_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    method: text('method', { enum: SIGNING_METHODS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('signing_tokens_expires_idx').on(t.expiresAt)],
);
