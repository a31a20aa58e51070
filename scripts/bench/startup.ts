import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockHolder } from '../../src/server/db/embedded/index.ts';
import { readPostmasterPid } from '../../src/server/db/embedded/postmaster.ts';
import { type PortalMemory, portalMemory } from './memory.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = 'Bench-Start-Passw0rd';

export interface StartupResult {
  /** `npm start` in a fresh copy of the working tree (node_modules in place, nothing built) to healthy. */
  firstMs: number;
  /** A second `npm start` on the same DATA_DIR (built, cluster created) to healthy. */
  restartMs: number;
  /** The sandbox portal, signed into and idle after its first pages: node + PostgreSQL PSS. */
  idle: PortalMemory;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startTimed(dir: string, dataDir: string, port: number): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: dir, stdio: 'ignore', env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' } });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) return { child, ms: performance.now() - started };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Start-up time and idle memory of the product as a new user runs it. */
export async function measureStartup(): Promise<StartupResult> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-bench-start-'));
  try {
    const dir = path.join(tmp, 'clone');
    for (const file of execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      copyFileSync(path.join(ROOT, file), path.join(dir, file));
    }
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    const dataDir = path.join(tmp, 'data');
    const port = await freePort();
    const first = await startTimed(dir, dataDir, port);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }) });
    const token = ((await login.json()) as { tokens: { access: { token: string } } }).tokens.access.token;
    const headers = { authorization: `Bearer ${token}` };
    for (const p of ['/v1/dashboard', '/v1/jotforms', '/v1/users', '/v1/logs']) await (await fetch(`${base}${p}`, { headers })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 3_000));
    const nodePid = (await lockHolder(dataDir))?.pid;
    const postmaster = readPostmasterPid(path.join(dataDir, 'postgres'))?.pid;
    if (!nodePid || !postmaster) throw new Error('could not find the portal’s processes');
    const idle = portalMemory(nodePid, postmaster);
    await stop(first.child);
    const second = await startTimed(dir, dataDir, port);
    await stop(second.child);
    return { firstMs: first.ms, restartMs: second.ms, idle };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
