import { randomBytes } from 'node:crypto';
import { type ArenaClient, type ArenaClientOptions, createArenaClient } from '../../src/server/connectors/arena/index.ts';
import { type JotformClient, createJotformClient } from '../../src/server/connectors/jotform/index.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID, type ArenaEmulator, type ArenaEmulatorVariant, createArenaEmulator } from '../../src/server/emulators/arena/index.ts';
import { DEMO_AWARE_DATE_QID, type JotformEmulator, createJotformEmulator } from '../../src/server/emulators/jotform/index.ts';
import type { Clock } from '../../src/server/lib/clock.ts';
import type { AppDeps } from '../../src/server/app.ts';

export interface Emulators {
  arena: ArenaEmulator;
  jotform: JotformEmulator;
  arenaClient: ArenaClient;
  jotformClient: JotformClient;
  /** What createTestApp({ deps }) needs to run against the emulators through the real clients. */
  deps: Pick<AppDeps, 'outside' | 'formId' | 'awareDateQid'>;
  close(): Promise<void>;
}

export interface EmulatorOptions {
  clock?: Clock;
  /** A stricter Arena workspace; default the sandbox's friendly template. */
  arenaVariant?: ArenaEmulatorVariant;
  /** ARENA_OWNER_GUID and ARENA_NUMBER_PREFIX_GUID for the Arena client. */
  arenaSetup?: Pick<ArenaClientOptions, 'ownerGuid' | 'numberPrefixGuid'>;
}

/** The JotForm and Arena emulators on 127.0.0.1:0, reached by the real HTTP clients (as in sandbox mode). */
export async function startEmulators(opts: EmulatorOptions = {}): Promise<Emulators> {
  const clock = opts.clock ? { clock: opts.clock } : {};
  const apiKey = randomBytes(16).toString('hex');
  const jotform = createJotformEmulator({ apiKey, ...clock });
  const jotformUrl = await jotform.listen();
  const user = { email: 'integration@test.example', password: randomBytes(16).toString('hex') };
  const arena = createArenaEmulator({ ...user, ...clock, ...(opts.arenaVariant ? { variant: opts.arenaVariant } : {}) });
  const arenaUrl = await arena.app.listen({ host: '127.0.0.1', port: 0 });
  const arenaClient = createArenaClient({ baseUrl: `${arenaUrl}/v1`, ...user, ...clock, ...opts.arenaSetup, timeoutMs: 5_000 });
  // Retries stay on (3 attempts), but without the back-off waits, to keep tests fast.
  const jotformClient = createJotformClient({ apiKey, baseUrl: jotformUrl, sleep: async () => {} });
  return {
    arena,
    jotform,
    arenaClient,
    jotformClient,
    deps: {
      outside: { jotform: jotformClient, arena: arenaClient, arenaTemplateGuid: ARENA_EMULATOR_TEMPLATE_GUID },
      formId: jotform.formId,
      awareDateQid: DEMO_AWARE_DATE_QID,
    },
    async close() {
      await arenaClient.logout().catch(() => undefined);
      await Promise.all([jotform.close(), arena.app.close()]);
    },
  };
}
