import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { type ArenaEmulator, createArenaEmulator } from './emulator.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID, ATTRIBUTE_GUIDS, NUMBER_PREFIX_GUID, OWNERS, QUALITY_OWNER, WORKSPACE } from './fixtures.ts';
import { ARENA_EMULATOR_VARIANTS, type ArenaEmulatorVariant } from './variants.ts';

/*
 * The emulator replies as PTC's Arena REST API documentation shows: the documented sample request
 * bodies are accepted, and each reply carries the keys of the documented sample reply (named
 * here by page title) — no fewer, so a connector tested against it meets nothing new in Arena.
 */

const EMAIL = 'integration@provider.example';
const PASSWORD = 'emulator-contract-secret';
const JSON_TYPE = { 'content-type': 'application/json' };

/** The keys of each documented sample reply. */
const DOCUMENTED = {
  login: ['workspaceId', 'workspaceName', 'workspaceRequestLimit'],
  process: ['completedDateTime', 'creationDateTime', 'creator', 'currentStep', 'description', 'guid', 'name', 'number', 'owner', 'status', 'statusMode', 'targetCompletionDateTime', 'template', 'type'],
  template: ['active', 'creationDateTime', 'creator', 'defaultNumberFormat', 'defaultOwner', 'description', 'guid', 'name', 'numberFormats', 'shortName', 'steps'],
  regularStep: ['approvals', 'assignee', 'assignees', 'attributes', 'completeDateTime', 'completeUser', 'dueDateTime', 'guid', 'name', 'order', 'status', 'type'],
  signoffStep: ['allowOwnerToAddApprovers', 'approvals', 'assignee', 'completeDateTime', 'completeUser', 'dueDateTime', 'guid', 'name', 'order', 'status', 'type'],
  owner: ['fullName', 'emailAddress', 'guid'],
  stepAttribute: ['active', 'allowsExplicitNullValue', 'apiName', 'creatable', 'custom', 'editable', 'fieldType', 'guid', 'name', 'required', 'searchable'],
  numberFormat: ['guid', 'lastUsed', 'prefixes'],
} as const;

const keysOf = (value: unknown) => Object.keys(value as object);

describe('Arena emulator against the documentation', () => {
  const clock = fixedClock('2026-11-18T18:00:00Z');
  let emu: ArenaEmulator;
  let token: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    emu.app.inject({ method, url: `/v1${url}`, headers: { ...JSON_TYPE, arena_session_id: token }, ...(payload ? { payload } : {}) });

  beforeAll(() => {
    emu = createArenaEmulator({ email: EMAIL, password: PASSWORD, clock });
  });
  afterAll(() => emu.app.close());

  it('"POST Log In": the sample body with a numeric workspace id signs in; the reply has the documented keys and a token', async () => {
    const res = await emu.app.inject({ method: 'POST', url: '/v1/login', headers: JSON_TYPE, payload: { email: EMAIL, password: PASSWORD, workspaceId: WORKSPACE.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.server).toBe('ArenaSolutions');
    expect(res.headers['x-arena-requests-remaining']).toMatch(/^\d+$/);
    const body = res.json<Record<string, unknown>>();
    expect(keysOf(body)).toEqual(expect.arrayContaining([...DOCUMENTED.login]));
    token = String(body.arenaSessionId ?? body.arena_session_id);
    expect(token.length).toBeGreaterThan(10);
  });

  it('"GET Quality Process Templates", "… Owners" and "… Step Attributes" reply with the documented keys', async () => {
    const template = (await call('GET', `/settings/qualityprocesses/templates/${ARENA_EMULATOR_TEMPLATE_GUID}`)).json<{ steps: { type: string }[]; numberFormats: object[] }>();
    expect(keysOf(template)).toEqual(expect.arrayContaining([...DOCUMENTED.template]));
    expect(keysOf(template.numberFormats[0])).toEqual(expect.arrayContaining([...DOCUMENTED.numberFormat]));
    expect(template.steps.every((s) => ['REGULAR', 'SIGNOFF'].includes(s.type))).toBe(true);
    const owners = (await call('GET', '/settings/qualityprocesses/owners')).json<{ count: number; results: object[] }>();
    expect(owners.count).toBe(owners.results.length);
    for (const owner of owners.results) expect(keysOf(owner).sort()).toEqual([...DOCUMENTED.owner].sort());
    const attributes = (await call('GET', '/settings/qualityprocesses/steps/attributes?includePossibleValues=true')).json<{ results: { possibleValues?: unknown[] }[] }>();
    for (const a of attributes.results) expect(keysOf(a)).toEqual(expect.arrayContaining([...DOCUMENTED.stepAttribute]));
    // Possible values are a list of strings, as on the other settings pages.
    expect(attributes.results.flatMap((a) => a.possibleValues ?? []).every((v) => typeof v === 'string')).toBe(true);
  });

  it('"POST Quality Process Create": the sample body gets 201 with the documented keys and a number from the prefix', async () => {
    const res = await call('POST', '/qualityprocesses', {
      description: 'New Quality Process',
      name: 'New Process Introduction',
      owner: { guid: QUALITY_OWNER.guid },
      template: { guid: ARENA_EMULATOR_TEMPLATE_GUID, numberFormat: { prefix: { guid: NUMBER_PREFIX_GUID } } },
    });
    expect(res.statusCode).toBe(201);
    const process = res.json<{ guid: string; number: string; currentStep: object }>();
    expect(keysOf(process).sort()).toEqual([...DOCUMENTED.process].sort());
    expect(keysOf(process.currentStep).sort()).toEqual(['approvals', 'attributes', 'guid']);
    expect(process.number).toMatch(/^CH-\d{6}$/);

    const steps = (await call('GET', `/qualityprocesses/${process.guid}/steps`)).json<{ count: number; results: { type: string }[] }>();
    expect(steps.count).toBe(steps.results.length);
    for (const step of steps.results) {
      expect(keysOf(step)).toEqual(expect.arrayContaining([...(step.type === 'SIGNOFF' ? DOCUMENTED.signoffStep : DOCUMENTED.regularStep)]));
    }
    const search = (await call('GET', '/qualityprocesses?status=!COMPLETED&number=CH-*')).json<{ count: number; results: object[] }>();
    expect(search.results.map((p) => keysOf(p).sort())).toEqual([[...DOCUMENTED.process].sort()]);
  });

  it('"PUT Quality Process Step Update": the sample body gets 201; the due date is the Pacific date of the instant at 23:59:59', async () => {
    const created = (await call('POST', '/qualityprocesses', { name: 'Due dates', template: { guid: ARENA_EMULATOR_TEMPLATE_GUID, numberFormat: { prefix: { guid: NUMBER_PREFIX_GUID } } } })).json<{ guid: string }>();
    const steps = (await call('GET', `/qualityprocesses/${created.guid}/steps`)).json<{ results: { guid: string; type: string; attributes: { guid: string }[] | null }[] }>().results;
    const step = steps.find((s) => s.type === 'REGULAR' && s.attributes?.some((a) => a.guid === ATTRIBUTE_GUIDS.complaintTitle));
    // The documented sample: 2016-11-20T00:00:00Z is 19 November in Pacific time, due 2016-11-20T07:59:59Z.
    const res = await call('PUT', `/qualityprocesses/${created.guid}/steps/${step?.guid}`, {
      dueDateTime: '2026-11-20T00:00:00Z',
      assignee: { guid: QUALITY_OWNER.guid },
      attributes: [{ guid: ATTRIBUTE_GUIDS.complaintTitle, value: 'Send notification email' }],
    });
    expect(res.statusCode).toBe(201);
    const updated = res.json<{ dueDateTime: string }>();
    expect(keysOf(updated)).toEqual(expect.arrayContaining([...DOCUMENTED.regularStep]));
    expect(updated.dueDateTime).toBe('2026-11-20T07:59:59Z');
    const midday = await call('PUT', `/qualityprocesses/${created.guid}/steps/${step?.guid}`, { dueDateTime: '2026-11-20T12:00:00Z' });
    expect(midday.json<{ dueDateTime: string }>().dueDateTime).toBe('2026-11-21T07:59:59Z');
  });

  it('replies with the documented envelope for a GUID that names nothing: 400 with 3011', async () => {
    const res = await call('GET', '/qualityprocesses/QPR0NOTHING000000000');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, errors: [{ code: 3011, message: 'The guid "QPR0NOTHING000000000" is not valid.' }] });
  });
});

describe('Arena emulator against the documentation: dates, owners, number formats, the deadline', () => {
  const clock = fixedClock('2026-11-18T18:00:00Z');
  const started: ArenaEmulator[] = [];
  afterAll(() => Promise.all(started.map((e) => e.app.close())));

  async function signedIn(variant: ArenaEmulatorVariant = {}) {
    const emu = createArenaEmulator({ email: EMAIL, password: PASSWORD, clock, variant });
    started.push(emu);
    const login = await emu.app.inject({ method: 'POST', url: '/v1/login', headers: JSON_TYPE, payload: { email: EMAIL, password: PASSWORD, workspaceId: WORKSPACE.id } });
    const token = String(login.json<Record<string, unknown>>().arenaSessionId);
    return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      emu.app.inject({ method, url: `/v1${url}`, headers: { ...JSON_TYPE, arena_session_id: token }, ...(payload ? { payload } : {}) });
  }
  const create = { name: 'Dates', targetCompletionDateTime: '2026-12-18T12:00:00Z', template: { guid: ARENA_EMULATOR_TEMPLATE_GUID, numberFormat: { prefix: { guid: NUMBER_PREFIX_GUID } } } };

  it('keeps a DATE attribute at 23:59:59 Pacific of the date sent, as the documented step replies show ("…T07:59:59Z")', async () => {
    const call = await signedIn();
    const process = (await call('POST', '/qualityprocesses', create)).json<{ guid: string }>();
    const steps = (await call('GET', `/qualityprocesses/${process.guid}/steps`)).json<{ results: { guid: string; attributes: { guid: string }[] | null }[] }>().results;
    const intake = steps.find((s) => s.attributes?.some((a) => a.guid === ATTRIBUTE_GUIDS.becomeAwareDate));
    const put = await call('PUT', `/qualityprocesses/${process.guid}/steps/${intake?.guid}`, { attributes: [{ guid: ATTRIBUTE_GUIDS.becomeAwareDate, value: '2026-03-01T12:00:00Z' }] });
    const value = (a: { attributes: { guid: string; value: unknown }[] }) => a.attributes.find((x) => x.guid === ATTRIBUTE_GUIDS.becomeAwareDate)?.value;
    // 1 March, 23:59:59 PST is 2 March 07:59:59 UTC; in summer (PDT) it is 06:59:59 UTC.
    expect(value(put.json())).toBe('2026-03-02T07:59:59Z');
    const summer = await call('PUT', `/qualityprocesses/${process.guid}/steps/${intake?.guid}`, { attributes: [{ guid: ATTRIBUTE_GUIDS.becomeAwareDate, value: '2026-07-04T12:00:00Z' }] });
    expect(value(summer.json())).toBe('2026-07-05T06:59:59Z');
  });

  it('"GET Quality Process Owners" is one list, not paged: offset and limit change nothing', async () => {
    const call = await signedIn();
    const owners = (await call('GET', '/settings/qualityprocesses/owners?offset=1&limit=1')).json<{ count: number; results: { guid: string }[] }>();
    expect(owners.results.map((o) => o.guid)).toEqual(OWNERS.map((o) => o.guid));
    expect(owners.count).toBe(OWNERS.length);
  });

  it('a template without number formats, as the active-templates sample: the workspace lists them under "GET Quality Process Number Formats"', async () => {
    const call = await signedIn(ARENA_EMULATOR_VARIANTS.noTemplateNumberFormats);
    const template = (await call('GET', `/settings/qualityprocesses/templates/${ARENA_EMULATOR_TEMPLATE_GUID}`)).json<Record<string, unknown>>();
    expect(template).toMatchObject({ numberFormats: null, defaultNumberFormat: null, shortName: 'CH' });
    const formats = (await call('GET', '/settings/qualityprocesses/numberformats')).json<{ results: { name: string; prefixes: { guid: string }[] }[] }>();
    expect(formats.results).toEqual([expect.objectContaining({ name: 'CH', prefixes: [expect.objectContaining({ guid: NUMBER_PREFIX_GUID })] })]);
    expect((await call('POST', '/qualityprocesses', create)).statusCode).toBe(201);
  });

  it('a workspace that drops the target completion date, as the create sample reply shows (null)', async () => {
    const call = await signedIn(ARENA_EMULATOR_VARIANTS.dropsTargetCompletion);
    const created = (await call('POST', '/qualityprocesses', create)).json<{ guid: string; targetCompletionDateTime: unknown }>();
    expect(created.targetCompletionDateTime).toBeNull();
    expect((await call('GET', `/qualityprocesses/${created.guid}`)).json()).toMatchObject({ targetCompletionDateTime: null });
  });
});
