import type { Closure, InvestigationBody, ReplyBody } from '#shared/contract/closure';
import type { Regime } from '#shared/contract/reporting';
import type { SignatureInput } from '#shared/contract/signatures';
import type { Db, Queryable } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Invalid, NotFound, NotReady } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { todayOn } from '../../lib/time-zone.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Signatures } from '../signatures/index.ts';
import { type SubmissionDbRow, findSubmission, refuseClosed } from '../submissions/index.ts';
import { checklistOf } from './checklist.ts';
import type { ClosureRepo } from './closure.repo.ts';

export interface ClosureDeps {
  db: Db;
  uow: UnitOfWork;
  repo: ClosureRepo;
  signatures: Pick<Signatures, 'sign' | 'list' | 'current'>;
  log: SystemLog;
  clock: Clock;
  /** REPORTING_REGIMES: the regimes of a decision that names none. */
  regimes: readonly Regime[];
  /** The JotForm account's time zone: the calendar a reply's date is on. */
  timeZone: string;
}

/** Whether the stored record holds these values already. */
const holds = (stored: Record<string, unknown>, v: Record<string, unknown>) => Object.keys(v).every((k) => (stored[k] ?? null) === (v[k] ?? null));

/** The investigation, the reply, and closing and reopening a complaint (docs/features/signatures.md, Closure). */
export function createClosureService(d: ClosureDeps) {
  const today = () => todayOn(d.clock, d.timeZone);
  const lock = async (tx: Queryable, id: string): Promise<SubmissionDbRow> => {
    const row = await findSubmission(tx, id, true);
    if (!row) throw new NotFound('Submission not found.');
    return row;
  };

  /** The checklist of the row as it is on `q`. */
  async function checklist(row: SubmissionDbRow, q: Queryable) {
    // One after another: `q` may be a transaction, one connection.
    const decisionSigned = await d.signatures.current(row.id, 'reportability', q);
    const investigation = await d.repo.investigationRow(q, row.id);
    const investigationSigned = await d.signatures.current(row.id, 'investigation', q);
    const reply = await d.repo.replyRow(q, row.id);
    const signatures = await d.signatures.list(row.id, q);
    const regimes = row.reportingRegimes ?? d.regimes;
    return checklistOf({
      decision: row.reportingDecision,
      decisionSigned: !!decisionSigned,
      decisionStale: signatures.some((s) => s.kind === 'reportability' && !s.valid),
      investigation: !!investigation,
      investigationSigned: !!investigationSigned,
      reportsMissing: row.reportingDecision === 'reportable' ? regimes.filter((r) => !row.reportingReports[r]) : [],
      reply: !!reply,
      status: row.submissionStatus,
    });
  }

  async function closureOf(row: SubmissionDbRow, q: Queryable = d.db): Promise<Closure> {
    const items = await checklist(row, q);
    return {
      closed: !!row.closedAt,
      closedAt: row.closedAt?.toISOString() ?? null,
      checklist: items,
      missing: items.flatMap((i) => (i.missing ? [i.missing] : [])),
      investigation: await d.repo.investigation(q, row.id),
      reply: await d.repo.reply(q, row.id),
      events: await d.repo.events(q, row.id),
      signatures: await d.signatures.list(row.id, q),
    };
  }

  const by = (who: AuthUser) => ({ byId: who.id, byEmail: who.email });

  return {
    async get(id: string): Promise<Closure> {
      const row = await findSubmission(d.db, id);
      if (!row) throw new NotFound('Submission not found.');
      return closureOf(row);
    },

    /**
     * Records the investigation, or the reason there was none, signed "Investigation reviewed" in
     * the same change. The same record again stores nothing, but signs it when no valid signature covers it.
     */
    async recordInvestigation(who: AuthUser, id: string, body: InvestigationBody): Promise<Closure> {
      const v = body.outcome === 'investigated' ? { outcome: body.outcome, summary: body.summary, result: body.result, reason: null } : { outcome: body.outcome, summary: null, result: null, reason: body.reason };
      const r = await d.uow(async (work) => {
        const row = await lock(work.tx, id);
        refuseClosed(row);
        const current = await d.repo.investigationRow(work.tx, row.id);
        const sign = () => d.signatures.sign(work, who, body.signature, { submissionId: row.id, kind: 'investigation' });
        if (current && holds(current, v)) {
          if (await d.signatures.current(row.id, 'investigation', work.tx)) return { closure: await closureOf(row, work.tx), wrote: false };
        } else {
          await d.repo.addInvestigation(work.tx, { submissionId: row.id, ...v, at: d.clock.now(), ...by(who) });
          await work.audit({ actor: who, entity: 'submission', entityId: row.id, action: 'record investigation', before: current ? { outcome: current.outcome } : null, after: v });
        }
        await sign();
        return { closure: await closureOf(row, work.tx), wrote: true, id: row.id };
      });
      if (r.wrote) await d.log.success('JotForms', `Investigation of submission ${r.id} recorded and signed by ${who.email}`);
      return r.closure;
    },

    /** Records the reply to the complainant, or why none is needed; the same reply again stores nothing. */
    async recordReply(who: AuthUser, id: string, body: ReplyBody): Promise<Closure> {
      const v = body.outcome === 'replied' ? { outcome: body.outcome, repliedOn: body.repliedOn, channel: body.channel, text: body.text, reason: null } : { outcome: body.outcome, repliedOn: null, channel: null, text: null, reason: body.reason };
      if (v.repliedOn && v.repliedOn > today()) throw new Invalid('repliedOn cannot be in the future', { repliedOn: 'cannot be in the future' });
      const r = await d.uow(async (work) => {
        const row = await lock(work.tx, id);
        refuseClosed(row);
        if (v.repliedOn && v.repliedOn < row.becomeAwareDate) {
          throw new Invalid(`repliedOn cannot be before the become-aware date (${row.becomeAwareDate})`, { repliedOn: 'before the become-aware date' });
        }
        const current = await d.repo.replyRow(work.tx, row.id);
        if (current && holds(current, v)) return { closure: await closureOf(row, work.tx), wrote: false };
        await d.repo.addReply(work.tx, { submissionId: row.id, ...v, at: d.clock.now(), ...by(who) });
        await work.audit({ actor: who, entity: 'submission', entityId: row.id, action: 'record reply', before: current ? { outcome: current.outcome } : null, after: v });
        return { closure: await closureOf(row, work.tx), wrote: true, id: row.id };
      });
      if (r.wrote) await d.log.success('JotForms', `Reply for submission ${r.id} recorded by ${who.email}`);
      return r.closure;
    },

    /**
     * Closes the complaint once every condition is met (else 409 not_ready with the missing ones),
     * signed "Complaint closed". A complaint already closed answers as it is (a repeated request).
     */
    async close(who: AuthUser, id: string, body: { summary: string; signature: SignatureInput }): Promise<Closure> {
      const r = await d.uow(async (work) => {
        const row = await lock(work.tx, id);
        if (row.closedAt) return { closure: await closureOf(row, work.tx), wrote: false };
        const missing = (await checklist(row, work.tx)).flatMap((i) => (i.missing ? [i.missing] : []));
        if (missing.length) throw new NotReady(`This complaint cannot be closed yet: ${missing.length === 1 ? 'one condition is' : `${missing.length} conditions are`} not met.`, missing);
        const closed = await d.repo.setClosed(work.tx, row.id, d.clock.now(), { action: 'close', text: body.summary, at: d.clock.now(), ...by(who) });
        await work.audit({ actor: who, entity: 'submission', entityId: row.id, action: 'close', before: { closed: false }, after: { closed: true, summary: body.summary } });
        await d.signatures.sign(work, who, body.signature, { submissionId: row.id, kind: 'closure' });
        return { closure: await closureOf(closed, work.tx), wrote: true, id: row.id };
      });
      if (r.wrote) await d.log.success('JotForms', `Submission ${r.id} closed and signed by ${who.email}`);
      return r.closure;
    },

    /** Reopens a closed complaint, with the reason; it is open (and changeable) again. */
    async reopen(who: AuthUser, id: string, reason: string): Promise<Closure> {
      const r = await d.uow(async (work) => {
        const row = await lock(work.tx, id);
        if (!row.closedAt) throw new Conflict('This complaint is open: there is nothing to reopen.');
        const open = await d.repo.setClosed(work.tx, row.id, null, { action: 'reopen', text: reason, at: d.clock.now(), ...by(who) });
        await work.audit({ actor: who, entity: 'submission', entityId: row.id, action: 'reopen', before: { closed: true }, after: { closed: false, reason } });
        return { closure: await closureOf(open, work.tx), id: row.id };
      });
      await d.log.success('JotForms', `Submission ${r.id} reopened by ${who.email}`);
      return r.closure;
    },
  };
}
export type ClosureService = ReturnType<typeof createClosureService>;
