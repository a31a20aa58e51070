import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

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

const NEVER = 2 ** 31 - 1;

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

/** Counters in one PostgreSQL table, so every instance over the database counts together. */
export function createThrottleRepo(db: Db) {
  const t = loginThrottle;
  return {
    /** Counts one hit, atomically: a hit after the window ended starts a new one. */
    async hit(key: string, now: Date, opts: HitOptions): Promise<Counter> {
      const windowEnd = new Date(now.getTime() + opts.windowMs);
      const blockAt = opts.blockAt ?? NEVER;
      const blockEnd = new Date(now.getTime() + (opts.blockMs ?? 0));
      const expired = sql`${t.windowEndsAt} <= ${now}::timestamptz`;
      const hits = sql`case when ${expired} then 1 else ${t.hits} + 1 end`;
      const windowEndsAt = sql`case when ${expired} then ${windowEnd}::timestamptz else ${t.windowEndsAt} end`;
      const blockedUntil = sql`case when ${hits} >= ${blockAt} then greatest(${t.blockedUntil}, ${blockEnd}::timestamptz) else ${t.blockedUntil} end`;
      const firstBlocked = blockAt <= 1 ? blockEnd : null;
      const [row] = await db
        .insert(t)
        .values({ key: stored(key), hits: 1, windowEndsAt: windowEnd, blockedUntil: firstBlocked, expiresAt: firstBlocked && firstBlocked > windowEnd ? firstBlocked : windowEnd })
        .onConflictDoUpdate({
          target: t.key,
          set: { hits, windowEndsAt, blockedUntil, expiresAt: sql`greatest(${windowEndsAt}, ${blockedUntil})` },
        })
        .returning({ hits: t.hits, windowEndsAt: t.windowEndsAt, blockedUntil: t.blockedUntil });
      return live(row!, now);
    },
    /** The live counters among `keys` (absent keys are not in the map). */
    async read(keys: string[], now: Date): Promise<Map<string, Counter>> {
      const rows = await db
        .select({ key: t.key, hits: t.hits, windowEndsAt: t.windowEndsAt, blockedUntil: t.blockedUntil })
        .from(t)
        .where(and(inArray(t.key, keys.map(stored)), gt(t.expiresAt, now)));
      const byStored = new Map(rows.map((r) => [r.key, live(r, now)]));
      return new Map(keys.flatMap((k) => (byStored.has(stored(k)) ? [[k, byStored.get(stored(k))!] as const] : [])));
    },
    async clear(key: string): Promise<void> {
      await db.delete(t).where(eq(t.key, stored(key)));
    },
    /** Drops rows that no longer mean anything (walks the expiry index). */
    async prune(now: Date): Promise<void> {
      await db.delete(t).where(lt(t.expiresAt, now));
    },
  };
}
export type ThrottleRepo = ReturnType<typeof createThrottleRepo>;
