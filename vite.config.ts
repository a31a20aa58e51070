import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstLoadChunks } from './scripts/build/first-load-chunks.ts';
import { precompress } from './scripts/build/precompress.ts';
import { databaseTestFiles, filesUnder } from './tests/support/database-files.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

const SERVER_TEST_DIRS = ['src/server', 'src/shared', 'tests/integration', 'scripts'];
/** The server test files that use the run's test database (found by their imports, tests/support/database-files.ts). */
const DATABASE_TEST_FILES = databaseTestFiles(import.meta.dirname, SERVER_TEST_DIRS);

/**
 * The server suite on the embedded PostgreSQL server and, with TEST_DATABASE_URL, the files that
 * use a database once more on that server (the others would do the same thing again).
 */
function serverProject(name: string, include: string[]) {
  return {
    test: {
      name,
      root: '.',
      environment: 'node' as const,
      include,
      globalSetup: ['tests/support/global-setup.ts'],
      setupFiles: ['tests/support/fail-on-console-error.ts'],
      // test-app.ts refuses a database to a file not in the list, so a file the list misses fails.
      provide: { databaseTestFiles: DATABASE_TEST_FILES },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks' as const,
      // Each worker imports the server once for all its files instead of once per file (about 3 s of
      // CPU a file, a third of the project's time). Every file still gets its own database and app;
      // the server keeps no state between apps but caches (docs/testing.md).
      isolate: false,
    },
  };
}

const WEB_FILES = filesUnder(import.meta.dirname, 'src/web')
  .filter((f) => /\.test\.tsx?$/.test(f))
  .sort();
const WEB_FILES_THAT_MOCK = WEB_FILES.filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(import.meta.dirname, f), 'utf8')));

function webProject(name: string, include: string[], isolate: boolean) {
  return {
    extends: './vite.config.ts',
    test: {
      name,
      root: '.',
      environment: 'jsdom' as const,
      include,
      setupFiles: ['tests/support/web-setup.ts', 'tests/support/fail-on-console-error.ts'],
      isolate,
      unstubGlobals: true,
      unstubEnvs: true,
    },
  };
}

// The dashboard's frame and the page most visits land on: loaded as one file after the first script.
const chunks = firstLoadChunks('src/web', ['app/layouts/dashboard-layout.tsx', 'features/submissions/routes.tsx']);

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress(), chunks.plugin],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Written for the size check and for debugging a build; never referenced from the scripts nor served.
    sourcemap: 'hidden',
    // Read by scripts/size.mjs: which chunks each route loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  server: { proxy: { '/v1': apiTarget, '/healthz': apiTarget } },
  test: {
    root: '.',
    // Vitest's default leaves one core free: one worker on a 2-core machine. The tests wait on
    // PostgreSQL and child processes much of the time, so two workers there take about two thirds
    // of the time (npm test's 10-minute goal).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      serverProject('server', SERVER_TEST_DIRS.map((dir) => `${dir}/**/*.test.ts`)),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', DATABASE_TEST_FILES)] : []),
      {
        // Whole portals started as `npm start` runs them: once per run, whatever the test database.
        // Each file has its own folders and free ports, so they run beside the other files: with
        // `fileParallelism: false` vitest ran them last, one at a time, one worker idle (6 minutes).
        test: {
          name: 'process',
          root: '.',
          environment: 'node' as const,
          include: ['tests/process/**/*.test.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 180_000,
          hookTimeout: 60_000,
          pool: 'forks' as const,
        },
      },
      // Components in jsdom. Files share their worker's imports and jsdom (a fresh one per file took
      // most of the project's time: docs/testing.md); web-setup.ts leaves each test signed out with
      // empty storage, and stubbed globals and variables go after each test. A file that replaces a
      // module (vi.mock) needs a module graph of its own: those run isolated, in `web-mocks`.
      webProject('web', WEB_FILES.filter((f) => !WEB_FILES_THAT_MOCK.includes(f)), false),
      webProject('web-mocks', WEB_FILES_THAT_MOCK, true),
    ],
  },
});
