import type { FastifyInstance } from 'fastify';
import { emptyGuid, fail, invalidGuid, notSearchable } from './failures.ts';
import { type Compact, INTEGRATION_USER, NUMBER_PREFIX, NUMBER_PREFIX_GUID, OWNERS, PROCESS_TYPES, TEMPLATE } from './fixtures.ts';
import { endOfPacificDay, zulu } from './pacific-time.ts';
import { type EmulatorContext, type Query, checkText, findProcess, guidRef, isTrue, objectBody, paging, queryValue, requireDate } from './request.ts';
import { matchesPattern } from './settings-routes.ts';
import { type EmulatedProcess, createProcess } from './state.ts';
import { processView } from './views.ts';

type GuidRoute = { Params: { guid: string }; Querystring: Query };

const SEARCHABLE: Record<string, (p: EmulatedProcess) => string | null> = {
  number: (p) => p.number,
  name: (p) => p.name,
  description: (p) => p.description,
  type: (p) => p.type,
  status: (p) => p.status,
  'template.guid': (p) => p.templateGuid,
  'owner.guid': (p) => p.owner.guid,
  'owner.fullName': (p) => p.owner.fullName,
  'creator.guid': (p) => p.creator.guid,
  'creator.fullName': (p) => p.creator.fullName,
};

function compact({ guid, fullName }: Compact): Compact {
  return { guid, fullName };
}

function owner(ref: unknown): Compact {
  const guid = guidRef(ref);
  if (guid === undefined || guid === null || guid === '') throw emptyGuid();
  const found = OWNERS.find((o) => o.guid === guid);
  if (!found) throw invalidGuid(guid);
  return compact(found);
}

function processType(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !PROCESS_TYPES.includes(value)) {
    throw fail(400, 3006, `The specified value "${String(value)}" is not a valid option for the attribute "type".`);
  }
  return value;
}

function targetDate(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return zulu(endOfPacificDay(requireDate(value, 'targetCompletionDateTime')));
}

/** POST/GET /qualityprocesses and GET/PUT/DELETE /qualityprocesses/{guid}. */
export function processRoutes(app: FastifyInstance, { state, clock, variant }: EmulatorContext): void {
  app.post('/qualityprocesses', async (req, reply) => {
    const body = objectBody(req.body);
    const name = checkText(body.name, 'name', 200, true) ?? '';
    const description = checkText(body.description, 'description', 4000, false);
    const type = processType(body.type);
    const templateGuid = guidRef(body.template);
    if (templateGuid === undefined || templateGuid === null || templateGuid === '') throw emptyGuid();
    if (templateGuid !== TEMPLATE.guid) throw invalidGuid(templateGuid);
    const template = objectBody(body.template) as { numberFormat?: { prefix?: unknown } };
    const prefixGuid = guidRef(template.numberFormat?.prefix);
    const noPrefix = prefixGuid === undefined || prefixGuid === null || prefixGuid === '';
    // "POST Quality Process Create": the API requires the number-format prefix's GUID.
    if (noPrefix) {
      throw variant.noDefaultNumberFormat ? fail(400, 3176, 'Quality number formats does not have default number.') : fail(400, 3008, 'The number format is empty or not valid.');
    }
    if (prefixGuid !== NUMBER_PREFIX_GUID) throw invalidGuid(prefixGuid);
    let processOwner: Compact;
    if (body.owner !== undefined && body.owner !== null) processOwner = owner(body.owner);
    else if (TEMPLATE.defaultOwner && !variant.noDefaultOwner) processOwner = compact(TEMPLATE.defaultOwner);
    else {
      throw fail(
        400,
        400,
        'Quality Processes cannot be created without an owner. No default owner is specified for this template and no owner was specified in the request body.',
      );
    }
    const created = createProcess(state, clock, {
      name,
      description,
      type,
      targetCompletionDateTime: variant.dropsTargetCompletion ? null : targetDate(body.targetCompletionDateTime),
      owner: processOwner,
      creator: compact(INTEGRATION_USER),
      prefix: NUMBER_PREFIX,
    });
    return reply.code(201).send(processView(created));
  });

  app.get<{ Querystring: Query }>('/qualityprocesses', async (req) => {
    const { offset, limit } = paging(req.query);
    const filters = Object.keys(req.query).filter((k) => k !== 'offset' && k !== 'limit');
    for (const key of filters) if (!SEARCHABLE[key]) throw notSearchable(key);
    const found = [...state.processes.values()].filter((p) =>
      filters.every((key) => matchesPattern(SEARCHABLE[key]?.(p) ?? null, queryValue(req.query, key) ?? '', key === 'status')),
    );
    const results = found.slice(offset, offset + limit).map(processView);
    return { count: results.length, results };
  });

  app.get<GuidRoute>('/qualityprocesses/:guid', async (req) => processView(findProcess(state, req.params.guid)));

  app.put<GuidRoute>('/qualityprocesses/:guid', async (req, reply) => {
    const process = findProcess(state, req.params.guid);
    if (process.status === 'COMPLETED') throw fail(400, 3172, 'Not allowed update operation on a completed quality process.');
    const body = objectBody(req.body);
    const setNull = isTrue(req.query, 'setnull');
    // Validate everything first so a rejected update changes nothing.
    const patch: Partial<EmulatedProcess> = {};
    if (body.name !== undefined) patch.name = checkText(body.name, 'name', 200, true) ?? process.name;
    if (body.owner !== undefined && body.owner !== null) patch.owner = owner(body.owner);
    const nullable = {
      description: () => checkText(body.description, 'description', 4000, false),
      type: () => processType(body.type),
      targetCompletionDateTime: () => targetDate(body.targetCompletionDateTime),
    };
    for (const [key, read] of Object.entries(nullable) as [keyof typeof nullable, () => string | null][]) {
      if (body[key] === undefined) continue;
      // Without ?setnull=true Arena ignores a null instead of blanking the field.
      if (body[key] === null) {
        if (setNull) patch[key] = null;
      } else patch[key] = read();
    }
    Object.assign(process, patch);
    return reply.code(201).send(processView(process));
  });

  app.delete<GuidRoute>('/qualityprocesses/:guid', async (req, reply) => {
    const process = findProcess(state, req.params.guid);
    state.processes.delete(process.guid);
    return reply.code(204).send();
  });
}
