import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { type FieldMapping, FieldMappingBody, type PreprocessingFunction, type ValuePreview, isPortalFact } from '#shared/contract/field-mapping';
import type { ArenaTemplateStep, ArenaTemplateStepAttribute } from '../../connectors/arena/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, Conflict, Invalid, NotFound, Upstream } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { RecordRead } from '../../lib/reads.ts';
import type { FieldMappingRepo, FieldMappingRow, FieldMappingValues } from './field-mapping.repo.ts';
import { type MappedSubmission, arenaValuesOf, toValuePreview } from './arena-values.ts';
import { coerceForAttribute } from './mapping-engine.ts';
import { PREPROCESSING_FUNCTIONS } from './preprocessing.ts';
import type { FieldMappingRule } from './types.ts';
import { type NamedQuestions, defaultMappings } from './default-mappings.ts';

/** A question of the JotForm form, as far as mapping needs it. */
export interface FormQuestion {
  qid: string;
  type: string;
  text?: string | undefined;
}

export interface FieldMappingDeps {
  repo: FieldMappingRepo;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  /** The quality-process template's steps (cached; throws a 502 AppError when Arena fails). */
  templateSteps(): Promise<ArenaTemplateStep[]>;
  /** The reviewed form's questions, read live from JotForm. */
  formQuestions(): Promise<FormQuestion[]>;
  /** The form's questions named as the complaint's product and lot (Complaint fields), for the defaults. */
  complaintQuestions?(): Promise<NamedQuestions>;
  /** A submission by its id or CH number, as the mappings read it (previews). */
  findSubmission(idOrChNumber: string): Promise<(MappedSubmission & { id: string }) | undefined>;
  /** Puts a read of patient data on the record (`viewed`). */
  recordRead: RecordRead;
}

type Body = z.output<typeof FieldMappingBody>;

/** Headings, buttons and captchas carry no answer of the reporter's (docs/product.md, Field mapping: they are never offered). */
const UNMAPPABLE_TYPES = new Set(['control_head', 'control_button', 'control_captcha']);

export function toFieldMapping(r: FieldMappingRow): FieldMapping {
  return {
    _id: r.id,
    arenaFieldGUID: r.arenaFieldGuid,
    name: r.name,
    predefined: r.predefined,
    predefinedValue: r.predefinedValue,
    concatenate: r.concatenate,
    concatenateDelimiter: r.concatenateDelimiter,
    formFieldQID: r.formFieldQid.map((q) => ({ qid: q.qid, answer: q.answer, preprocessingFunctions: [...q.preprocessingFunctions] })),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function toRule(r: FieldMappingRow): FieldMappingRule {
  return { arenaFieldGUID: r.arenaFieldGuid, name: r.name, predefined: r.predefined, predefinedValue: r.predefinedValue, concatenate: r.concatenate, concatenateDelimiter: r.concatenateDelimiter, formFieldQID: r.formFieldQid };
}

/** Outside failures become 502s with a message that says which system and why. */
async function outside<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new Upstream(`Could not ${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function alreadyMapped(attribute: ArenaTemplateStepAttribute, taken: FieldMappingRow | undefined): Conflict {
  return new Conflict(`The quality process field ${attribute.name} is already mapped ("${taken?.name ?? ''}"); edit that mapping instead.`);
}

/** The mapping's stored settings, without its times: what says whether an update changes anything. */
function settingsOf(r: Omit<FieldMappingValues, 'updatedAt'>): string {
  return JSON.stringify([r.arenaFieldGuid, r.name, r.predefined, r.predefinedValue, r.concatenate, r.concatenateDelimiter, r.formFieldQid]);
}

function describeOptions(a: ArenaTemplateStepAttribute): string {
  return a.possibleValues?.length ? `one of ${a.possibleValues.join(', ')}` : a.type;
}

export function createFieldMappingService(d: FieldMappingDeps) {
  const { repo, uow, log, clock } = d;

  async function mustFind(id: string): Promise<FieldMappingRow> {
    const row = await repo.findById(id);
    if (!row) throw new NotFound('Field mapping not found.');
    return row;
  }

  /** Checks the body against Arena's template and JotForm's form (docs/decisions/011); returns the attribute it maps. */
  async function check(body: Body, exceptId?: string): Promise<ArenaTemplateStepAttribute> {
    const steps = await outside('read the quality-process template from Arena', () => d.templateSteps());
    const attribute = steps.flatMap((s) => s.attributes).find((a) => a.guid === body.arenaFieldGUID);
    if (!attribute) {
      const message = `arenaFieldGUID ${body.arenaFieldGUID} is not a field of the quality-process template; choose one of its step fields.`;
      throw new Invalid(message, { arenaFieldGUID: message });
    }
    const taken = await repo.findByGuid(body.arenaFieldGUID);
    if (taken && taken.id !== exceptId) throw alreadyMapped(attribute, taken);
    if (body.predefined && coerceForAttribute(body.predefinedValue, attribute) === null) {
      const message = `predefinedValue "${body.predefinedValue ?? ''}" is not a valid value for ${attribute.name} (${describeOptions(attribute)}).`;
      throw new Invalid(message, { predefinedValue: message });
    }
    // Portal facts are the portal's own; only questions are checked against the form.
    if (body.formFieldQID.some((ref) => !isPortalFact(ref.qid))) {
      const questions = await outside('read the form questions from JotForm', () => d.formQuestions());
      const byQid = new Map(questions.map((q) => [q.qid, q]));
      body.formFieldQID.forEach((ref, i) => {
        if (isPortalFact(ref.qid)) return;
        const question = byQid.get(ref.qid);
        const problem = !question
          ? `question ${ref.qid} is not on the JotForm form`
          : UNMAPPABLE_TYPES.has(question.type)
            ? `question ${ref.qid} (${question.type}) is a heading, button or captcha and has no answer to map`
            : undefined;
        if (problem) throw new Invalid(`formFieldQID: ${problem}.`, { [`formFieldQID.${i}.qid`]: problem });
      });
    }
    return attribute;
  }

  /** The unique index on the Arena field settles what the look-up in `check` cannot: two requests at once. */
  async function mappedOnce<T>(body: Body, attribute: ArenaTemplateStepAttribute, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw alreadyMapped(attribute, await repo.findByGuid(body.arenaFieldGUID));
    }
  }

  function values(body: Body): FieldMappingValues {
    return {
      arenaFieldGuid: body.arenaFieldGUID,
      name: body.name,
      predefined: body.predefined,
      // Values a switched-off option would carry are dropped, so stored mappings say one thing.
      predefinedValue: body.predefined ? (body.predefinedValue ?? null) : null,
      concatenate: body.concatenate,
      concatenateDelimiter: body.concatenate ? (body.concatenateDelimiter ?? null) : null,
      formFieldQid: body.formFieldQID.map((q) => ({ qid: q.qid, answer: q.answer, preprocessingFunctions: [...q.preprocessingFunctions] })),
      updatedAt: clock.now(),
    };
  }

  /** `actor` null: set up by the portal itself (`by` says how: the sandbox, or a new installation's defaults). */
  async function createMapping(actor: AuditActor | null, body: Body, by = 'the sandbox setup'): Promise<FieldMapping> {
    const attribute = await check(body);
    const now = clock.now();
    const created = await mappedOnce(body, attribute, () =>
      uow(async ({ tx, audit }) => {
        const mapping = toFieldMapping(await repo.insert(tx, { id: randomUUID(), ...values(body), createdAt: now }));
        await audit({ actor, entity: 'field_mapping', entityId: mapping._id, action: 'create', after: mapping });
        return mapping;
      }),
    );
    await log.success('Field Mapping', `Mapping "${created.name}" → ${attribute.name} created by ${actor?.email ?? by}`);
    return created;
  }

  return {
    async list(): Promise<FieldMapping[]> {
      return (await repo.list()).map(toFieldMapping);
    },

    /** The stored mappings as the mapping engine reads them (quality-process transfer). */
    async rules(): Promise<FieldMappingRule[]> {
      return (await repo.list()).map(toRule);
    },

    preprocessingFunctions(): PreprocessingFunction[] {
      return PREPROCESSING_FUNCTIONS.map((f) => ({ name: f.name, description: f.description, example: f.example }));
    },

    /**
     * What each mapped field would receive from the submission, through the transfer's own path;
     * `draft` (an unsaved mapping) stands in for the saved one with its id, or is added. The values
     * are the submission's answers: the read goes on the record (`viewed`, read: field mapping
     * preview) before they are sent, once for all the drafts previewed on it in a while.
     */
    async preview(actor: AuditActor, submissionId: string, draft?: { id: string | null; mapping: Body }): Promise<ValuePreview[]> {
      const submission = await d.findSubmission(submissionId);
      if (!submission) throw new NotFound('Submission not found.');
      const rows = await repo.list();
      const rules = rows.filter((r) => r.id !== draft?.id).map(toRule);
      if (draft) {
        const at = draft.id ? rows.findIndex((r) => r.id === draft.id) : -1;
        const m = draft.mapping;
        // As a save would store it: a switched-off option's value is dropped.
        const rule: FieldMappingRule = { ...m, predefinedValue: m.predefined ? m.predefinedValue : null, concatenateDelimiter: m.concatenate ? m.concatenateDelimiter : null };
        rules.splice(at >= 0 ? at : rules.length, 0, rule);
      }
      const template = await outside('read the quality-process template from Arena', () => d.templateSteps());
      const values = arenaValuesOf(rules, submission, template).map(toValuePreview);
      await d.recordRead(actor, { entity: 'submission', entityId: submission.id, after: { read: 'field mapping preview' } });
      return values;
    },

    async get(id: string): Promise<FieldMapping> {
      return toFieldMapping(await mustFind(id));
    },

    /**
     * A new installation's mappings: when no mapping was ever saved (none now, none in the audit
     * trail), `first` (the sandbox's demo mappings), then the defaults for the template's fields
     * left (docs/features/field-mapping.md, Defaults). A mapping Arena or JotForm refuses is left
     * out; the rest are made. Returns how many were made; reading the template or the form fails
     * as a 502, and nothing is made then, so the next start tries again.
     */
    async seedDefaults(first: readonly FieldMappingBody[] = [], by = 'the defaults of a new installation'): Promise<number> {
      if (await repo.everMapped()) return 0;
      const template = await outside('read the quality-process template from Arena', () => d.templateSteps());
      const questions = await outside('read the form questions from JotForm', () => d.formQuestions());
      const taken = new Set(first.map((b) => b.arenaFieldGUID));
      const named = (await d.complaintQuestions?.()) ?? {};
      let made = 0;
      for (const body of [...first, ...defaultMappings(template, questions, taken, named)]) {
        try {
          await createMapping(null, FieldMappingBody.parse(body), by);
          made += 1;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
        }
      }
      return made;
    },

    /** `actor` null: set up by the portal itself (`by` says how: the sandbox, or a new installation's defaults). */
    create: createMapping,

    /** Decided on the locked mapping: the same settings again change nothing and write no audit entry. */
    async update(actor: AuditActor, id: string, body: Body): Promise<FieldMapping> {
      await mustFind(id);
      const attribute = await check(body, id);
      const next = values(body);
      const r = await mappedOnce(body, attribute, () =>
        uow(async ({ tx, audit }) => {
          const before = await repo.lock(tx, id);
          if (!before) throw new NotFound('Field mapping not found.');
          if (settingsOf(before) === settingsOf(next)) return { mapping: toFieldMapping(before), changed: false };
          const mapping = toFieldMapping((await repo.update(tx, id, next))!);
          await audit({ actor, entity: 'field_mapping', entityId: id, action: 'update', before: toFieldMapping(before), after: mapping });
          return { mapping, changed: true };
        }),
      );
      if (r.changed) await log.success('Field Mapping', `Mapping "${r.mapping.name}" → ${attribute.name} updated by ${actor.email}`);
      return r.mapping;
    },

    async remove(actor: AuditActor, id: string): Promise<{ id: string }> {
      const removed = await uow(async ({ tx, audit }) => {
        const row = await repo.remove(tx, id);
        if (!row) throw new NotFound('Field mapping not found.');
        await audit({ actor, entity: 'field_mapping', entityId: id, action: 'delete', before: toFieldMapping(row) });
        return row;
      });
      await log.success('Field Mapping', `Mapping "${removed.name}" deleted by ${actor.email}`);
      return { id };
    },
  };
}
export type FieldMappingService = ReturnType<typeof createFieldMappingService>;
