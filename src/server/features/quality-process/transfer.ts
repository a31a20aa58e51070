import type { ArenaChange } from '#shared/contract/integrations';
import { ArenaError } from '../../connectors/arena/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { Upstream } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { FieldMappingRule } from '../field-mapping/index.ts';
import { arenaChangesOf } from './arena-readback.ts';
import { type ArenaSetup, type TemplateSteps, arenaReason, isSignInPaused } from './arena-template.ts';
import type { QualityProcessRepo, TransferRow } from './quality-process.repo.ts';
import { mappedValues, stepUpdates } from './transfer-values.ts';

export interface TransferDeps {
  arena: ArenaSetup;
  templateSteps: TemplateSteps;
  rules(): Promise<FieldMappingRule[]>;
  repo: QualityProcessRepo;
  clock: Clock;
  log: SystemLog;
}

export type TransferOutcome =
  | { ok: true; guid: string; number: string; fields: string[]; skipped: string[]; reused: boolean; changes: ArenaChange[] }
  | { ok: false; reason: string; paused?: true };

/**
 * The Arena side of one claimed transfer: create the process (unless the row already has one,
 * docs/decisions/010), record it at once, read it back for what Arena did not keep, then write
 * the mapped values step by step. Arena
 * failures come back as `{ok: false, reason}`; anything else is a bug and is thrown.
 */
export async function runTransfer(d: TransferDeps, row: TransferRow, claimedAt: Date, title: string): Promise<TransferOutcome> {
  const existing = row.arenaGuid && row.chNumber ? { guid: row.arenaGuid, number: row.chNumber } : null;
  try {
    const template = await d.templateSteps.steps();
    const { values, skipped } = mappedValues(await d.rules(), row, template, title);
    let process = existing;
    let reusedEarlier = false;
    if (!process) {
      const description = `Created by the Quality Portal from JotForm submission ${row.id}`;
      // A process created by an earlier attempt whose reply or record was lost (the connection or
      // the database failed right after) is taken over, never created twice.
      const [earlier] = (await d.arena.client.findQualityProcesses({ description, templateGuid: d.arena.templateGuid, limit: 1 })).results;
      const created =
        earlier ??
        (await d.arena.client.createQualityProcess({
          name: title,
          description,
          templateGuid: d.arena.templateGuid,
          // Midday UTC is the same calendar day in Pacific time, where Arena keeps its dates.
          targetCompletionDateTime: `${row.investigationDeadline}T12:00:00Z`,
        }));
      reusedEarlier = earlier !== undefined;
      process = { guid: created.guid, number: created.number };
      const kept = await d.repo.recordProcess(row.id, claimedAt, { arenaGuid: created.guid, chNumber: created.number, chTitle: title }, d.clock.now());
      if (!kept) {
        const reason = `Quality process ${created.number} was created after this transfer had timed out; check Arena for a duplicate before retrying.`;
        await d.log.error('Arena', `Submission ${row.id}: ${reason}`);
        return { ok: false, reason };
      }
    }
    // Arena may not keep what a create sends (the deadline above all): read it back and say so.
    const kept = await d.arena.client.getQualityProcess(process.guid);
    const changes = arenaChangesOf({ targetCompletionDate: row.investigationDeadline, ownerGuid: d.arena.ownerGuid ?? null, number: process.number }, kept);
    process = { guid: process.guid, number: kept.number };
    const updates = stepUpdates(await d.arena.client.getSteps(process.guid), template, values);
    for (const { stepGuid, update } of updates) await d.arena.client.updateStep(process.guid, stepGuid, update);
    const written = new Set(updates.flatMap((u) => u.update.attributes.map((a) => a.guid)));
    return {
      ok: true,
      ...process,
      fields: values.filter((v) => written.has(v.guid)).map((v) => v.name),
      skipped: [...skipped, ...values.filter((v) => !written.has(v.guid)).map((v) => v.name)],
      reused: existing !== null || reusedEarlier,
      changes,
    };
  } catch (err) {
    if (isSignInPaused(err)) return { ok: false, reason: arenaReason(err), paused: true };
    if (err instanceof ArenaError || err instanceof Upstream) return { ok: false, reason: arenaReason(err) };
    throw err;
  }
}
