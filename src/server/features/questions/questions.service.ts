import type { Question, SelectableQuestionType } from '#shared/contract/questions';
import type { JotformQuestion } from '../../connectors/jotform/index.ts';
import type { Db } from '../../db/client.ts';
import type { AuditActor, AuditTrail } from '../../lib/audit.ts';
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
  audit: AuditTrail;
  log: SystemLog;
  /** The configured form; the endpoints refuse any other. */
  formId: string;
  /** Runs `fn` in one database transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}

function toQuestion(q: JotformQuestion): Question {
  return { qid: String(q.qid), text: q.text ?? '', order: Number(q.order) || 0, type: q.type, ...(q.name ? { name: q.name } : {}) };
}

export function createQuestionsService({ jotform, audit, log, formId: ourForm, transaction }: QuestionsDeps) {
  function mustBeOurForm(formId: string): void {
    if (formId !== ourForm) throw new NotFound(`Form ${formId} is not edited in this portal.`);
  }
  /** Runs a JotForm call; a failure is logged and answered 502 with the screen's message. */
  async function call<T>(failure: string, what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await log.error('JotForms', `${what} failed: ${reason}`);
      throw new Upstream(`${failure}: ${reason}`);
    }
  }
  async function current(formId: string): Promise<Question[]> {
    const questions = await call('Failed to fetch form questions', `Reading the questions of form ${formId}`, () => jotform.getQuestions(formId));
    return questions.map(toQuestion).sort((a, b) => a.order - b.order || Number(a.qid) - Number(b.qid));
  }

  return {
    async list(formId: string): Promise<Question[]> {
      mustBeOurForm(formId);
      return current(formId);
    },

    async add(actor: AuditActor, formId: string, q: { text: string; order: number; type: SelectableQuestionType }): Promise<void> {
      mustBeOurForm(formId);
      const question = { type: `control_${q.type}`, text: q.text, order: q.order };
      // The audit entry is written first, in a transaction that commits only once JotForm has the
      // question: nothing local is left to fail after JotForm said yes, and a refusal leaves no entry.
      await transaction(async (tx) => {
        await audit.record({ actor, entity: 'question', entityId: `${formId}`, action: 'add question', after: question }, tx);
        await call('Failed to add form question', `Adding a question to form ${formId}`, () => jotform.addQuestions(formId, [question]));
      });
      await log.success('JotForms', `Question "${q.text}" (${question.type}) added to form ${formId} by ${actor.email}`);
    },

    async remove(actor: AuditActor, formId: string, qid: string): Promise<void> {
      mustBeOurForm(formId);
      const question = (await current(formId)).find((x) => x.qid === qid);
      if (!question) throw new NotFound('Question not found.');
      await call('Question Deletion failed', `Deleting question ${qid} of form ${formId}`, () => jotform.deleteQuestion(formId, qid));
      await audit.record({ actor, entity: 'question', entityId: `${formId}:${qid}`, action: 'delete question', before: question });
      await log.success('JotForms', `Question ${qid} ("${question.text}") deleted from form ${formId} by ${actor.email}`);
    },

    /** Saves a new order: each question whose position changed gets its new `order` in JotForm. */
    async reorder(actor: AuditActor, formId: string, order: string[]): Promise<void> {
      mustBeOurForm(formId);
      const before = await current(formId);
      const known = new Set(before.map((q) => q.qid));
      if (order.length !== known.size || order.some((qid) => !known.has(qid))) {
        throw new Invalid('order must list every question of the form exactly once; reload the questions and try again');
      }
      const byQid = new Map(before.map((q) => [q.qid, q]));
      const changed = order.map((qid, i) => ({ qid, order: i + 1 })).filter((x) => byQid.get(x.qid)!.order !== x.order);
      for (const { qid, order: position } of changed) {
        await call('Failed to save the question order', `Moving question ${qid} of form ${formId}`, () => jotform.editQuestion(formId, qid, { order: String(position) }));
      }
      await audit.record({
        actor,
        entity: 'question',
        entityId: formId,
        action: 'reorder questions',
        before: before.map((q) => q.qid),
        after: order,
      });
      await log.success('JotForms', `Questions of form ${formId} reordered by ${actor.email} (${changed.length} moved)`);
    },
  };
}
export type QuestionsService = ReturnType<typeof createQuestionsService>;
