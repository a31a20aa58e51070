import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/test-app.ts';
import type { Database } from './client.ts';
import { copyRows, inlineParams } from './copy-out.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

async function all(sql: string, params: unknown[] = []): Promise<(string | null)[][]> {
  const out: (string | null)[][] = [];
  for await (const rows of copyRows(database.pool, { sql, params })) out.push(...rows);
  return out;
}

describe('COPY out of PostgreSQL', () => {
  it('reads back every character a field can hold: tabs, line breaks, backslashes, NULL, non-ASCII', async () => {
    const nasty = ['tab\there', 'line\nbreak\r\nand CR', 'back\\slash \\N', '', 'Zoë — 東京 🚑', '\\'];
    const rows = await all(`select v, null::text from unnest($1::text[]) with ordinality as t(v, n) order by n`, [`{${nasty.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`]);
    expect(rows).toEqual(nasty.map((v) => [v, null]));
  });

  it('reads lines with and without escapes alike, "\\N" as text apart from NULL', async () => {
    const values = ['plain', '\\N', 'a\tb', '', 'Zoë'];
    const rows = await all(`select v, nullif(v, '') from unnest($1::text[]) with ordinality as t(v, n) order by n`, [`{${values.map((v) => `"${v.replace(/\\/g, '\\\\')}"`).join(',')}}`]);
    expect(rows).toEqual([
      ['plain', 'plain'],
      ['\\N', '\\N'],
      ['a\tb', 'a\tb'],
      ['', null],
      ['Zoë', 'Zoë'],
    ]);
  });

  it('streams many rows across chunks without cutting a character', async () => {
    const rows = await all(`select repeat('é', g % 700) || g from generate_series(1, 3000) g`);
    expect(rows).toHaveLength(3000);
    expect(rows[2999]![0]).toBe(`${'é'.repeat(3000 % 700)}3000`);
  });

  it('writes parameters in as quoted literals, so text cannot break out of them', () => {
    const sql = inlineParams({ escapeLiteral: (s) => `'${s.replace(/'/g, "''")}'` }, { sql: 'select $1, $10, $2', params: ["x'); drop table users; --", 2, ...Array(7).fill('p'), 'ten'] });
    expect(sql).toBe("select 'x''); drop table users; --', 'ten', 2");
    expect(() => inlineParams({ escapeLiteral: (s) => s }, { sql: 'select $1', params: [{ not: 'a value' }] })).toThrow(TypeError);
  });

  it('takes every parameter type a filter hands it: booleans, NULL, dates, big integers', async () => {
    const at = new Date('2025-06-15T16:00:00.000Z');
    expect(await all('select $1::boolean, $2::boolean, $3::text, $4::timestamptz = $5::timestamptz, $6::bigint', [true, false, null, at, at.toISOString(), 9007199254740993n])).toEqual([['t', 'f', null, 't', '9007199254740993']]);
  });

  it('a query it cannot write gives its connection back: more failures than the pool holds, then a query runs', async () => {
    for (let i = 0; i < 8; i++) await expect(all('select $1', [{ not: 'a value' }])).rejects.toThrow(TypeError);
    for (let i = 0; i < 8; i++) await expect(all('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    // The pool holds at most five connections: a leaked one per failure would leave this waiting.
    expect(await all('select 1')).toEqual([['1']]);
  });

  it('an injection attempt in a parameter stays text', async () => {
    expect(await all('select $1::text', ["'); select pg_sleep(10); --"])).toEqual([["'); select pg_sleep(10); --"]]);
  });
});
