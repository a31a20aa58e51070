import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/test-app.ts';
import type { Database } from '../db/client.ts';
import { databaseFailure } from '../db/errors.ts';
import { serializeError, serializeRequest } from './log-serializers.ts';

const SECRET = 'jane.doe@example.org';
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('the statement did not fail');
}

describe('errors and requests for the log carry no data', () => {
  it('a failed statement is logged as its text, SQLSTATE and names, never its parameters or PostgreSQL’s quoted values', async () => {
    const err = await failure(() => database.db.execute(sql`select ${SECRET}::int`));
    expect(String((err as Error).message)).toContain(SECRET);
    const logged = serializeError(err);
    expect(logged).toMatchObject({ type: 'DatabaseError', statement: 'select $1::int', code: '22P02' });
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(databaseFailure(err)).toBe('the database refused the change (SQLSTATE 22P02)');
  });

  it('a unique violation names its constraint, not the duplicate value', async () => {
    await database.db.execute(sql`insert into email_configs (id, email) values ('a', ${SECRET})`);
    const err = await failure(() => database.db.execute(sql`insert into email_configs (id, email) values ('b', ${SECRET})`));
    const logged = serializeError(err);
    expect(logged).toMatchObject({ code: '23505', constraint: 'email_configs_email_key', table: 'email_configs' });
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });

  it('other errors keep pino’s usual fields', () => {
    expect(serializeError(new TypeError('boom'))).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(databaseFailure(new TypeError('boom'))).toBeNull();
  });

  it('a request is its method and path: query values and the webhook secret are left out', () => {
    const req = { id: 'r1', method: 'POST', url: `/v1/jotforms/webhook/s3cr3t-path?search=${SECRET}&page=2`, socket: { remoteAddress: '127.0.0.1' } };
    expect(serializeRequest(req as never)).toEqual({ id: 'r1', method: 'POST', url: '/v1/jotforms/webhook/…?search=…&page=…', remoteAddress: '127.0.0.1' });
  });
});
