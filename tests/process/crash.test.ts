import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPostmasterPid } from '../../src/server/db/embedded/postmaster.ts';
import { type Portal, freePort, signIn, startPortal, waitHealthy } from './portal.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'qp-crash-'));
const dataDir = path.join(root, 'data');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every address the portal acknowledged (201) across all rounds. */
const acknowledged: string[] = [];

/**
 * Adds notification recipients, four requests at a time, until `count` are acknowledged; then
 * `crash` runs while writes are still in flight (their outcome is unknown and not counted).
 */
async function writeThenCrash(url: string, round: string, count: number, crash: () => void): Promise<void> {
  const headers = await signIn(url);
  let n = 0;
  let crashed = false;
  const worker = async () => {
    while (!crashed) {
      const email = `${round}-${n++}@example.com`;
      try {
        const res = await fetch(`${url}/v1/email-configs`, { method: 'POST', headers, body: JSON.stringify({ email }) });
        if (res.status === 201 && !crashed) acknowledged.push(email);
      } catch {
        return; // the server is gone
      }
      if (!crashed && acknowledged.filter((e) => e.startsWith(`${round}-`)).length >= count) {
        crashed = true;
        crash();
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

async function restartAndCheck(): Promise<Portal> {
  const portal = startPortal(dataDir, await freePort());
  await waitHealthy(portal);
  const res = await fetch(`${portal.url}/v1/email-configs`, { headers: await signIn(portal.url) });
  const stored = new Set(((await res.json()) as { results: { email: string }[] }).results.map((r) => r.email));
  expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
  return portal;
}

describe('a crash of the portal loses no acknowledged write', () => {
  it('survives kill -9 of the node server process, three times', async () => {
    let portal = startPortal(dataDir, await freePort());
    await waitHealthy(portal);
    for (const round of ['server-1', 'server-2', 'server-3']) {
      const pid = await portal.serverPid();
      await writeThenCrash(portal.url, round, 15, () => process.kill(pid, 'SIGKILL'));
      await portal.exited;
      // The database server outlives the portal; the next start stops it cleanly and starts afresh.
      expect(readPostmasterPid(path.join(dataDir, 'postgres'))).not.toBeNull();
      portal = await restartAndCheck();
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(45);
    expect(await portal.stop()).toBe(0);
  });

  it('survives kill -9 of the whole `npm start` process group, three times', async () => {
    let portal = startPortal(dataDir, await freePort());
    await waitHealthy(portal);
    for (const round of ['group-1', 'group-2', 'group-3']) {
      const group = portal.process.pid!;
      await writeThenCrash(portal.url, round, 15, () => process.kill(-group, 'SIGKILL'));
      await portal.exited;
      portal = await restartAndCheck();
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(90);
    expect(await portal.stop()).toBe(0);
  });

  it('replies 503 while its database server is down, restarts it and serves again', async () => {
    const portal = startPortal(dataDir, await freePort());
    await waitHealthy(portal);
    const headers = await signIn(portal.url);
    const before = readPostmasterPid(path.join(dataDir, 'postgres'))!;
    process.kill(before.pid, 'SIGKILL');

    const first = await fetch(`${portal.url}/v1/dashboard`, { headers });
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('5');
    expect(await first.json()).toEqual({ code: 'service_unavailable', message: 'The database is not available right now. Please try again in a moment.' });

    const statuses: number[] = [];
    for (let status = 0; status !== 200; ) {
      status = (await fetch(`${portal.url}/v1/dashboard`, { headers })).status;
      statuses.push(status);
      if (statuses.length > 400) throw new Error(`still not serving: ${statuses.slice(-5).join(', ')}`);
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(new Set(statuses.slice(0, -1))).not.toContain(500);
    expect(readPostmasterPid(path.join(dataDir, 'postgres'))?.pid).not.toBe(before.pid);
    expect(await portal.stop()).toBe(0);
  });
});
