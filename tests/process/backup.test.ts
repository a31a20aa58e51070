import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/server/db/client.ts';
import { hashPassword } from '../../src/server/lib/password.ts';
import { ADMIN, ROOT, freePort, signIn, startPortal, waitHealthy } from './portal.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'qp-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `npm run <script> -- args` as a user types it, with DATA_DIR set. */
function npmRun(script: string, args: string[], dataDir: string): { status: number | null; output: string } {
  const r = spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

async function recipients(url: string): Promise<string[]> {
  const res = await fetch(`${url}/v1/email-configs`, { headers: await signIn(url) });
  return ((await res.json()) as { results: { email: string }[] }).results.map((r) => r.email).sort();
}

describe('backups and moves', () => {
  it('exports a running portal’s database and imports it into a new DATA_DIR that then serves the same data', async () => {
    const first = path.join(root, 'first');
    const portal = startPortal(first, await freePort());
    await waitHealthy(portal);
    const headers = await signIn(portal.url);
    for (const email of ['a@example.org', 'b@example.org']) await fetch(`${portal.url}/v1/email-configs`, { method: 'POST', headers, body: JSON.stringify({ email }) });
    const archive = path.join(root, 'backup.qpa');
    const exported = npmRun('db:export', [archive], first);
    expect(exported.output).toMatch(/^Exported the embedded database in .*first: \d+ tables, [\d,]+ rows, migration \d{4}_\w+ → .*backup\.qpa$/m);
    expect(exported.status).toBe(0);
    const before = await recipients(portal.url);
    expect(await portal.stop()).toBe(0);

    const second = path.join(root, 'second');
    const imported = npmRun('db:import', [archive], second);
    expect(imported.status).toBe(0);
    expect(imported.output).toContain('the database is migrated to this release.');
    const again = npmRun('db:import', [archive], second);
    expect(again.status).not.toBe(0);
    expect(again.output).toContain('The target database is not empty');

    const moved = startPortal(second, await freePort(), { ADMIN_PASSWORD: 'a-different-one-never-used' });
    await waitHealthy(moved);
    expect(await recipients(moved.url)).toEqual(before);
    expect(await moved.stop()).toBe(0);
  });

  it('moves an earlier release’s PGlite database into the embedded server and keeps the old folder', async () => {
    const dataDir = path.join(root, 'legacy');
    mkdirSync(dataDir);
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const legacy = await PGlite.create(path.join(dataDir, 'db'));
    await migrate(drizzle({ client: legacy }), { migrationsFolder: MIGRATIONS_DIR });
    await legacy.query(`insert into users (id, name, email, password_hash, role) values ('u1', 'Dana Reyes', $1, $2, 'super_admin')`, [ADMIN.email, await hashPassword(ADMIN.password)]);
    await legacy.query(`insert into email_configs (id, email) values ('e1', 'kept@example.org')`);
    await legacy.close();

    const result = npmRun('db:import-pglite', [], dataDir);
    expect(result.output).toContain('Imported');
    expect(result.status).toBe(0);
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);

    const portal = startPortal(dataDir, await freePort(), { ADMIN_PASSWORD: 'a-different-one-never-used' });
    await waitHealthy(portal);
    expect(portal.output()).not.toContain('First super_admin created');
    expect(await recipients(portal.url)).toEqual(['kept@example.org']);
    expect(await portal.stop()).toBe(0);
  });
});
