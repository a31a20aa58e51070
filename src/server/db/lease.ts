import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Leadership of one piece of background work across instances, as a row in `leases`: the holder
 * renews it every round, and any instance takes it over once it has expired. Unlike a session
 * advisory lock, a holder that vanished (kill -9, power cut) keeps it only until the lease runs out.
 * Expiry is judged by the database's clock, the one clock every instance shares.
 */
export interface Lease {
  /** Takes the lease, or renews it when already held here; false while another holder's lease runs. */
  acquire(): Promise<boolean>;
  /** Gives it up at once (a clean shutdown), so another instance need not wait for expiry. */
  release(): Promise<void>;
}

export function createLease(db: Db, name: string, holder: string, ttlMs: number): Lease {
  const ttl = `${Math.max(1, Math.round(ttlMs))} milliseconds`;
  return {
    async acquire() {
      const { rows } = await db.execute<{ holder: string }>(sql`
        insert into leases (name, holder, expires_at) values (${name}, ${holder}, now() + ${ttl}::interval)
        on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
          where leases.holder = excluded.holder or leases.expires_at < now()
        returning holder`);
      return rows.length > 0;
    },
    async release() {
      await db.execute(sql`update leases set expires_at = now() where name = ${name} and holder = ${holder}`);
    },
  };
}
