import { describe, expect, it } from 'vitest';
import type { Reportability } from '#shared/contract/reporting';
import type { Signature } from '#shared/contract/signatures';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';
import { signature } from '../../../../tests/support/signing.ts';
import { bearer } from '../../../../tests/support/test-app.ts';
import { Secret, TOTP } from 'otpauth';

const f = complaintFile();
const url = (id: string) => `/v1/jotforms/submission/${id}/reportability`;
const notReportable = { decision: 'not_reportable', rationale: 'No injury; the device worked as labelled.' };
const reportable = { decision: 'reportable', rationale: 'Burn needing treatment after the strap failed.', category: 'standard' };
const tokenFor = async (headers: Record<string, string>, password: string, code?: string) => f.send('POST', '/v1/auth/signing-token', { password, ...(code ? { code } : {}) }, headers);
/** The code an authenticator app shows for `secret` at `at`. */
const appCode = (secret: string, at: Date) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
/** Two-step verification turned on for the user of `headers`, through the API. */
async function turnOnMfa(headers: Record<string, string>, password: string): Promise<string> {
  const { secret } = (await f.send('POST', '/v1/auth/mfa/totp', { password }, headers)).json<{ secret: string }>();
  expect((await f.send('POST', '/v1/auth/mfa/totp/confirm', { code: appCode(secret, f.clock.now()) }, headers)).statusCode).toBe(200);
  return secret;
}
const signaturesOf = async (id: string) => (await f.send('GET', `/v1/jotforms/submission/${id}/signatures`)).json<{ results: Signature[] }>().results;

describe('signing tokens', () => {
  it('a token signs once: the second action with it is refused and changes nothing', async () => {
    const sig = await f.sign('Reportability decided');
    const first = await f.send('PUT', url(f.ids.early), { ...notReportable, signature: sig });
    expect(first.statusCode, first.body).toBe(200);
    const again = await f.send('PUT', url(f.ids.early), { ...reportable, signature: sig });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 'signing_failed', message: 'This signature was already used. Sign again.' });
    expect((await f.send('GET', url(f.ids.early))).json<Reportability>().current?.decision).toBe('not_reportable');
  });

  it('lives two minutes', async () => {
    const sig = await f.sign('Reportability decided');
    f.clock.advance(120_001);
    try {
      const res = await f.send('PUT', url(f.ids.friday), { ...notReportable, signature: sig });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('This signature expired after 2 minutes. Sign again.');
    } finally {
      f.clock.advance(-120_001);
    }
    expect((await f.send('GET', url(f.ids.friday))).json<Reportability>().current).toBeNull();
  });

  it("another user's token, or one from another session of the same user, is refused and stays unused", async () => {
    const admins = await f.sign('Reportability decided', f.admin, 'Adm1nPassw0rd');
    const res = await f.send('PUT', url(f.ids.friday), { ...notReportable, signature: admins });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This signature was made in another session. Sign again.');
    const otherSession = bearer((await f.t.login(f.staffUser.email, 'Passw0rd!')).access);
    const fromThere = await signature((o) => f.t.request(o), otherSession, 'Reportability decided');
    expect((await f.send('PUT', url(f.ids.friday), { ...notReportable, signature: fromThere })).statusCode).toBe(401);
    // Its owner can still use it.
    const own = await f.send('PUT', url(f.ids.friday), { ...notReportable, signature: admins }, f.admin);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<Reportability>().signatures[0]).toMatchObject({ signer: { name: 'Ada Admin' }, meaning: 'Reportability decided', method: 'password', valid: true });
  });

  it('a meaning that is not the action’s is refused, and so is a decision without a signature', async () => {
    const wrong = await f.send('PUT', url(f.ids.saturday), { ...notReportable, signature: await f.sign('Complaint closed') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('signature.meaning must be "Reportability decided" for this action');
    const none = await f.send('PUT', url(f.ids.saturday), notReportable);
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toMatchObject({ signature: expect.stringMatching(/signature is required/) });
  });

  it('a wrong password is 401 with a sentence and counts in the sign-in throttle', async () => {
    const omar = await f.t.createUser('staff', { name: 'Omar Haddad' });
    const headers = bearer((await f.t.login(omar.email, omar.password)).access);
    for (let i = 0; i < 5; i++) {
      const res = await tokenFor(headers, 'not-my-password');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'signing_failed', message: 'Your password is not correct.' });
    }
    // The fifth failure locked the account from this address, as five failed sign-ins do.
    const locked = await tokenFor(headers, omar.password);
    expect(locked.statusCode).toBe(429);
    const login = await f.t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: omar.email, password: omar.password } });
    expect(login.statusCode).toBe(429);
  });

  it('with two-step verification on, the code is required, a wrong one is refused, and the method is recorded', async () => {
    const lena = await f.t.createUser('staff', { name: 'Lena Brandt' });
    const headers = bearer((await f.t.login(lena.email, lena.password)).access);
    const secret = await turnOnMfa(headers, lena.password);
    const noCode = await tokenFor(headers, lena.password);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe('Enter the code from your authenticator app.');
    const wrongCode = await tokenFor(headers, lena.password, '000000' === appCode(secret, f.clock.now()) ? '111111' : '000000');
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().message).toBe('Your password or code is not correct.');
    const wrongPassword = await tokenFor(headers, 'not-my-password', appCode(secret, f.clock.now()));
    expect(wrongPassword.json().message).toBe('Your password or code is not correct.');
    // The code the set-up confirmed is spent: the next time step's is needed.
    f.clock.advance(30_000);
    try {
      const ok = await tokenFor(headers, lena.password, appCode(secret, f.clock.now()));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(new Date(ok.json().expiresAt).getTime() - f.clock.now().getTime()).toBe(120_000);
      const res = await f.send('PUT', url(f.ids.deadlineSoon), { ...notReportable, signature: { token: ok.json().token, meaning: 'Reportability decided' } }, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Reportability>().signatures[0]).toMatchObject({ signer: { id: lena.id, name: 'Lena Brandt' }, method: 'password+code' });
    } finally {
      f.clock.advance(-30_000);
    }
  });
});

describe('a signature and the content it signed', () => {
  it('stays valid while the decision is the one signed; a change makes it "no longer match", naming when and who', async () => {
    const id = f.ids.saturday;
    const signed = await f.send('PUT', url(id), { ...notReportable, signature: await f.sign('Reportability decided') });
    expect(signed.statusCode, signed.body).toBe(200);
    const [first] = await signaturesOf(id);
    expect(first).toEqual({
      id: expect.any(String),
      kind: 'reportability',
      signer: { id: f.staffUser.id, name: 'Dana Reyes' },
      meaning: 'Reportability decided',
      at: f.clock.now().toISOString(),
      method: 'password',
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      valid: true,
      changed: null,
    });
    // The list's Mark records an unsigned reportable decision over it.
    f.clock.advance(60_000);
    try {
      expect((await f.send('PATCH', `/v1/jotforms/submission/${id}/mark-reportable`, { reportable: true }, f.admin)).statusCode).toBe(200);
      const [stale] = await signaturesOf(id);
      expect(stale).toMatchObject({ id: first!.id, valid: false, changed: { at: f.clock.now().toISOString(), by: 'Ada Admin' } });
      const closure = (await f.send('GET', `/v1/jotforms/submission/${id}/closure`)).json<{ checklist: { condition: string; missing: string | null }[] }>();
      expect(closure.checklist.find((c) => c.condition === 'decision')?.missing).toBe('The reportability decision changed after it was signed: sign it again.');
    } finally {
      f.clock.advance(-60_000);
    }
  });

  it('a signed decision sent again, word for word, stores nothing more', async () => {
    const id = f.ids.friday;
    const before = (await f.send('GET', url(id))).json<Reportability>();
    expect(before.signatures.every((s) => s.signer.name === 'Ada Admin')).toBe(true);
    const res = await f.send('PUT', url(id), { ...notReportable, signature: await f.sign('Reportability decided') });
    expect(res.statusCode).toBe(200);
    // Already signed and unchanged: a repeat stores nothing.
    expect(res.json<Reportability>().decisions).toHaveLength(before.decisions.length);
    expect(res.json<Reportability>().signatures).toHaveLength(before.signatures.length);
  });

  it('signatures cannot be changed or removed, even by the app’s own connection', async () => {
    await expect(f.t.database.pool.query("update signatures set meaning = 'Complaint closed'")).rejects.toThrow(/permission denied|append-only/);
    await expect(f.t.database.owner.pool.query('delete from signatures')).rejects.toThrow(/append-only/);
  });
});
