import { afterEach, vi } from 'vitest';

// A console.error during a test is a defect the test did not assert on: fail it.
// Test files may share one process (isolate: false), where this file runs again for each of
// them: console.error is wrapped once, and each file's hook reads the errors of its own tests.
const seenKey = Symbol.for('quality-portal.console-errors');
const store = globalThis as typeof globalThis & { [seenKey]?: unknown[][] };
if (!store[seenKey]) {
  store[seenKey] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    store[seenKey]!.push(args);
    original(...args);
  };
}
afterEach(() => {
  const seen = store[seenKey]!.splice(0);
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`console.error was called during the test:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});
