import type { ScreeningQuestions, ScreeningQuestionsBody, ScreeningQuestionsSaved } from '#shared/contract/triage';
import { SCREENING_KINDS } from '#shared/contract/triage';
import type { Tx } from '../../db/client.ts';
import type { UnitOfWork, Work } from '../../db/unit-of-work.ts';
import type { AuditActor, AuditTrail } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { MailService } from '../mail/index.ts';
import { yesKinds } from './screening.ts';
import { potentialReportableMail } from './triage-mail.ts';
import type { Screening, TriageRepo } from './triage.repo.ts';

export interface TriageDeps {
  repo: TriageRepo;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  mail: Pick<MailService, 'queueOnce'>;
  /** The active notification recipients: told when nobody owns a flagged submission. */
  recipients(): Promise<string[]>;
  publicUrl: string;
  /** Writes the flag's audit entry in the import's transaction. */
  trail: Pick<AuditTrail, 'record'>;
}

/** The mail's key: one potential-reportable mail per submission, whatever re-syncs and instances do (decision 017). */
export const triageMailKey = (id: string) => `potential-reportable:${id}`;

/** Stored submissions screened per transaction when the questions change (a million rows never sit in memory). */
const BACKSCREEN_BATCH = 1000;

const toReply = (questions: Screening, updatedAt: Date | null): ScreeningQuestions => ({
  death: questions.death ?? null,
  injury: questions.injury ?? null,
  malfunction: questions.malfunction ?? null,
  updatedAt: updatedAt?.toISOString() ?? null,
});

/** Triage at intake (docs/features/triage.md): the screening questions, and flagging what answers yes to one. */
export function createTriageService(d: TriageDeps) {
  /**
   * Screens the submissions stored before the questions changed and not flagged yet, a batch per
   * transaction, each flag with its audit entry naming the admin whose change found it. No mail: the
   * immediate mail is for what arrives now, and a back-screened submission may be years old; the
   * flags show on the dashboard card, the list's badge and filter, and the reply's count
   * (docs/decisions/058-back-screening-without-mail.md).
   */
  async function backScreen(actor: AuditActor, questions: Screening): Promise<number> {
    if (Object.keys(questions).length === 0) return 0;
    let after = '';
    let flagged = 0;
    for (;;) {
      const n = await d.uow(async ({ tx, audit }) => {
        const batch = await d.repo.unflaggedAfter(tx, after, BACKSCREEN_BATCH);
        if (batch.length === 0) return null;
        after = batch.at(-1)!.id;
        const at = d.clock.now();
        let count = 0;
        for (const row of batch) {
          const kinds = yesKinds(row.answers, questions);
          if (kinds.length === 0 || !(await d.repo.flag(tx, row.id, kinds, at))) continue;
          await audit({ actor, entity: 'submission', entityId: row.id, action: 'potential reportable event', after: { screening: kinds, screenedWhen: 'screening questions changed' } });
          count++;
        }
        return count;
      });
      if (n === null) return flagged;
      flagged += n;
    }
  }

  return {
    async screening(): Promise<ScreeningQuestions> {
      const s = await d.repo.screening();
      return toReply(s.questions, s.updatedAt);
    },

    async setScreening(actor: AuditActor, body: ScreeningQuestionsBody): Promise<ScreeningQuestionsSaved> {
      const r = await d.uow(async ({ tx, audit }) => {
        const before = await d.repo.screening(tx);
        const same = SCREENING_KINDS.every((k) => (before.questions[k] ?? null) === body[k]);
        if (same) return { reply: toReply(before.questions, before.updatedAt), changed: false, questions: before.questions };
        const at = d.clock.now();
        await d.repo.setScreening(tx, body, actor.email, at);
        await audit({ actor, entity: 'field_mapping', entityId: 'screening-questions', action: 'update screening questions', before: toReply(before.questions, null), after: { ...body } });
        const questions: Screening = Object.fromEntries(SCREENING_KINDS.flatMap((k) => (body[k] ? [[k, body[k]]] : [])));
        return { reply: toReply(questions, at), changed: true, questions };
      });
      if (!r.changed) return { ...r.reply, screened: 0 };
      const screened = await backScreen(actor, r.questions);
      await d.log.success('JotForms', `Screening questions changed by ${actor.email}; ${screened} stored submission${screened === 1 ? '' : 's'} flagged as potential reportable events`);
      return { ...r.reply, screened };
    },

    /**
     * Inside the import's transaction: each submission just imported or refreshed that is not flagged
     * yet and answers yes to a screening question is flagged, with its audit entry, and its mail is
     * queued in the same transaction — to its owner, or the notification recipients when nobody owns
     * it — once per submission (the mail's key). Nothing is screened until the questions are named.
     */
    async flagImported(work: { tx: Tx; afterCommit: Work['afterCommit'] }, ids: string[], at: Date): Promise<string[]> {
      if (ids.length === 0) return [];
      const { questions } = await d.repo.screening(work.tx);
      if (Object.keys(questions).length === 0) return [];
      const flagged: string[] = [];
      let recipients: string[] | undefined;
      for (const row of await d.repo.unflagged(work.tx, ids)) {
        const kinds = yesKinds(row.answers, questions);
        if (kinds.length === 0 || !(await d.repo.flag(work.tx, row.id, kinds, at))) continue;
        await d.trail.record({ actor: null, entity: 'submission', entityId: row.id, action: 'potential reportable event', after: { screening: kinds } }, work.tx);
        flagged.push(row.id);
        const to = row.ownerEmail ? [row.ownerEmail] : (recipients ??= await d.recipients());
        if (to.length === 0) continue;
        const message = potentialReportableMail(row, kinds, row.ownerEmail ? 'owner' : 'unowned', d.publicUrl);
        await d.mail.queueOnce(work, null, { kind: 'potential_reportable', dedupeKey: triageMailKey(row.id), to, submissionId: row.id, ...message });
      }
      if (flagged.length > 0) work.afterCommit(() => d.log.success('JotForms', `Potential reportable event${flagged.length > 1 ? 's' : ''} flagged at intake: submission${flagged.length > 1 ? 's' : ''} ${flagged.join(', ')}`));
      return flagged;
    },
  };
}
export type TriageService = ReturnType<typeof createTriageService>;
