import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, databaseServer } from '../../../../tests/support/test-app.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { arenaSessions } from '../../db/schema/index.ts';
import { createArenaEmulator } from '../../emulators/arena/emulator.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID } from '../../emulators/arena/fixtures.ts';
import { systemClock } from '../../lib/clock.ts';
import { type ArenaClient, createArenaClient } from './arena-client.ts';
import { arenaAccount, createDbSessionStore } from './arena-session-db.ts';

const EMAIL = 'integration@provider.example';
const PASSWORD = 'S3cret-integration-password';

/** One portal instance: its own connection pool to the shared database and its own client. */
interface Instance {
  database: Database;
  client: ArenaClient;
  logins: number;
}

describe('one Arena session shared by two instances through the database', () => {
  const emulator = createArenaEmulator({ email: EMAIL, password: PASSWORD, requestLimit: 100_000 });
  let drop: () => Promise<void>;
  let a: Instance;
  let b: Instance;

  function instance(url: string, baseUrl: string): Instance {
    const database = openPostgres(url, { max: 3 });
    const self: Instance = { database, logins: 0, client: undefined as unknown as ArenaClient };
    const counting: typeof fetch = async (input, init) => {
      if (new URL(String(input)).pathname.endsWith('/login')) self.logins += 1;
      return fetch(input, init);
    };
    const store = createDbSessionStore(database.db, arenaAccount(baseUrl, EMAIL), systemClock);
    self.client = createArenaClient({ baseUrl, email: EMAIL, password: PASSWORD, fetch: counting, sessionStore: store });
    return self;
  }

  /**
   * `n` calls on each instance at once; any error (a 401 included) fails the test. Arena replies
   * slowly meanwhile, so both instances find the token missing or expired within the same login.
   */
  async function burst(n: number) {
    emulator.control.setLatency(40);
    try {
      await Promise.all([a, b].flatMap((i) => Array.from({ length: n }, (_, k) => (k % 2 ? i.client.findQualityProcesses() : i.client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID)))));
    } finally {
      emulator.control.setLatency(0);
    }
  }

  beforeAll(async () => {
    const created = await createDatabase(databaseServer().template);
    drop = created.drop;
    const baseUrl = `${await emulator.app.listen({ host: '127.0.0.1', port: 0 })}/v1`;
    a = instance(created.url, baseUrl);
    b = instance(created.url, baseUrl);
  });
  afterAll(async () => {
    await Promise.all([a.database.close(), b.database.close(), emulator.app.close()]);
    await drop();
  });
  beforeEach(() => {
    a.logins = 0;
    b.logins = 0;
    emulator.state.logins = 0;
  });

  it('logs in once for both at the start, and keeps the token in the database', async () => {
    await burst(15);
    await burst(15);
    expect(emulator.state.logins).toBe(1);
    expect(a.logins + b.logins).toBe(1);
    const rows = await a.database.db.select().from(arenaSessions);
    expect(rows).toHaveLength(1);
    expect(emulator.state.sessions.has(rows[0]!.token ?? '')).toBe(true);
  });

  it('after the session expired, exactly one instance logs in and the other takes its token', async () => {
    emulator.control.expireSessions();
    await burst(20);
    expect(emulator.state.logins).toBe(1);
    expect(a.logins + b.logins).toBe(1);
    await burst(10);
    expect(emulator.state.logins).toBe(1);
  });

  it('an instance whose token was replaced reads the new one instead of logging in', async () => {
    emulator.control.expireSessions();
    await b.client.findQualityProcesses();
    expect(b.logins).toBe(1);
    await a.client.findQualityProcesses();
    expect(a.logins).toBe(0);
    expect(emulator.state.logins).toBe(1);
  });

  it('a shutdown leaves the shared session to the other instance', async () => {
    await a.client.findQualityProcesses();
    await a.client.logout();
    await b.client.findQualityProcesses();
    await a.client.findQualityProcesses();
    expect(emulator.state.logins).toBe(0);
  });
});
