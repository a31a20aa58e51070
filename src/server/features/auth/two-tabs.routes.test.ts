import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import type { Tokens } from './auth.test-support.ts';

const refresh = (t: TestApp, refreshToken: string) => t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken } });
const profile = (t: TestApp, access: string) => t.request({ method: 'GET', url: '/v1/auth/profile', headers: bearer(access) });

describe('tabs refreshing together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('10 parallel refreshes with one token all get a working pair of the same session', async () => {
    const u = await t.createUser('staff');
    const { refresh: token } = await t.login(u.email, u.password);
    const replies = await Promise.all(Array.from({ length: 10 }, () => refresh(t, token)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    for (const pair of replies.map((r) => r.json<Tokens>())) {
      expect((await profile(t, pair.access.token)).statusCode).toBe(200);
      expect((await refresh(t, pair.refresh.token)).statusCode).toBe(200);
    }
    const { access } = await t.login(u.email, u.password);
    const sessions = (await t.request({ method: 'GET', url: '/v1/auth/sessions', headers: bearer(access) })).json<{ results: unknown[] }>().results;
    expect(sessions).toHaveLength(2);
  });

  it('of 10 parallel password changes with the same current password exactly one is made, with one audit entry', async () => {
    const u = await t.createUser('member');
    const { access } = await t.login(u.email, u.password);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request({ method: 'PATCH', url: '/v1/auth/password', headers: bearer(access), payload: { currentPassword: u.password, newPassword: `walrus copper meadow ${i}` } }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(1);
    expect(codes.filter((c) => c !== 204).every((c) => c === 400 || c === 429)).toBe(true);
    const entries = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, u.id), eq(auditEvents.action, 'password change')));
    expect(entries).toHaveLength(1);
    const made = replies.findIndex((r) => r.statusCode === 204);
    // From another address: the changes that checked the old password after the winner replaced it
    // count as wrong current passwords, and five of them may have locked this client's pair.
    const signIn = (password: string) => t.request({ method: 'POST', url: '/v1/auth/login', remoteAddress: '192.0.2.47', payload: { email: u.email, password } });
    expect((await signIn(`walrus copper meadow ${made}`)).statusCode).toBe(200);
  });
});

describe('the reuse interval (fixed clock)', () => {
  const clock = fixedClock('2025-05-06T10:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it('a rotated token presented again within 10 seconds continues the session; after that it ends every session', async () => {
    const u = await t.createUser('staff');
    const other = await t.login(u.email, u.password);
    const first = await t.login(u.email, u.password);
    expect((await refresh(t, first.refresh)).statusCode).toBe(200);
    clock.advance(10_000);
    const late = await refresh(t, first.refresh);
    expect(late.statusCode).toBe(200);
    expect((await profile(t, late.json<Tokens>().access.token)).statusCode).toBe(200);

    clock.advance(1_000);
    const reused = await refresh(t, first.refresh);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ code: 'unauthorized', message: 'Your session has ended. Please sign in again.' });
    expect((await refresh(t, late.json<Tokens>().refresh.token)).statusCode).toBe(401);
    expect((await refresh(t, other.refresh)).statusCode).toBe(401);
  });
});
