import { FieldMappingBody } from '#shared/contract/field-mapping';
import { RETRY_TITLE } from '#shared/contract/quality-process';
import { ATTRIBUTE_GUIDS, type ArenaEmulatorControl } from '../emulators/arena/index.ts';
import { DEMO_QID, DEMO_WORKFLOW, type DemoWorkflow } from '../emulators/jotform/index.ts';
import type { AuditActor } from '../lib/audit.ts';
import { AppError, Upstream } from '../lib/errors.ts';
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

/** The notification recipient a new sandbox starts with, so marking delivered mails someone. */
export const DEMO_RECIPIENT = 'quality-team@example.com';

/** Who the audit trail and the history name for the demo's workflow changes. */
export const DEMO_ACTOR: AuditActor = { id: 'sandbox-demo', email: 'demo-reviewer@sandbox.example' };

export interface DemoContext {
  services: Services;
  /** The Arena emulator, told to fail the transfers the demo shows as Transfer Error. */
  arena: Pick<ArenaEmulatorControl, 'failNext'>;
}

/** The demo's recipient and mappings, each only when the portal has none of its own. */
export async function seedDemoConfiguration(services: Services): Promise<void> {
  if ((await services.emailConfigs.list()).length === 0) await services.emailConfigs.create(DEMO_ACTOR, DEMO_RECIPIENT);
  if ((await services.fieldMapping.list()).length > 0) return;
  for (const body of DEMO_MAPPINGS) {
    // A mapping Arena or JotForm refuses must not stop the rest of the demo.
    await services.fieldMapping.create(DEMO_ACTOR, FieldMappingBody.parse(body)).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    });
  }
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
  // Denied as not reportable, the reason its rationale, as the deny dialog does for an undecided submission.
  if (w.submissionStatus === 'Denied') await submissions.review(DEMO_ACTOR, id, 'deny', w.denyReason, true);
  else if (w.submissionStatus !== 'Pending Review') await submissions.review(DEMO_ACTOR, id, 'approve', undefined);
  if (w.submissionStatus === 'Successful Transfer' || w.submissionStatus === 'Transfer Error') await transfer(ctx, id, w);
  if (w.followup) await submissions.setFollowup(DEMO_ACTOR, id, w.followup);
  if (w.reportable) await submissions.markReportable(DEMO_ACTOR, id);
  if (w.emailDelivered) await submissions.markDelivered(DEMO_ACTOR, id);
  const r = w.reportability;
  if (r) {
    await ctx.services.reporting.decide(DEMO_ACTOR, id, { decision: r.decision, rationale: r.rationale, category: r.category });
    if (r.report) {
      const { becomeAwareDate } = await submissions.get(DEMO_ACTOR, id);
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
