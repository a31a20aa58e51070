import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The configured value when set; otherwise one generated at first start and kept in DATA_DIR. */
export function loadSecret(name: string, configured: string | undefined, dataDir: string, bytes = 48): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, name);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
