import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qp-owner-warning-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The warnings a start logs for these URLs (the pools connect lazily: nothing is reached). */
async function warningsOf(databaseUrl: string, migrationUrl?: string): Promise<string[]> {
  const warnings: string[] = [];
  const database = await openDatabase({ databaseUrl, migrationUrl, dataDir, log: (level, message) => void (level === 'warn' && warnings.push(message)) });
  await database.close();
  return warnings;
}

describe('DATABASE_URL without a role of its own', () => {
  it('says at start that the portal runs as the schema owner when MIGRATION_DATABASE_URL is not set', async () => {
    const warnings = await warningsOf('postgres://portal:secret@127.0.0.1:1/qp');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^The portal connects to DATABASE_URL as the role that owns its schema \(MIGRATION_DATABASE_URL is not set\)/);
    expect(warnings[0]).not.toContain('secret');
  });

  it('and when MIGRATION_DATABASE_URL names the same role', async () => {
    expect(await warningsOf('postgres://portal:a@127.0.0.1:1/qp', 'postgres://portal:a@127.0.0.1:1/qp')).toEqual([expect.stringContaining('names the same role')]);
  });

  it('says nothing when the owner is another role', async () => {
    expect(await warningsOf('postgres://portal_app:a@127.0.0.1:1/qp', 'postgres://portal_owner:b@127.0.0.1:1/qp')).toEqual([]);
  });
});
