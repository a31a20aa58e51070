import type { FastifyInstance } from 'fastify';
import { checkAttributeValue } from './attribute-values.ts';
import { ArenaFailure, type ArenaErrorEntry, fail, invalidGuid } from './failures.ts';
import { type Compact, OWNERS, attributeDefinition } from './fixtures.ts';
import { endOfPacificDay, zulu } from './pacific-time.ts';
import { type EmulatorContext, type Query, findProcess, findStep, guidRef, isTrue, objectBody, requireDate } from './request.ts';
import type { EmulatedStep, StoredValue } from './state.ts';
import { stepView } from './views.ts';

type StepRoute = { Params: { guid: string; stepGuid: string }; Querystring: Query };

/**
 * The attribute values a PUT sets. A null blanks an attribute only with `?setnull=true`; without
 * it the null is ignored like an absent field, as Arena's partial PUT does.
 */
function attributeUpdates(step: EmulatedStep, raw: unknown, setNull: boolean): Map<string, StoredValue> {
  if (!Array.isArray(raw)) throw fail(400, 400, 'The "attributes" value must be an array.');
  const updates = new Map<string, StoredValue>();
  const errors: ArenaErrorEntry[] = [];
  for (const entry of raw) {
    const guid = guidRef(entry);
    if (typeof guid !== 'string' || guid === '') {
      errors.push({ code: 2017, message: 'Additional attributes must specify a guid.' });
      continue;
    }
    const def = attributeDefinition(guid);
    if (!def || !step.attributes.some((a) => a.guid === guid)) {
      errors.push({ code: 2016, message: `The additional attribute guid "${guid}" is not valid.` });
      continue;
    }
    const value = (entry as { value?: unknown }).value;
    if (value === null && !setNull) continue;
    const checked = checkAttributeValue(def, value);
    if (checked.ok) updates.set(guid, checked.value);
    else errors.push(checked.error);
  }
  if (errors.length > 0) throw new ArenaFailure(400, errors);
  return updates;
}

function assignees(step: EmulatedStep, body: Record<string, unknown>): Compact[] | null | undefined {
  if (body.assignee !== undefined && body.assignees !== undefined) {
    throw fail(400, 3161, 'When updating a Quality Process Step, users can set either an "assignee" or "assignees" in the request body, but not both. Please select either "assignee" or "assignees" in your request and resubmit.');
  }
  if (body.assignee === undefined && body.assignees === undefined) return undefined;
  if (step.type === 'SIGNOFF') throw fail(400, 400, 'Sign-off steps have approvers, not assignees.');
  if (body.assignee !== undefined) return body.assignee === null ? null : [user(guidRef(body.assignee))];
  const value = objectBody(body.assignees) as { users?: unknown; userGroups?: unknown };
  // The emulated workspace has no Access Policies, so user groups cannot be assigned.
  if (value.userGroups !== undefined) throw fail(400, 3164, 'The user group is not found or cannot be assigned to this step.');
  if (!Array.isArray(value.users) || value.users.length === 0) {
    throw fail(400, 3162, 'Assignees must hold either users or userGroups, with at least one instance.');
  }
  return value.users.map((u) => user(guidRef(u)));
}

function user(guid: unknown): Compact {
  const found = OWNERS.find((o) => o.guid === guid);
  if (!found) throw invalidGuid(guid);
  return { guid: found.guid, fullName: found.fullName };
}

/** GET /qualityprocesses/{guid}/steps[/{stepGuid}] and PUT of one step. */
export function stepRoutes(app: FastifyInstance, { state, variant }: EmulatorContext): void {
  const omitEmpty = variant.omitEmptyAttributes ?? false;

  app.get<{ Params: { guid: string } }>('/qualityprocesses/:guid/steps', async (req) => {
    const results = findProcess(state, req.params.guid).steps.map((s) => stepView(s, omitEmpty));
    return { count: results.length, results };
  });

  app.get<StepRoute>('/qualityprocesses/:guid/steps/:stepGuid', async (req) => {
    const process = findProcess(state, req.params.guid);
    // "GET Quality Process Step": empty attributes only with includeEmptyAdditionalAttributes=true.
    return stepView(findStep(process, req.params.stepGuid), !isTrue(req.query, 'includeEmptyAdditionalAttributes'));
  });

  app.put<StepRoute>('/qualityprocesses/:guid/steps/:stepGuid', async (req, reply) => {
    const process = findProcess(state, req.params.guid);
    const step = findStep(process, req.params.stepGuid);
    if (process.status === 'COMPLETED') throw fail(400, 3172, 'Not allowed update operation on a completed quality process.');
    if (step.status === 'COMPLETE') {
      throw fail(400, 3173, 'Completed quality process steps cannot be updated. To update this step, you must reopen it.');
    }
    const body = objectBody(req.body);
    const setNull = isTrue(req.query, 'setnull');
    // Everything is checked before anything changes: a rejected update leaves the step as it was.
    const updates = body.attributes === undefined ? new Map<string, StoredValue>() : attributeUpdates(step, body.attributes, setNull);
    const newAssignees = assignees(step, body);
    let due = step.dueDateTime;
    if (body.dueDateTime === null) {
      if (setNull) due = null;
    } else if (body.dueDateTime !== undefined) {
      // "PUT Quality Process Step Update": only the date portion is honoured, at 23:59:59 Pacific —
      // the date after conversion to Pacific time, as its sample shows (2016-11-20T00:00:00Z is
      // due 2016-11-20T07:59:59Z, the end of 19 November in Pacific time).
      due = zulu(endOfPacificDay(requireDate(body.dueDateTime, 'dueDateTime')));
    }

    for (const slot of step.attributes) if (updates.has(slot.guid)) slot.value = updates.get(slot.guid) ?? null;
    if (newAssignees !== undefined) step.assignees = newAssignees;
    step.dueDateTime = due;
    return reply.code(201).send(stepView(step, omitEmpty));
  });
}
