import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir, lockHolder } from './data-dir-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'qp-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the DATA_DIR lock', () => {
  it('lets exactly one of two simultaneous starts have the folder; the other learns who holds it', async () => {
    const dir = tempDir();
    const results = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(DataDirInUse);
    expect((lost[0]!.reason as DataDirInUse).holder.pid).toBe(process.pid);
    expect(await lockHolder(dir)).toMatchObject({ pid: process.pid });
    await (won[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release();
    expect(await lockHolder(dir)).toBeNull();
  });

  it('takes over the socket a killed process left behind', async () => {
    const dir = tempDir();
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', `import(${JSON.stringify(module)}).then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(() => { console.log('locked'); setInterval(() => {}, 1000); })`], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(child.stdout!, 'data');
    expect((await lockHolder(dir))?.pid).toBe(child.pid);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(existsSync(path.join(dir, 'portal.lock.sock'))).toBe(true);

    const lock = await lockDataDir(dir);
    expect((await lockHolder(dir))?.pid).toBe(process.pid);
    await lock.release();
  });
});
