import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Config } from './config.ts';
import { type ArenaClient, createArenaClient } from './connectors/arena/index.ts';
import { type JotformClient, createJotformClient } from './connectors/jotform/index.ts';
import type { Db } from './db/client.ts';
import { submissions } from './db/schema/index.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID, createArenaEmulator } from './emulators/arena/index.ts';
import { DEMO_AWARE_DATE_QID, DEMO_FORM_ID, DEMO_WORKFLOW, createJotformEmulator } from './emulators/jotform/index.ts';
import type { Clock } from './lib/clock.ts';

/** The outside systems the product talks to, and the settings that go with them. */
export interface Outside {
  mode: 'sandbox' | 'live';
  jotform: JotformClient;
  arena: ArenaClient | undefined;
  formId: string;
  awareDateQid: string | undefined;
  arenaTemplateGuid: string | undefined;
  onSubmissionsInserted?: (db: Db, ids: string[]) => Promise<void>;
  close(): Promise<void>;
}

/** Gives demo submissions seen for the first time the workflow state the demo needs. */
async function seedDemoWorkflow(db: Db, ids: string[]): Promise<void> {
  const demo = ids.filter((id) => DEMO_WORKFLOW[id]);
  if (demo.length === 0) return;
  await db.transaction(async (tx) => {
    const fresh = await tx.select({ id: submissions.id }).from(submissions).where(inArray(submissions.id, demo));
    for (const { id } of fresh) {
      const w = DEMO_WORKFLOW[id]!;
      await tx
        .update(submissions)
        .set({
          submissionStatus: w.submissionStatus,
          reportable: w.reportable,
          emailDelivered: w.emailDelivered,
          followup: w.followup ?? null,
          chNumber: w.chNumber ?? null,
          chTitle: w.chTitle ?? null,
          denyReason: w.denyReason ?? null,
          transferError: w.transferError ?? null,
        })
        .where(inArray(submissions.id, [id]));
    }
  });
}

/**
 * Live mode: real clients from the configuration. Sandbox mode (no JOTFORM_API_KEY): the JotForm
 * and Arena emulators on loopback ports, reached by the same real clients.
 */
export async function connectOutside(config: Config, clock: Clock, logger: FastifyBaseLogger): Promise<Outside> {
  if (config.JOTFORM_API_KEY) {
    const arena =
      config.ARENA_EMAIL && config.ARENA_PASSWORD
        ? createArenaClient({
            ...(config.ARENA_BASE_URL ? { baseUrl: config.ARENA_BASE_URL } : { baseUrl: 'https://api.arenasolutions.com/v1' }),
            email: config.ARENA_EMAIL,
            password: config.ARENA_PASSWORD,
            ...(config.ARENA_WORKSPACE_ID ? { workspaceId: config.ARENA_WORKSPACE_ID } : {}),
            clock,
            logger,
          })
        : undefined;
    return {
      mode: 'live',
      jotform: createJotformClient({ apiKey: config.JOTFORM_API_KEY, ...(config.JOTFORM_BASE_URL ? { baseUrl: config.JOTFORM_BASE_URL } : {}) }),
      arena,
      formId: config.JOTFORM_FORM_ID!,
      awareDateQid: config.JOTFORM_AWARE_DATE_QID,
      arenaTemplateGuid: config.ARENA_TEMPLATE_GUID,
      close: async () => {
        await arena?.logout().catch(() => undefined);
      },
    };
  }

  const apiKey = randomBytes(16).toString('hex');
  const jotformEmulator = createJotformEmulator({ apiKey, clock });
  const jotformUrl = await jotformEmulator.app.listen({ host: '127.0.0.1', port: 0 });
  const arenaUser = { email: 'integration@sandbox.example', password: randomBytes(16).toString('hex') };
  const arenaEmulator = createArenaEmulator({ ...arenaUser, clock });
  const arenaUrl = await arenaEmulator.app.listen({ host: '127.0.0.1', port: 0 });
  logger.info({ jotform: jotformUrl, arena: arenaUrl }, 'sandbox mode: JotForm and Arena emulators on loopback');
  const arena = createArenaClient({ baseUrl: `${arenaUrl}/v1`, ...arenaUser, clock, logger });
  return {
    mode: 'sandbox',
    jotform: createJotformClient({ apiKey, baseUrl: jotformUrl }),
    arena,
    formId: config.JOTFORM_FORM_ID ?? DEMO_FORM_ID,
    awareDateQid: config.JOTFORM_AWARE_DATE_QID ?? DEMO_AWARE_DATE_QID,
    arenaTemplateGuid: config.ARENA_TEMPLATE_GUID ?? ARENA_EMULATOR_TEMPLATE_GUID,
    onSubmissionsInserted: seedDemoWorkflow,
    close: async () => {
      await arena.logout().catch(() => undefined);
      await jotformEmulator.settled();
      await Promise.all([jotformEmulator.app.close(), arenaEmulator.app.close()]);
    },
  };
}

/** Points the form's JotForm webhook at this portal, once (JotForm keeps a list of URLs). */
export async function registerWebhook(jotform: JotformClient, formId: string, url: string, logger: FastifyBaseLogger): Promise<void> {
  try {
    const hooks = await jotform.listWebhooks(formId);
    if (!hooks.some((h) => h.url === url)) await jotform.createWebhook(formId, url);
  } catch (err) {
    logger.warn({ err }, 'could not register the JotForm webhook; the poll still picks up new submissions');
  }
}
