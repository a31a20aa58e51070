import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockHolder } from '../../src/server/db/embedded/index.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ADMIN = { email: 'admin@example.com', password: 'Pr0cess-Test-Pass' };

/** Whether `port` can be listened on at 127.0.0.1 right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port for a portal to listen on, below Linux's ephemeral range (32768–60999). A port the system
 * hands out for listen(0) comes from that range, which is also where every outgoing connection
 * takes its local port: between this answer and the portal's listen, a connection to PostgreSQL
 * could take it, and the portal failed with EADDRINUSE (seen once in CI).
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 32000 after 50 tries');
}

export interface Portal {
  url: string;
  /** `npm start`'s process (scripts/start.mjs), leader of its own process group. */
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** The node server process (dist/server/main.js), as DATA_DIR's lock names it. */
  serverPid(): Promise<number>;
  stop(): Promise<number | null>;
}

/** `npm start` exactly as a user runs it (build when stale, then serve), in a process group of its own. */
export function startPortal(dataDir: string, port: number, env: Record<string, string> = {}): Portal {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', SYNC_INTERVAL: '3600', ...env },
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    exited,
    async serverPid() {
      const holder = await lockHolder(dataDir);
      if (!holder) throw new Error('DATA_DIR is not locked: no portal is running on it');
      return holder.pid;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Resolves once /healthz replies 200; rejects if the portal exits first or takes longer than `ms`. */
export async function waitHealthy(portal: Portal, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  let gone = false;
  void portal.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the portal exited before it was ready:\n${portal.output()}`);
    try {
      if ((await fetch(`${portal.url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the portal was not ready within ${ms} ms:\n${portal.output()}`);
}

export async function signIn(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { tokens: { access: { token: string } } };
  return { authorization: `Bearer ${body.tokens.access.token}`, 'content-type': 'application/json' };
}
