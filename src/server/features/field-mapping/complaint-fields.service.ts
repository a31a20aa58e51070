import { COMPLAINT_FIELDS, COMPLAINT_FIELD_LABELS, type ComplaintFieldQuestions, type ComplaintFieldsBody } from '#shared/contract/field-mapping';
import type { Db } from '../../db/client.ts';
import { complaintFieldQuestions } from '../../db/schema/index.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, Invalid, Upstream } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { type ComplaintQids, backfillComplaintFields, complaintQids } from '../submissions/index.ts';
import type { FormQuestion } from './field-mapping.service.ts';

export interface ComplaintFieldsDeps {
  db: Db;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  /** The reviewed form's questions, read live from JotForm. */
  formQuestions(): Promise<FormQuestion[]>;
}

/** Questions that carry no answer a complaint field could read. */
const NO_ANSWER_TYPES = new Set(['control_head', 'control_button', 'control_text', 'control_image', 'control_divider', 'control_pagebreak', 'control_collapse']);

const asReply = (q: ComplaintQids): ComplaintFieldQuestions => ({ product: q.product ?? null, model: q.model ?? null, lot: q.lot ?? null, udi: q.udi ?? null });

/**
 * Naming the form questions that give a complaint's product, model, lot or serial number and UDI
 * (docs/features/coding.md): saved, then every stored submission filled in again from them.
 */
export function createComplaintFieldsService(d: ComplaintFieldsDeps) {
  return {
    async get(): Promise<{ results: ComplaintFieldQuestions; backfilled: number }> {
      return { results: asReply(await complaintQids(d.db)), backfilled: 0 };
    },

    async set(who: AuditActor, body: Required<{ [K in keyof ComplaintFieldsBody]: string | null }>): Promise<{ results: ComplaintFieldQuestions; backfilled: number }> {
      const named = COMPLAINT_FIELDS.filter((f) => body[f]);
      if (named.length) {
        let questions: FormQuestion[];
        try {
          questions = await d.formQuestions();
        } catch (err) {
          if (err instanceof AppError) throw err;
          throw new Upstream(`Could not read the form questions from JotForm: ${err instanceof Error ? err.message : String(err)}`);
        }
        const byQid = new Map(questions.map((q) => [q.qid, q]));
        for (const f of named) {
          const q = byQid.get(body[f]!);
          const problem = !q ? `question ${body[f]} is not on the JotForm form` : NO_ANSWER_TYPES.has(q.type) ? `question ${body[f]} (${q.type}) has no answer to read` : undefined;
          if (problem) throw new Invalid(`${COMPLAINT_FIELD_LABELS[f]}: ${problem}.`, { [f]: problem });
        }
      }
      const r = await d.uow(async (work) => {
        const before = await complaintQids(work.tx);
        const after: ComplaintQids = Object.fromEntries(named.map((f) => [f, body[f]!]));
        if (COMPLAINT_FIELDS.every((f) => (before[f] ?? null) === (after[f] ?? null))) return { qids: before, changed: false };
        await work.tx.delete(complaintFieldQuestions);
        const at = d.clock.now();
        if (named.length) await work.tx.insert(complaintFieldQuestions).values(named.map((f) => ({ field: f, qid: body[f]!, updatedById: who.id, updatedAt: at })));
        await work.audit({ actor: who, entity: 'field_mapping', entityId: 'complaint-fields', action: 'name complaint fields', before: asReply(before), after: asReply(after) });
        return { qids: after, changed: true };
      });
      if (!r.changed) return { results: asReply(r.qids), backfilled: 0 };
      // After the commit: imports from now on read the new questions, and the back-fill brings the stored ones in line.
      const backfilled = await backfillComplaintFields(d.db, r.qids);
      await d.log.success('Field Mapping', `Complaint fields named by ${who.email} (${COMPLAINT_FIELDS.map((f) => `${f}: ${r.qids[f] ?? 'none'}`).join(', ')}); ${backfilled} submissions filled in`);
      return { results: asReply(r.qids), backfilled };
    },
  };
}
export type ComplaintFieldsService = ReturnType<typeof createComplaintFieldsService>;
