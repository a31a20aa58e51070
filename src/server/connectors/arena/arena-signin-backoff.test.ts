import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseServer } from '../../../../tests/support/test-app.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { createArenaEmulator } from '../../emulators/arena/emulator.ts';
import { BAD_PASSWORDS_BEFORE_LOCK } from '../../emulators/arena/session-routes.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createArenaClient } from './arena-client.ts';
import { arenaAccount, createDbSessionStore } from './arena-session-db.ts';

const EMAIL = 'integration@provider.example';
const PASSWORD = 'S3cret-integration-password';

describe('after a refused Arena sign-in, no instance signs in again until the back-off passes', () => {
  const clock = fixedClock('2026-11-26T14:00:00Z');
  const emulator = createArenaEmulator({ email: EMAIL, password: PASSWORD, clock });
  const databases: Database[] = [];
  let drop: () => Promise<void>;
  let url: string;
  let baseUrl: string;
  let signIns = 0;
  const logged: string[] = [];

  /** One portal instance: its own pool to the shared database and its own client. */
  function instance(password: string) {
    const database = openPostgres(url, { max: 2 });
    databases.push(database);
    const counting: typeof fetch = async (input, init) => {
      if (new URL(String(input)).pathname.endsWith('/login')) signIns += 1;
      return fetch(input, init);
    };
    const client = createArenaClient({ baseUrl, email: EMAIL, password, clock, fetch: counting, sessionStore: createDbSessionStore(database.db, arenaAccount(baseUrl, EMAIL), clock) });
    client.onSignInRefused((message) => logged.push(message));
    return client;
  }

  beforeAll(async () => {
    const created = await createDatabase(databaseServer().template);
    drop = created.drop;
    url = created.url;
    baseUrl = `${await emulator.app.listen({ host: '127.0.0.1', port: 0 })}/v1`;
  });
  afterAll(async () => {
    await Promise.all([...databases.map((d) => d.close()), emulator.app.close()]);
    await drop();
  });

  it('5 minutes, then 10, shared by every instance, said once per back-off; a new password clears it', async () => {
    const [a, b] = [instance('wrong-password'), instance('wrong-password')];
    const first = "Arena refused the integration user's sign-in (4001); next try at 14:05 UTC.";
    await expect(a.findQualityProcesses()).rejects.toMatchObject({ kind: 'signin_paused', message: first });
    expect(signIns).toBe(1);
    await expect(b.getTemplate('WOFHVPXRGJG8I6BG3XF3')).rejects.toThrow(first);
    await expect(a.getOwners()).rejects.toThrow(first);
    expect(signIns).toBe(1);
    expect(a.status()).toMatchObject({ session: 'refused', signInPaused: first });

    clock.advance(5 * 60_000);
    const second = "Arena refused the integration user's sign-in (4001); next try at 14:15 UTC.";
    await expect(b.findQualityProcesses()).rejects.toThrow(second);
    await expect(a.findQualityProcesses()).rejects.toThrow(second);
    expect(signIns).toBe(2);
    expect(logged).toEqual([first, second]);

    const fixed = instance(PASSWORD);
    await expect(fixed.findQualityProcesses()).resolves.toMatchObject({ results: [] });
    expect(signIns).toBe(3);
    expect(fixed.status().signInPaused).toBeNull();
  });
});

describe('after 4083 (account disabled for five minutes), the client waits at least those five minutes', () => {
  it('makes no sign-in before 5 minutes have passed, then signs in', async () => {
    const clock = fixedClock('2026-11-26T14:00:00Z');
    const emulator = createArenaEmulator({ email: EMAIL, password: PASSWORD, clock });
    const baseUrl = `${await emulator.app.listen({ host: '127.0.0.1', port: 0 })}/v1`;
    try {
      // Someone else's bad passwords disabled the integration account just now.
      for (let i = 0; i < BAD_PASSWORDS_BEFORE_LOCK; i++) {
        await emulator.app.inject({ method: 'POST', url: '/v1/login', headers: { 'content-type': 'application/json' }, payload: { email: EMAIL, password: 'guess' } });
      }
      let signIns = 0;
      const counting: typeof fetch = async (input, init) => {
        if (new URL(String(input)).pathname.endsWith('/login')) signIns += 1;
        return fetch(input, init);
      };
      const client = createArenaClient({ baseUrl, email: EMAIL, password: PASSWORD, clock, fetch: counting });
      await expect(client.findQualityProcesses()).rejects.toMatchObject({
        kind: 'signin_paused',
        codes: [4083],
        message: "Arena refused the integration user's sign-in (4083); next try at 14:05 UTC.",
      });
      clock.advance(5 * 60_000 - 1_000);
      await expect(client.findQualityProcesses()).rejects.toMatchObject({ kind: 'signin_paused' });
      expect(signIns).toBe(1);
      clock.advance(1_000);
      await expect(client.findQualityProcesses()).resolves.toMatchObject({ results: [] });
      expect(signIns).toBe(2);
    } finally {
      await emulator.app.close();
    }
  });
});
