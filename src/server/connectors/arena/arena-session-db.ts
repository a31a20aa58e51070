import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arenaSessions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { ArenaError } from './arena-errors.ts';
import type { ArenaRefusal, ArenaSessionStore } from './arena-session-store.ts';

/** Advisory-lock class of Arena logins; the second key is the account's hash. */
const LOGIN_LOCK_CLASS = 0x41726e61;

/** The row key: a token belongs to one host, user and workspace. */
export function arenaAccount(baseUrl: string, email: string, workspaceId?: string | number): string {
  return `${baseUrl.replace(/\/+$/, '')}|${email.trim().toLowerCase()}|${workspaceId ?? ''}`;
}

/**
 * Database errors quote their parameters, and one of them is the token: only the PostgreSQL
 * error code goes on.
 */
function storeError(err: unknown): ArenaError {
  if (err instanceof ArenaError) return err;
  const code = (err as { cause?: { code?: unknown }; code?: unknown }).cause?.code ?? (err as { code?: unknown }).code;
  return new ArenaError('unavailable', `The shared Arena session could not be read or saved in the database${typeof code === 'string' ? ` (${code})` : ''}.`);
}

/**
 * The session token and the sign-in back-off in PostgreSQL, shared by every instance on the
 * database. A login runs inside a transaction holding a transaction-scoped advisory lock, so
 * exactly one instance logs in when the token has expired; the others wait for the lock and find
 * its token, or its refusal.
 */
export function createDbSessionStore(db: Db, account: string, clock: Clock): ArenaSessionStore {
  const byAccount = eq(arenaSessions.account, account);
  const row = async (q: Pick<Db, 'select'>) => (await q.select().from(arenaSessions).where(byAccount).limit(1))[0];
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw storeError(err);
    }
  };
  return {
    read: () => guarded(async () => (await row(db))?.token ?? null),
    renew: (fn) =>
      guarded(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${LOGIN_LOCK_CLASS}::int, hashtext(${account}))`);
          const stored = await row(tx);
          const refusal = refusalOf(stored);
          const outcome = await fn(stored?.token ?? null, refusal);
          const set =
            'token' in outcome
              ? outcome.token === stored?.token
                ? null
                : { token: outcome.token, obtainedAt: clock.now(), refusals: 0, refusal: null, refusalCode: null, refusedUntil: null, refusedCredentials: null }
              : {
                  refusals: outcome.refused.refusals,
                  refusal: outcome.refused.message,
                  refusalCode: outcome.refused.code,
                  refusedUntil: outcome.refused.until,
                  refusedCredentials: outcome.refused.credentials,
                };
          if (set) await tx.insert(arenaSessions).values({ account, ...set }).onConflictDoUpdate({ target: arenaSessions.account, set });
          return outcome;
        }),
      ),
  };
}

function refusalOf(stored: typeof arenaSessions.$inferSelect | undefined): ArenaRefusal | null {
  if (!stored?.refusedUntil || !stored.refusal || !stored.refusedCredentials) return null;
  return { refusals: stored.refusals, message: stored.refusal, code: stored.refusalCode, until: stored.refusedUntil, credentials: stored.refusedCredentials };
}
