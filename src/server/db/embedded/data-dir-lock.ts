import { mkdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** What a running portal replies on its lock socket. */
export interface LockHolder {
  pid: number;
  startedAt: string;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(`DATA_DIR ${dataDir} is in use by another Quality Portal (process ${holder.pid}, started ${holder.startedAt}); stop it or choose another DATA_DIR.`);
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

const SOCKET = 'portal.lock.sock';
const GUARD_STALE_MS = 10_000;

/** A Unix socket path is limited to 107 bytes; a relative one from the working directory is often shorter. */
function socketPath(dataDir: string): string {
  const absolute = path.resolve(dataDir, SOCKET);
  const relative = path.relative(process.cwd(), absolute);
  const chosen = relative.length < absolute.length ? relative : absolute;
  if (Buffer.byteLength(chosen) > 107) throw new Error(`DATA_DIR ${dataDir} is too long a path for its lock socket (107 bytes at most); choose a shorter one.`);
  return chosen;
}

function listen(file: string, holder: LockHolder): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.end(`${JSON.stringify(holder)}\n`);
    });
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve(server.unref());
    });
  });
}

/** The holder's reply, or null when nobody listens on the socket (it is stale). */
function ask(file: string): Promise<LockHolder | null> {
  return new Promise((resolve) => {
    let connected = false;
    let data = '';
    const socket = net.connect(file);
    const timer = setTimeout(() => socket.destroy(), 3_000);
    socket.setEncoding('utf8');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      if (!connected) return resolve(null);
      try {
        resolve(JSON.parse(data) as LockHolder);
      } catch {
        // Someone accepted the connection but gave no reply in time: stuck, yet alive.
        resolve({ pid: 0, startedAt: 'unknown' });
      }
    });
  });
}

/**
 * Every change to the socket file happens under a short mkdir guard, so two starts that both find
 * a stale socket cannot remove each other's fresh one. A guard left by a process that died inside
 * the few milliseconds it is held is taken over once it is older than ten seconds.
 */
async function withGuard<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const guard = path.join(dir, 'portal.lock.guard');
  for (;;) {
    try {
      mkdirSync(guard);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) rmdirSync(guard);
      } catch {
        // removed meanwhile
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  try {
    return await fn();
  } finally {
    rmdirSync(guard);
  }
}

/**
 * Locks DATA_DIR for this process: a Unix socket bound inside it and replied on while the portal
 * runs. The kernel closes it when the process dies however it dies, so a socket nobody replies on is
 * stale and is replaced; a live reply means the folder is in use (DataDirInUse).
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = socketPath(dir);
  const holder: LockHolder = { pid: process.pid, startedAt: new Date().toISOString() };
  const server = await withGuard(dir, async () => {
    try {
      return await listen(file, holder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
    const other = await ask(file);
    if (other) throw new DataDirInUse(dir, other);
    unlinkSync(file);
    return listen(file, holder);
  });
  return {
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** Who holds DATA_DIR's lock now, if anyone (for tools that work beside a running portal). */
export async function lockHolder(dataDir: string): Promise<LockHolder | null> {
  return ask(socketPath(path.resolve(dataDir)));
}
