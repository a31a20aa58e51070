import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { runningServerUrl } from '../../src/server/db/embedded/index.ts';
import { readPostmasterPid } from '../../src/server/db/embedded/postmaster.ts';
import { type Portal, freePort, startPortal, waitHealthy } from './portal.ts';

const started: Portal[] = [];
const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qp-process-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}
async function start(dataDir: string, env?: Record<string, string>): Promise<Portal> {
  const portal = startPortal(dataDir, await freePort(), env);
  started.push(portal);
  return portal;
}

afterEach(async () => {
  for (const p of started.splice(0)) await p.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the data folder', () => {
  it('refuses a second start on a DATA_DIR in use with one line naming the folder and the process holding it', async () => {
    const dataDir = tempDataDir();
    const first = await start(dataDir);
    await waitHealthy(first);
    const holder = await first.serverPid();

    const second = await start(dataDir);
    const began = Date.now();
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(Date.now() - began).toBeLessThan(10_000);
    const lines = second.output().trim().split('\n').filter((l) => !/^(npm warn|Building|server built)/.test(l));
    expect(lines).toEqual([`DATA_DIR ${path.resolve(dataDir)} is in use by another Quality Portal (process ${holder}, started ${lines[0]?.match(/started (\S+)\)/)?.[1]}); stop it or choose another DATA_DIR.`]);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });

  it('serves React’s production build, whatever NODE_ENV the start was given (vitest gives "test")', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const portal = await start(tempDataDir());
    await waitHealthy(portal);
    const page = await (await fetch(portal.url)).text();
    const entry = page.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
    expect(entry).toMatch(/^\/assets\/index-/);
    const script = await (await fetch(`${portal.url}${entry}`)).text();
    expect(script).toContain('react.transitional.element');
    // A string only React's development build has (its owner stacks), several times slower to draw with.
    expect(script.includes('react-stack-top-frame'), 'the entry script holds React’s development build').toBe(false);
  });

  it('keeps the server durable (fsync, full-page writes, synchronous commit) and stops it with the portal on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const portal = await start(dataDir);
    await waitHealthy(portal);
    const client = new pg.Client({ connectionString: runningServerUrl(dataDir) });
    await client.connect();
    for (const setting of ['fsync', 'full_page_writes', 'synchronous_commit']) {
      expect((await client.query(`show ${setting}`)).rows[0]).toEqual({ [setting]: 'on' });
    }
    await client.end();
    const server = readPostmasterPid(path.join(dataDir, 'postgres'));
    expect(server).not.toBeNull();
    expect(await portal.stop()).toBe(0);
    expect(readPostmasterPid(path.join(dataDir, 'postgres'))).toBeNull();
    expect(() => process.kill(server!.pid, 0)).toThrow();
  });

  it('refuses to start on an earlier release’s PGlite folder, naming the import command, and changes nothing in it', async () => {
    const dataDir = tempDataDir();
    const { PGlite } = await import('@electric-sql/pglite');
    mkdirSync(dataDir);
    const legacy = await PGlite.create(path.join(dataDir, 'db'));
    await legacy.exec('create table kept (v text); insert into kept values (\'still here\')');
    await legacy.close();

    const portal = await start(dataDir);
    expect(await portal.exited).not.toBe(0);
    expect(portal.output()).toContain('npm run db:import-pglite');
    expect(portal.output()).toContain('Nothing was changed or deleted.');
    const reopened = await PGlite.create(path.join(dataDir, 'db'));
    expect((await reopened.query<{ v: string }>('select v from kept')).rows).toEqual([{ v: 'still here' }]);
    await reopened.close();
  });
});

/** The effective uid of a process as this (the initial) user namespace sees it. */
function uidOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('Uid:'));
  return Number(line?.split(/\s+/)[2]);
}

describe.runIf(process.getuid?.() === 0)('started as root (PostgreSQL refuses to run as root)', () => {
  it('runs the database server as the postgres account when that account can reach DATA_DIR', async () => {
    const dataDir = tempDataDir();
    chmodSync(path.dirname(dataDir), 0o755);
    const portal = await start(dataDir);
    await waitHealthy(portal);
    const postmaster = readPostmasterPid(path.join(dataDir, 'postgres'))!;
    expect(uidOf(postmaster.pid)).not.toBe(0);
  });

  it('runs it in a user namespace when DATA_DIR sits in a folder only root may enter, as a clone in a 0700 home does', async () => {
    const dataDir = tempDataDir();
    chmodSync(path.dirname(dataDir), 0o700);
    const portal = await start(dataDir);
    await waitHealthy(portal);
    const postmaster = readPostmasterPid(path.join(dataDir, 'postgres'))!;
    expect(uidOf(postmaster.pid)).toBe(0);
    expect(readFileSync(`/proc/${postmaster.pid}/uid_map`, 'utf8').trim().split(/\s+/)).toEqual([expect.not.stringMatching(/^0$/), '0', '1']);
  });
});
