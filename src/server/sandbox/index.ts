import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, publicUrl } from '../config.ts';
import { createArenaClient } from '../connectors/arena/index.ts';
import { createJotformClient } from '../connectors/jotform/index.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID, createArenaEmulator } from '../emulators/arena/index.ts';
import { DEMO_AWARE_DATE_QID, DEMO_FORM_ID, createJotformEmulator } from '../emulators/jotform/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { ConnectedOutside } from '../outside/connected.ts';
import { SANDBOX_JOTFORM_API_FILE, writeStateFile } from '../emulators/state-file.ts';
import { applyDemoWorkflow, hasDemoSubmissions, seedDemoConfiguration, seedDemoScreening } from './demo-workflow.ts';
import { startDemoSso } from './demo-sso.ts';

/**
 * Sandbox mode (no JOTFORM_API_KEY): the JotForm and Arena emulators on loopback ports, reached by
 * the same real clients a live portal uses; demo submissions get their scenario's workflow state
 * the first time the sync sees them. Loaded only by `connectOutside`, with a dynamic import.
 */
export async function startSandbox(config: Config, clock: Clock, logger: FastifyBaseLogger): Promise<ConnectedOutside> {
  const apiKey = randomBytes(16).toString('hex');
  // State files keep what sandbox users did (processes, numbering, questions, submissions) across restarts.
  const jotformEmulator = createJotformEmulator({ apiKey, clock, timeZone: config.JOTFORM_TIMEZONE, dailyLimit: config.SANDBOX_JOTFORM_DAILY_LIMIT, stateFile: path.join(config.DATA_DIR, 'sandbox-jotform.json') });
  const jotformUrl = await jotformEmulator.app.listen({ host: '127.0.0.1', port: 0 });
  const formId = config.JOTFORM_FORM_ID ?? DEMO_FORM_ID;
  // Where a new submission can be sent, as to JotForm's API (docs/features/sandbox.md); this start's address and key.
  writeStateFile(path.join(config.DATA_DIR, SANDBOX_JOTFORM_API_FILE), { baseUrl: jotformUrl, apiKey, formId });
  const arenaUser = { email: 'integration@sandbox.example', password: randomBytes(16).toString('hex') };
  const arenaEmulator = createArenaEmulator({ ...arenaUser, clock, stateFile: path.join(config.DATA_DIR, 'sandbox-arena.json') });
  const arenaUrl = await arenaEmulator.app.listen({ host: '127.0.0.1', port: 0 });
  logger.info({ jotform: jotformUrl, arena: arenaUrl }, 'sandbox mode: JotForm and Arena emulators on loopback');
  // SANDBOX_SSO=on: a demo identity provider behind the single sign-on button (docs/features/single-sign-on.md).
  const sso = config.SANDBOX_SSO === 'on' ? await startDemoSso(publicUrl(config)) : undefined;
  if (sso) logger.info({ issuer: sso.issuer }, 'sandbox mode: demo identity provider on loopback');
  const arena = createArenaClient({ baseUrl: `${arenaUrl}/v1`, ...arenaUser, ownerGuid: config.ARENA_OWNER_GUID, numberPrefixGuid: config.ARENA_NUMBER_PREFIX_GUID, clock, logger });
  return {
    mode: 'sandbox',
    outside: { jotform: createJotformClient({ apiKey, baseUrl: jotformUrl }), arena, arenaTemplateGuid: config.ARENA_TEMPLATE_GUID ?? ARENA_EMULATOR_TEMPLATE_GUID, ...(sso ? { sso } : {}) },
    formId,
    awareDateQid: config.JOTFORM_AWARE_DATE_QID ?? DEMO_AWARE_DATE_QID,
    async attach(services) {
      await seedDemoScreening(services);
      services.sync.onInserted(async (ids) => {
        if (!hasDemoSubmissions(ids)) return;
        // Mappings first, so the transferred demo processes carry mapped values.
        await seedDemoConfiguration(services);
        await applyDemoWorkflow({ services, arena: arenaEmulator.control }, ids);
      });
    },
    close: async () => {
      await arena.logout().catch(() => undefined);
      await jotformEmulator.settled();
      await Promise.all([jotformEmulator.app.close(), arenaEmulator.app.close(), sso?.close()]);
    },
  };
}

export { DEMO_ACTOR, DEMO_MAPPINGS, DEMO_RECIPIENT, applyDemoWorkflow, seedDemoConfiguration } from './demo-workflow.ts';
