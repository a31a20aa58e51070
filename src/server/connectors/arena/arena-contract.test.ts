import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createArenaClient } from './arena-client.ts';
import { findSetupProblems } from './arena-setup-check.ts';
import * as doc from './arena-contract.samples.ts';

/*
 * Contract tests from PTC's Arena REST API documentation: every call the connector makes sends
 * the documented method, path, headers, query parameters and body fields (with their JSON types),
 * and the documented sample reply (arena-contract.samples.ts) parses into our types. A small
 * HTTP server on loopback replies with the samples and records what reached it.
 */

interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

const replies = new Map<string, { status: number; body?: unknown }>();
const received: Received[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname.replace(/^\/v1/, '');
      received.push({ method: req.method ?? '', path, query: Object.fromEntries(url.searchParams), headers: req.headers, body: raw === '' ? undefined : JSON.parse(raw) });
      const reply = replies.get(`${req.method} ${path}`) ?? { status: 404, body: { status: 404, errors: [{ code: 404, message: 'No resource has been found.' }] } };
      res.writeHead(reply.status, { 'Content-Type': 'application/json', 'X-Arena-Requests-Remaining': '24990', 'X-Arena-Next-Request-Limit-Reset': 'Fri, 06-Mar-2026 00:00:00 GMT-0800 (PST)' });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received.length = 0;
  replies.clear();
  replies.set('POST /login', { status: 200, body: doc.LOGIN });
});

const client = (extra: { numberPrefixGuid?: string; ownerGuid?: string } = {}) =>
  createArenaClient({ baseUrl, email: 'integration@provider.example', password: 'the-password', workspaceId: '412345678', ...extra });

/** The calls after the sign-in, each checked for the documented session and content headers. */
function calls(): Received[] {
  const after = received.filter((r) => r.path !== '/login');
  for (const r of after) {
    expect(r.headers.arena_session_id).toBe(doc.LOGIN.arena_session_id);
    expect(r.headers['content-type']).toBe('application/json');
  }
  return after;
}

/** Field names and JSON types of a body, nested: `{ a: 'string', b: { c: 'number' } }`. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return value === null ? 'null' : typeof value;
}

describe('Arena connector against the documentation: "POST Log In" and "PUT Log Out"', () => {
  it('signs in with email, password and the workspace id as a number, and reads the sample reply', async () => {
    const arena = client();
    expect(await arena.signIn()).toEqual({ workspaceId: 412345678, workspaceName: 'Provider Quality', requestLimit: 25000 });
    const [login] = received;
    expect(login).toMatchObject({ method: 'POST', path: '/login', query: {} });
    expect(login?.headers['content-type']).toBe('application/json');
    expect(login?.headers.arena_session_id).toBeUndefined();
    expect(shape(login?.body)).toEqual({ email: 'string', password: 'string', workspaceId: 'number' });
    expect(arena.status().requestsRemaining).toBe(24990);
  });

  it('logs out with PUT /logout, the session header and no body; the reply has no JSON', async () => {
    replies.set('PUT /logout', { status: 200 });
    const arena = client();
    await arena.signIn();
    await arena.logout();
    const [logout] = calls();
    expect(logout).toMatchObject({ method: 'PUT', path: '/logout', query: {}, body: undefined });
  });

  it('reads the documented login refusal and error envelope', async () => {
    replies.set('POST /login', { status: 400, body: { status: 400, errors: [{ code: 4001, message: 'The username, password or workspace ID is not valid or you are not allowed to log in due to IP restriction.' }] } });
    await expect(client().signIn()).rejects.toMatchObject({ kind: 'signin_paused', codes: [4001] });
  });
});

describe('Arena connector against the documentation: quality-process settings', () => {
  it('"GET Quality Process Templates" (one template): path, no body, and the sample parses', async () => {
    replies.set(`GET /settings/qualityprocesses/templates/${doc.TEMPLATE.guid}`, { status: 200, body: doc.TEMPLATE });
    const template = await client().getTemplate(doc.TEMPLATE.guid);
    expect(calls()).toEqual([expect.objectContaining({ method: 'GET', query: {}, body: undefined })]);
    expect(template).toMatchObject({
      guid: doc.TEMPLATE.guid,
      defaultOwner: { guid: 'QW3E5R7T9Y1U3I5O7P9A', fullName: 'Morgan Lee' },
      defaultNumberFormat: { guid: 'NF2B4D6F8H0J2L4N6P8R' },
      numberFormats: [{ guid: 'NF2B4D6F8H0J2L4N6P8R', prefixes: [{ guid: 'PFX3C5E7G9I1K3M5O7Q9', value: 'CH-' }] }],
    });
    expect(template.steps.map((s) => [s.name, s.type, s.attributes?.map((a) => a.guid) ?? null])).toEqual([
      ['Intake', 'REGULAR', ['ATT0DATE0AWARE0000A1']],
      ['Intake Approval', 'SIGNOFF', null],
      ['Investigation', 'REGULAR', ['ATT0UNITS00000000NUM', 'ATT0REPORTABLE0000DD']],
    ]);
  });

  it('parses the sample template without defaults: numberFormats, defaultOwner and defaultNumberFormat null', async () => {
    replies.set(`GET /settings/qualityprocesses/templates/${doc.TEMPLATE_WITHOUT_DEFAULTS.guid}`, { status: 200, body: doc.TEMPLATE_WITHOUT_DEFAULTS });
    const template = await client().getTemplate(doc.TEMPLATE_WITHOUT_DEFAULTS.guid);
    expect(template).toMatchObject({ defaultOwner: null, defaultNumberFormat: null, numberFormats: [] });
    expect(template.steps[0]?.attributes).toEqual([{ guid: 'ATT0PROBLEM000000MLT', name: 'Problem Description', fieldType: null }]);
  });

  it('"GET Quality Process Owners": the sample parses with each owner’s e-mail address', async () => {
    replies.set('GET /settings/qualityprocesses/owners', { status: 200, body: doc.OWNERS });
    expect(await client().getOwners()).toEqual([
      { guid: 'QW3E5R7T9Y1U3I5O7P9A', fullName: 'Morgan Lee', emailAddress: 'mlee@provider.example' },
      { guid: 'USR0DANA0REYES000001', fullName: 'Dana Reyes', emailAddress: 'dreyes@provider.example' },
    ]);
    // The page documents no paging for this list: one call, no offset or limit.
    expect(calls().map((c) => c.query)).toEqual([{}]);
  });

  it('"GET Quality Process Step Attributes" with includePossibleValues=true; possible values as strings', async () => {
    replies.set('GET /settings/qualityprocesses/steps/attributes', { status: 200, body: doc.STEP_ATTRIBUTES });
    const definitions = await client().getStepAttributeDefinitions();
    expect(calls().map((c) => c.query)).toEqual([{ includePossibleValues: 'true' }]);
    expect(definitions.map((d) => [d.name, d.fieldType, d.required, d.possibleValues])).toEqual([
      ['Become Aware Date', 'DATE', true, null],
      ['Units Affected', 'NUMBER', false, null],
      ['Reportable?', 'FIXED_DROP_DOWN', false, ['Yes', 'No', 'Undecided']],
    ]);
  });

  it('describes the template’s regular steps in order from the template and the definitions', async () => {
    replies.set(`GET /settings/qualityprocesses/templates/${doc.TEMPLATE.guid}`, { status: 200, body: doc.TEMPLATE });
    replies.set('GET /settings/qualityprocesses/steps/attributes', { status: 200, body: doc.STEP_ATTRIBUTES });
    const steps = await client().getTemplateSteps(doc.TEMPLATE.guid);
    expect(steps.map((s) => [s.name, s.attributes.map((a) => `${a.name} ${a.type}`)])).toEqual([
      ['Intake', ['Become Aware Date DATE']],
      ['Investigation', ['Units Affected NUMBER', 'Reportable? FIXED_DROP_DOWN']],
    ]);
  });
});

describe('Arena connector against the documentation: quality processes', () => {
  it('"POST Quality Process Create": the documented fields with their types, the prefix GUID always, and the 201 sample parses', async () => {
    replies.set('POST /qualityprocesses', { status: 201, body: doc.PROCESS });
    const created = await client({ numberPrefixGuid: 'PFX3C5E7G9I1K3M5O7Q9', ownerGuid: 'QW3E5R7T9Y1U3I5O7P9A' }).createQualityProcess({
      name: 'Infusion pump alarm did not sound',
      description: 'Complaint 6009000000249561122',
      templateGuid: doc.TEMPLATE.guid,
      targetCompletionDateTime: '2026-04-01T12:00:00Z',
    });
    const [create] = calls();
    expect(create).toMatchObject({ method: 'POST', path: '/qualityprocesses', query: {} });
    expect(shape(create?.body)).toEqual({
      name: 'string',
      description: 'string',
      targetCompletionDateTime: 'string',
      owner: { guid: 'string' },
      template: { guid: 'string', numberFormat: { prefix: { guid: 'string' } } },
    });
    expect((create?.body as { targetCompletionDateTime: string }).targetCompletionDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(created).toMatchObject({ guid: 'QPR0CH000013000000A1', number: 'CH-000013', status: 'OPEN', owner: { fullName: 'Morgan Lee' }, template: { guid: doc.TEMPLATE.guid }, type: null, currentStep: { guid: 'PST0INTAKE0000000001', name: null } });
  });

  it('sends the first prefix of the template’s default number format when none is configured', async () => {
    replies.set(`GET /settings/qualityprocesses/templates/${doc.TEMPLATE.guid}`, { status: 200, body: doc.TEMPLATE });
    replies.set('POST /qualityprocesses', { status: 201, body: doc.PROCESS });
    await client().createQualityProcess({ name: 'Complaint', templateGuid: doc.TEMPLATE.guid });
    const create = calls().find((c) => c.method === 'POST');
    expect(create?.body).toEqual({ name: 'Complaint', template: { guid: doc.TEMPLATE.guid, numberFormat: { prefix: { guid: 'PFX3C5E7G9I1K3M5O7Q9' } } } });
  });

  it('"GET Quality Processes Search": only documented search attributes and paging; the sample parses', async () => {
    replies.set('GET /qualityprocesses', { status: 200, body: doc.SEARCH });
    const page = await client().findQualityProcesses({ number: 'CH-*', name: 'Infusion*', description: 'Complaint 600*', status: '!COMPLETED', templateGuid: doc.TEMPLATE.guid, ownerGuid: 'QW3E5R7T9Y1U3I5O7P9A', offset: 0, limit: 400 });
    const [search] = calls();
    const documented = ['offset', 'limit', 'number', 'name', 'description', 'type', 'status', 'template.guid', 'owner.guid', 'owner.fullName', 'creator.guid', 'creator.fullName'];
    expect(Object.keys(search?.query ?? {}).filter((k) => !documented.includes(k))).toEqual([]);
    expect(search?.query).toMatchObject({ status: '!COMPLETED', 'template.guid': doc.TEMPLATE.guid, 'owner.guid': 'QW3E5R7T9Y1U3I5O7P9A' });
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({ number: 'CH-000013', targetCompletionDateTime: '2026-04-01T06:59:59Z' });
  });

  it('"GET Quality Process Summary" parses; "DELETE Quality Process" replies 204 without a body', async () => {
    replies.set(`GET /qualityprocesses/${doc.PROCESS.guid}`, { status: 200, body: doc.PROCESS });
    replies.set(`DELETE /qualityprocesses/${doc.PROCESS.guid}`, { status: 204 });
    const arena = client();
    expect(await arena.getQualityProcess(doc.PROCESS.guid)).toMatchObject({ creationDateTime: '2026-03-02T17:15:23Z', completedDateTime: null, statusMode: 'AUTOMATIC' });
    await expect(arena.deleteQualityProcess(doc.PROCESS.guid)).resolves.toBeUndefined();
    expect(calls().map((c) => [c.method, c.body])).toEqual([
      ['GET', undefined],
      ['DELETE', undefined],
    ]);
  });

  it('reads the documented 400 for a GUID that names nothing (3011) as "not found"', async () => {
    replies.set('GET /qualityprocesses/QPR0NOTHING000000000', { status: 400, body: doc.INVALID_GUID });
    await expect(client().getQualityProcess('QPR0NOTHING000000000')).rejects.toMatchObject({ kind: 'not_found', status: 400, codes: [3011] });
  });
});

describe('Arena connector against the documentation: quality-process steps', () => {
  const path = `/qualityprocesses/${doc.PROCESS.guid}/steps`;

  it('"GET Quality Process Steps": the sample parses, steps in order, a sign-off step without attributes', async () => {
    replies.set(`GET ${path}`, { status: 200, body: doc.STEPS });
    const steps = await client().getSteps(doc.PROCESS.guid);
    expect(steps.map((s) => [s.order, s.name, s.status, s.attributes.map((a) => a.value)])).toEqual([
      [1, 'Intake', 'COMPLETE', ['2026-03-01T08:00:00Z']],
      [2, 'Investigation', 'OPEN', [12, 'Yes']],
      [3, 'Intake Approval', 'OPEN', []],
    ]);
  });

  it('"PUT Quality Process Step Update": attributes as {guid, value}, a NUMBER as a JSON number; the 201 sample parses', async () => {
    replies.set('GET /settings/qualityprocesses/steps/attributes', { status: 200, body: doc.STEP_ATTRIBUTES });
    replies.set(`PUT ${path}/PST0INVESTIGATION002`, { status: 201, body: doc.STEP_UPDATED });
    const step = await client().updateStep(doc.PROCESS.guid, 'PST0INVESTIGATION002', {
      attributes: [
        { guid: 'ATT0UNITS00000000NUM', value: '14' },
        { guid: 'ATT0REPORTABLE0000DD', value: 'Yes' },
      ],
    });
    const put = calls().find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ path: `${path}/PST0INVESTIGATION002`, query: {} });
    expect(shape(put?.body)).toEqual({ attributes: [{ guid: 'string', value: 'number' }, { guid: 'string', value: 'string' }] });
    expect(step.attributes).toEqual([
      { guid: 'ATT0UNITS00000000NUM', name: 'Units Affected', fieldType: null, value: 14 },
      { guid: 'ATT0REPORTABLE0000DD', name: 'Reportable?', fieldType: null, value: null },
    ]);
  });
});

describe('Arena connector against the documentation: number formats of a template that lists none', () => {
  const car = doc.TEMPLATE_WITHOUT_DEFAULTS;
  const dana = doc.OWNERS.results[1]!.guid;
  beforeEach(() => {
    replies.set(`GET /settings/qualityprocesses/templates/${car.guid}`, { status: 200, body: car });
    replies.set('GET /settings/qualityprocesses/numberformats', { status: 200, body: doc.NUMBER_FORMATS });
    replies.set('GET /settings/qualityprocesses/owners', { status: 200, body: doc.OWNERS });
    replies.set('POST /qualityprocesses', { status: 201, body: doc.CREATED });
  });

  it('"GET Quality Process Number Formats" is read, unpaged, and the create sends the first prefix of the format named as the template\'s short name', async () => {
    await client({ ownerGuid: dana }).createQualityProcess({ name: 'Complaint', templateGuid: car.guid });
    const formats = calls().find((c) => c.path === '/settings/qualityprocesses/numberformats');
    expect(formats).toMatchObject({ method: 'GET', query: {}, body: undefined });
    const create = calls().find((c) => c.method === 'POST');
    expect((create?.body as { template: unknown }).template).toEqual({ guid: car.guid, numberFormat: { prefix: { guid: 'PFX0CAR0000000000001' } } });
  });

  it('the set-up check says OK for a configured prefix the workspace has, and for the default by short name', async () => {
    expect(await findSetupProblems(client(), { templateGuid: car.guid, ownerGuid: dana, numberPrefixGuid: 'PFX0CAR0000000000002' })).toEqual([]);
    expect(await findSetupProblems(client(), { templateGuid: car.guid, ownerGuid: dana })).toEqual([]);
  });

  it('names the workspace\'s prefixes when the configured one is none of them', async () => {
    const problems = await findSetupProblems(client(), { templateGuid: car.guid, ownerGuid: dana, numberPrefixGuid: 'PFX0NOTHING000000000' });
    expect(problems).toEqual([expect.stringMatching(/^ARENA_NUMBER_PREFIX_GUID PFX0NOTHING000000000 is not a number prefix of the workspace .*CH- PFX3C5E7G9I1K3M5O7Q9, CAR- PFX0CAR0000000000001, CAR2- PFX0CAR0000000000002/)]);
  });
});
