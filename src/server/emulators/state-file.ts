import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR naming the sandbox's JotForm emulator address, API key and form while it runs. */
export const SANDBOX_JOTFORM_API_FILE = 'sandbox-jotform-api.json';

/**
 * An emulator's optional JSON state file (sandbox mode keeps one per emulator in DATA_DIR, so a
 * restart keeps what users did). Written whole to a temporary file and renamed into place, so a
 * crash mid-write leaves the previous state, never half a file.
 */
export function writeStateFile(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value), { mode: 0o600 });
  renameSync(tmp, file);
}

/** The saved state of the given version; undefined when there is none or it cannot be read (start fresh). */
export function readStateFile<T extends { version: number }>(file: string, version: T['version']): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as T;
    return value && typeof value === 'object' && value.version === version ? value : undefined;
  } catch {
    return undefined;
  }
}
