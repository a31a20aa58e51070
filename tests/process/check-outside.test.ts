import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, freePort } from './portal.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'qp-check-outside-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `npm run check:outside` as an installer types it, with only these settings (no JotForm key: sandbox mode). */
function checkOutside(env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(JOTFORM|ARENA|SMTP|DATABASE_URL|DATA_DIR)/.test(k)));
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'check:outside'], { cwd: ROOT, env: { ...clean, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run check:outside', () => {
  it('passes in sandbox mode against the emulators it starts, one OK line per check', async () => {
    const r = await checkOutside({ DATA_DIR: path.join(root, 'empty') });
    const lines = r.stdout.trim().split('\n');
    expect(lines.every((l) => /^(OK|FAIL) [^:]+: .+$/.test(l)), r.stdout).toBe(true);
    expect(lines.map((l) => l.slice(0, l.indexOf(':')))).toEqual([
      'OK mode',
      'OK JotForm key',
      'OK JotForm time zone',
      'OK JotForm form',
      'OK JotForm questions',
      'OK JotForm submission',
      'OK JotForm updated_at filter',
      'OK Arena sign-in',
      'OK Arena workspace',
      'OK Arena template',
      'OK Arena owner',
      'OK Arena number prefix',
      'OK Arena quota',
      'OK Arena step attributes',
      'OK Mail',
    ]);
    expect(r.stdout).toContain('OK Arena step attributes: no mappings checked (no DATABASE_URL, and DATA_DIR');
    expect(r.stdout).toContain('OK Mail: no SMTP_URL: mail kept in the outbox');
    expect(r.status).toBe(0);
  });

  it('exits 1 on a FAIL and prints no secret', async () => {
    const port = await freePort();
    const r = await checkOutside({ DATA_DIR: path.join(root, 'smtp'), SMTP_URL: `smtp://portal:Sup3r-secret-pass@127.0.0.1:${port}` });
    expect(r.stdout).toMatch(new RegExp(`^FAIL Mail: 127\\.0\\.0\\.1:${port}: .+$`, 'm'));
    expect(`${r.stdout}${r.stderr}`).not.toContain('Sup3r-secret-pass');
    expect(r.status).toBe(1);
  });
});
