import { accessSync, constants, lstatSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateBinaries } from './binaries.ts';

describe('the embedded PostgreSQL binaries', () => {
  it('are found in the platform package, executable', () => {
    const { initdb, postgres } = locateBinaries();
    for (const bin of [initdb, postgres]) expect(() => accessSync(bin, constants.X_OK)).not.toThrow();
  });

  it('get their library links back when npm skipped the package’s postinstall step', () => {
    const packageDir = path.resolve(path.dirname(locateBinaries().postgres), '..', '..');
    const links = JSON.parse(readFileSync(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8')) as { target: string }[];
    // A link of the ECPG client library, which the server never loads: safe to remove while other tests run servers.
    const link = path.join(packageDir, links.find((l) => l.target.includes('libecpg.so'))!.target);
    unlinkSync(link);
    locateBinaries();
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });
});
