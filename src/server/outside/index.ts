import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { arenaAccount, createArenaClient, createDbSessionStore } from '../connectors/arena/index.ts';
import { createJotformClient } from '../connectors/jotform/index.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { ConnectedOutside } from './connected.ts';

export { registerWebhook } from './webhook.ts';

/**
 * Live mode: real clients from the configuration; every instance shares one Arena session through
 * `db`. Sandbox mode (no JOTFORM_API_KEY): the sandbox module — the emulators and the demo — is
 * loaded here and only here, so a live portal never loads emulator code (a chunk of its own in
 * the server build).
 */
export async function connectOutside(config: Config, clock: Clock, logger: FastifyBaseLogger, db?: Db): Promise<ConnectedOutside> {
  if (!config.JOTFORM_API_KEY) {
    const { startSandbox } = await import('../sandbox/index.ts');
    return startSandbox(config, clock, logger);
  }
  const baseUrl = config.ARENA_BASE_URL ?? 'https://api.arenasolutions.com/v1';
  const arena =
    config.ARENA_EMAIL && config.ARENA_PASSWORD
      ? createArenaClient({
          baseUrl,
          email: config.ARENA_EMAIL,
          password: config.ARENA_PASSWORD,
          ...(config.ARENA_WORKSPACE_ID ? { workspaceId: config.ARENA_WORKSPACE_ID } : {}),
          ownerGuid: config.ARENA_OWNER_GUID,
          numberPrefixGuid: config.ARENA_NUMBER_PREFIX_GUID,
          ...(db ? { sessionStore: createDbSessionStore(db, arenaAccount(baseUrl, config.ARENA_EMAIL, config.ARENA_WORKSPACE_ID), clock) } : {}),
          clock,
          logger,
        })
      : undefined;
  const jotform = createJotformClient({ apiKey: config.JOTFORM_API_KEY, ...(config.JOTFORM_BASE_URL ? { baseUrl: config.JOTFORM_BASE_URL } : {}) });
  return {
    mode: 'live',
    outside: { jotform, ...(arena ? { arena } : {}), ...(config.ARENA_TEMPLATE_GUID ? { arenaTemplateGuid: config.ARENA_TEMPLATE_GUID } : {}) },
    formId: config.JOTFORM_FORM_ID!,
    awareDateQid: config.JOTFORM_AWARE_DATE_QID,
    close: async () => {
      await arena?.logout().catch(() => undefined);
    },
  };
}
