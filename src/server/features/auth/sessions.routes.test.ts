import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instance, type TestApp, bearer, createTestApp, secondInstance } from '../../../../tests/support/test-app.ts';
import { auditEvents, refreshTokens, systemLogs } from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';

const MINUTE = 60_000;

let t: TestApp;
let other: Instance;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  admin = await t.as('admin');
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const profile = (app: Pick<TestApp, 'request'>, access: string) => app.request({ method: 'GET', url: '/v1/auth/profile', headers: bearer(access) });
const refresh = (refreshToken: string) => t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken } });
const logout = (refreshToken: string) => t.request({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken } });

describe('an access token ends with its session, on the next request, on every instance', () => {
  it('logout, then the old access token gets 401: here at once, on a second instance that had it cached once the notification arrives', async () => {
    const u = await t.createUser('staff');
    const session = await t.login(u.email, u.password);
    const kept = await t.login(u.email, u.password);
    expect((await profile(other, session.access)).statusCode).toBe(200);
    expect((await logout(session.refresh)).statusCode).toBe(204);
    const here = await profile(t, session.access);
    expect(here.statusCode).toBe(401);
    expect(here.json()).toEqual({ code: 'unauthorized', message: 'Your session has expired. Please sign in again.' });
    // Decision 014: the other instance drops its cached entry when PostgreSQL's notification of the
    // ended session reaches it, milliseconds after the commit, not necessarily before this next request.
    await expect.poll(async () => (await profile(other, session.access)).statusCode, { timeout: 5000, interval: 10 }).toBe(401);
    expect((await profile(other, session.access)).json()).toEqual({ code: 'unauthorized', message: 'Your session has expired. Please sign in again.' });
    // The user's other session is untouched.
    expect((await profile(t, kept.access)).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(entry?.description).toBe(`User ${u.email} signed out (from 127.0.0.1)`);
  });

  it("an admin's password reset ends the user's sessions at once", async () => {
    const u = await t.createUser('member');
    const session = await t.login(u.email, u.password);
    const res = await t.request({ method: 'PATCH', url: `/v1/users/${u.id}`, headers: admin, payload: { password: 'Res3tByAdmin' } });
    expect(res.statusCode).toBe(200);
    expect((await profile(other, session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: u.email, password: 'Res3tByAdmin' } })).statusCode).toBe(200);
  });

  it('refresh-token reuse ends every session, access tokens included', async () => {
    const u = await t.createUser('staff');
    const a = await t.login(u.email, u.password);
    const b = await t.login(u.email, u.password);
    const rotated = (await refresh(a.refresh)).json<{ access: { token: string } }>();
    // Rotated 11 seconds ago: past the reuse interval that lets a second tab's refresh through.
    await t.database.db.update(refreshTokens).set({ usedAt: sql`${refreshTokens.usedAt} - interval '11 seconds'` }).where(and(eq(refreshTokens.userId, u.id), isNotNull(refreshTokens.usedAt)));
    expect((await refresh(a.refresh)).statusCode).toBe(401);
    for (const access of [a.access, b.access, rotated.access.token]) expect((await profile(t, access)).statusCode).toBe(401);
    const [entry] = await t.database.db.select().from(systemLogs).where(eq(systemLogs.label, 'error')).orderBy(desc(systemLogs.id)).limit(1);
    expect(entry?.description).toBe(`2 sessions of ${u.email} ended: refresh token reuse (from 127.0.0.1)`);
  });

  it('restriction ends the sessions; lifting it does not revive the old tokens', async () => {
    const u = await t.createUser('staff');
    const session = await t.login(u.email, u.password);
    const restrict = (isRestricted: boolean) => t.request({ method: 'PATCH', url: `/v1/users/${u.id}/restrict-access`, headers: admin, payload: { isRestricted } });
    expect((await restrict(true)).statusCode).toBe(204);
    expect((await profile(t, session.access)).statusCode).toBe(401);
    expect((await restrict(false)).statusCode).toBe(204);
    expect((await profile(t, session.access)).statusCode).toBe(401);
    expect((await profile(other, session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it("an admin's \"sign out everywhere\" ends every session of the user, recorded with the admin's address", async () => {
    const u = await t.createUser('member');
    const a = await t.login(u.email, u.password);
    const b = await other.login(u.email, u.password);
    const res = await t.request({ method: 'DELETE', url: `/v1/users/${u.id}/sessions`, headers: { ...admin, 'x-forwarded-for': '10.9.9.9' }, remoteAddress: '10.1.1.1' });
    expect(res.statusCode).toBe(204);
    for (const s of [a, b]) {
      expect((await profile(t, s.access)).statusCode).toBe(401);
      expect((await refresh(s.refresh)).statusCode).toBe(401);
    }
    const ended = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'end session'));
    const mine = ended.filter((e) => (e.after as { userId?: string }).userId === u.id);
    expect(mine).toHaveLength(2);
    // No TRUST_PROXY here: the socket's address is the client's, whatever the header says.
    expect(mine.every((e) => e.address === '10.1.1.1' && (e.after as { reason: string }).reason === 'signed out by admin')).toBe(true);
  });
});

describe('PATCH /v1/auth/password', () => {
  const change = (access: string, payload: unknown) => t.request({ method: 'PATCH', url: '/v1/auth/password', headers: bearer(access), payload: payload as Record<string, unknown> });

  it('changes the password (204): this session goes on, every other one ends', async () => {
    const u = await t.createUser('staff');
    const here = await t.login(u.email, u.password);
    const elsewhere = await other.login(u.email, u.password);
    const res = await change(here.access, { currentPassword: u.password, newPassword: 'Brand9NewPass' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await profile(t, here.access)).statusCode).toBe(200);
    expect((await profile(other, elsewhere.access)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
    expect((await refresh(here.refresh)).statusCode).toBe(200);
    const signIn = (password: string) => t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: u.email, password } });
    expect((await signIn(u.password)).statusCode).toBe(401);
    expect((await signIn('Brand9NewPass')).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'password change')).orderBy(desc(auditEvents.id)).limit(1);
    expect(entry).toMatchObject({ entityId: u.id, actorId: u.id, address: '127.0.0.1' });
  });

  it.each([
    ['a wrong current password', { currentPassword: 'not-it-at-all1', newPassword: 'Brand9NewPass' }, 'currentPassword', 'Your current password is not correct.'],
    ['a short new password', { currentPassword: 'CURRENT', newPassword: 'Sh0rt-pw!' }, 'newPassword', 'password must be at least 12 characters'],
    ['a common new password', { currentPassword: 'CURRENT', newPassword: 'Password1234' }, 'newPassword', expect.stringMatching(/^This is similar to a commonly used password\./)],
    ['the same password again', { currentPassword: 'CURRENT', newPassword: 'CURRENT' }, 'newPassword', 'Choose a new password that differs from the current one.'],
    ['a missing current password', { newPassword: 'Brand9NewPass' }, 'currentPassword', 'currentPassword is required'],
    ['an unknown field', { currentPassword: 'CURRENT', newPassword: 'Brand9NewPass', role: 'admin' }, 'role', 'unknown field role'],
  ])('replies 400 {code, message, details} for %s, and changes nothing', async (_name, payload, field, problem) => {
    const u = await t.createUser('member', { password: 'Current-Pass-Word' });
    const body = JSON.parse(JSON.stringify(payload).replaceAll('CURRENT', 'Current-Pass-Word')) as Record<string, unknown>;
    const { access } = await t.login(u.email, 'Current-Pass-Word');
    const res = await change(access, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String), details: { [field]: problem } });
    expect((await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: u.email, password: 'Current-Pass-Word' } })).statusCode).toBe(200);
  });

  it('5 wrong current passwords lock the change (429) like failed sign-ins', async () => {
    const u = await t.createUser('staff');
    const { access } = await t.login(u.email, u.password);
    for (let i = 0; i < 5; i++) expect((await change(access, { currentPassword: `guess-number-${i}`, newPassword: 'Brand9NewPass' })).statusCode).toBe(400);
    const res = await change(access, { currentPassword: u.password, newPassword: 'Brand9NewPass' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('replies 401 without a session', async () => {
    expect((await t.request({ method: 'PATCH', url: '/v1/auth/password', payload: { currentPassword: 'x', newPassword: 'Brand9NewPass' } })).statusCode).toBe(401);
  });
});

describe('GET and DELETE /v1/auth/sessions', () => {
  it('lists the live sessions, most recent first, marking the current one', async () => {
    const u = await t.createUser('staff');
    const ended = await t.login(u.email, u.password);
    await logout(ended.refresh);
    await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: u.email, password: u.password }, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/128.0' }, remoteAddress: '10.0.0.7' });
    const { access } = await t.login(u.email, u.password);
    const res = await t.request({ method: 'GET', url: '/v1/auth/sessions', headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    const { results } = res.json<{ results: { id: string; current: boolean; ipAddress: string; userAgent: string; createdAt: string; lastSeenAt: string }[] }>();
    expect(results).toHaveLength(2);
    expect(results.filter((s) => s.current)).toHaveLength(1);
    expect(results.find((s) => !s.current)).toMatchObject({ ipAddress: '10.0.0.7', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/128.0', method: 'password' });
    expect(Object.keys(results[0]!).sort()).toEqual(['createdAt', 'current', 'id', 'ipAddress', 'lastSeenAt', 'method', 'userAgent']);
  });

  it('ends one of your own sessions (204); someone else’s is not found (404)', async () => {
    const u = await t.createUser('member');
    const stranger = await t.createUser('member');
    const mine = await t.login(u.email, u.password);
    const phone = await t.login(u.email, u.password);
    const theirs = await t.login(stranger.email, stranger.password);
    const list = async (access: string) => (await t.request({ method: 'GET', url: '/v1/auth/sessions', headers: bearer(access) })).json<{ results: { id: string; current: boolean }[] }>().results;
    const phoneId = (await list(phone.access)).find((s) => s.current)!.id;
    const theirId = (await list(theirs.access))[0]!.id;

    const foreign = await t.request({ method: 'DELETE', url: `/v1/auth/sessions/${theirId}`, headers: bearer(mine.access) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'not_found', message: 'Session not found.' });
    expect((await profile(t, theirs.access)).statusCode).toBe(200);

    expect((await t.request({ method: 'DELETE', url: `/v1/auth/sessions/${phoneId}`, headers: bearer(mine.access) })).statusCode).toBe(204);
    expect((await profile(t, phone.access)).statusCode).toBe(401);
    expect((await profile(t, mine.access)).statusCode).toBe(200);
  });

  it('"sign out other sessions" ends all but the current one', async () => {
    const u = await t.createUser('staff');
    const sessions = [await t.login(u.email, u.password), await other.login(u.email, u.password), await t.login(u.email, u.password)];
    const current = sessions[2]!;
    expect((await t.request({ method: 'DELETE', url: '/v1/auth/sessions', headers: bearer(current.access) })).statusCode).toBe(204);
    expect((await profile(t, sessions[0]!.access)).statusCode).toBe(401);
    expect((await profile(other, sessions[1]!.access)).statusCode).toBe(401);
    expect((await profile(t, current.access)).statusCode).toBe(200);
    const { results } = (await t.request({ method: 'GET', url: '/v1/auth/sessions', headers: bearer(current.access) })).json<{ results: unknown[] }>();
    expect(results).toHaveLength(1);
  });
});

describe('idle sessions end (SESSION_IDLE_MINUTES, fixed clock)', () => {
  const clock = fixedClock('2025-05-05T08:00:00.000Z');
  let idle: Instance;
  beforeAll(async () => {
    idle = await secondInstance(t, { clock, env: { SESSION_IDLE_MINUTES: '60' } });
  });
  afterAll(() => idle.close());
  const refreshHere = (refreshToken: string) => idle.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken } });

  it('a session in use goes on; one unused for 60 minutes ends, its next refresh refused with a message', async () => {
    const u = await t.createUser('staff');
    const first = await idle.login(u.email, u.password);
    clock.advance(29 * MINUTE);
    expect((await profile(idle, first.access)).statusCode).toBe(200);
    clock.advance(31 * MINUTE);
    // 60 minutes since sign-in, but only 31 since the last request: still live.
    const res = await refreshHere(first.refresh);
    expect(res.statusCode).toBe(200);
    const second = res.json<{ access: { token: string }; refresh: { token: string } }>();
    clock.advance(59 * MINUTE);
    expect((await refreshHere(second.refresh.token)).statusCode).toBe(200);

    const last = await idle.login(u.email, u.password);
    clock.advance(60 * MINUTE);
    const refused = await refreshHere(last.refresh);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'unauthorized', message: 'Your session ended after 60 minutes without activity. Please sign in again.' });
    const logged = await t.database.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(logged[0]?.description).toBe(`Session of ${u.email} ended: idle (from 127.0.0.1)`);
  });

  it('under a one-minute limit a session in use goes on past its first minute', async () => {
    const short = await secondInstance(t, { clock, env: { SESSION_IDLE_MINUTES: '1' } });
    try {
      const u = await t.createUser('member');
      const s = await short.login(u.email, u.password);
      for (let i = 0; i < 4; i++) {
        clock.advance(40_000);
        expect((await profile(short, s.access)).statusCode).toBe(200);
      }
      clock.advance(60_000);
      expect((await profile(short, s.access)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('the idle limit also stops an access token that is still within its 30 minutes', async () => {
    const short = await secondInstance(t, { clock, env: { SESSION_IDLE_MINUTES: '15' } });
    try {
      const u = await t.createUser('member');
      const s = await short.login(u.email, u.password);
      clock.advance(14 * MINUTE);
      expect((await profile(short, s.access)).statusCode).toBe(200);
      clock.advance(15 * MINUTE);
      expect((await profile(short, s.access)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
