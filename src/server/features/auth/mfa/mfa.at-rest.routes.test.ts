import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app.ts';
import { mfaRecoveryCodes, mfaTotp } from '../../../db/schema/index.ts';
import { fixedClock } from '../../../lib/clock.ts';
import { appCode, bearer, secondStep, signInWithPassword, turnOnMfa } from './mfa.test-support.ts';
import { unkeyedRecoveryHash } from './sealing.ts';

const clock = fixedClock('2026-03-02T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const stored = async (userId: string) => ({
  secret: (await t.database.db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)))[0]?.secret,
  codes: (await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))).map((r) => r.codeHash),
});

async function signInWithCode(email: string, password: string, code: string) {
  const first = await signInWithPassword(t, email, password);
  expect(first.statusCode).toBe(403);
  return secondStep(t, first.json<{ challenge: string }>().challenge, code);
}

describe('two-step verification at rest', () => {
  it('the database holds neither the seed nor anything a recovery code can be guessed against without the MFA key', async () => {
    const u = await t.createUser('staff');
    const { secret, recoveryCodes } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    const row = await stored(u.id);
    expect(row.secret).toMatch(/^s1\./);
    expect(row.secret).not.toContain(secret);
    expect(row.codes).toHaveLength(10);
    for (const code of recoveryCodes) {
      expect(row.codes).not.toContain(unkeyedRecoveryHash(code));
    }
    row.codes.forEach((h) => expect(h).toMatch(/^k1\./));
    // And the factor works from what is stored.
    clock.advance(30_000);
    expect((await signInWithCode(u.email, u.password, appCode(secret, clock.now()))).statusCode).toBe(200);
    expect((await signInWithCode(u.email, u.password, recoveryCodes[0]!)).statusCode).toBe(200);
  });

  it('a seed and recovery codes stored by an earlier release (in the clear, unkeyed) work as they are, and the start seals them without a sign-in noticing', async () => {
    const u = await t.createUser('staff');
    const { secret, recoveryCodes } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    // What the earlier release wrote.
    await t.database.owner.db.update(mfaTotp).set({ secret }).where(eq(mfaTotp.userId, u.id));
    await t.database.owner.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, u.id));
    await t.database.owner.db.insert(mfaRecoveryCodes).values(recoveryCodes.map((code, i) => ({ id: `earlier-${u.id}-${i}`, userId: u.id, codeHash: unkeyedRecoveryHash(code) })));

    clock.advance(30_000);
    expect((await signInWithCode(u.email, u.password, appCode(secret, clock.now()))).statusCode).toBe(200);
    expect((await signInWithCode(u.email, u.password, recoveryCodes[0]!)).statusCode).toBe(200);

    expect(await t.app.services.mfaRepo.sealStored()).toBeGreaterThanOrEqual(11);
    const row = await stored(u.id);
    expect(row.secret).toMatch(/^s1\./);
    row.codes.forEach((h) => expect(h).toMatch(/^k1\./));
    // Nothing left to seal: a second start changes nothing.
    expect(await t.app.services.mfaRepo.sealStored()).toBe(0);

    clock.advance(30_000);
    expect((await signInWithCode(u.email, u.password, appCode(secret, clock.now()))).statusCode).toBe(200);
    expect((await signInWithCode(u.email, u.password, recoveryCodes[1]!)).statusCode).toBe(200);
    // A used code stays used through the rehash.
    expect((await signInWithCode(u.email, u.password, recoveryCodes[0]!)).statusCode).toBe(401);
  });
});
