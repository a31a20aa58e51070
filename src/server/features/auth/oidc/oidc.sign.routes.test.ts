import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signature } from '#shared/contract/signatures';
import { DEMO_QID } from '../../../emulators/jotform/fixtures.ts';
import type { Clock } from '../../../lib/clock.ts';
import { type Emulators, startEmulators } from '../../../../../tests/support/emulators.ts';
import { CLIENT, type ProviderCookies, startTestProvider } from '../../../../../tests/support/oidc-provider.ts';
import { type TestApp, bearer, createTestApp } from '../../../../../tests/support/test-app.ts';
import { PortalBrowser, REDIRECT, signThroughProvider } from './oidc.test-support.ts';

/**
 * Signing through single sign-on (docs/features/signatures.md), against a real OpenID provider on
 * loopback: a fresh provider sign-in of the identity linked to the session's account gives that
 * session one signing token.
 */
let provider: Awaited<ReturnType<typeof startTestProvider>>;
let emu: Emulators;
let t: TestApp;
/** The portal's clock: the real time, or ahead of it by `ahead` ms (the provider keeps the real time). */
let ahead = 0;
const clock: Clock = { now: () => new Date(Date.now() + ahead) };
let submissionId: string;

beforeAll(async () => {
  provider = await startTestProvider(REDIRECT, {
    sam: { email: 'sam@example.com', email_verified: true },
    una: { email: 'una@example.com', email_verified: true },
    vic: { email: 'vic@example.com', email_verified: true },
  });
  emu = await startEmulators({ clock });
  t = await createTestApp({ clock, env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret }, deps: emu.deps });
  await t.app.ready();
  ({ id: submissionId } = await emu.jotform.addSubmission({ [DEMO_QID.awareDate]: new Date().toISOString().slice(0, 10) }));
  await t.app.services.sync.syncOnce();
});
afterAll(async () => {
  await t?.close();
  await emu?.close();
  await provider?.close();
});

/** A staff member signed in with the password, linked by an administrator to `subject` at the provider (or not linked). */
async function staffMember(subject?: string) {
  const user = await t.createUser('staff');
  if (subject) {
    const linked = await t.request({ method: 'PUT', url: `/v1/users/${user.id}/identity`, headers: await t.as('super_admin'), payload: { subject } });
    expect(linked.statusCode, linked.body).toBe(204);
  }
  return { user, headers: bearer((await t.login(user.email, user.password)).access) };
}

const decide = (headers: Record<string, string>, token: string, rationale = 'No injury; the device worked as labelled.') =>
  t.request({
    method: 'PUT',
    url: `/v1/jotforms/submission/${submissionId}/reportability`,
    headers,
    payload: { decision: 'not_reportable', rationale, signature: { token, meaning: 'Reportability decided' } },
  });

describe('signing through single sign-on', () => {
  it('asks the provider for a fresh sign-in, and gives the session a token that signs once, recorded as signed through the provider', async () => {
    const { user, headers } = await staffMember('sam');
    // Signed in at the provider already: a sign-in for a signature is asked for again all the same.
    const cookies: ProviderCookies = new Map();
    const loginPages = { count: 0 };
    const first = await signThroughProvider(t, headers, 'sam', { cookies, loginPages });
    expect(first.location?.searchParams.get('max_age')).toBe('0');
    expect(first.location?.searchParams.get('prompt')).toBe('login');
    const second = await signThroughProvider(t, headers, 'sam', { cookies, loginPages });
    expect(loginPages.count).toBe(2);
    expect(second.reply.statusCode, second.reply.body).toBe(200);
    const { token, expiresAt } = second.reply.json<{ token: string; expiresAt: string }>();
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBeLessThanOrEqual(120_000);

    const signed = await decide(headers, token);
    expect(signed.statusCode, signed.body).toBe(200);
    const [signature] = (await t.request({ method: 'GET', url: `/v1/jotforms/submission/${submissionId}/signatures`, headers })).json<{ results: Signature[] }>().results;
    expect(signature).toMatchObject({ kind: 'reportability', signer: { id: user.id }, meaning: 'Reportability decided', method: 'sso', valid: true });
    // One signature per round trip.
    const again = await decide(headers, token, 'No injury; revised with the same token.');
    expect(again.json()).toEqual({ code: 'signing_failed', message: 'This signature was already used. Sign again.' });
  });

  it("gives no token for another session of the same account, or for someone else's identity at the provider", async () => {
    const { user, headers } = await staffMember('una');
    const other = bearer((await t.login(user.email, user.password)).access);
    // The code goes back to the session that asked: another session of the account cannot trade it.
    const elsewhere = await signThroughProvider(t, headers, 'una', { trade: other });
    expect(elsewhere.reply.statusCode).toBe(400);
    expect(elsewhere.reply.json()).toMatchObject({ message: 'That sign-in took too long. Please try again.' });

    const wrong = await signThroughProvider(t, headers, 'sam');
    expect(wrong.reply.statusCode).toBe(401);
    expect(wrong.reply.json()).toEqual({ code: 'signing_failed', message: 'That organisation account is not the one linked to your Quality Portal account.' });
  });

  it('refuses a provider sign-in older than the start of the round trip', async () => {
    const vic = await staffMember('vic');
    // The portal starts the round trip a minute after the provider signs the person in.
    ahead = 60_000;
    try {
      const stale = await signThroughProvider(t, vic.headers, 'vic');
      expect(stale.reply.statusCode).toBe(401);
      expect(stale.reply.json()).toEqual({
        code: 'signing_failed',
        message: 'Your organisation’s sign-in service did not ask you to sign in again, so it cannot stand for a signature. Try again, or sign with your password.',
      });
    } finally {
      ahead = 0;
    }
  });

  it('is for a signed-in account linked to the provider only', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/v1/auth/oidc/start?purpose=sign' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.location).toBeUndefined();
    const { headers } = await staffMember();
    const notLinked = await signThroughProvider(t, headers, 'sam');
    expect(notLinked.reply.statusCode).toBe(409);
    expect(notLinked.reply.json()).toMatchObject({ message: 'Your account is not linked to single sign-on.' });
    // A sign-in's code is not a signature's.
    const browser = new PortalBrowser();
    const code = await t.request({ method: 'POST', url: '/v1/auth/oidc/signing-token', headers: { ...headers, cookie: browser.header }, payload: { code: 'not-a-code' } });
    expect(code.statusCode).toBe(400);
  });
});
