import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { type ArenaEmulator, createArenaEmulator } from './emulator.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID, ATTRIBUTE_GUIDS as A, NUMBER_PREFIX_GUID, WORKSPACE } from './fixtures.ts';

const EMAIL = 'integration@provider.example';
const PASSWORD = 'emulator-secret';
const JSON_TYPE = { 'content-type': 'application/json' };
const template = { guid: ARENA_EMULATOR_TEMPLATE_GUID, numberFormat: { prefix: { guid: NUMBER_PREFIX_GUID } } };

describe('Arena emulator', () => {
  const clock = fixedClock('2025-03-10T18:00:00Z');
  let emu: ArenaEmulator;
  let token: string;

  async function login(): Promise<string> {
    const res = await emu.app.inject({ method: 'POST', url: '/v1/login', headers: JSON_TYPE, payload: { email: EMAIL, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    return res.json<{ arenaSessionId: string }>().arenaSessionId;
  }

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, session = token) {
    return emu.app.inject({ method, url: `/v1${url}`, headers: { ...JSON_TYPE, arena_session_id: session }, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  async function createProcess(name = 'Complaint - infusion set leak') {
    const res = await call('POST', '/qualityprocesses', { name, template });
    expect(res.statusCode).toBe(201);
    return res.json<{ guid: string; number: string }>();
  }

  async function stepsOf(guid: string) {
    return (await call('GET', `/qualityprocesses/${guid}/steps`)).json<{ results: { guid: string; name: string; type: string; attributes?: { guid: string; value: unknown }[] }[] }>().results;
  }

  beforeEach(async () => {
    clock.set('2025-03-10T18:00:00Z');
    emu = createArenaEmulator({ email: EMAIL, password: PASSWORD, clock, requestLimit: 50 });
    token = await login();
  });
  afterEach(() => emu.app.close());

  it('logs in with arenaSessionId and the workspace, and marks every reply like Arena', async () => {
    const res = await emu.app.inject({ method: 'POST', url: '/v1/login', headers: JSON_TYPE, payload: { email: EMAIL, password: PASSWORD, workspaceId: WORKSPACE.id } });
    expect(res.json()).toMatchObject({ arenaSessionId: expect.any(String), workspaceId: WORKSPACE.id, workspaceRequestLimit: 50 });
    expect(res.headers.server).toBe('ArenaSolutions');
    expect(res.headers['x-arena-requests-remaining']).toBe('50');
    // Next Pacific midnight after 2025-03-10T18:00Z (PDT since March 9).
    expect(res.headers['x-arena-next-request-limit-reset']).toBe('Tue, 11-Mar-2025 00:00:00 GMT-0700 (PDT)');
  });

  it('refuses bad credentials or another workspace with 400/4001', async () => {
    for (const payload of [{ email: EMAIL, password: 'wrong' }, { email: EMAIL, password: PASSWORD, workspaceId: 1 }, {}]) {
      const res = await emu.app.inject({ method: 'POST', url: '/v1/login', headers: JSON_TYPE, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, errors: [{ code: 4001, message: expect.stringContaining('The username, password or workspace ID is not valid') }] });
    }
  });

  it('replies 401 without a valid session, revokes the older session on a new login, and expires idle sessions', async () => {
    const unauthorized = { status: 401, errors: [{ code: 401, message: 'There is no access token associated with this request or the access token is not valid.' }] };
    expect((await call('GET', '/settings/qualityprocesses/owners', undefined, 'nope')).json()).toEqual(unauthorized);

    const second = await login();
    expect((await call('GET', '/settings/qualityprocesses/owners')).statusCode).toBe(401);
    expect((await call('GET', '/settings/qualityprocesses/owners', undefined, second)).statusCode).toBe(200);

    clock.advance(89 * 60_000);
    expect((await call('GET', '/settings/qualityprocesses/owners', undefined, second)).statusCode).toBe(200);
    clock.advance(91 * 60_000);
    expect((await call('GET', '/settings/qualityprocesses/owners', undefined, second)).statusCode).toBe(401);
  });

  it('logs out with PUT or GET', async () => {
    expect((await call('PUT', '/logout')).statusCode).toBe(200);
    expect((await call('GET', '/qualityprocesses')).statusCode).toBe(401);
    token = await login();
    expect((await call('GET', '/logout')).statusCode).toBe(200);
    expect((await call('GET', '/logout')).statusCode).toBe(401);
  });

  it('requires the JSON content type (415) and replies to unknown routes with 404/404', async () => {
    const plain = await emu.app.inject({ method: 'POST', url: '/v1/login', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ status: 415, errors: [{ code: 415 }] });
    const none = await emu.app.inject({ method: 'GET', url: '/v1/qualityprocesses', headers: { arena_session_id: token } });
    expect(none.statusCode).toBe(415);

    const missing = await call('GET', '/items');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, errors: [{ code: 404, message: 'No resource has been found.' }] });
  });

  it('serves the CH template, number format, owners and step attribute definitions', async () => {
    const template = (await call('GET', `/settings/qualityprocesses/templates/${ARENA_EMULATOR_TEMPLATE_GUID}`)).json();
    expect(template).toMatchObject({ name: 'Complaint Handling (CH) Template', shortName: 'CH', defaultOwner: { fullName: 'Quality Owner' } });
    expect(template.steps.map((s: { name: string; type: string }) => `${s.name}/${s.type}`)).toEqual([
      'Complaint Intake/REGULAR',
      'Evaluation/REGULAR',
      'Investigation/REGULAR',
      'Investigation Approved?/SIGNOFF',
    ]);
    expect((await call('GET', '/settings/qualityprocesses/templates')).json().count).toBe(1);
    expect((await call('GET', '/settings/qualityprocesses/numberformats')).json().results[0]).toMatchObject({ nextValue: '000001', prefixes: [{ value: 'CH-' }] });
    expect((await call('GET', '/settings/qualityprocesses/owners')).json().results).toContainEqual(expect.objectContaining({ fullName: 'Quality Owner' }));

    const plain = (await call('GET', '/settings/qualityprocesses/steps/attributes')).json();
    const reportable = plain.results.find((d: { guid: string }) => d.guid === A.reportable);
    expect(reportable).toMatchObject({ name: 'Reportable?', fieldType: 'FIXED_DROP_DOWN', multiSelect: false });
    expect(reportable).not.toHaveProperty('possibleValues');
    const full = (await call('GET', '/settings/qualityprocesses/steps/attributes?includePossibleValues=true')).json();
    expect(full.results.find((d: { guid: string }) => d.guid === A.reportable).possibleValues).toEqual(['Yes', 'No', 'TBD']);
  });

  it('replies 400/3011 for a malformed or unknown GUID', async () => {
    for (const guid of ['XFWQ0GZGZDJ015J12', 'AAAAAAAAAAAAAAAAAAAA']) {
      const res = await call('GET', `/qualityprocesses/${guid}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, errors: [{ code: 3011, message: `The guid "${guid}" is not valid.` }] });
    }
    expect((await call('GET', '/settings/qualityprocesses/templates/AAAAAAAAAAAAAAAAAAAA')).json().errors[0].code).toBe(3011);
  });

  it('numbers new processes CH-000001, CH-000002 and copies the template steps', async () => {
    const first = await createProcess();
    const created = (await call('GET', `/qualityprocesses/${first.guid}`)).json();
    expect(created).toMatchObject({ number: 'CH-000001', status: 'OPEN', owner: { fullName: 'Quality Owner' }, template: { guid: ARENA_EMULATOR_TEMPLATE_GUID } });
    expect((await createProcess()).number).toBe('CH-000002');
    expect((await call('GET', '/settings/qualityprocesses/numberformats')).json().results[0]).toMatchObject({ lastUsed: '000002', nextValue: '000003' });

    const steps = await stepsOf(first.guid);
    expect(steps.map((s) => s.name)).toEqual(['Complaint Intake', 'Evaluation', 'Investigation', 'Investigation Approved?']);
    expect(steps[0]?.attributes?.map((a) => a.guid)).toEqual([A.complaintTitle, A.becomeAwareDate, A.complainantName, A.complainantEmail, A.complaintDescription]);
    expect(steps[0]?.attributes?.every((a) => a.value === null)).toBe(true);
    expect(steps[3]).not.toHaveProperty('attributes');
    expect(created.currentStep.guid).toBe(steps[0]?.guid);
  });

  it('validates create: name required and at most 200, template GUID and number prefix required', async () => {
    expect((await call('POST', '/qualityprocesses', { template })).json().errors[0]).toEqual({ code: 3001, message: 'The attribute "name" is required.' });
    expect((await call('POST', '/qualityprocesses', { name: 'x'.repeat(201), template })).json().errors[0].code).toBe(3005);
    expect((await call('POST', '/qualityprocesses', { name: 'x', template: { guid: ARENA_EMULATOR_TEMPLATE_GUID } })).json().errors[0].code).toBe(3008);
    expect((await call('POST', '/qualityprocesses', { name: 'x' })).json().errors[0].code).toBe(3098);
    expect((await call('POST', '/qualityprocesses', { name: 'x', template, owner: { guid: 'AAAAAAAAAAAAAAAAAAAA' } })).json().errors[0].code).toBe(3011);
  });

  it('searches by number, name and status with prefix and negation, and checks paging', async () => {
    await createProcess('Leak at connector');
    await createProcess('Pump alarm');
    const search = async (q: string) => (await call('GET', `/qualityprocesses?${q}`)).json();
    expect((await search('number=CH-*')).count).toBe(2);
    expect((await search('number=CH-000002')).results[0].name).toBe('Pump alarm');
    expect((await search('name=leak*')).count).toBe(1);
    expect((await search('status=!COMPLETED&limit=1&offset=1')).results[0].number).toBe('CH-000002');
    expect((await search('status=COMPLETED')).count).toBe(0);
    for (const q of ['limit=0', 'limit=401', 'offset=-1']) expect((await search(q)).errors[0].code).toBe(3220);
    expect((await search('color=red')).errors[0]).toEqual({ code: 3019, message: 'The attribute "color" is not searchable.' });
  });

  it('updates step attributes by field type and rejects bad values atomically', async () => {
    const { guid } = await createProcess();
    const [intake, evaluation] = await stepsOf(guid);
    const put = (stepGuid: string, attributes: unknown[]) => call('PUT', `/qualityprocesses/${guid}/steps/${stepGuid}`, { attributes });

    const ok = await put(evaluation!.guid, [
      { guid: A.reportable, value: 'TBD' },
      { guid: A.product, value: 'Insulin Pump' },
      { guid: A.lotNumber, value: 'LOT 24A113' },
      { guid: A.eventDate, value: '2025-01-08T12:00:00Z' },
      { guid: A.symptoms, value: ['Pain', 'Rash'] },
      { guid: A.unitsAffected, value: 3 },
    ]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().attributes.map((a: { value: unknown }) => a.value)).toEqual(['TBD', 'Insulin Pump', 'LOT 24A113', '2025-01-09T07:59:59Z', ['Pain', 'Rash'], 3]);

    const bad = await put(intake!.guid, [
      { guid: A.complaintTitle, value: 'Line one\nline two' },
      { guid: A.becomeAwareDate, value: '08/01/2025' },
      { guid: A.reportable, value: 'Yes' },
      { guid: A.complaintDescription, value: 'Fine' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { code: number }) => e.code)).toEqual([2027, 2022, 2016]);
    expect((await stepsOf(guid))[0]?.attributes?.every((a) => a.value === null)).toBe(true);

    expect((await put(evaluation!.guid, [{ guid: A.reportable, value: 'Maybe' }])).json().errors[0]).toEqual({
      code: 2021,
      message: `The specified value "Maybe" is not a valid option for additional attribute "Reportable?" (guid ${A.reportable}).`,
    });
    expect((await put(evaluation!.guid, [{ guid: A.symptoms, value: ['Pain', 'Rash', 'Swelling', 'Bleeding', 'None'] }])).json().errors[0].code).toBe(2025);
  });

  it('completes and reopens steps and processes with Arena status rules', async () => {
    const { guid } = await createProcess();
    const steps = await stepsOf(guid);
    const change = (complete: boolean, step?: string) =>
      call('POST', '/qualityprocesses/statuschanges', { qualityProcess: { guid, ...(step ? { step: { guid: step } } : {}) }, complete, comment: 'test' });
    const code = async (p: ReturnType<typeof change>) => (await p).json().errors?.[0]?.code;

    const done = await change(true, steps[0]!.guid);
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ complete: true, comment: 'test', qualityProcess: { guid, currentStep: { guid: steps[1]!.guid } } });
    expect(await code(change(true, steps[0]!.guid))).toBe(3166);
    expect((await call('PUT', `/qualityprocesses/${guid}/steps/${steps[0]!.guid}`, { attributes: [] })).json().errors[0].code).toBe(3173);
    expect((await change(false, steps[0]!.guid)).statusCode).toBe(201);
    expect(await code(change(false, steps[0]!.guid))).toBe(3169);
    expect(await code(change(true, steps[3]!.guid))).toBe(3167);

    expect((await change(true)).json()).toMatchObject({ status: 'COMPLETED', completedDateTime: '2025-03-10T18:00:00Z' });
    expect(await code(change(true))).toBe(3290);
    expect((await call('PUT', `/qualityprocesses/${guid}`, { name: 'Renamed' })).json().errors[0].code).toBe(3172);
    expect(await code(change(true, steps[1]!.guid))).toBe(3165);
    expect((await change(false)).json().status).toBe('OPEN');
    expect(await code(change(false))).toBe(3291);
  });

  it('updates and deletes a process', async () => {
    const { guid } = await createProcess();
    const updated = await call('PUT', `/qualityprocesses/${guid}?setnull=true`, { name: 'Renamed', description: null, targetCompletionDateTime: '2025-04-09T00:00:00Z' });
    expect(updated.statusCode).toBe(201);
    expect(updated.json()).toMatchObject({ name: 'Renamed', description: null, targetCompletionDateTime: '2025-04-09T06:59:59Z' });
    expect((await call('DELETE', `/qualityprocesses/${guid}`)).statusCode).toBe(204);
    expect((await call('GET', `/qualityprocesses/${guid}`)).json().errors[0].code).toBe(3011);
  });

  it('counts requests per Pacific day and replies 429/4084 at zero', async () => {
    await emu.app.close();
    emu = createArenaEmulator({ email: EMAIL, password: PASSWORD, clock, requestLimit: 2 });
    token = await login();
    expect((await call('GET', '/settings/qualityprocesses/owners')).headers['x-arena-requests-remaining']).toBe('1');
    expect((await call('GET', '/settings/qualityprocesses/owners')).headers['x-arena-requests-remaining']).toBe('0');
    const refused = await call('GET', '/settings/qualityprocesses/owners');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0]).toEqual({
      code: 4084,
      message: 'You have exceeded your maximum of "2" requests during the last 24 hours. Additional requests can be made at "Tue, 11-Mar-2025 00:00:00 GMT-0700 (PDT)".',
    });
    clock.set('2025-03-11T07:00:00Z');
    token = await login();
    expect((await call('GET', '/settings/qualityprocesses/owners')).headers['x-arena-requests-remaining']).toBe('1');
  });

  it('fails injected calls but not logins, and resets to a fresh workspace', async () => {
    emu.control.failNext(1, { status: 503 });
    const failed = await call('GET', '/qualityprocesses');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ status: 503, errors: [{ code: 503 }] });
    expect((await call('GET', '/qualityprocesses')).statusCode).toBe(200);

    await createProcess();
    emu.control.reset();
    expect(emu.state.processes.size).toBe(0);
    expect((await call('GET', '/qualityprocesses')).statusCode).toBe(401);
    token = await login();
    expect((await createProcess()).number).toBe('CH-000001');
  });
});
