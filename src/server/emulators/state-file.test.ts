import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStateFile, writeStateFile } from './state-file.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'qp-state-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('emulator state files', () => {
  it('writes JSON into a new folder and reads it back', () => {
    const file = path.join(dir, 'nested', 'state.json');
    writeStateFile(file, { version: 1, n: 3 });
    expect(readStateFile<{ version: 1; n: number }>(file, 1)).toEqual({ version: 1, n: 3 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, n: 3 });
  });

  it('starts fresh on a missing, unreadable or other-version file', () => {
    const file = path.join(dir, 'bad.json');
    expect(readStateFile(path.join(dir, 'none.json'), 1)).toBeUndefined();
    writeFileSync(file, '{"version": 1, "n"');
    expect(readStateFile(file, 1)).toBeUndefined();
    writeFileSync(file, '{"version": 2}');
    expect(readStateFile(file, 1)).toBeUndefined();
  });
});
