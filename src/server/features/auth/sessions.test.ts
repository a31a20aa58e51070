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
 * waits until the test answers it, so the test sees how many reads and writes requests cause.
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
  // Its signature checked once (as the first request of a session does), so each later check
  // reaches the session's row within the same turn and \`settle\` sees every read it caused.
  await signer.verifyAccess(token);
  const settle = () => new Promise((r) => setImmediate(r));
  return { clock, row, reads, touches, cache, sessions, token, settle };
}

describe('the sign-in check of a busy session', () => {
  it("shares one read of the session among a page's parallel requests", async () => {
    const s = await setup();
    const checks = Array.from({ length: 20 }, () => s.sessions.authenticate(s.token));
    await s.settle();
    expect(s.reads).toHaveLength(1);
    s.reads[0]!.resolve(s.row());
    const users = await Promise.all(checks);
    expect(users.every((u) => u?.email === 'dana@example.com')).toBe(true);
    expect(s.reads).toHaveLength(1);
  });

  it('reads the session again for a request that came after a sign-out was heard, and refuses it', async () => {
    const s = await setup();
    const before = s.sessions.authenticate(s.token);
    await s.settle();
    s.cache.notified('s:s1');
    const after = s.sessions.authenticate(s.token);
    await s.settle();
    expect(s.reads).toHaveLength(2);
    s.reads[1]!.resolve(s.row({ revokedAt: new Date(START.getTime() + 1) }));
    expect(await after).toBeNull();
    // The read begun before the sign-out ends last, with the row as it was: answered to its own
    // request, but not kept over the newer one.
    s.reads[0]!.resolve(s.row());
    expect((await before)?.id).toBe('u1');
    expect(await s.sessions.authenticate(s.token)).toBeNull();
    expect(s.reads).toHaveLength(2);
  });

  it('renews its cached row in the background once, past half its time, without making requests wait', async () => {
    const s = await setup();
    const first = s.sessions.authenticate(s.token);
    await s.settle();
    s.reads[0]!.resolve(s.row());
    await first;
    s.clock.advance(4_999);
    expect((await s.sessions.authenticate(s.token))?.id).toBe('u1');
    expect(s.reads).toHaveLength(1);
    s.clock.advance(1);
    const users = await Promise.all(Array.from({ length: 20 }, () => s.sessions.authenticate(s.token)));
    expect(users.every((u) => u?.id === 'u1')).toBe(true);
    expect(s.reads).toHaveLength(2);
    // The renewal says the user was restricted meanwhile: the next request is refused without a read.
    s.reads[1]!.resolve(s.row({ isRestricted: true }));
    await s.settle();
    expect(await s.sessions.authenticate(s.token)).toBeNull();
    expect(s.reads).toHaveLength(2);
  });

  it('writes its last use once for parallel requests, and they do not wait for that write', async () => {
    const s = await setup();
    const first = s.sessions.authenticate(s.token);
    await s.settle();
    s.reads[0]!.resolve(s.row({ lastSeenAt: new Date(START.getTime() - 61_000) }));
    await s.settle();
    expect(s.touches).toHaveLength(1);
    const others = await Promise.all(Array.from({ length: 20 }, () => s.sessions.authenticate(s.token)));
    expect(others.every((u) => u?.id === 'u1')).toBe(true);
    expect(s.touches).toHaveLength(1);
    s.touches[0]!.resolve();
    expect((await first)?.id).toBe('u1');
    // Written: the cached row now says so, and no request writes it again within the minute.
    await s.sessions.authenticate(s.token);
    expect(s.touches).toHaveLength(1);
  });

  it('answers from memory, without a promise, once the session is cached; waits again when its last use is due', async () => {
    const s = await setup();
    const first = s.sessions.authenticate(s.token);
    expect(first).toBeInstanceOf(Promise);
    await s.settle();
    s.reads[0]!.resolve(s.row());
    await first;
    const now = s.sessions.authenticate(s.token);
    expect(now).not.toBeInstanceOf(Promise);
    expect(now).toMatchObject({ id: 'u1', email: 'dana@example.com', sessionId: 's1' });
    // Restricted meanwhile and heard of: refused at once too, and read again.
    s.cache.notified('u:u1');
    const refused = s.sessions.authenticate(s.token);
    expect(refused).toBeInstanceOf(Promise);
    await s.settle();
    s.reads[1]!.resolve(s.row({ isRestricted: true }));
    expect(await refused).toBeNull();
    // A minute after its last use, the check waits for that use to be written.
    const t = await setup();
    const firstT = t.sessions.authenticate(t.token);
    await t.settle();
    t.reads[0]!.resolve(t.row({ lastSeenAt: new Date(START.getTime() - 59_000) }));
    await firstT;
    expect(t.sessions.authenticate(t.token)).not.toBeInstanceOf(Promise);
    t.clock.advance(1_000);
    const due = t.sessions.authenticate(t.token);
    expect(due).toBeInstanceOf(Promise);
    expect(t.touches).toHaveLength(1);
    t.touches[0]!.resolve();
    expect((await due)?.id).toBe('u1');
  });

  it('refuses an expired token from memory, and a token it has never verified only after checking its signature', async () => {
    const s = await setup();
    const first = s.sessions.authenticate(s.token);
    await s.settle();
    s.reads[0]!.resolve(s.row());
    await first;
    const forged = `${s.token.slice(0, -2)}xx`;
    const answer = s.sessions.authenticate(forged);
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBeNull();
    s.clock.advance(15 * 60_000);
    expect(s.sessions.authenticate(s.token)).toBeNull();
    expect(s.reads).toHaveLength(1);
  });
});

