import type { FieldMappingBody } from '#shared/contract/field-mapping';
import { RETRY_TITLE } from '#shared/contract/quality-process';
import { ATTRIBUTE_GUIDS, type ArenaEmulatorControl } from '../emulators/arena/index.ts';
import { DEMO_QID, DEMO_WORKFLOW, type DemoWorkflow } from '../emulators/jotform/index.ts';
import type { AuditActor } from '../lib/audit.ts';
import { Upstream } from '../lib/errors.ts';
import { addDays } from '#shared/dates';
import type { Services } from '../services.ts';

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

/** The demo form's screening questions, named in a new sandbox so its import flags potential reportable events (docs/features/triage.md). */
export const DEMO_SCREENING = { death: DEMO_QID.died, injury: DEMO_QID.injured, malfunction: DEMO_QID.malfunctioned } as const;

/** The notification recipient a new sandbox starts with, so marking delivered mails someone. */
export const DEMO_RECIPIENT = 'quality-team@example.com';

/** Who the audit trail and the history name for the demo's workflow changes. */
export const DEMO_ACTOR: AuditActor = { id: 'sandbox-demo', email: 'demo-reviewer@sandbox.example' };

export interface DemoContext {
  services: Services;
  /** The Arena emulator, told to fail the transfers the demo shows as Transfer Error. */
  arena: Pick<ArenaEmulatorControl, 'failNext'>;
}

/**
 * The demo form's screening questions, when none are named: before the first import, so the demo
 * submissions that answer yes arrive flagged.
 */
export async function seedDemoScreening(services: Services): Promise<void> {
  if ((await services.triage.screening()).updatedAt === null) await services.triage.setScreening(DEMO_ACTOR, DEMO_SCREENING);
}

/** The demo form's questions that give the complaint fields (its form asks no model or UDI). */
export const DEMO_COMPLAINT_FIELDS = { product: DEMO_QID.product, model: null, lot: DEMO_QID.lotNumber, udi: null } as const;

/**
 * The demo's recipient and complaint fields when the portal has none of its own, and its mappings
 * with a new installation's defaults (the decision, the product, the lot) when no mapping was ever saved.
 */
export async function seedDemoConfiguration(services: Services): Promise<void> {
  if ((await services.emailConfigs.list()).length === 0) await services.emailConfigs.create(DEMO_ACTOR, DEMO_RECIPIENT);
  const named = (await services.complaintFields.get()).results;
  if (Object.values(named).every((qid) => qid === null)) await services.complaintFields.set(DEMO_ACTOR, DEMO_COMPLAINT_FIELDS);
  await services.fieldMapping.seedDefaults(DEMO_MAPPINGS, 'the sandbox setup');
}

async function transfer(ctx: DemoContext, id: string, w: DemoWorkflow): Promise<void> {
  if (w.transferFailure) ctx.arena.failNext(1, w.transferFailure);
  await ctx.services.qualityProcess.create(DEMO_ACTOR, id, w.chTitle ?? RETRY_TITLE).catch((err: unknown) => {
    if (!(err instanceof Upstream)) throw err;
  });
}

/** One demo submission brought to its scenario's state through the same service calls a reviewer's clicks make. */
async function apply(ctx: DemoContext, id: string, w: DemoWorkflow): Promise<void> {
  const { submissions } = ctx.services;
  // Marked and decided first: approving an undecided submission leaves its decision for later, as the approve dialog says.
  if (w.reportable) await submissions.workflow.markReportable(DEMO_ACTOR, id);
  const r = w.reportability;
  if (r) await ctx.services.reporting.decide(DEMO_ACTOR, id, { decision: r.decision, rationale: r.rationale, category: r.category });
  const decided = w.reportable || !!r;
  // Denied as not reportable, the reason its rationale, as the deny dialog does for an undecided submission.
  if (w.submissionStatus === 'Denied') await submissions.workflow.review(DEMO_ACTOR, id, 'deny', w.denyReason, { notReportable: true });
  else if (w.submissionStatus !== 'Pending Review') await submissions.workflow.review(DEMO_ACTOR, id, 'approve', undefined, { decideLater: !decided });
  if (w.submissionStatus === 'Successful Transfer' || w.submissionStatus === 'Transfer Error') await transfer(ctx, id, w);
  if (w.followup) await submissions.followups.set(DEMO_ACTOR, id, w.followup);
  if (w.emailDelivered) await submissions.workflow.markDelivered(DEMO_ACTOR, id);
  if (r) {
    if (r.report) {
      const { becomeAwareDate } = await submissions.file.get(DEMO_ACTOR, id);
      await ctx.services.reporting.fileReport(DEMO_ACTOR, id, { regime: r.report.regime, reportedOn: addDays(becomeAwareDate, r.report.afterDays), reference: r.report.reference });
    }
  }
}

/**
 * Gives demo submissions seen for the first time the workflow state their scenario shows:
 * reviewed, transferred through the real transfer into the Arena emulator (or failed there by
 * Arena itself), followed up, marked — audited like any change (decision 012). Used by sandbox
 * mode and by the tests that need the demo in its usual state.
 */
export async function applyDemoWorkflow(ctx: DemoContext, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const w = DEMO_WORKFLOW[id];
    if (w) await apply(ctx, id, w);
  }
}

/** Whether any of these submissions is one of the demo's. */
export const hasDemoSubmissions = (ids: readonly string[]) => ids.some((id) => DEMO_WORKFLOW[id]);
