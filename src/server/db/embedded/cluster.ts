import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PostgresBinaries } from './binaries.ts';
import { type RunAs, command } from './run-as.ts';

/** The superuser initdb creates; the portal connects as it, with the password kept in DATA_DIR. */
export const SUPERUSER = 'postgres';

export function isCluster(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

function run(cmd: { file: string; args: string[]; options: object }): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(cmd.file, cmd.args, { ...cmd.options, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed (exit ${code}): ${output.trim()}`))));
  });
}

/**
 * Creates the cluster in `dir`: initdb into a sibling folder, then one rename, so a start cut off
 * half-way (a power cut during initdb) leaves no half-made cluster to trip over next time.
 */
export async function initCluster(dir: string, binaries: PostgresBinaries, runAs: RunAs, password: string): Promise<void> {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} exists but holds no PostgreSQL cluster; move it away so the portal can create its database there.`);
  }
  const staging = `${dir}.new`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const secretDir = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-initdb-'));
  const pwfile = path.join(secretDir, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs.kind === 'user') {
    for (const p of [staging, secretDir, pwfile]) chownSync(p, runAs.uid, runAs.gid);
  }
  try {
    await run(
      command(runAs, binaries.initdb, [
        `--pgdata=${staging}`,
        `--username=${SUPERUSER}`,
        '--auth=scram-sha-256',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ]),
    );
  } finally {
    rmSync(secretDir, { recursive: true, force: true });
  }
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(staging, dir);
}
