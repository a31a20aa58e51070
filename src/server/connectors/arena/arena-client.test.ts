import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Clock, fixedClock } from '../../lib/clock.ts';
import { type ArenaEmulator, type ArenaEmulatorOptions, createArenaEmulator } from '../../emulators/arena/emulator.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID, ATTRIBUTE_GUIDS as A, TEMPLATE, WORKSPACE } from '../../emulators/arena/fixtures.ts';
import { type ArenaClient, type ArenaClientOptions, createArenaClient } from './arena-client.ts';
import { ArenaError } from './arena-errors.ts';
import { parseArenaResetTime } from './arena-rate-limit.ts';

const EMAIL = 'integration@provider.example';
const PASSWORD = 'S3cret-integration-password';

type Running = ArenaEmulator & { baseUrl: string };

async function startEmulator(opts: Partial<ArenaEmulatorOptions> = {}): Promise<Running> {
  const emulator = createArenaEmulator({ email: EMAIL, password: PASSWORD, ...opts });
  const address = await emulator.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...emulator, baseUrl: `${address}/v1` };
}

/** Passes calls to the real fetch and remembers what was sent. */
function recordingFetch() {
  const calls: { method: string; path: string; headers: Headers; body: unknown }[] = [];
  const record: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, headers: new Headers(init?.headers), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return fetch(input, init);
  };
  return { fetch: record, calls };
}

async function failure(promise: Promise<unknown>): Promise<ArenaError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArenaError);
  return err as ArenaError;
}

describe('Arena client against the emulator', () => {
  let emu: Running;
  let spy: ReturnType<typeof recordingFetch>;
  let client: ArenaClient;
  const connect = (opts: Partial<ArenaClientOptions> = {}, target: Running = emu) =>
    createArenaClient({ baseUrl: target.baseUrl, email: EMAIL, password: PASSWORD, workspaceId: String(WORKSPACE.id), fetch: spy.fetch, ...opts });

  beforeAll(async () => {
    emu = await startEmulator();
  });
  afterAll(() => emu.app.close());
  beforeEach(() => {
    emu.control.reset();
    spy = recordingFetch();
    client = connect();
  });

  it('logs in lazily with the workspace as a number and sends the session header and JSON content type', async () => {
    expect(spy.calls).toHaveLength(0);
    await client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    const [login, call] = spy.calls;
    expect(login).toMatchObject({ method: 'POST', path: '/v1/login', body: { email: EMAIL, password: PASSWORD, workspaceId: WORKSPACE.id } });
    expect(call?.path).toBe(`/v1/settings/qualityprocesses/templates/${ARENA_EMULATOR_TEMPLATE_GUID}`);
    expect(call?.headers.get('arena_session_id')).toBe([...emu.state.sessions.keys()][0]);
    for (const c of spy.calls) expect(c.headers.get('content-type')).toBe('application/json');
  });

  it('describes the template REGULAR steps with their attribute definitions', async () => {
    const steps = await client.getTemplateSteps(ARENA_EMULATOR_TEMPLATE_GUID);
    expect(steps.map((s) => [s.order, s.name])).toEqual([
      [1, 'Complaint Intake'],
      [2, 'Evaluation'],
      [3, 'Investigation'],
    ]);
    expect(steps[0]?.guid).toBe(TEMPLATE.steps[0]?.guid);
    expect(steps[0]?.attributes[0]).toEqual({ guid: A.complaintTitle, name: 'Complaint Title', type: 'SINGLE_LINE_TEXT', required: true });
    expect(steps[0]?.attributes[1]).toEqual({ guid: A.becomeAwareDate, name: 'Become Aware Date', type: 'DATE', required: true });
    expect(steps[1]?.attributes).toContainEqual({ guid: A.reportable, name: 'Reportable?', type: 'FIXED_DROP_DOWN', required: false, possibleValues: ['Yes', 'No', 'TBD'], multiSelect: false });
    expect(steps[1]?.attributes.find((a) => a.name === 'Symptoms')).toMatchObject({ multiSelect: true, possibleValues: expect.arrayContaining(['Pain']) });
    expect(steps[1]?.attributes.find((a) => a.name === 'Product')).toMatchObject({ type: 'DROP_DOWN', possibleValues: expect.arrayContaining(['Insulin Pump']) });
  });

  it('creates numbered processes whose steps carry new GUIDs and the template attribute GUIDs; updates show in getSteps', async () => {
    const first = await client.createQualityProcess({ name: 'Complaint - infusion set leak', description: 'From the portal', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID, targetCompletionDateTime: new Date('2025-02-09T00:00:00Z') });
    expect(first).toMatchObject({ number: 'CH-000001', status: 'OPEN', description: 'From the portal', targetCompletionDateTime: '2025-02-09T07:59:59Z', owner: { fullName: 'Quality Owner' } });
    expect((await client.createQualityProcess({ name: 'Second', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID })).number).toBe('CH-000002');

    const steps = await client.getSteps(first.guid);
    expect(steps.map((s) => s.name)).toEqual(TEMPLATE.steps.map((s) => s.name));
    for (const [i, step] of steps.entries()) {
      expect(step.guid).toMatch(/^[0-9A-Z]{20}$/);
      expect(step.guid).not.toBe(TEMPLATE.steps[i]?.guid);
      expect(step.attributes.map((a) => a.guid)).toEqual(TEMPLATE.steps[i]?.attributeGuids);
      expect(step.status).toBe('OPEN');
    }
    expect(steps[0]?.attributes.every((a) => a.value === null)).toBe(true);

    const updated = await client.updateStep(first.guid, steps[0]!.guid, {
      attributes: [
        { guid: A.complaintTitle, value: 'Infusion set leak' },
        { guid: A.becomeAwareDate, value: '2025-01-08T12:00:00Z' },
      ],
    });
    expect(updated.attributes[0]).toMatchObject({ name: 'Complaint Title', value: 'Infusion set leak' });
    await client.updateStep(first.guid, steps[1]!.guid, { attributes: [{ guid: A.symptoms, value: ['Pain', 'Rash'] }] });

    const after = await client.getSteps(first.guid);
    expect(after[0]?.attributes.slice(0, 2).map((a) => a.value)).toEqual(['Infusion set leak', '2025-01-09T07:59:59Z']);
    expect(after[1]?.attributes.find((a) => a.guid === A.symptoms)?.value).toEqual(['Pain', 'Rash']);

    await client.updateStep(first.guid, steps[0]!.guid, { attributes: [{ guid: A.complaintTitle, value: null }] });
    expect(spy.calls.at(-1)?.path).toContain('setnull=true');
    expect((await client.getSteps(first.guid))[0]?.attributes[0]?.value).toBeNull();
  });

  it('finds, reads and deletes processes', async () => {
    const created = await client.createQualityProcess({ name: 'Pump alarm', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID });
    expect(await client.findQualityProcesses({ number: 'CH-*', status: '!COMPLETED', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID, limit: 10 })).toMatchObject({ count: 1, results: [{ guid: created.guid }] });
    expect((await client.getQualityProcess(created.guid)).name).toBe('Pump alarm');
    await client.deleteQualityProcess(created.guid);
    const err = await failure(client.getQualityProcess(created.guid));
    expect(err).toMatchObject({ kind: 'not_found', status: 400, codes: [3011], message: `Arena rejected the request: The guid "${created.guid}" is not valid.` });
  });

  it("turns Arena's validation errors into ArenaError with Arena's messages", async () => {
    const { guid } = await client.createQualityProcess({ name: 'Validation', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID });
    const evaluation = (await client.getSteps(guid))[1]!;
    const err = await failure(
      client.updateStep(guid, evaluation.guid, {
        attributes: [
          { guid: A.reportable, value: 'Maybe' },
          { guid: A.eventDate, value: 'yesterday' },
        ],
      }),
    );
    expect(err.kind).toBe('validation');
    expect(err.codes).toEqual([2021, 2022]);
    expect(err.message).toBe(
      `Arena rejected the request: The specified value "Maybe" is not a valid option for additional attribute "Reportable?" (guid ${A.reportable}). The value "yesterday" is not valid for additional attribute "Event Date" (guid ${A.eventDate}) of Date type.`,
    );
    expect((await failure(client.createQualityProcess({ name: ' ', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID }))).codes).toEqual([3001]);
  });

  it('logs in again transparently when the session expired or was replaced', async () => {
    await client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    emu.control.expireSessions();
    await client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    expect(emu.state.logins).toBe(2);

    // Another login as the same user revokes ours (Arena allows one session per user).
    await connect().getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    await client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    expect(emu.state.logins).toBe(4);
    expect(spy.calls.filter((c) => c.path === '/v1/login')).toHaveLength(4);
  });

  it('shares one login between concurrent calls', async () => {
    await Promise.all([
      client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID),
      client.getStepAttributeDefinitions(),
      client.findQualityProcesses(),
      client.getTemplateSteps(ARENA_EMULATOR_TEMPLATE_GUID),
    ]);
    expect(emu.state.logins).toBe(1);
    expect(spy.calls.filter((c) => c.path === '/v1/login')).toHaveLength(1);
  });

  it("reports a wrong password as a refused sign-in with Arena's code and without the password", async () => {
    const wrong = 'Wrong-password-123';
    const err = await failure(connect({ password: wrong }).getTemplate(ARENA_EMULATOR_TEMPLATE_GUID));
    expect(err).toMatchObject({ kind: 'signin_paused', codes: [4001] });
    expect(err.message).toMatch(/^Arena refused the integration user's sign-in \(4001\); next try at \d\d:\d\d UTC\.$/);
    expect(err.message).not.toContain(wrong);
  });

  it('maps injected failures: 503 to unavailable, 400 with a code to validation, 429 to rate_limited', async () => {
    await client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    emu.control.failNext(1, { status: 503, message: 'Arena is down for maintenance.' });
    expect(await failure(client.findQualityProcesses())).toMatchObject({ kind: 'unavailable', status: 503, message: 'Arena is unavailable: Arena is down for maintenance.' });
    emu.control.failNext(1, { status: 400, code: 3176, message: 'The template number format has no default.' });
    expect(await failure(client.createQualityProcess({ name: 'x', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID }))).toMatchObject({ kind: 'validation', codes: [3176] });
    emu.control.failNext(1, { status: 429, code: 4084, message: 'You have exceeded your maximum.' });
    expect(await failure(client.findQualityProcesses())).toMatchObject({ kind: 'rate_limited', codes: [4084] });
    expect((await client.findQualityProcesses()).count).toBe(0);
  });

  it('gives up after timeoutMs with kind timeout', async () => {
    const quick = connect({ timeoutMs: 100 });
    await quick.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    emu.control.setLatency(400);
    const err = await failure(quick.findQualityProcesses());
    emu.control.setLatency(0);
    expect(err).toMatchObject({ kind: 'timeout', status: null, message: 'Arena did not reply in time: no response within 100 ms.' });
  });

  it('reports an unreachable Arena as unavailable', async () => {
    const gone = await startEmulator();
    await gone.app.close();
    const err = await failure(connect({}, gone).getTemplate(ARENA_EMULATOR_TEMPLATE_GUID));
    expect(err).toMatchObject({ kind: 'unavailable', status: null });
    expect(err.message).toMatch(/^Arena could not be reached: .*ECONNREFUSED/);
  });

  it('replies 415 to a request without the JSON content type', async () => {
    const res = await fetch(`${emu.baseUrl}/login`, { method: 'POST', body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ status: 415, errors: [{ code: 415 }] });
    expect((await fetch(`${emu.baseUrl}/qualityprocesses`)).status).toBe(415);
  });

  it('logs out and signs in again on the next call', async () => {
    await client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    await client.logout();
    expect(spy.calls.at(-1)).toMatchObject({ method: 'PUT', path: '/v1/logout' });
    expect(emu.state.sessions.size).toBe(0);
    await client.logout();
    await client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    expect(emu.state.logins).toBe(2);
  });
});

describe('Arena client sessions and quota over time', () => {
  let emu: Running;
  let clock: Clock & { set(d: string): void; advance(ms: number): void };
  const spy = recordingFetch();
  beforeEach(async () => {
    clock = fixedClock('2025-03-10T18:00:00Z');
    emu = await startEmulator({ clock, requestLimit: 3 });
  });
  afterEach(() => emu.app.close());
  const connect = () => createArenaClient({ baseUrl: emu.baseUrl, email: EMAIL, password: PASSWORD, clock, fetch: spy.fetch });

  it('signs in again after 90 idle minutes', async () => {
    const client = connect();
    await client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    clock.advance(91 * 60_000);
    await client.getTemplate(ARENA_EMULATOR_TEMPLATE_GUID);
    expect(emu.state.logins).toBe(2);
  });

  it('stops calling when no requests remain and resumes after the reset time', async () => {
    const client = connect();
    for (let i = 0; i < 3; i += 1) await client.findQualityProcesses();
    const sent = spy.calls.length;
    const err = await failure(client.findQualityProcesses());
    expect(err).toMatchObject({ kind: 'rate_limited', status: null });
    expect(err.message).toContain('2025-03-11T07:00:00.000Z');
    expect(spy.calls).toHaveLength(sent);
    expect(emu.state.requests).toBe(3);

    clock.set('2025-03-11T07:00:01Z');
    await expect(client.findQualityProcesses()).resolves.toMatchObject({ count: 0 });
  });
});

describe('parseArenaResetTime', () => {
  it("reads Arena's header date style and plain HTTP dates", () => {
    expect(parseArenaResetTime('Fri, 02-May-2014 14:22:13 GMT-0700 (PDT)')?.toISOString()).toBe('2014-05-02T21:22:13.000Z');
    expect(parseArenaResetTime('Tue, 11 Mar 2025 07:00:00 GMT')?.toISOString()).toBe('2025-03-11T07:00:00.000Z');
    expect(parseArenaResetTime('soon')).toBeNull();
    expect(parseArenaResetTime(null)).toBeNull();
  });
});
