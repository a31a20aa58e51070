import { afterEach, describe, expect, it } from 'vitest';
import { arenaAccount, createArenaClient, createDbSessionStore } from '../../connectors/arena/index.ts';
import { openPostgres } from '../../db/client.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID, createArenaEmulator } from '../../emulators/arena/index.ts';
import { DEMO_AWARE_DATE_QID, createJotformEmulator } from '../../emulators/jotform/index.ts';
import { systemClock } from '../../lib/clock.ts';
import { createDatabase, databaseServer, testConfig } from '../../../../tests/support/test-app.ts';
import { checkOutside } from './run.ts';

/*
 * "Don't log in twice as the same user at the same time. Logging in a second time will cancel the
 * first session" (Arena REST API documentation, "Connecting and Permissions"). So check:outside
 * signs in with the portal's stored session and keeps to its stored back-off when it can reach the
 * portal's database, and otherwise says that its sign-in ends the integration user's other session.
 */

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const USER = { email: 'integration@test.example', password: 'the-Arena-password-1' };
const WORKSPACE = '898765432';

async function live(opts: { database: boolean; password?: string }) {
  const jotform = createJotformEmulator({ apiKey: 'check-session-key-0123' });
  const jotformUrl = await jotform.listen();
  const arena = createArenaEmulator(USER);
  const arenaUrl = `${await arena.app.listen({ host: '127.0.0.1', port: 0 })}/v1`;
  closers.push(() => jotform.close(), () => arena.app.close());
  const db = await createDatabase(databaseServer().template);
  closers.push(() => db.drop());
  const config = testConfig({
    JOTFORM_API_KEY: 'check-session-key-0123',
    JOTFORM_BASE_URL: jotformUrl,
    JOTFORM_FORM_ID: jotform.formId,
    JOTFORM_AWARE_DATE_QID: DEMO_AWARE_DATE_QID,
    ARENA_BASE_URL: arenaUrl,
    ARENA_EMAIL: USER.email,
    ARENA_PASSWORD: opts.password ?? USER.password,
    ARENA_WORKSPACE_ID: WORKSPACE,
    ARENA_TEMPLATE_GUID: ARENA_EMULATOR_TEMPLATE_GUID,
    ...(opts.database ? { DATABASE_URL: db.url } : {}),
  });
  // The running portal: its session (or its refused sign-in) kept in its database.
  const portalDb = openPostgres(db.url, { max: 2 });
  closers.push(() => portalDb.close());
  const portal = createArenaClient({
    baseUrl: arenaUrl,
    email: USER.email,
    password: opts.password ?? USER.password,
    workspaceId: WORKSPACE,
    sessionStore: createDbSessionStore(portalDb.db, arenaAccount(arenaUrl, USER.email, WORKSPACE), systemClock),
  });
  return { config, arena, portal };
}

const arenaLines = (lines: { check: string; ok: boolean; detail: string }[]) => lines.filter((l) => l.check.startsWith('Arena'));

describe('check:outside and the portal’s Arena session', () => {
  it('with the portal’s database: signs in with the stored session, so the running portal keeps it', async () => {
    const { config, arena, portal } = await live({ database: true });
    await portal.signIn();
    expect(arena.state.logins).toBe(1);
    const { lines } = await checkOutside(config);
    expect(arenaLines(lines).every((l) => l.ok)).toBe(true);
    expect(lines.find((l) => l.check === 'Arena sign-in')?.detail).toMatch(/the portal's Arena session/);
    expect(arena.state.logins).toBe(1);
    // The portal's token still works: its next call needs no new sign-in.
    await portal.getOwners();
    expect(arena.state.logins).toBe(1);
  });

  it('with the portal’s database: keeps to the stored sign-in back-off instead of trying the refused password again', async () => {
    const { config, arena, portal } = await live({ database: true, password: 'a-password-Arena-refuses' });
    await expect(portal.signIn()).rejects.toMatchObject({ kind: 'signin_paused' });
    expect(arena.state.lockout.badPasswords).toBe(1);
    const { lines } = await checkOutside(config);
    expect(lines.find((l) => l.check === 'Arena sign-in')).toMatchObject({ ok: false, detail: expect.stringMatching(/next try at \d\d:\d\d UTC/) });
    expect(arena.state.lockout.badPasswords).toBe(1);
  });

  it('without a database it can reach: says its sign-in ends the integration user’s other session', async () => {
    const { config, arena, portal } = await live({ database: false });
    await portal.signIn();
    const { lines } = await checkOutside(config);
    expect(lines.find((l) => l.check === 'Arena sign-in')?.detail).toMatch(/signed in as integration@test\.example with a session of its own: Arena ends the integration user's other session/);
    expect(arena.state.logins).toBe(2);
  });
});
