import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import type { AuthEvents } from './auth-events.ts';
import type { AuthRepo } from './auth.repo.ts';
import { createSessionCache } from './session-cache.ts';
import { type SessionUser, createSessions } from './sessions.ts';
import { createTokenSigner } from './tokens.ts';

const START = new Date('2026-03-02T09:00:00Z');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The sign-in check of one session over a stand-in for its two queries: each read of the row
 * waits until the test releases it, so the test sees how many reads and writes requests cause.
 */
async function setup() {
  const clock = fixedClock(START);
  const row = (over: Partial<SessionUser> = {}): SessionUser => ({
    userId: 'u1',
    name: 'Dana Reviewer',
    email: 'dana@example.com',
    role: 'staff',
    permissions: [],
    isRestricted: false,
    revokedAt: null,
    lastSeenAt: START,
    createdAt: START,
    ...over,
  });
  const reads: { resolve: (row: SessionUser | undefined) => void }[] = [];
  const touches: { resolve: () => void }[] = [];
  const repo = {
    sessionUser: () => {
      const d = deferred<SessionUser | undefined>();
      reads.push(d);
      return d.promise;
    },
    touchSession: () => {
      const d = deferred<void>();
      touches.push({ resolve: () => d.resolve() });
      return d.promise;
    },
  };
  const cache = createSessionCache<SessionUser>({ ttlMs: 10_000, max: 100, now: () => clock.now().getTime() });
  cache.trust(true);
  const signer = createTokenSigner('s'.repeat(64), clock, 15);
  const sessions = createSessions({
    // Only the two queries of the sign-in check are reached by authenticate().
    repo: repo as unknown as AuthRepo,
    signer,
    clock,
    // authenticate() records nothing.
    events: {} as AuthEvents,
    uow: () => Promise.reject(new Error('authenticate() changes nothing')),
    refreshDays: 7,
    idleMinutes: 30,
    maxHours: 12,
    cache,
  });
  const { token } = await signer.signAccess({ userId: 'u1', sessionId: 's1', role: 'staff' });
  /** Waits, a turn of the event loop at a time, until the check has reached the stand-in's query. */
  const settle = async (done: () => boolean) => {
    while (!done()) await new Promise((r) => setImmediate(r));
  };
  return { clock, row, reads, touches, cache, sessions, token, settle };
}

describe('the sign-in check of a session', () => {
  it('reads the session again for a request that came after a sign-out was heard, and refuses it', async () => {
    const s = await setup();
    const before = s.sessions.authenticate(s.token);
    await s.settle(() => s.reads.length === 1);
    s.cache.notified('s:s1');
    const after = s.sessions.authenticate(s.token);
    await s.settle(() => s.reads.length === 2);
    expect(s.reads).toHaveLength(2);
    s.reads[1]!.resolve(s.row({ revokedAt: new Date(START.getTime() + 1) }));
    expect(await after).toBeNull();
    // The read begun before the sign-out ends last, with the row as it was: the reply to its own
    // request, but not kept over the newer one.
    s.reads[0]!.resolve(s.row());
    expect((await before)?.id).toBe('u1');
    expect(await s.sessions.authenticate(s.token)).toBeNull();
    expect(s.reads).toHaveLength(2);
  });

  it('checks a busy session against its cached row, and writes its last use once a minute', async () => {
    const s = await setup();
    const first = s.sessions.authenticate(s.token);
    await s.settle(() => s.reads.length === 1);
    s.reads[0]!.resolve(s.row());
    expect((await first)?.id).toBe('u1');
    expect((await s.sessions.authenticate(s.token))?.id).toBe('u1');
    expect([s.reads.length, s.touches.length]).toEqual([1, 0]);
    s.clock.advance(60_000);
    const due = s.sessions.authenticate(s.token);
    // Past the cache's 10 s: the row is read again, then its last use written.
    await s.settle(() => s.reads.length === 2);
    s.reads[1]!.resolve(s.row());
    await s.settle(() => s.touches.length === 1);
    expect(s.touches).toHaveLength(1);
    s.touches[0]!.resolve();
    expect((await due)?.id).toBe('u1');
    // The write is on the cached row: the next request neither reads nor writes.
    expect((await s.sessions.authenticate(s.token))?.id).toBe('u1');
    expect([s.reads.length, s.touches.length]).toEqual([2, 1]);
  });

  it('refuses an expired token, and a forged one after checking its signature', async () => {
    const s = await setup();
    const first = s.sessions.authenticate(s.token);
    await s.settle(() => s.reads.length === 1);
    s.reads[0]!.resolve(s.row());
    await first;
    expect(await s.sessions.authenticate(`${s.token.slice(0, -2)}xx`)).toBeNull();
    s.clock.advance(15 * 60_000);
    expect(await s.sessions.authenticate(s.token)).toBeNull();
    expect(s.reads).toHaveLength(1);
  });
});
