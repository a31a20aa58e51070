import { setTimeout as sleep } from 'node:timers/promises';
import { RETRY_TITLE, type StepResult, type TemplateStep } from '#shared/contract/quality-process';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound, Upstream } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { RecordRead } from '../../lib/reads.ts';
import type { ValuePreview } from '#shared/contract/field-mapping';
import type { ArenaChange } from '#shared/contract/integrations';
import { type FieldMappingRule, templateValuesOf, toValuePreview } from '../field-mapping/index.ts';
import { type ArenaSetup, SignInPaused, type TemplateSteps, arenaReason, isSignInPaused, requireArena } from './arena-template.ts';
import { TRANSFERABLE, type QualityProcessRepo, type TransferRow } from './quality-process.repo.ts';
import { renderSteps } from './step-values.ts';
import { type TransferOutcome, runTransfer } from './transfer.ts';

export interface QualityProcessDeps {
  repo: QualityProcessRepo;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  arena: ArenaSetup | undefined;
  templateSteps: TemplateSteps;
  /** The stored field mappings, as the mapping engine reads them. */
  mappingRules(): Promise<FieldMappingRule[]>;
  /** A claim older than this is void: its holder died or hung (default 5 minutes). */
  staleClaimMs?: number;
  /** How long a second call waits for the running one's outcome (default 60 s). */
  waitForRunningMs?: number;
  /** Puts a read of patient data on the record (`viewed`). */
  recordRead: RecordRead;
}

export const STALE_CLAIM_MS = 5 * 60_000;
const POLL_MS = 200;

const CHANGED_FIELD: Record<ArenaChange['field'], string> = { targetCompletionDate: 'target completion date', owner: 'owner', number: 'number' };
/** The history's field names: the portal's own owner and CH number are other fields. */
const HISTORY_FIELD: Record<ArenaChange['field'], string> = { targetCompletionDate: 'targetCompletionDate', owner: 'ownerInArena', number: 'numberInArena' };

/** "target completion date 2026-12-02 → none": what Arena changed, for the system log. */
export function describeChanges(changes: readonly ArenaChange[]): string {
  return changes.map((c) => `${CHANGED_FIELD[c.field]} ${c.sent ?? 'none'} → ${c.kept ?? 'none'}`).join('; ');
}

function wrongStatus(status: string): Conflict {
  return new Conflict(`A quality process can only be created from Pending Transfer or Transfer Error; this submission is ${status}.`);
}

/** Retry sends "temp": the stored title when there is one, else a title that says whose complaint it is. */
function titleFor(row: TransferRow, chTitle: string): string {
  if (chTitle !== RETRY_TITLE) return chTitle;
  return row.chTitle ?? `Complaint from ${row.submitter || 'an unnamed submitter'} (JotForm ${row.id})`.slice(0, 200);
}

export function createQualityProcessService(d: QualityProcessDeps) {
  const { repo, uow, log, clock } = d;
  const staleMs = d.staleClaimMs ?? STALE_CLAIM_MS;
  const waitMs = d.waitForRunningMs ?? 60_000;

  async function mustFind(idOrChNumber: string): Promise<TransferRow> {
    const row = await repo.find(idOrChNumber);
    if (!row) throw new NotFound('Submission not found.');
    return row;
  }

  /** Takes the row for this call; 'running' when another call holds it. */
  async function claim(row: TransferRow): Promise<(TransferRow & { transferStartedAt: Date }) | 'running'> {
    if (!TRANSFERABLE.includes(row.submissionStatus)) throw wrongStatus(row.submissionStatus);
    const now = clock.now();
    const claimed = await repo.claim(row.id, now, new Date(now.getTime() - staleMs));
    if (claimed?.transferStartedAt) return { ...claimed, transferStartedAt: claimed.transferStartedAt };
    const current = await mustFind(row.id);
    if (!TRANSFERABLE.includes(current.submissionStatus)) throw wrongStatus(current.submissionStatus);
    return 'running';
  }

  /**
   * A second click while the first call runs: waits for that call and replies with its outcome, so the
   * user reads the result of the one transfer, not an error about the click. 'stale': the other
   * call's claim ran out (its holder died), so this call may take the row over.
   */
  async function outcomeOfRunning(id: string): Promise<'done' | 'stale'> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      await sleep(POLL_MS);
      const row = await mustFind(id);
      if (!row.transferStartedAt) {
        if (row.submissionStatus === 'Successful Transfer') return 'done';
        if (row.submissionStatus === 'Transfer Error') throw new Upstream(row.transferError ?? 'The quality process could not be created.');
        throw new Conflict('The other attempt to create this quality process stopped without a result. Please try again.');
      }
      if (row.transferStartedAt.getTime() < clock.now().getTime() - staleMs) return 'stale';
      if (Date.now() > deadline) throw new Conflict('A quality process is already being created for this submission. Reload in a moment to see the result.');
    }
  }

  /** A repeat of a create that already succeeded (same name, or Retry): nothing to do. */
  function alreadyDone(row: TransferRow, chTitle: string): boolean {
    return row.submissionStatus === 'Successful Transfer' && !!row.arenaGuid && (chTitle === RETRY_TITLE || chTitle === row.chTitle);
  }

  type Before = Pick<TransferRow, 'submissionStatus' | 'chTitle' | 'chNumber' | 'transferError'>;
  const by = (actor: AuditActor | null) => actor?.email ?? 'the sandbox setup';

  async function succeeded(actor: AuditActor | null, row: TransferRow & { transferStartedAt: Date }, before: Before, title: string, outcome: Extract<TransferOutcome, { ok: true }>): Promise<void> {
    const values = { submissionStatus: 'Successful Transfer' as const, chTitle: title, chNumber: outcome.number, arenaGuid: outcome.guid, transferError: null };
    const { fields, skipped, reused, changes } = outcome;
    await uow(async ({ tx, audit }) => {
      const done = await repo.finish(row.id, row.transferStartedAt, values, clock.now(), tx);
      if (!done) throw new Conflict('The transfer took too long and was taken over by another one. Reload to see the result.');
      // Field names only: the values are answers, which may hold health information.
      await audit({ actor, entity: 'submission', entityId: row.id, action: 'quality process created', before, after: { ...values, fields, skipped, reused } });
      if (changes.length === 0) return;
      const sent = Object.fromEntries(changes.map((c) => [HISTORY_FIELD[c.field], c.sent]));
      const kept = Object.fromEntries(changes.map((c) => [HISTORY_FIELD[c.field], c.kept]));
      await audit({ actor, entity: 'submission', entityId: row.id, action: 'arena changed values', before: { chNumber: outcome.number, ...sent }, after: { chNumber: outcome.number, ...kept } });
      await repo.recordArenaChanges(tx, { at: clock.now().toISOString(), submissionId: row.id, chNumber: outcome.number, changes }, clock.now());
    });
    // Ids only: the title may name the submitter (docs/security.md, "Names stay out of logs and mail").
    await log.success('Arena', `Quality process ${outcome.number} ${reused ? 'completed' : 'created'} for submission ${row.id} by ${by(actor)}; ${fields.length} field(s) filled`);
    if (changes.length > 0) await log.error('Arena', `Arena did not keep what the transfer of submission ${row.id} sent to ${outcome.number}: ${describeChanges(changes)}`);
  }

  /**
   * Records Arena's reason on the row (the process guid and number, if any, stay) and replies 502
   * with it. A title the user gave is kept for the retry; one made up for a Retry ("temp") is not,
   * so the list keeps offering Retry.
   */
  async function failed(actor: AuditActor | null, row: TransferRow & { transferStartedAt: Date }, before: Before, title: string, given: boolean, reason: string): Promise<never> {
    const chTitle = given ? title : row.chTitle;
    await uow(async ({ tx, audit }) => {
      const after = await repo.finish(row.id, row.transferStartedAt, { submissionStatus: 'Transfer Error', chTitle, transferError: reason }, clock.now(), tx);
      if (!after) return;
      const state = { submissionStatus: after.submissionStatus, chTitle, chNumber: after.chNumber, transferError: reason };
      await audit({ actor, entity: 'submission', entityId: row.id, action: 'transfer failed', before, after: state });
    });
    await log.error('Arena', `Quality process for submission ${row.id} failed (by ${by(actor)}): ${reason}`);
    throw new Upstream(reason);
  }

  return {
    async templateSteps(): Promise<TemplateStep[]> {
      return d.templateSteps.steps();
    },

    /**
     * What the transfer would send each field of the template now, mapped or not, with `chTitle` as
     * the title it is given (the Create dialog). The values are the submission's answers: a read of
     * it on the record (`viewed`, read: quality process preview), which the details page opening the
     * dialog has already made.
     */
    async preview(actor: AuditActor, idOrChNumber: string, chTitle: string | undefined): Promise<ValuePreview[]> {
      const row = await mustFind(idOrChNumber);
      const template = await d.templateSteps.steps();
      const title = chTitle && chTitle !== RETRY_TITLE ? chTitle : row.chTitle;
      const values = templateValuesOf(await d.mappingRules(), row, template, title).map(toValuePreview);
      await d.recordRead(actor, { entity: 'submission', entityId: row.id, after: { read: 'quality process preview' } });
      return values;
    },

    async steps(idOrChNumber: string): Promise<StepResult[]> {
      const { client } = requireArena(d.arena);
      const row = await mustFind(idOrChNumber);
      if (!row.arenaGuid) throw new Conflict('This submission has no quality process yet.');
      try {
        const steps = await client.getSteps(row.arenaGuid);
        // The (cached) template names attributes and shows those Arena left out of the list.
        return renderSteps(steps, await d.templateSteps.steps());
      } catch (err) {
        const reason = arenaReason(err);
        if (isSignInPaused(err)) throw new SignInPaused(reason);
        await log.error('Arena', `Could not read the quality process ${row.chNumber ?? row.arenaGuid} of submission ${row.id}: ${reason}`);
        throw new Upstream(reason);
      }
    },

    /**
     * Creates the submission's quality process in Arena and fills its steps from the field
     * mappings (docs/product.md, Field mapping). `actor` null: the sandbox setup transferring demo submissions.
     */
    async create(actor: AuditActor | null, idOrChNumber: string, chTitle: string): Promise<void> {
      const arena = requireArena(d.arena);
      const found = await mustFind(idOrChNumber);
      if (alreadyDone(found, chTitle)) return;
      const row = await claim(found);
      if (row === 'running') {
        if ((await outcomeOfRunning(found.id)) === 'stale') return this.create(actor, idOrChNumber, chTitle);
        return;
      }
      const title = row.arenaGuid && row.chTitle ? row.chTitle : titleFor(row, chTitle);
      const before: Before = { submissionStatus: row.submissionStatus, chTitle: row.chTitle, chNumber: row.chNumber, transferError: row.transferError };
      let outcome: TransferOutcome;
      try {
        outcome = await runTransfer({ arena, templateSteps: d.templateSteps, rules: d.mappingRules, repo, clock, log }, row, row.transferStartedAt, title);
      } catch (err) {
        // Not Arena's failure (a bug, the database): free the row so the user can simply retry.
        await repo.finish(row.id, row.transferStartedAt, {}, clock.now()).catch(() => undefined);
        throw err;
      }

      if (outcome.ok) {
        try {
          return await succeeded(actor, row, before, title, outcome);
        } catch (err) {
          // The outcome could not be recorded (its audit entry, the database): the process Arena made is
          // already on the row, so the row is freed and a retry completes it.
          await repo.finish(row.id, row.transferStartedAt, {}, clock.now()).catch(() => undefined);
          throw err;
        }
      }
      if (outcome.paused) {
        // Nothing reached Arena: the submission stays as it was, free for a later try.
        await repo.finish(row.id, row.transferStartedAt, {}, clock.now());
        throw new SignInPaused(outcome.reason);
      }
      await failed(actor, row, before, title, chTitle !== RETRY_TITLE, outcome.reason);
    },
  };
}
export type QualityProcessService = ReturnType<typeof createQualityProcessService>;
