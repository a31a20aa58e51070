import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestDatabase, freshDatabase } from '../../../tests/support/test-app.ts';
import type { Db } from '../db/client.ts';
import { fixedClock } from './clock.ts';
import { createSystemLog } from './system-log.ts';

describe('system log', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('stores every entry with its label, time and description, cut at 2,000 characters', async () => {
    await database.pool.query('delete from system_logs');
    const log = createSystemLog(database.db, fixedClock('2026-11-24T09:00:00Z'));
    await log.success('Logs', 'x'.repeat(2500));
    await log.error('Users', 'second');
    const { rows } = await database.pool.query<{ n: number; label: string; time: Date }>('select length(description) as n, label, time from system_logs order by id');
    expect(rows).toEqual([
      { n: 2000, label: 'success', time: new Date('2026-11-24T09:00:00Z') },
      { n: 6, label: 'error', time: new Date('2026-11-24T09:00:00Z') },
    ]);
  });

  it('drops a NUL byte, which PostgreSQL text refuses', async () => {
    await database.pool.query('delete from system_logs');
    const log = createSystemLog(database.db, fixedClock('2026-11-24T09:00:00Z'));
    await log.error('Arena', 'Arena said: bad\u0000request');
    const { rows } = await database.pool.query<{ description: string }>('select description from system_logs');
    expect(rows.map((r) => r.description)).toEqual(['Arena said: badrequest']);
  });

  it("on the change's transaction: the line commits with the change, and goes with it when the change rolls back", async () => {
    await database.pool.query('delete from system_logs');
    const log = createSystemLog(database.db, fixedClock('2026-11-24T09:00:00Z'));
    await database.db.transaction((tx) => log.success('JotForms', 'committed with its change', tx));
    await expect(
      database.db.transaction(async (tx) => {
        await log.success('JotForms', 'rolled back with its change', tx);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const { rows } = await database.pool.query<{ description: string }>('select description from system_logs');
    expect(rows.map((r) => r.description)).toEqual(['committed with its change']);
  });

  it("on the change's transaction, stores the line's text as given, quotes and backslashes included", async () => {
    await database.pool.query('delete from system_logs');
    const log = createSystemLog(database.db, fixedClock('2026-11-24T09:00:00.123Z'));
    const text = "O'Brien said \\'; delete from system_logs; -- $1 E'\\x41' \u00e9";
    await database.db.transaction((tx) => log.success('JotForms', text, tx));
    const { rows } = await database.pool.query<{ description: string; time: Date; label: string; process: string }>('select description, time, label, process from system_logs');
    expect(rows).toEqual([{ description: text, time: new Date('2026-11-24T09:00:00.123Z'), label: 'success', process: 'JotForms' }]);
  });

  it("never fails the change whose transaction it is written in: a line that fails is rolled back alone and reported", async () => {
    await database.pool.query('delete from system_logs');
    // The schema's owner adds a rule the line breaks, as a failing write of the line would.
    await database.owner.pool.query("alter table system_logs add constraint refuses_this_line check (description <> 'refused line')");
    try {
      const logger = { error: vi.fn() } as unknown as FastifyBaseLogger;
      const log = createSystemLog(database.db, fixedClock('2026-11-24T09:00:00Z'), logger);
      await database.db.transaction(async (tx) => {
        await log.success('JotForms', 'before', tx);
        await log.error('JotForms', 'refused line', tx);
        await log.success('JotForms', 'after', tx);
      });
      const { rows } = await database.pool.query<{ description: string }>('select description from system_logs order by id');
      expect(rows.map((r) => r.description)).toEqual(['before', 'after']);
      expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'could not write the system log');
    } finally {
      await database.owner.pool.query('alter table system_logs drop constraint refuses_this_line');
    }
  });

  it('never fails the action it describes: a write that fails is reported to the server log', async () => {
    const failing = { insert: () => ({ values: () => Promise.reject(new Error('connection terminated')) }) } as unknown as Db;
    const logger = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const log = createSystemLog(failing, fixedClock('2026-11-24T09:00:00Z'), logger);
    await expect(log.error('Arena', 'Arena did not reply')).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'could not write the system log');
  });
});
