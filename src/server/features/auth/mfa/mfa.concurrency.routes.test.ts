import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApp, createTestApp } from '../../../../../tests/support/test-app.ts';
import { fixedClock } from '../../../lib/clock.ts';
import { appCode, bearer, signInWithPassword, turnOnMfa } from './mfa.test-support.ts';

/** Two-step verification's endpoints, each sent ten times at once: the effect of one, and replies that agree. */
const clock = fixedClock('2026-03-02T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const tenAtOnce = (request: InjectOptions): Promise<LightMyRequestResponse[]> => Promise.all(Array.from({ length: 10 }, () => t.request(request)));
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();
/** The user's audit entries, their sign-ins included. */
const entries = async (userId: string) => (await t.database.pool.query<{ action: string }>("select action from audit_events where entity_id = $1 or (entity = 'session' and after->>'userId' = $1) order by id", [userId])).rows.map((r) => r.action);
/** The user's audit entries but their sign-ins. */
const actions = async (userId: string) => (await entries(userId)).filter((a) => a !== 'sign in');

async function signedIn() {
  const u = await t.createUser('staff');
  return { u, headers: bearer((await t.login(u.email, u.password)).access) };
}

describe('two-step verification, ten identical requests at once', () => {
  it('POST /v1/auth/mfa/totp: every reply shows the one secret kept, and its code turns the factor on', async () => {
    const { headers } = await signedIn();
    const res = await tenAtOnce({ method: 'POST', url: '/v1/auth/mfa/totp', headers, payload: { password: TEST_PASSWORD } });
    // The password in each is an attempt in the sign-in throttle: those past the pair's five wait their turn.
    const answered = res.filter((r) => r.statusCode !== 429);
    expect(answered.length).toBeGreaterThan(0);
    expect(statuses(answered)).toEqual(Array(answered.length).fill(200));
    const secrets = new Set(answered.map((r) => r.json<{ secret: string }>().secret));
    expect(secrets.size).toBe(1);
    const [secret] = [...secrets];
    const confirmed = await t.request({ method: 'POST', url: '/v1/auth/mfa/totp/confirm', headers, payload: { code: appCode(secret!, clock.now()) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('POST /v1/auth/mfa/totp/confirm: on once, one entry; the repeats find it on; the recovery codes in the replies are the ones kept', async () => {
    const { u, headers } = await signedIn();
    const { secret } = (await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers, payload: { password: TEST_PASSWORD } })).json<{ secret: string }>();
    const res = await tenAtOnce({ method: 'POST', url: '/v1/auth/mfa/totp/confirm', headers, payload: { code: appCode(secret, clock.now()) } });
    expect(statuses(res)).toEqual([200, ...Array(9).fill(409)]);
    expect(res.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array(9).fill('Two-step verification is already on.'));
    expect(await actions(u.id)).toEqual(['two-step verification on']);
    const { recoveryCodes } = res.find((r) => r.statusCode === 200)!.json<{ recoveryCodes: string[] }>();
    const challenge = (await signInWithPassword(t, u.email, u.password)).json<{ challenge: string }>().challenge;
    const recovered = await t.request({ method: 'POST', url: '/v1/auth/login/mfa', payload: { challenge, code: recoveryCodes[3] } });
    expect(recovered.statusCode).toBe(200);
  });

  it('DELETE /v1/auth/mfa/totp: off once, one entry, no failed sign-in counted; a password alone signs in afterwards', async () => {
    const { u, headers } = await signedIn();
    const { secret } = await turnOnMfa(t, headers, clock.now());
    clock.advance(30_000);
    const res = await tenAtOnce({ method: 'DELETE', url: '/v1/auth/mfa/totp', headers, payload: { password: u.password, code: appCode(secret, clock.now()) } });
    expect(statuses(res).filter((s) => s !== 429)).toEqual([204, ...Array(statuses(res).filter((s) => s !== 429).length - 1).fill(409)]);
    expect(res.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(res.filter((r) => r.statusCode === 409).map(() => 'Two-step verification is not on.'));
    expect(await actions(u.id)).toEqual(['two-step verification on', 'two-step verification off']);
    expect((await signInWithPassword(t, u.email, u.password)).statusCode).toBe(200);
  });

  it('POST /v1/auth/login/mfa: one session from one challenge; no failure counted; the repeats find the sign-in over', async () => {
    const { u, headers } = await signedIn();
    const { secret } = await turnOnMfa(t, headers, clock.now());
    clock.advance(30_000);
    const challenge = (await signInWithPassword(t, u.email, u.password)).json<{ challenge: string }>().challenge;
    const before = await entries(u.id);
    const res = await tenAtOnce({ method: 'POST', url: '/v1/auth/login/mfa', payload: { challenge, code: appCode(secret, clock.now()) } });
    expect(statuses(res)).toEqual([200, ...Array(9).fill(401)]);
    expect(res.filter((r) => r.statusCode === 401).map((r) => r.json().message)).toEqual(Array(9).fill('This sign-in has expired. Please sign in again.'));
    expect((await entries(u.id)).slice(before.length)).toEqual(['sign in']);
    // Nothing was counted against the account: a new sign-in goes through as usual.
    expect((await signInWithPassword(t, u.email, u.password)).statusCode).toBe(403);
  });
});
