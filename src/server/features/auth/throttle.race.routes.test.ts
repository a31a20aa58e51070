import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents, systemLogs, unknownSignIns } from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';

const BEHIND_PROXY = { TRUST_PROXY: '127.0.0.1' };

function signIn(app: Pick<TestApp, 'request'>, email: string, password: string, from: string) {
  return app.request({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': from } });
}

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();

describe('parallel guesses (the decision is taken before the password is checked)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: BEHIND_PROXY });
  });
  afterAll(() => t.close());

  it('of 50 parallel wrong passwords for one account from one address, exactly 5 are checked', async () => {
    const u = await t.createUser('staff');
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(t, u.email, `wrong-password-${i}`, '198.51.100.40')));
    expect(statuses(replies)).toEqual([...Array(5).fill(401), ...Array(45).fill(429)]);
    const failed = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, u.id), eq(auditEvents.action, 'sign-in failed')));
    expect(failed).toHaveLength(5);
  });

  it('of 50 parallel password changes with a wrong current password, exactly 5 are checked', async () => {
    const u = await t.createUser('member');
    const { access } = await t.login(u.email, u.password);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.request({ method: 'PATCH', url: '/v1/auth/password', headers: { ...bearer(access), 'x-forwarded-for': '198.51.100.41' }, payload: { currentPassword: `wrong-password-${i}`, newPassword: 'a fresh long passphrase 41' } }),
      ),
    );
    expect(statuses(replies)).toEqual([...Array(5).fill(400), ...Array(45).fill(429)]);
  });
});

describe('IPv6 clients are counted per /64', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: BEHIND_PROXY });
  });
  afterAll(() => t.close());

  it('5 failures from addresses of one /64 lock the whole /64 for that account, not its neighbours', async () => {
    const u = await t.createUser('staff');
    for (let i = 1; i <= 5; i++) expect((await signIn(t, u.email, 'wrong-password1', `2001:db8:1:2::${i}`)).statusCode).toBe(401);
    expect((await signIn(t, u.email, u.password, '2001:db8:1:2:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await signIn(t, u.email, u.password, '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('failures on one account from any addresses (fixed clock)', () => {
  const clock = fixedClock('2025-04-01T09:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: BEHIND_PROXY });
  });
  afterAll(() => t.close());

  it('after 20 failures in 15 minutes every attempt waits its turn, at most 10 seconds, and is then let through', async () => {
    const u = await t.createUser('admin');
    for (let i = 1; i <= 20; i++) expect((await signIn(t, u.email, 'wrong-password1', `192.0.2.${i}`)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await signIn(t, u.email, 'wrong-password1', `203.0.113.${i + 1}`);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      clock.advance(wait * 1000);
      expect((await signIn(t, u.email, 'wrong-password1', `203.0.113.${i + 1}`)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 10, 10, 10, 10]);
    const refused = await signIn(t, u.email, u.password, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed sign-in attempts. Please wait 10 seconds and try again.');
    clock.advance(10_000);
    expect((await signIn(t, u.email, u.password, '198.51.100.99')).statusCode).toBe(200);
  });

  it('counts the 15 minutes afresh: an old failure no longer slows anyone', async () => {
    const u = await t.createUser('staff');
    for (let i = 1; i <= 19; i++) expect((await signIn(t, u.email, 'wrong-password1', `192.0.2.${100 + i}`)).statusCode).toBe(401);
    clock.advance(15 * 60_000);
    expect((await signIn(t, u.email, 'wrong-password1', '192.0.2.200')).statusCode).toBe(401);
    expect((await signIn(t, u.email, u.password, '192.0.2.201')).statusCode).toBe(200);
  });
});

describe('failures for e-mails with no account (fixed clock)', () => {
  const clock = fixedClock('2025-04-02T09:00:05.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: BEHIND_PROXY });
  });
  afterAll(() => t.close());

  const unknownLines = async () =>
    (await t.database.db.select().from(systemLogs)).map((r) => r.description).filter((d) => d.includes('no account'));

  it('are counted per address and minute, with one system-log line a minute and no audit entry', async () => {
    const auditBefore = (await t.database.db.select().from(auditEvents)).length;
    for (let i = 0; i < 30; i++) expect((await signIn(t, `nobody-${i}@example.com`, 'wrong-password1', '198.51.100.50')).statusCode).toBe(401);
    expect(await unknownLines()).toEqual(['Failed sign-ins for e-mail addresses with no account from 198.51.100.50']);
    expect((await t.database.db.select().from(auditEvents)).length).toBe(auditBefore);
    expect(await t.database.db.select({ address: unknownSignIns.address, failures: unknownSignIns.failures }).from(unknownSignIns)).toEqual([{ address: '198.51.100.50', failures: 30 }]);

    clock.advance(60_000);
    expect((await signIn(t, 'nobody-else@example.com', 'wrong-password1', '198.51.100.50')).statusCode).toBe(401);
    expect(await unknownLines()).toHaveLength(2);
  });

  it('are forgotten after 30 days', async () => {
    clock.advance(31 * 86_400_000);
    expect((await signIn(t, 'nobody-later@example.com', 'wrong-password1', '198.51.100.51')).statusCode).toBe(401);
    const rows = await t.database.db.select({ address: unknownSignIns.address }).from(unknownSignIns);
    expect(rows).toEqual([{ address: '198.51.100.51' }]);
  });

  it('a failure for an existing account is still audited', async () => {
    const u = await t.createUser('member');
    expect((await signIn(t, u.email, 'wrong-password1', '198.51.100.52')).statusCode).toBe(401);
    const failed = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, u.id), eq(auditEvents.action, 'sign-in failed')));
    expect(failed).toHaveLength(1);
  });
});
