import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

const row = (userId: string) => ({ userId, role: 'staff', lastSeenAt: new Date(0) });
type Row = ReturnType<typeof row>;

/** Asks the cache for a session's row, counting the database reads it causes. */
function reader(cache: ReturnType<typeof createSessionCache<Row>>) {
  let reads = 0;
  return {
    read: (sessionId: string, userId = 'u1') =>
      cache.row(sessionId, async () => {
        reads++;
        return row(userId);
      }),
    reads: () => reads,
  };
}

describe('the sign-in check cache', () => {
  it('keeps nothing until the change notifications are known to arrive, and drops all when they stop', async () => {
    const cache = createSessionCache<Row>({ ttlMs: 1000, max: 10, now: () => 0 });
    const r = reader(cache);
    await r.read('s1');
    await r.read('s1');
    expect(r.reads()).toBe(2);
    cache.trust(true);
    await r.read('s1');
    await r.read('s1');
    expect(r.reads()).toBe(3);
    cache.trust(false);
    await r.read('s1');
    expect(r.reads()).toBe(4);
  });

  it('forgets a session or every session of a user when told, by code or by notification', async () => {
    const cache = createSessionCache<Row>({ ttlMs: 1000, max: 10, now: () => 0 });
    cache.trust(true);
    const r = reader(cache);
    for (const [s, u] of [['s1', 'u1'], ['s2', 'u1'], ['s3', 'u2']] as const) await r.read(s, u);
    cache.notified('s:s3');
    await r.read('s3', 'u2');
    await r.read('s1');
    expect(r.reads()).toBe(4);
    cache.notified('u:u1');
    await r.read('s1');
    await r.read('s2');
    expect(r.reads()).toBe(6);
    cache.forgetUser('u2');
    await r.read('s3', 'u2');
    expect(r.reads()).toBe(7);
    cache.notified('garbage');
  });

  it('lets an entry live only its time and holds at most `max`', async () => {
    let now = 0;
    const cache = createSessionCache<Row>({ ttlMs: 1000, max: 2, now: () => now });
    cache.trust(true);
    const r = reader(cache);
    await r.read('a');
    now = 999;
    await r.read('a');
    expect(r.reads()).toBe(1);
    now = 1000;
    await r.read('a');
    expect(r.reads()).toBe(2);
    for (const s of ['x', 'y', 'z']) await r.read(s);
    for (const s of ['y', 'z']) await r.read(s);
    expect(r.reads()).toBe(5);
  });

  it('does not keep a row read while a session was forgotten, a user changed or trust changed: it may predate the change', async () => {
    const cache = createSessionCache<Row>({ ttlMs: 1000, max: 10, now: () => 0 });
    cache.trust(true);
    for (const change of [() => cache.forgetSession('other'), () => cache.forgetUser('u9'), () => cache.notified('s:s1'), () => cache.trust(true)]) {
      let reads = 0;
      const load = async () => {
        reads++;
        change();
        return row('u1');
      };
      await cache.row('s1', load);
      await cache.row('s1', async () => (reads++, row('u1')));
      expect(reads).toBe(2);
      cache.forgetSession('s1');
    }
  });
});
