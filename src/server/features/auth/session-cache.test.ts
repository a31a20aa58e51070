import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

const row = (userId: string) => ({ userId, role: 'staff' });

describe('the sign-in check cache', () => {
  it('keeps nothing until the change notifications are known to arrive, and drops all when they stop', () => {
    const cache = createSessionCache<ReturnType<typeof row>>({ ttlMs: 1000, max: 10, now: () => 0 });
    cache.set('s1', row('u1'));
    expect(cache.get('s1')).toBeUndefined();
    cache.trust(true);
    cache.set('s1', row('u1'));
    expect(cache.get('s1')).toEqual(row('u1'));
    cache.trust(false);
    expect(cache.get('s1')).toBeUndefined();
    cache.trust(true);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets a session or every session of a user when told, by code or by notification', () => {
    const cache = createSessionCache<ReturnType<typeof row>>({ ttlMs: 1000, max: 10, now: () => 0 });
    cache.trust(true);
    for (const [s, u] of [['s1', 'u1'], ['s2', 'u1'], ['s3', 'u2']] as const) cache.set(s, row(u));
    cache.notified('s:s3');
    expect(cache.get('s3')).toBeUndefined();
    expect(cache.get('s1')).toBeDefined();
    cache.notified('u:u1');
    expect([cache.get('s1'), cache.get('s2')]).toEqual([undefined, undefined]);
    cache.set('s3', row('u2'));
    cache.forgetUser('u2');
    expect(cache.get('s3')).toBeUndefined();
    cache.notified('garbage');
  });

  it('lets an entry live only its time, and holds at most `max`', () => {
    let now = 0;
    const cache = createSessionCache<ReturnType<typeof row>>({ ttlMs: 1000, max: 2, now: () => now });
    cache.trust(true);
    cache.set('a', row('u'));
    now = 999;
    expect(cache.get('a')).toBeDefined();
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    for (const s of ['x', 'y', 'z']) cache.set(s, row('u'));
    expect([cache.get('x'), cache.get('y'), cache.get('z')].filter(Boolean)).toHaveLength(2);
  });
});
