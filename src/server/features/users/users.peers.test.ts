import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../../../tests/support/test-app.ts';

let t: TestApp;
let admin: Record<string, string>;
let superAdmin: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  superAdmin = await t.as('super_admin');
  adminId = (await t.request({ method: 'GET', url: '/v1/auth/profile', headers: admin })).json().user.id;
});
afterAll(() => t.close());

const patch = (headers: Record<string, string>, id: string, payload: Record<string, unknown>) => t.request({ method: 'PATCH', url: `/v1/users/${id}`, headers, payload });
const restrict = (headers: Record<string, string>, id: string, isRestricted: boolean) =>
  t.request({ method: 'PATCH', url: `/v1/users/${id}/restrict-access`, headers, payload: { isRestricted } });
const signOutEverywhere = (headers: Record<string, string>, id: string) => t.request({ method: 'DELETE', url: `/v1/users/${id}/sessions`, headers });

describe('peer protection: only a super_admin changes another admin', () => {
  it.each([
    ['password', { password: 'Takeover-Lantern-42' }, 'Only a super_admin can change the password of another admin.'],
    ['email', { email: 'mine-now@example.com' }, 'Only a super_admin can change the email of another admin.'],
    ['role', { role: 'member' }, 'Only a super_admin can change the role of another admin.'],
    ['permissions', { permissions: ['export'] }, 'Only a super_admin can change the permissions of another admin.'],
    ['name and password', { name: 'Renamed', password: 'Takeover-Lantern-42' }, 'Only a super_admin can change the password of another admin.'],
  ])("an admin cannot change another admin's %s (403), and nothing changes", async (_what, payload, message) => {
    const peer = await t.createUser('admin');
    const res = await patch(admin, peer.id, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message });
    // The peer's own password still works and their session was not touched.
    expect((await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: peer.email, password: peer.password } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: peer.email, password: 'Takeover-Lantern-42' } })).statusCode).toBe(401);
  });

  it("an admin may still change another admin's name", async () => {
    const peer = await t.createUser('admin');
    const res = await patch(admin, peer.id, { name: 'Grace Hopper' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.name).toBe('Grace Hopper');
  });

  it('an admin cannot restrict, restore or sign out another admin', async () => {
    const peer = await t.createUser('admin');
    const session = await t.login(peer.email, peer.password);
    const r = await restrict(admin, peer.id, true);
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ code: 'forbidden', message: 'Only a super_admin can restrict or restore another admin.' });
    const s = await signOutEverywhere(admin, peer.id);
    expect(s.statusCode).toBe(403);
    expect(s.json()).toEqual({ code: 'forbidden', message: 'Only a super_admin can sign out another admin.' });
    expect((await t.request({ method: 'GET', url: '/v1/auth/profile', headers: bearer(session.access) })).statusCode).toBe(200);
  });

  it("a super_admin may reset an admin's password, e-mail and role, restrict and sign them out", async () => {
    const peer = await t.createUser('admin');
    const session = await t.login(peer.email, peer.password);
    expect((await patch(superAdmin, peer.id, { password: 'N3wAdminPass', email: 'moved-admin@example.com' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/v1/auth/profile', headers: bearer(session.access) })).statusCode).toBe(401);
    const again = await t.login('moved-admin@example.com', 'N3wAdminPass');
    expect((await signOutEverywhere(superAdmin, peer.id)).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/v1/auth/profile', headers: bearer(again.access) })).statusCode).toBe(401);
    expect((await restrict(superAdmin, peer.id, true)).statusCode).toBe(204);
    expect((await patch(superAdmin, peer.id, { role: 'staff' })).statusCode).toBe(200);
  });

  it('admins keep managing staff and members: password, e-mail, role, restriction, sign-out', async () => {
    for (const role of ['staff', 'member'] as const) {
      const u = await t.createUser(role);
      expect((await patch(admin, u.id, { password: 'Fresh-Start-Orchid', email: `moved-${u.email}`, role: 'member' })).statusCode).toBe(200);
      expect((await signOutEverywhere(admin, u.id)).statusCode).toBe(204);
      expect((await restrict(admin, u.id, true)).statusCode).toBe(204);
    }
  });

  it('an admin changes their own password on My account, not through the Users page', async () => {
    const res = await patch(admin, adminId, { password: 'Self-Served-Harbor' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Change your own password on My account, which asks for the current one.' });
    expect((await patch(admin, adminId, { name: 'Ada Lovelace' })).statusCode).toBe(200);
  });
});

describe('DELETE /v1/users/{userId}/sessions', () => {
  it('refuses a super_admin row and oneself; replies 404 for an unknown user', async () => {
    const superAdminId = (await t.request({ method: 'GET', url: '/v1/auth/profile', headers: superAdmin })).json().user.id;
    expect((await signOutEverywhere(admin, superAdminId)).json()).toEqual({ code: 'forbidden', message: 'A super_admin cannot be signed out by others.' });
    expect((await signOutEverywhere(admin, adminId)).json()).toEqual({ code: 'forbidden', message: 'Sign out your own other sessions on My account.' });
    const unknown = await signOutEverywhere(admin, '00000000-0000-0000-0000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'User not found.' });
  });
});
