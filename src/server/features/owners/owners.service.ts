import type { AssignOwnerBody, Owner } from '#shared/contract/owners';
import type { SubmissionRow } from '#shared/contract/submissions';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { todayOn } from '../../lib/time-zone.ts';
import type { MailService } from '../mail/index.ts';
import { findSubmission, refuseClosed } from '../submissions/index.ts';
import { assignmentMail } from './assignment-mail.ts';
import type { OwnersRepo } from './owners.repo.ts';

export interface OwnersDeps {
  repo: OwnersRepo;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  mail: Pick<MailService, 'queueOnce'>;
  /** The submission as the list shows it (features/submissions), the reply after a change. */
  rowOf(id: string): Promise<SubmissionRow>;
  /** The portal's address for links in e-mails. */
  publicUrl: string;
  /** JOTFORM_TIMEZONE: "today" of the clocks an e-mail shows. */
  timeZone: string;
}

/**
 * The audit action of an owner change (docs/product.md, Owners). Its entry names each owner by
 * name, as History shows it, and by user id (`ownerId`), which stays right when a name changes or
 * two people share one.
 */
const actionOf = (actor: AuditActor, to: string | null) => (to === null ? 'unassign' : to === actor.id ? 'take' : 'assign');

export function createOwnersService(d: OwnersDeps) {
  const { repo, uow, clock } = d;

  /** The new owner, refused with a 400 saying which user when they do not exist or are restricted. */
  async function ownerToBe(userId: string | null) {
    if (userId === null) return null;
    const user = await repo.user(userId);
    if (!user) throw new Invalid(`User ${userId} does not exist.`, { userId: 'unknown user' });
    if (user.isRestricted) throw new Invalid(`${user.name} (${user.email}) is restricted and cannot own submissions.`, { userId: 'restricted user' });
    return user;
  }

  return {
    owners: (): Promise<Owner[]> => repo.owners(),

    /**
     * Assigns, takes or unassigns, decided on the locked row: a request that finds the owner it asks
     * for changes nothing and writes no audit entry (ten identical clicks make one change); one whose
     * `expectedOwnerId` no longer holds is a 409. Assigning someone else queues one e-mail to them,
     * in the same transaction as the change and its audit entry.
     */
    async assign(actor: AuditActor & { name: string }, id: string, body: AssignOwnerBody): Promise<SubmissionRow> {
      const target = await ownerToBe(body.userId);
      const to = target?.id ?? null;
      const r = await uow(async (work) => {
        const { tx, audit } = work;
        const row = await findSubmission(tx, id, true);
        if (!row) throw new NotFound('Submission not found.');
        refuseClosed(row);
        if (row.ownerId === to) return { id: row.id, changed: false };
        if (body.expectedOwnerId !== undefined && row.ownerId !== body.expectedOwnerId) {
          const now = row.ownerId ? await repo.user(row.ownerId, tx) : undefined;
          throw new Conflict(`Someone changed the owner meanwhile: it is now ${now ? now.name : 'nobody'}. Look again before changing it.`);
        }
        const before = row.ownerId ? await repo.user(row.ownerId, tx) : undefined;
        if (!(await repo.setOwner(tx, row.id, row.ownerId, to, clock.now()))) return { id: row.id, changed: false };
        const { id: auditId } = await audit({ actor, entity: 'submission', entityId: row.id, action: actionOf(actor, to), before: { owner: before?.name ?? null, ownerId: row.ownerId }, after: { owner: target?.name ?? null, ownerId: to } });
        if (target && target.id !== actor.id) {
          const line = { id: row.id, chNumber: row.chNumber, status: row.submissionStatus, reportingDue: row.reportingDue, investigationDeadline: row.investigationDeadline };
          const message = assignmentMail(line, actor.name, todayOn(clock, d.timeZone), d.publicUrl);
          await d.mail.queueOnce(work, actor, { kind: 'assignment', dedupeKey: `assignment:${auditId}`, to: [target.email], submissionId: row.id, ...message });
        }
        return { id: row.id, changed: true };
      });
      if (r.changed) {
        const what = to === null ? 'unassigned' : `assigned to ${target!.name}`;
        await d.log.success('JotForms', `Submission ${r.id} ${what} by ${actor.email}`);
      }
      return d.rowOf(r.id);
    },
  };
}
export type OwnersService = ReturnType<typeof createOwnersService>;
