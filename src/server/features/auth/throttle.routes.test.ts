import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instance, type TestApp, createTestApp, secondInstance } from '../../../../tests/support/test-app.ts';
import { auditEvents, systemLogs } from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';

const MINUTE = 60_000;
const LOCKED = { code: 'rate_limited', message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' };

/** The portal behind a proxy on 127.0.0.1 (inject's socket address): X-Forwarded-For names the client. */
const BEHIND_PROXY = { TRUST_PROXY: '127.0.0.1' };

function signIn(app: Pick<TestApp, 'request'>, email: string, password: string, from?: string) {
  return app.request({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, ...(from ? { headers: { 'x-forwarded-for': from } } : {}) });
}

async function logLines(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.select().from(systemLogs).orderBy(desc(systemLogs.id));
  return rows.map((r) => `${r.label} ${r.process} ${r.description}`);
}

describe('an office behind one address (LOGIN_RATE_LIMIT default 300)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: BEHIND_PROXY });
  });
  afterAll(() => t.close());

  it('signs in 30 different users from one address within a few seconds, all of them', async () => {
    const staff = await Promise.all(Array.from({ length: 30 }, (_, i) => t.createUser(i % 3 === 0 ? 'member' : 'staff')));
    const started = Date.now();
    const replies = await Promise.all(staff.map((u) => signIn(t, u.email, u.password, '203.0.113.10')));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(Date.now() - started).toBeLessThan(10_000);
    // A few mistyped passwords among them lock nobody else out.
    expect((await signIn(t, staff[0]!.email, 'typo-password1', '203.0.113.10')).statusCode).toBe(401);
    expect((await signIn(t, staff[1]!.email, staff[1]!.password, '203.0.113.10')).statusCode).toBe(200);
  });
});

describe('failures per (account, address)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: BEHIND_PROXY });
  });
  afterAll(() => t.close());

  it('5 wrong passwords from address A leave the right password working from address B', async () => {
    const u = await t.createUser('admin');
    for (let i = 0; i < 5; i++) expect((await signIn(t, u.email, `wrong-password-${i}`, '198.51.100.1')).statusCode).toBe(401);
    const fromA = await signIn(t, u.email, u.password, '198.51.100.1');
    expect(fromA.statusCode).toBe(429);
    expect(fromA.json()).toEqual(LOCKED);
    expect(Number(fromA.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(fromA.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    const fromB = await signIn(t, u.email, u.password, '198.51.100.2');
    expect(fromB.statusCode).toBe(200);
  });

  it('replies to an unknown account exactly as to a known one, so a lock tells nothing about accounts', async () => {
    const u = await t.createUser('staff');
    const replies = async (email: string) => {
      const out = [];
      for (let i = 0; i < 6; i++) out.push(await signIn(t, email, `wrong-password-${i}`, '198.51.100.3'));
      return out.map((r) => ({ status: r.statusCode, body: r.json(), retry: r.headers['retry-after'] }));
    };
    const known = await replies(u.email);
    const unknown = await replies('nobody-here@example.com');
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('a successful sign-in starts the pair afresh', async () => {
    const u = await t.createUser('staff');
    for (let i = 0; i < 4; i++) expect((await signIn(t, u.email, 'wrong-password1', '198.51.100.4')).statusCode).toBe(401);
    expect((await signIn(t, u.email, u.password, '198.51.100.4')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(t, u.email, 'wrong-password1', '198.51.100.4')).statusCode).toBe(401);
    expect((await signIn(t, u.email, u.password, '198.51.100.4')).statusCode).toBe(200);
  });

  it('reads the client from X-Forwarded-For only when TRUST_PROXY trusts the proxy', async () => {
    const direct = await createTestApp();
    try {
      const u = await direct.createUser('staff');
      // Without TRUST_PROXY the header is anyone's to write: varying it changes nothing.
      for (let i = 0; i < 5; i++) expect((await signIn(direct, u.email, 'wrong-password1', `192.0.2.${i}`)).statusCode).toBe(401);
      expect((await signIn(direct, u.email, u.password, '192.0.2.200')).statusCode).toBe(429);
    } finally {
      await direct.close();
    }
  });

  it('counts the longest e-mail the contract lets in like any other (no error from the counters)', async () => {
    // 252 random characters: long enough that the counter keys it by its hash.
    const email = `${randomBytes(120).toString('hex')}@example.com`;
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push((await signIn(t, email, 'wrong-password1', '198.51.100.6')).statusCode);
    expect(replies).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('records each failure and the lock in the system log and the audit trail, with the client address', async () => {
    const u = await t.createUser('member');
    for (let i = 0; i < 5; i++) await signIn(t, u.email, 'wrong-password1', '198.51.100.5');
    const lines = await logLines(t);
    expect(lines).toContain(`error Auth Failed sign-in for ${u.email} from 198.51.100.5`);
    expect(lines).toContain(`error Auth Sign-in to ${u.email} from 198.51.100.5 locked for 15 minutes after 5 failed attempts`);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, u.id));
    expect(audit.filter((a) => a.action === 'sign-in failed')).toHaveLength(5);
    expect(audit.find((a) => a.action === 'sign-in locked')).toMatchObject({ address: '198.51.100.5', after: { email: u.email } });
    expect(audit.every((a) => a.address === '198.51.100.5')).toBe(true);
  });
});

describe('the 15-minute lock (fixed clock)', () => {
  const clock = fixedClock('2025-03-11T09:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: BEHIND_PROXY });
  });
  afterAll(() => t.close());

  it('lifts 15 minutes after the fifth failure, and the Retry-After counts down to it', async () => {
    const u = await t.createUser('member');
    for (let i = 0; i < 5; i++) {
      expect((await signIn(t, u.email, 'wrong-password1', '198.51.100.9')).statusCode).toBe(401);
      clock.advance(MINUTE);
    }
    // The fifth failure was at 09:04: locked until 09:19.
    let res = await signIn(t, u.email, u.password, '198.51.100.9');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(String(14 * 60));
    clock.set('2025-03-11T09:18:30.000Z');
    res = await signIn(t, u.email, u.password, '198.51.100.9');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json().message).toBe('Too many failed sign-in attempts. Please wait 1 minute and try again.');
    clock.set('2025-03-11T09:19:00.000Z');
    expect((await signIn(t, u.email, u.password, '198.51.100.9')).statusCode).toBe(200);
  });
});

describe('failures per address across accounts (credential stuffing)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: BEHIND_PROXY });
  });
  afterAll(() => t.close());

  it('after 50 failures the address is refused for the accounts it failed on; colleagues still sign in', async () => {
    const attacker = '203.0.113.66';
    const victim = await t.createUser('admin');
    const colleague = await t.createUser('staff');
    expect((await signIn(t, victim.email, 'Summer2025!', attacker)).statusCode).toBe(401);
    for (let i = 0; i < 49; i++) expect((await signIn(t, `person-${i}@example.com`, 'Summer2025!', attacker)).statusCode).toBe(401);

    const victimHere = await signIn(t, victim.email, victim.password, attacker);
    expect(victimHere.statusCode).toBe(429);
    expect(victimHere.json()).toEqual(LOCKED);
    expect(Number(victimHere.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // An account without a failure from this address (a colleague behind the same NAT) signs in.
    expect((await signIn(t, colleague.email, colleague.password, attacker)).statusCode).toBe(200);
    // A new account gets one guess from here, then it too is refused.
    expect((await signIn(t, 'person-new@example.com', 'Summer2025!', attacker)).statusCode).toBe(401);
    expect((await signIn(t, 'person-new@example.com', 'Summer2025!', attacker)).statusCode).toBe(429);
    // The victim, from anywhere else, signs in.
    expect((await signIn(t, victim.email, victim.password, '198.51.100.77')).statusCode).toBe(200);
    expect(await logLines(t)).toContain(
      'error Auth Sign-in from 203.0.113.66 locked for 15 minutes for the accounts it failed on, after 50 failed attempts across accounts (last: person-48@example.com)',
    );
  });
});

describe('failures per account across addresses (detection, never a lock-out)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: BEHIND_PROXY });
  });
  afterAll(() => t.close());

  it('failures from 10 addresses raise one error entry; the account still signs in', async () => {
    const u = await t.createUser('admin');
    // 18 failures: below the account's own ceiling of 20, so none of them is slowed down.
    for (let i = 1; i <= 12; i++) {
      for (let j = 0; j < (i <= 6 ? 2 : 1); j++) expect((await signIn(t, u.email, 'Winter2025!', `192.0.2.${i}`)).statusCode).toBe(401);
    }
    const alerts = (await logLines(t)).filter((l) => l.includes('different addresses'));
    expect(alerts).toEqual([`error Auth Failed sign-ins for ${u.email} from 10 different addresses within 15 minutes: possible password guessing`]);
    expect((await signIn(t, u.email, u.password, '192.0.2.13')).statusCode).toBe(200);
  });
});

describe('attempts per minute per address (LOGIN_RATE_LIMIT), shared by every instance', () => {
  const clock = fixedClock('2025-03-12T09:00:10.000Z');
  let t: TestApp;
  let other: Instance;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { ...BEHIND_PROXY, LOGIN_RATE_LIMIT: '4' } });
    other = await secondInstance(t, { clock, env: { ...BEHIND_PROXY, LOGIN_RATE_LIMIT: '4' } });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('counts attempts of any outcome on both instances; beyond the limit 429 with Retry-After', async () => {
    const u = await t.createUser('staff');
    const from = '198.51.100.20';
    expect((await signIn(t, u.email, u.password, from)).statusCode).toBe(200);
    expect((await signIn(other, u.email, 'wrong-password1', from)).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/v1/auth/login', headers: { 'x-forwarded-for': from }, payload: { email: 'not-an-email' } })).statusCode).toBe(400);
    expect((await signIn(other, u.email, u.password, from)).statusCode).toBe(200);
    clock.advance(20_000);
    for (const app of [t, other]) {
      const res = await signIn(app, u.email, u.password, from);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ code: 'rate_limited', message: 'Too many sign-in attempts. Please wait 40 seconds and try again.' });
      expect(res.headers['retry-after']).toBe('40');
    }
    // Another address is not affected, and the next minute starts afresh.
    expect((await signIn(t, u.email, u.password, '198.51.100.21')).statusCode).toBe(200);
    clock.advance(40_000);
    expect((await signIn(other, u.email, u.password, from)).statusCode).toBe(200);
  });

  it('the pair lock is shared too: failures on two instances add up', async () => {
    clock.advance(MINUTE);
    const u = await t.createUser('member');
    const from = '198.51.100.30';
    // Spread over two minutes, so the per-minute limit (4 here) is not what refuses.
    for (const app of [t, other, t]) expect((await signIn(app, u.email, 'wrong-password1', from)).statusCode).toBe(401);
    clock.advance(MINUTE);
    for (const app of [other, t]) expect((await signIn(app, u.email, 'wrong-password1', from)).statusCode).toBe(401);
    expect((await signIn(other, u.email, u.password, from)).statusCode).toBe(429);
  });
});
