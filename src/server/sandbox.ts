import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { FieldMappingBody } from '#shared/contract/field-mapping';
import { RETRY_TITLE } from '#shared/contract/quality-process';
import type { Config } from './config.ts';
import { type ArenaClient, arenaAccount, createArenaClient, createDbSessionStore } from './connectors/arena/index.ts';
import { type JotformClient, createJotformClient } from './connectors/jotform/index.ts';
import type { Db } from './db/client.ts';
import { emailConfigs, submissions } from './db/schema/index.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID, ATTRIBUTE_GUIDS, createArenaEmulator } from './emulators/arena/index.ts';
import { DEMO_AWARE_DATE_QID, DEMO_FORM_ID, DEMO_QID, DEMO_WORKFLOW, createJotformEmulator } from './emulators/jotform/index.ts';
import type { Clock } from './lib/clock.ts';
import type { InsertedHookContext } from './services.ts';

/** The outside systems the product talks to, and the settings that go with them. */
export interface Outside {
  mode: 'sandbox' | 'live';
  jotform: JotformClient;
  arena: ArenaClient | undefined;
  formId: string;
  awareDateQid: string | undefined;
  arenaTemplateGuid: string | undefined;
  onSubmissionsInserted?: (ctx: InsertedHookContext, ids: string[]) => Promise<void>;
  close(): Promise<void>;
}

/**
 * Field mappings a new sandbox user finds in place, so the steps of a transferred demo submission
 * show mapped values at once (qids of the demo form, attributes of the emulated template).
 */
export const DEMO_MAPPINGS: readonly FieldMappingBody[] = [
  { arenaFieldGUID: ATTRIBUTE_GUIDS.complainantName, name: 'Complainant Name', formFieldQID: [{ qid: DEMO_QID.fullName, preprocessingFunctions: ['fullName'] }] },
  { arenaFieldGUID: ATTRIBUTE_GUIDS.complainantEmail, name: 'Complainant Email', formFieldQID: [{ qid: DEMO_QID.email, preprocessingFunctions: ['trim', 'lowercase'] }] },
  { arenaFieldGUID: ATTRIBUTE_GUIDS.becomeAwareDate, name: 'Become Aware Date', formFieldQID: [{ qid: DEMO_QID.awareDate, preprocessingFunctions: ['dateISO'] }] },
  { arenaFieldGUID: ATTRIBUTE_GUIDS.complaintDescription, name: 'Complaint Description', formFieldQID: [{ qid: DEMO_QID.description, preprocessingFunctions: ['stripHtml'] }] },
];

/**
 * Gives demo submissions seen for the first time the workflow state the demo needs. Transferred
 * ones go through the real transfer (docs/decisions/012), so their CH numbers exist in the Arena
 * emulator and their steps hold mapped values.
 */
export async function seedDemoWorkflow(ctx: InsertedHookContext, ids: string[]): Promise<void> {
  const demo = ids.filter((id) => DEMO_WORKFLOW[id]);
  if (demo.length === 0) return;
  const toTransfer: { id: string; title: string }[] = [];
  await ctx.db.transaction(async (tx) => {
    const fresh = await tx.select({ id: submissions.id }).from(submissions).where(inArray(submissions.id, demo));
    for (const { id } of fresh) {
      const w = DEMO_WORKFLOW[id]!;
      const transferred = w.submissionStatus === 'Successful Transfer';
      if (transferred) toTransfer.push({ id, title: w.chTitle ?? RETRY_TITLE });
      await tx
        .update(submissions)
        .set({
          submissionStatus: transferred ? 'Pending Transfer' : w.submissionStatus,
          reportable: w.reportable,
          emailDelivered: w.emailDelivered,
          followup: w.followup ?? null,
          chNumber: null,
          chTitle: w.chTitle ?? null,
          denyReason: w.denyReason ?? null,
          transferError: w.transferError ?? null,
        })
        .where(inArray(submissions.id, [id]));
    }
  });
  await seedDemoRecipient(ctx.db);
  if (toTransfer.length === 0) return;
  await ctx.seedMappings(DEMO_MAPPINGS);
  for (const { id, title } of toTransfer) await ctx.transfer(id, title);
}

/** The notification recipient a new sandbox starts with, so marking delivered mails someone. */
export const DEMO_RECIPIENT = 'quality-team@example.com';

/** Once, with the first demo submissions: a recipient, unless the portal already has one. */
async function seedDemoRecipient(db: InsertedHookContext['db']): Promise<void> {
  const [any] = await db.select({ id: emailConfigs.id }).from(emailConfigs).limit(1);
  if (!any) await db.insert(emailConfigs).values({ id: randomUUID(), email: DEMO_RECIPIENT, active: true }).onConflictDoNothing();
}

/**
 * Live mode: real clients from the configuration; with `db` every instance shares one Arena
 * session through it. Sandbox mode (no JOTFORM_API_KEY): the JotForm and Arena emulators on
 * loopback ports, reached by the same real clients.
 */
export async function connectOutside(config: Config, clock: Clock, logger: FastifyBaseLogger, db?: Db): Promise<Outside> {
  const createDefaults = { ownerGuid: config.ARENA_OWNER_GUID, numberPrefixGuid: config.ARENA_NUMBER_PREFIX_GUID };
  if (config.JOTFORM_API_KEY) {
    const baseUrl = config.ARENA_BASE_URL ?? 'https://api.arenasolutions.com/v1';
    const arena =
      config.ARENA_EMAIL && config.ARENA_PASSWORD
        ? createArenaClient({
            baseUrl,
            email: config.ARENA_EMAIL,
            password: config.ARENA_PASSWORD,
            ...(config.ARENA_WORKSPACE_ID ? { workspaceId: config.ARENA_WORKSPACE_ID } : {}),
            ...createDefaults,
            ...(db ? { sessionStore: createDbSessionStore(db, arenaAccount(baseUrl, config.ARENA_EMAIL, config.ARENA_WORKSPACE_ID), clock) } : {}),
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
  // State files keep what sandbox users did (processes, numbering, questions, submissions) across restarts.
  const jotformEmulator = createJotformEmulator({ apiKey, clock, timeZone: config.JOTFORM_TIMEZONE, stateFile: path.join(config.DATA_DIR, 'sandbox-jotform.json') });
  const jotformUrl = await jotformEmulator.app.listen({ host: '127.0.0.1', port: 0 });
  const arenaUser = { email: 'integration@sandbox.example', password: randomBytes(16).toString('hex') };
  const arenaEmulator = createArenaEmulator({ ...arenaUser, clock, stateFile: path.join(config.DATA_DIR, 'sandbox-arena.json') });
  const arenaUrl = await arenaEmulator.app.listen({ host: '127.0.0.1', port: 0 });
  logger.info({ jotform: jotformUrl, arena: arenaUrl }, 'sandbox mode: JotForm and Arena emulators on loopback');
  const arena = createArenaClient({ baseUrl: `${arenaUrl}/v1`, ...arenaUser, ...createDefaults, clock, logger });
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
