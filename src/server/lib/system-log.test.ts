import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../../tests/support/test-app.ts';
import type { Database, Db } from '../db/client.ts';
import { fixedClock } from './clock.ts';
import { createSystemLog } from './system-log.ts';

describe('system log', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('stores every entry made at once, in order, those made during a write together in the next one', async () => {
    await database.pool.query('delete from system_logs');
    const log = createSystemLog(database.db, fixedClock('2026-11-24T09:00:00Z'));
    await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? log.error('Users', `entry ${i}`) : log.success('Users', `entry ${i}`))));

    const { rows } = await database.pool.query<{ label: string; description: string; tx: string }>('select label, description, xmin::text as tx from system_logs order by id');
    expect(rows.map((r) => r.description)).toEqual(Array.from({ length: 60 }, (_, i) => `entry ${i}`));
    expect(rows.map((r) => r.label)).toEqual(Array.from({ length: 60 }, (_, i) => (i % 2 ? 'error' : 'success')));
    // The first entry went alone; the 59 made while it was being written went in one statement.
    expect(new Set(rows.map((r) => r.tx)).size).toBe(2);
  });

  it('resolves when its entry is stored, cut at 2,000 characters', async () => {
    await database.pool.query('delete from system_logs');
    const log = createSystemLog(database.db, fixedClock('2026-11-24T09:00:00Z'));
    await log.success('Logs', 'x'.repeat(2500));
    const { rows } = await database.pool.query<{ n: number; time: Date }>('select length(description) as n, time from system_logs');
    expect(rows).toEqual([{ n: 2000, time: new Date('2026-11-24T09:00:00Z') }]);
  });

  it('keeps the other entries of a batch when one description holds a NUL byte', async () => {
    await database.pool.query('delete from system_logs');
    const log = createSystemLog(database.db, fixedClock('2026-11-24T09:00:00Z'));
    await Promise.all([log.success('Arena', 'first'), log.error('Arena', 'Arena said: bad\u0000request'), log.success('Arena', 'third')]);
    const { rows } = await database.pool.query<{ description: string }>('select description from system_logs order by id');
    expect(rows.map((r) => r.description)).toEqual(['first', 'Arena said: badrequest', 'third']);
  });

  it('never fails the action it describes: a write that fails is reported to the server log, and later entries are written', async () => {
    const calls: unknown[][] = [];
    let fail = true;
    const client = {
      query: (config: { values: unknown[][] }) => {
        calls.push(config.values[3]!);
        if (fail) {
          fail = false;
          return Promise.reject(new Error('connection terminated'));
        }
        return Promise.resolve({ rows: [] });
      },
    };
    const logger = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const log = createSystemLog({ $client: client } as unknown as Db, fixedClock('2026-11-24T09:00:00Z'), logger);

    await expect(log.error('Arena', 'Arena did not answer')).resolves.toBeUndefined();
    await log.success('Arena', 'Arena answered again');
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ entries: 1 }), 'could not write the system log');
    expect(calls).toEqual([['Arena did not answer'], ['Arena answered again']]);
  });
});
