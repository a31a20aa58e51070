import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARENA_EMULATOR_TEMPLATE_GUID, ARENA_EMULATOR_WORKSPACE, type ArenaEmulator, createArenaEmulator } from '../../src/server/emulators/arena/index.ts';
import { DEMO_AWARE_DATE_QID, type JotformEmulator, createJotformEmulator } from '../../src/server/emulators/jotform/index.ts';
import { type Portal, ROOT, freePort, signIn, startPortal, waitHealthy } from './portal.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'qp-live-'));
const hook = pathToFileURL(path.join(ROOT, 'tests', 'process', 'record-modules.mjs')).href;
let jotform: JotformEmulator;
let arena: ArenaEmulator;
const apiKey = randomBytes(16).toString('hex');
const arenaUser = { email: 'integration@live.example', password: randomBytes(16).toString('hex') };
let urls: { jotform: string; arena: string };

beforeAll(async () => {
  jotform = createJotformEmulator({ apiKey });
  arena = createArenaEmulator(arenaUser);
  urls = { jotform: await jotform.listen(), arena: await arena.app.listen({ host: '127.0.0.1', port: 0 }) };
});
afterAll(async () => {
  await Promise.all([jotform.close(), arena.app.close()]);
  rmSync(root, { recursive: true, force: true });
});

/** The modules the portal's server process loaded, and its output. */
async function run(name: string, env: Record<string, string>, use: (portal: Portal) => Promise<void>): Promise<string[]> {
  const log = path.join(root, `${name}.modules`);
  const portal = startPortal(path.join(root, name), await freePort(), { ...env, QP_MODULE_LOG: log, NODE_OPTIONS: `--import ${hook}` });
  try {
    await waitHealthy(portal);
    const pid = await portal.serverPid();
    await use(portal);
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith(`${pid} `))
      .map((l) => l.slice(l.indexOf(' ') + 1));
  } finally {
    await portal.stop();
  }
}

const emulatorCode = (modules: string[]) => modules.filter((m) => m.startsWith('file:') && (/\/sandbox\.js$|\/emulators\//.test(m) || readFileSync(new URL(m), 'utf8').includes('Provider Quality (emulated)')));

describe('the built portal', () => {
  it('in live mode talks to JotForm and Arena through its connectors and never loads emulator code', async () => {
    const modules = await run(
      'live',
      {
        JOTFORM_API_KEY: apiKey,
        JOTFORM_BASE_URL: urls.jotform,
        JOTFORM_FORM_ID: jotform.formId,
        JOTFORM_AWARE_DATE_QID: DEMO_AWARE_DATE_QID,
        ARENA_BASE_URL: `${urls.arena}/v1`,
        ARENA_EMAIL: arenaUser.email,
        ARENA_PASSWORD: arenaUser.password,
        ARENA_TEMPLATE_GUID: ARENA_EMULATOR_TEMPLATE_GUID,
        ARENA_WORKSPACE_ID: String(ARENA_EMULATOR_WORKSPACE.id),
      },
      async (portal) => {
        const headers = await signIn(portal.url);
        // The first poll runs at start; wait for its rows rather than for time.
        for (let i = 0; ; i++) {
          const page = (await (await fetch(`${portal.url}/v1/jotforms/${jotform.formId}`, { headers })).json()) as { totalResults: number };
          if (page.totalResults === jotform.state.submissions.size) break;
          if (i > 200) throw new Error(`synced ${page.totalResults} of ${jotform.state.submissions.size}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      },
    );
    expect(modules.some((m) => m.endsWith('/dist/server/main.js'))).toBe(true);
    expect(emulatorCode(modules)).toEqual([]);
  });

  it('in sandbox mode loads the emulators (so the check above can fail)', async () => {
    const modules = await run('sandbox', {}, async () => {});
    expect(emulatorCode(modules).some((m) => m.endsWith('/dist/server/sandbox.js'))).toBe(true);
  });
});
