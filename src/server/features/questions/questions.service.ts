import type { Question, SelectableQuestionType } from '#shared/contract/questions';
import { sql } from 'drizzle-orm';
import { JotformError, type JotformQuestion } from '../../connectors/jotform/index.ts';
import type { UnitOfWork, Work } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { Invalid, NotFound, Upstream } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';

/** What the questions feature needs of the JotForm connector; the portal keeps no copy. */
export interface QuestionsSource {
  getQuestions(formId: string): Promise<JotformQuestion[]>;
  addQuestions(formId: string, questions: readonly { type: string; text: string; order: number }[]): Promise<unknown>;
  editQuestion(formId: string, qid: string, props: Record<string, string | number>): Promise<void>;
  deleteQuestion(formId: string, qid: string): Promise<void>;
}

export interface QuestionsDeps {
  jotform: QuestionsSource;
  uow: UnitOfWork;
  log: SystemLog;
  /** The configured form; the endpoints refuse any other. */
  formId: string;
}

/** A JotForm call that failed: a 502 reply with the product's message, its reason logged once the change is over. */
class JotformCallFailed extends Upstream {
  constructor(
    message: string,
    readonly logLine: string,
  ) {
    super(message);
  }
}

/**
 * JotForm replies 401 "does not exist or the API key cannot see it" for a question that is gone; the
 * key has just read the form, so the question does not exist (another delete got there first).
 */
const isMissing = (err: unknown) => err instanceof JotformError && err.kind === 'auth' && err.status === 401;
const deletionNotFound = (qid: string) => new NotFound(`Question Deletion failed: question ${qid} is not on the form.`);

function toQuestion(q: JotformQuestion): Question {
  return { qid: String(q.qid), text: q.text ?? '', order: Number(q.order) || 0, type: q.type, ...(q.name ? { name: q.name } : {}) };
}

export function createQuestionsService({ jotform, uow, log, formId: ourForm }: QuestionsDeps) {
  function mustBeOurForm(formId: string): void {
    if (formId !== ourForm) throw new NotFound(`Form ${formId} is not edited in this portal.`);
  }
  /** Runs a JotForm call; a failure gets a 502 reply with the product's message. */
  async function call<T>(failure: string, what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new JotformCallFailed(`${failure}: ${reason}`, `${what} failed: ${reason}`);
    }
  }
  /** Writes a failed JotForm call's line to the system log (outside any transaction) and rethrows. */
  async function logged<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof JotformCallFailed) await log.error('JotForms', err.logLine);
      throw err;
    }
  }
  async function current(formId: string): Promise<Question[]> {
    const questions = await call('Failed to fetch form questions', `Reading the questions of form ${formId}`, () => jotform.getQuestions(formId));
    return questions.map(toQuestion).sort((a, b) => a.order - b.order || Number(a.qid) - Number(b.qid));
  }
  /**
   * One change of the form's questions at a time across instances (a transaction-level advisory
   * lock), decided on the questions JotForm has once the lock is held. The audit entry is written
   * before JotForm is asked and commits only once JotForm said yes: a refusal leaves no entry.
   */
  function changeQuestions<T>(formId: string, change: (work: Work, questions: Question[]) => Promise<T>): Promise<T> {
    return logged(() =>
      uow(async (work) => {
        await work.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`questions:${formId}`}))`);
        return change(work, await current(formId));
      }),
    );
  }

  return {
    async list(formId: string): Promise<Question[]> {
      mustBeOurForm(formId);
      return logged(() => current(formId));
    },

    /** A question of the same type and text as one the form has is not added again (a double click, two admins at once). */
    async add(actor: AuditActor, formId: string, q: { text: string; order: number; type: SelectableQuestionType }): Promise<void> {
      mustBeOurForm(formId);
      const question = { type: `control_${q.type}`, text: q.text, order: q.order };
      const added = await changeQuestions(formId, async ({ audit }, questions) => {
        if (questions.some((x) => x.type === question.type && x.text === question.text)) return false;
        await audit({ actor, entity: 'question', entityId: `${formId}`, action: 'add question', after: question });
        await call('Failed to add form question', `Adding a question to form ${formId}`, () => jotform.addQuestions(formId, [question]));
        return true;
      });
      if (added) await log.success('JotForms', `Question "${q.text}" (${question.type}) added to form ${formId} by ${actor.email}`);
    },

    async remove(actor: AuditActor, formId: string, qid: string): Promise<void> {
      mustBeOurForm(formId);
      const question = await changeQuestions(formId, async ({ audit }, questions) => {
        const found = questions.find((x) => x.qid === qid);
        if (!found) throw deletionNotFound(qid);
        await audit({ actor, entity: 'question', entityId: `${formId}:${qid}`, action: 'delete question', before: found });
        try {
          await jotform.deleteQuestion(formId, qid);
        } catch (err) {
          if (isMissing(err)) throw deletionNotFound(qid);
          return call('Question Deletion failed', `Deleting question ${qid} of form ${formId}`, () => Promise.reject(err));
        }
        return found;
      });
      await log.success('JotForms', `Question ${qid} ("${question.text}") deleted from form ${formId} by ${actor.email}`);
    },

    /** Saves a new order: each question whose position changed gets its new `order` in JotForm; an order the form already has changes nothing. */
    async reorder(actor: AuditActor, formId: string, order: string[]): Promise<void> {
      mustBeOurForm(formId);
      const moved = await changeQuestions(formId, async ({ audit }, before) => {
        const known = new Set(before.map((q) => q.qid));
        if (order.length !== known.size || order.some((qid) => !known.has(qid))) {
          throw new Invalid('order must list every question of the form exactly once; reload the questions and try again');
        }
        const byQid = new Map(before.map((q) => [q.qid, q]));
        const changed = order.map((qid, i) => ({ qid, order: i + 1 })).filter((x) => byQid.get(x.qid)!.order !== x.order);
        if (changed.length === 0) return 0;
        await audit({ actor, entity: 'question', entityId: formId, action: 'reorder questions', before: before.map((q) => q.qid), after: order });
        for (const { qid, order: position } of changed) {
          await call('Failed to save the question order', `Moving question ${qid} of form ${formId}`, () => jotform.editQuestion(formId, qid, { order: String(position) }));
        }
        return changed.length;
      });
      if (moved > 0) await log.success('JotForms', `Questions of form ${formId} reordered by ${actor.email} (${moved} moved)`);
    },
  };
}
export type QuestionsService = ReturnType<typeof createQuestionsService>;
