import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, bearer, freshDatabase, testConfig } from '../../../../tests/support/test-app.ts';
import { ConfigError } from '../../config.ts';
import { seedAdmin } from '../../db/seed.ts';
import { authSuite } from './auth.test-support.ts';

describe('the rule for new passwords', () => {
  const s = authSuite();
  const change = (access: string, currentPassword: string, newPassword: string) =>
    s.t.request({ method: 'PATCH', url: '/v1/auth/password', headers: bearer(access), payload: { currentPassword, newPassword } });

  it('takes 12 characters or more with no composition rule: lower-case words alone will do', async () => {
    const u = await s.t.createUser('member');
    const { access } = await s.t.login(u.email, u.password);
    expect((await change(access, u.password, 'copper walrus meadow')).statusCode).toBe(204);
    expect((await s.login({ email: u.email, password: 'copper walrus meadow' })).statusCode).toBe(200);
  });

  it("refuses a password made of the person's own name, with the estimator's advice", async () => {
    const u = await s.t.createUser('staff', { name: 'Mary Jones', email: 'mary.jones@example.com' });
    const { access } = await s.t.login(u.email, u.password);
    const res = await change(access, u.password, 'maryjones2024');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', details: { newPassword: expect.stringMatching(/^There should not be any personal or page related data\./) } });
  });

  it('refuses a common password when an admin creates a user', async () => {
    const admin = await s.t.as('admin');
    const res = await s.t.request({ method: 'POST', url: '/v1/users', headers: admin, payload: { name: 'New Person', email: 'new.person@example.com', password: 'qwertyuiop123', role: 'staff' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.password).toMatch(/keyboard|common/i);
  });

  it('leaves existing passwords alone: one set under the old 8-character rule still signs in', async () => {
    expect(TEST_PASSWORD.length).toBeLessThan(12);
    const u = await s.t.createUser('member');
    expect((await s.login({ email: u.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('ADMIN_PASSWORD', () => {
  it('is held to the rule when it seeds the first super_admin, and the start is refused naming it', async () => {
    const database = await freshDatabase();
    try {
      const seed = (password: string) => seedAdmin(database.db, testConfig({ ADMIN_PASSWORD: password }), () => undefined);
      await expect(seed('Password1234')).rejects.toThrow(ConfigError);
      await expect(seed('Password1234')).rejects.toThrow(/ADMIN_PASSWORD: This is similar to a commonly used password\./);
      await expect(seed('short-one')).rejects.toThrow('ADMIN_PASSWORD: password must be at least 12 characters');
      await seed('seeded copper walrus');
      // Once a super_admin exists the setting seeds nothing, so it is not checked.
      await expect(seed('Password1234')).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
