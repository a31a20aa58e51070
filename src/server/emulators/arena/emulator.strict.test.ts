import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { type ArenaEmulator, type ArenaEmulatorOptions, createArenaEmulator } from './emulator.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID, ATTRIBUTE_GUIDS as A, NUMBER_PREFIX_GUID, QUALITY_OWNER } from './fixtures.ts';
import { ARENA_EMULATOR_VARIANTS } from './variants.ts';

const EMAIL = 'integration@provider.example';
const PASSWORD = 'emulator-secret';
const JSON_TYPE = { 'content-type': 'application/json' };
const bare = { guid: ARENA_EMULATOR_TEMPLATE_GUID };
const template = { ...bare, numberFormat: { prefix: { guid: NUMBER_PREFIX_GUID } } };
type Attribute = { guid: string; value: unknown };
type StepView = { guid: string; name: string; attributes?: Attribute[] | null };

describe('Arena emulator: documented strictness', () => {
  const clock = fixedClock('2025-03-10T18:00:00Z');
  let emu: ArenaEmulator;
  let token: string;

  async function start(opts: Partial<ArenaEmulatorOptions> = {}) {
    emu = createArenaEmulator({ email: EMAIL, password: PASSWORD, clock, ...opts });
    const res = await emu.app.inject({ method: 'POST', url: '/v1/login', headers: JSON_TYPE, payload: { email: EMAIL, password: PASSWORD } });
    token = res.json<{ arenaSessionId: string }>().arenaSessionId;
  }
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = { ...JSON_TYPE, arena_session_id: token }) =>
    emu.app.inject({ method, url: `/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const remaining = async (res: Promise<{ headers: Record<string, unknown> }>) => Number((await res).headers['x-arena-requests-remaining']);
  async function created(body: Record<string, unknown> = {}) {
    const res = await call('POST', '/qualityprocesses', { name: 'Leak', template, ...body });
    expect(res.statusCode).toBe(201);
    return res.json<{ guid: string; number: string; owner: { guid: string } }>();
  }
  const steps = async (guid: string) => (await call('GET', `/qualityprocesses/${guid}/steps`)).json<{ results: StepView[] }>().results;

  afterEach(() => emu.app.close());

  it('refuses a create without owner when the template has no default owner, with the documented 400', async () => {
    await start({ variant: ARENA_EMULATOR_VARIANTS.noDefaultOwner });
    expect((await call('GET', `/settings/qualityprocesses/templates/${ARENA_EMULATOR_TEMPLATE_GUID}`)).json().defaultOwner).toBeNull();
    const refused = await call('POST', '/qualityprocesses', { name: 'Leak', template });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      status: 400,
      errors: [{ code: 400, message: 'Quality Processes cannot be created without an owner. No default owner is specified for this template and no owner was specified in the request body.' }],
    });
    expect((await created({ owner: { guid: QUALITY_OWNER.guid } })).owner.guid).toBe(QUALITY_OWNER.guid);
  });

  it('refuses a create without a number prefix: 3008, or 3176 when the template format has no default', async () => {
    await start();
    expect((await call('POST', '/qualityprocesses', { name: 'Leak', template: bare })).json().errors[0]).toEqual({ code: 3008, message: 'The number format is empty or not valid.' });
    await emu.app.close();
    await start({ variant: ARENA_EMULATOR_VARIANTS.noDefaultNumberFormat });
    expect((await call('GET', '/settings/qualityprocesses/templates')).json().results[0].defaultNumberFormat).toBeNull();
    expect((await call('POST', '/qualityprocesses', { name: 'Leak', template: bare })).json().errors[0]).toEqual({ code: 3176, message: 'Quality number formats does not have default number.' });
    const wrong = await call('POST', '/qualityprocesses', { name: 'Leak', template: { ...bare, numberFormat: { prefix: { guid: QUALITY_OWNER.guid } } } });
    expect(wrong.json().errors[0]).toEqual({ code: 3011, message: `The guid "${QUALITY_OWNER.guid}" is not valid.` });
    expect((await created()).number).toBe('CH-000001');
  });

  it('leaves empty attributes out of step lists and PUT replies unless a single step asks for them', async () => {
    await start({ variant: ARENA_EMULATOR_VARIANTS.omitEmptyAttributes });
    const { guid } = await created();
    const [intake, evaluation] = await steps(guid);
    expect(intake?.attributes).toBeNull();
    const put = await call('PUT', `/qualityprocesses/${guid}/steps/${evaluation!.guid}`, { attributes: [{ guid: A.reportable, value: 'TBD' }] });
    expect(put.json().attributes).toEqual([expect.objectContaining({ guid: A.reportable, value: 'TBD' })]);
    expect((await steps(guid))[1]?.attributes?.map((a) => a.guid)).toEqual([A.reportable]);

    const single = (query: string) => call('GET', `/qualityprocesses/${guid}/steps/${evaluation!.guid}${query}`);
    expect((await single('')).json().attributes).toHaveLength(1);
    const full = (await single('?includeEmptyAdditionalAttributes=true')).json().attributes as Attribute[];
    expect(full.map((a) => [a.guid, a.value])).toEqual([
      [A.reportable, 'TBD'],
      [A.product, null],
      [A.lotNumber, null],
      [A.eventDate, null],
      [A.symptoms, null],
      [A.unitsAffected, null],
    ]);
  });

  it('blanks an attribute on null only with ?setnull=true; without it the null is ignored', async () => {
    await start();
    const { guid } = await created();
    const intake = (await steps(guid))[0]!;
    const url = `/qualityprocesses/${guid}/steps/${intake.guid}`;
    await call('PUT', url, { attributes: [{ guid: A.complaintTitle, value: 'Leak' }, { guid: A.complainantName, value: 'Jane Doe' }] });
    const ignored = await call('PUT', url, { attributes: [{ guid: A.complaintTitle, value: null }, { guid: A.complainantName, value: 'Jane Roe' }] });
    expect(ignored.statusCode).toBe(201);
    expect((ignored.json().attributes as Attribute[]).slice(0, 3).map((a) => a.value)).toEqual(['Leak', null, 'Jane Roe']);
    await call('PUT', `${url}?setnull=true`, { attributes: [{ guid: A.complaintTitle, value: null }] });
    expect((await steps(guid))[0]?.attributes?.[0]?.value).toBeNull();
  });

  it('takes only a JSON number for a NUMBER attribute', async () => {
    await start();
    const { guid } = await created();
    const evaluation = (await steps(guid))[1]!;
    const put = (value: unknown) => call('PUT', `/qualityprocesses/${guid}/steps/${evaluation.guid}`, { attributes: [{ guid: A.unitsAffected, value }] });
    const text = await put('12');
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual([{ code: 2029, message: `The value "12" is not valid for additional attribute "Units Affected" (guid ${A.unitsAffected}) of Number type.` }]);
    expect((await put(true)).json().errors[0].code).toBe(2029);
    expect((await put(12.5)).json().attributes.find((a: Attribute) => a.guid === A.unitsAffected).value).toBe(12.5);
  });

  it('counts failed calls against the daily quota: every call but login', async () => {
    await start({ requestLimit: 10 });
    expect(await remaining(call('GET', '/settings/qualityprocesses/owners'))).toBe(9);
    expect(await remaining(call('GET', '/qualityprocesses', undefined, { ...JSON_TYPE, arena_session_id: 'expired' }))).toBe(8);
    expect(await remaining(call('GET', '/qualityprocesses', undefined, { arena_session_id: token }))).toBe(7);
    expect(await remaining(call('GET', '/items'))).toBe(6);
    expect(await remaining(call('GET', '/qualityprocesses/AAAAAAAAAAAAAAAAAAAA'))).toBe(5);
    expect(await remaining(emu.app.inject({ method: 'POST', url: '/v1/login', headers: JSON_TYPE, payload: { email: EMAIL, password: 'wrong' } }))).toBe(5);
  });

  it('disables the account for five minutes after repeated bad passwords (4083), refusing the right one meanwhile', async () => {
    await start();
    const login = (password: string) => emu.app.inject({ method: 'POST', url: '/v1/login', headers: JSON_TYPE, payload: { email: EMAIL, password } });
    const code = async (password: string) => (await login(password)).json<{ errors: { code: number; message: string }[] }>().errors?.[0]?.code ?? 200;
    for (let i = 0; i < 4; i++) expect(await code('wrong')).toBe(4001);
    const locked = await login('wrong');
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({ status: 400, errors: [{ code: 4083, message: 'Too many invalid password attempts, account disabled for five minutes.' }] });
    expect(await code(PASSWORD)).toBe(4083);
    clock.advance(5 * 60_000 - 1);
    expect(await code(PASSWORD)).toBe(4083);
    clock.advance(1);
    expect(await code(PASSWORD)).toBe(200);
    // A success starts the count again.
    for (let i = 0; i < 4; i++) expect(await code('wrong')).toBe(4001);
    expect(await code(PASSWORD)).toBe(200);
    expect(await code('wrong')).toBe(4001);
  });
});
