import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

const row = (userId: string) => ({ userId, role: 'staff' });
type Row = ReturnType<typeof row>;

describe('the sign-in check cache', () => {
  it('keeps nothing until the change notifications are known to arrive, and drops all when they stop', () => {
    const cache = createSessionCache<Row>({ ttlMs: 1000, max: 10, now: () => 0 });
    cache.set('s1', row('u1'), cache.mark());
    expect(cache.get('s1')).toBeUndefined();
    cache.trust(true);
    cache.set('s1', row('u1'), cache.mark());
    expect(cache.get('s1')?.row).toEqual(row('u1'));
    cache.trust(false);
    expect(cache.get('s1')).toBeUndefined();
    cache.trust(true);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets a session or every session of a user when told, by code or by notification', () => {
    const cache = createSessionCache<Row>({ ttlMs: 1000, max: 10, now: () => 0 });
    cache.trust(true);
    for (const [s, u] of [['s1', 'u1'], ['s2', 'u1'], ['s3', 'u2']] as const) cache.set(s, row(u), cache.mark());
    cache.notified('s:s3');
    expect(cache.get('s3')).toBeUndefined();
    expect(cache.get('s1')).toBeDefined();
    cache.notified('u:u1');
    expect([cache.get('s1'), cache.get('s2')]).toEqual([undefined, undefined]);
    cache.set('s3', row('u2'), cache.mark());
    cache.forgetUser('u2');
    expect(cache.get('s3')).toBeUndefined();
    cache.notified('garbage');
  });

  it('lets an entry live only its time, asks for its renewal past half of it, and holds at most `max`', () => {
    let now = 0;
    const cache = createSessionCache<Row>({ ttlMs: 1000, max: 2, now: () => now });
    cache.trust(true);
    cache.set('a', row('u'), cache.mark());
    now = 499;
    expect(cache.get('a')).toEqual({ row: row('u'), refreshDue: false });
    now = 500;
    expect(cache.get('a')).toEqual({ row: row('u'), refreshDue: true });
    cache.set('a', row('u'), cache.mark());
    now = 1499;
    expect(cache.get('a')?.refreshDue).toBe(true);
    now = 1500;
    expect(cache.get('a')).toBeUndefined();
    for (const s of ['x', 'y', 'z']) cache.set(s, row('u'), cache.mark());
    expect([cache.get('x'), cache.get('y'), cache.get('z')].filter(Boolean)).toHaveLength(2);
  });

  it('drops a row read while a session was forgotten, a user changed or trust changed: it may predate the change', () => {
    const cache = createSessionCache<Row>({ ttlMs: 1000, max: 10, now: () => 0 });
    cache.trust(true);
    for (const change of [() => cache.forgetSession('other'), () => cache.forgetUser('u9'), () => cache.notified('s:s1'), () => cache.trust(true)]) {
      const since = cache.mark();
      change();
      cache.set('s1', row('u1'), since);
      expect(cache.get('s1')).toBeUndefined();
    }
    cache.set('s1', row('u1'), cache.mark());
    expect(cache.get('s1')?.row).toEqual(row('u1'));
  });
});
