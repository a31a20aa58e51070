import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../../../tests/support/emulators.ts';
import { type TestApp, bearer, createDatabase, createTestApp } from '../../../../tests/support/test-app.ts';
import { turnOnMfa } from '../../features/auth/mfa/mfa.test-support.ts';
import { Refused } from './catalog.ts';
import { exportDatabase } from './export.ts';
import { openArchiveFile } from './file-source.ts';
import { importArchive } from './import.ts';

let emu: Emulators;
let t: TestApp;
let sourceUrl: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'qp-archive-'));
const file = path.join(dir, 'backup.qpa');

async function rows(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Every table's rows in a stable order, as JSON, to compare two databases. */
async function snapshot(url: string): Promise<Record<string, unknown[]>> {
  const tables = (await rows(url, `select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as { t: string }[];
  const out: Record<string, unknown[]> = {};
  for (const { t: name } of tables) out[name] = await rows(url, `select * from "${name}" order by 1, 2, 3`);
  return out;
}

beforeAll(async () => {
  emu = await startEmulators();
  t = await createTestApp({ deps: emu.deps });
  await t.app.services.sync.syncOnce();
  const admin = await t.as('admin');
  const list = await t.request({ method: 'GET', url: `/v1/jotforms/${emu.jotform.formId}?limit=1`, headers: admin });
  const id = list.json<{ results: { id: string }[] }>().results[0]!.id;
  await t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/create-followup`, headers: admin, payload: { followup: 'Called back; tab\there, quote " and back\\slash\nnew line' } });
  await t.request({ method: 'POST', url: '/v1/email-configs', headers: admin, payload: { email: 'quality@example.org' } });
  sourceUrl = (t.database.owner.pool.options as { connectionString: string }).connectionString;
});
afterAll(async () => {
  await t.close();
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('db:export and db:import', () => {
  it('round-trips every table into an empty database, rebuilds derived counts and moves sequences past the ids', async () => {
    const manifest = await exportDatabase(sourceUrl, file);
    expect(manifest.tables.map((x) => x.name)).toContain('submissions');
    expect(manifest.tables.map((x) => x.name)).not.toContain('submission_day_counts');
    expect(manifest.tables.map((x) => x.name)).not.toContain('arena_sessions');
    const users = manifest.tables.findIndex((x) => x.name === 'users');
    expect(users).toBeLessThan(manifest.tables.findIndex((x) => x.name === 'refresh_tokens'));

    const target = await createDatabase();
    try {
      const result = await importArchive(target.url, await openArchiveFile(file));
      expect(result.rows).toBe(manifest.tables.reduce((n, x) => n + x.rows, 0));
      expect(await snapshot(target.url)).toEqual(await snapshot(sourceUrl));
      // A new log entry takes the next id, not one already used by an imported row.
      await rows(target.url, `insert into system_logs (label, process, description) values ('success', 'Logs', 'after import')`);
      const [max] = (await rows(target.url, `select count(*)::int as n, count(distinct id)::int as d from system_logs`)) as { n: number; d: number }[];
      expect(max?.n).toBe(max?.d);
    } finally {
      await target.drop();
    }
  });

  it('writes its file through no link or file left at a predictable temporary name', async () => {
    const target = path.join(dir, 'someone-elses-file');
    writeFileSync(target, 'kept');
    const trap = path.join(dir, 'trap.qpa');
    symlinkSync(target, `${trap}.partial`);
    await exportDatabase(sourceUrl, trap);
    expect(readFileSync(target, 'utf8')).toBe('kept');
    expect(gunzipSync(readFileSync(trap)).length).toBeGreaterThan(0);
  });

  it('refuses a database that already holds data, and changes nothing in it', async () => {
    await exportDatabase(sourceUrl, file);
    const before = await snapshot(sourceUrl);
    await expect(importArchive(sourceUrl, await openArchiveFile(file))).rejects.toThrow(Refused);
    expect(await snapshot(sourceUrl)).toEqual(before);
  });

  it('rejects a damaged archive, leaving the target empty so a good archive can be imported after', async () => {
    await exportDatabase(sourceUrl, file);
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    const cut = path.join(dir, 'cut.qpa');
    writeFileSync(cut, gzipSync(text.slice(0, Math.floor(text.length * 0.6))));
    const target = await createDatabase();
    try {
      await expect(importArchive(target.url, await openArchiveFile(cut))).rejects.toThrow(/ends in the middle|damaged/);
      await importArchive(target.url, await openArchiveFile(file));
      expect(await snapshot(target.url)).toEqual(await snapshot(sourceUrl));
    } finally {
      await target.drop();
    }
  });

  it('leaves two-step verification out: the archive holds no seed or recovery code, and the restored portal has the factor off', async () => {
    const u = await t.createUser('staff');
    const { secret } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), new Date());
    const manifest = await exportDatabase(sourceUrl, file);
    const names = manifest.tables.map((x) => x.name);
    for (const name of ['mfa_totp', 'mfa_recovery_codes', 'mfa_challenges']) expect(names).not.toContain(name);
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/\bs1\.|\bk1\./);
    const target = await createDatabase();
    try {
      await importArchive(target.url, await openArchiveFile(file));
      expect(await rows(target.url, `select count(*)::int as n from mfa_totp`)).toEqual([{ n: 0 }]);
      expect(await rows(target.url, `select count(*)::int as n from users where email = '${u.email}'`)).toEqual([{ n: 1 }]);
    } finally {
      await target.drop();
    }
  });

  it('says plainly when a file is not an archive', async () => {
    const other = path.join(dir, 'other.qpa');
    writeFileSync(other, gzipSync('hello\n'));
    await expect(openArchiveFile(other)).rejects.toThrow(`${other} is not a Quality Portal archive (no header).`);
  });
});
