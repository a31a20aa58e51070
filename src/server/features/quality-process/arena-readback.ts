import type { ArenaChange } from '#shared/contract/integrations';
import type { ArenaQualityProcess } from '../../connectors/arena/index.ts';
import { arenaDate } from './step-values.ts';

/** What a create sent, or (the number) what Arena replied with. */
export interface SentToArena {
  /** The investigation deadline, sent as the target completion date (YYYY-MM-DD). */
  targetCompletionDate: string;
  /** ARENA_OWNER_GUID; null when none was sent and the template's default owner takes it. */
  ownerGuid: string | null;
  /** The number the create replied with. */
  number: string;
}

const ownerText = (owner: ArenaQualityProcess['owner']) => (owner ? `${owner.fullName ?? '(no name)'} ${owner.guid}` : null);

/**
 * Where the process as Arena keeps it differs from what was sent: the target completion date
 * ("POST Quality Process Create" documents none, and a workspace may drop it), the owner, the
 * number. Empty when Arena kept everything.
 */
export function arenaChangesOf(sent: SentToArena, kept: ArenaQualityProcess): ArenaChange[] {
  const changes: ArenaChange[] = [];
  const keptDate = kept.targetCompletionDateTime ? arenaDate(kept.targetCompletionDateTime) : null;
  if (keptDate !== sent.targetCompletionDate) changes.push({ field: 'targetCompletionDate', sent: sent.targetCompletionDate, kept: keptDate });
  if (sent.ownerGuid && kept.owner?.guid !== sent.ownerGuid) changes.push({ field: 'owner', sent: sent.ownerGuid, kept: ownerText(kept.owner) });
  if (kept.number !== sent.number) changes.push({ field: 'number', sent: sent.number, kept: kept.number });
  return changes;
}
