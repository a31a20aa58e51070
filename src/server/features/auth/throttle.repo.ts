import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { loginThrottle, unknownSignIns } from '../../db/schema/index.ts';

/** A counter as it stands now: hits in its current window (0 once it ended) and any block. */
export interface Counter {
  hits: number;
  windowEndsAt: Date | null;
  blockedUntil: Date | null;
}

export interface HitOptions {
  windowMs: number;
  /** Reaching this many hits in the window blocks the key for `blockMs` (from that hit). */
  blockAt?: number;
  blockMs?: number;
}

/** A block that doubles with each hit past `blockAt`, from `blockMs` up to `maxBlockMs`. */
export interface TakeOptions {
  windowMs: number;
  blockAt: number;
  blockMs: number;
  maxBlockMs: number;
}

const NEVER = 2 ** 31 - 1;
const UNKNOWN_KEPT_MS = 30 * 86_400_000;

/** Keys stay short enough for the primary-key index whatever length of e-mail was typed. */
function stored(key: string): string {
  return key.length <= 200 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

function live(row: { hits: number; windowEndsAt: Date; blockedUntil: Date | null }, now: Date): Counter {
  const inWindow = row.windowEndsAt > now;
  return {
    hits: inWindow ? row.hits : 0,
    windowEndsAt: inWindow ? row.windowEndsAt : null,
    blockedUntil: row.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null,
  };
}

const t = loginThrottle;
const returned = { hits: t.hits, windowEndsAt: t.windowEndsAt, blockedUntil: t.blockedUntil };

/** The hit count after one more hit at `now`: a hit after the window ended starts a new one. */
function counted(now: Date, windowMs: number) {
  const expired = sql`${t.windowEndsAt} <= ${now}::timestamptz`;
  return {
    hits: sql<number>`case when ${expired} then 1 else ${t.hits} + 1 end`,
    windowEndsAt: sql<Date>`case when ${expired} then ${new Date(now.getTime() + windowMs)}::timestamptz else ${t.windowEndsAt} end`,
  };
}

/** Counters in one PostgreSQL table, so every instance over the database counts together. */
export function createThrottleRepo(db: Db) {
  return {
    /** Runs `work` in one transaction: the row locks its statements take decide concurrent attempts one by one. */
    atomically: <T>(work: (q: Queryable) => Promise<T>): Promise<T> => db.transaction(work),

    /** Counts one hit, atomically, whatever the counter's state. */
    async hit(key: string, now: Date, opts: HitOptions, q: Queryable = db): Promise<Counter> {
      const windowEnd = new Date(now.getTime() + opts.windowMs);
      const blockAt = opts.blockAt ?? NEVER;
      const blockEnd = new Date(now.getTime() + (opts.blockMs ?? 0));
      const { hits, windowEndsAt } = counted(now, opts.windowMs);
      const blockedUntil = sql`case when ${hits} >= ${blockAt} then greatest(${t.blockedUntil}, ${blockEnd}::timestamptz) else ${t.blockedUntil} end`;
      const firstBlocked = blockAt <= 1 ? blockEnd : null;
      const [row] = await q
        .insert(t)
        .values({ key: stored(key), hits: 1, windowEndsAt: windowEnd, blockedUntil: firstBlocked, expiresAt: firstBlocked && firstBlocked > windowEnd ? firstBlocked : windowEnd })
        .onConflictDoUpdate({ target: t.key, set: { hits, windowEndsAt, blockedUntil, expiresAt: sql`greatest(${windowEndsAt}, ${blockedUntil})` } })
        .returning(returned);
      return live(row!, now);
    },

    /**
     * Counts one hit unless the key is blocked; undefined when it is. The hit that reaches
     * `blockAt` (and each one after it) blocks the key from then on. One statement: of
     * concurrent takes, each sees the ones before it.
     */
    async take(q: Queryable, key: string, now: Date, opts: TakeOptions): Promise<Counter | undefined> {
      const { hits, windowEndsAt } = counted(now, opts.windowMs);
      const blockSeconds = sql`least(${opts.maxBlockMs / 1000}::float8, ${opts.blockMs / 1000}::float8 * power(2, ${hits} - ${opts.blockAt}))`;
      const blockedUntil = sql`case when ${hits} >= ${opts.blockAt} then ${now}::timestamptz + make_interval(secs => ${blockSeconds}) end`;
      const windowEnd = new Date(now.getTime() + opts.windowMs);
      const firstBlocked = opts.blockAt <= 1 ? new Date(now.getTime() + opts.blockMs) : null;
      const [row] = await q
        .insert(t)
        .values({ key: stored(key), hits: 1, windowEndsAt: windowEnd, blockedUntil: firstBlocked, expiresAt: firstBlocked && firstBlocked > windowEnd ? firstBlocked : windowEnd })
        .onConflictDoUpdate({
          target: t.key,
          set: { hits, windowEndsAt, blockedUntil, expiresAt: sql`greatest(${windowEndsAt}, ${blockedUntil})` },
          setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= ${now}::timestamptz`,
        })
        .returning(returned);
      return row && live(row, now);
    },

    /** Gives back one hit (an attempt that turned out to be the right password); `unblock`: and the block that hit set. */
    async untake(key: string, unblock = false): Promise<void> {
      await db.update(t).set({ hits: sql`greatest(${t.hits} - 1, 0)`, ...(unblock ? { blockedUntil: null } : {}) }).where(eq(t.key, stored(key)));
    },

    /** The live counters among `keys` (absent keys are not in the map). */
    async read(keys: string[], now: Date, q: Queryable = db): Promise<Map<string, Counter>> {
      const rows = await q
        .select({ key: t.key, ...returned })
        .from(t)
        .where(and(inArray(t.key, keys.map(stored)), gt(t.expiresAt, now)));
      const byStored = new Map(rows.map((r) => [r.key, live(r, now)]));
      return new Map(keys.flatMap((k) => (byStored.has(stored(k)) ? [[k, byStored.get(stored(k))!] as const] : [])));
    },

    async clear(key: string): Promise<void> {
      await db.delete(t).where(eq(t.key, stored(key)));
    },

    /** Counts a failed sign-in for an e-mail with no account; returns the address's failures in that minute. */
    async countUnknown(address: string, now: Date): Promise<number> {
      const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
      const u = unknownSignIns;
      const [row] = await db
        .insert(u)
        .values({ address, minute, failures: 1 })
        .onConflictDoUpdate({ target: [u.address, u.minute], set: { failures: sql`${u.failures} + 1` } })
        .returning({ failures: u.failures });
      return row!.failures;
    },

    /** Drops counters that no longer mean anything and unknown-account counts past 30 days (walks the expiry indexes). */
    async prune(now: Date): Promise<void> {
      await db.delete(t).where(lt(t.expiresAt, now));
      await db.delete(unknownSignIns).where(lt(unknownSignIns.minute, new Date(now.getTime() - UNKNOWN_KEPT_MS)));
    },
  };
}
export type ThrottleRepo = ReturnType<typeof createThrottleRepo>;
