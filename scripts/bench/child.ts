import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbTarget } from './databases.ts';
import type { ReadyMessage, ServerEnv } from './server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** How to start a bench server: the bundled server.ts and the run's JWT secret. */
export interface ServerSpec {
  file: string;
  jwtSecret: string;
}

export interface ServerChild {
  url: string;
  pid: number;
  /** VmHWM: the most resident memory the process has had since start or resetPeak(), in MB. */
  peakRssMb(): number;
  rssMb(): number;
  /** Resets VmHWM to the current RSS (Linux: `5` into /proc/<pid>/clear_refs). */
  resetPeak(): void;
  stop(): Promise<void>;
}

/** One line of /proc/<pid>/status, in MB (the kernel writes kB). */
export function procStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  const kb = Number(/(\d+)\s*kB/.exec(line ?? '')?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no ${field} in /proc/${pid}/status`);
  return kb / 1024;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Starts the bundled bench server in its own plain Node process (no tsx loader) over the target. */
export async function startServer(target: DbTarget, spec: ServerSpec): Promise<ServerChild> {
  const env: ServerEnv = { BENCH_DB_LOCATION: target.location, BENCH_JWT_SECRET: spec.jwtSecret };
  const child = fork(spec.file, [], {
    cwd: ROOT,
    // fork() would pass on this process's tsx loader flags; the server runs as production does.
    // BENCH_CPU_PROFILE=dir: a V8 CPU profile of each server process, written there when it stops.
    execArgv: process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('bench server did not start within 120 s'));
    }, 120_000);
    child.once('message', (m: ReadyMessage) => {
      clearTimeout(timer);
      resolve(m.ready);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with code ${code} before it was ready`));
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('bench server has no pid');
  return {
    url,
    pid,
    peakRssMb: () => procStatusMb(pid, 'VmHWM'),
    rssMb: () => procStatusMb(pid, 'VmRSS'),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    async stop() {
      if (child.exitCode !== null) return;
      const done = exited(child);
      child.send('stop');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(force);
    },
  };
}

/** Signs in through the product's login endpoint once; the token serves every later request. */
export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { tokens: { access: { token: string } } };
  return body.tokens.access.token;
}
