import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArenaEmulator } from '../../emulators/arena/emulator.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID as TEMPLATE_GUID, ATTRIBUTE_GUIDS as A, NUMBER_PREFIX_GUID, QUALITY_OWNER } from '../../emulators/arena/fixtures.ts';
import { ARENA_EMULATOR_VARIANTS, type ArenaEmulatorVariantName } from '../../emulators/arena/variants.ts';
import { type ArenaClientOptions, createArenaClient } from './arena-client.ts';
import type { ArenaError } from './arena-errors.ts';

const EMAIL = 'integration@provider.example';
const PASSWORD = 'S3cret-integration-password';
const variants = Object.keys(ARENA_EMULATOR_VARIANTS) as ArenaEmulatorVariantName[];

describe.each(variants)('Arena client against the %s workspace', (variant) => {
  const emulator = createArenaEmulator({ email: EMAIL, password: PASSWORD, variant: ARENA_EMULATOR_VARIANTS[variant] });
  let baseUrl: string;
  const sent: { method: string; path: string; body: unknown }[] = [];
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    sent.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return fetch(input, init);
  };
  const connect = (opts: Partial<ArenaClientOptions> = {}) =>
    createArenaClient({ baseUrl, email: EMAIL, password: PASSWORD, ownerGuid: QUALITY_OWNER.guid, numberPrefixGuid: NUMBER_PREFIX_GUID, fetch: recording, ...opts });

  beforeAll(async () => {
    baseUrl = `${await emulator.app.listen({ host: '127.0.0.1', port: 0 })}/v1`;
  });
  afterAll(() => emulator.app.close());

  it('creates with the configured owner and number prefix, and fills and blanks step values', async () => {
    const client = connect();
    const process = await client.createQualityProcess({ name: 'Infusion set leak', templateGuid: TEMPLATE_GUID });
    expect(process).toMatchObject({ number: expect.stringMatching(/^CH-\d{6}$/), owner: { guid: QUALITY_OWNER.guid } });
    expect(sent.find((c) => c.method === 'POST' && c.path === '/v1/qualityprocesses')?.body).toMatchObject({
      owner: { guid: QUALITY_OWNER.guid },
      template: { guid: TEMPLATE_GUID, numberFormat: { prefix: { guid: NUMBER_PREFIX_GUID } } },
    });

    const [intake, evaluation] = await client.getSteps(process.guid);
    expect(intake?.attributes.every((a) => a.value === null)).toBe(true);
    await client.updateStep(process.guid, intake!.guid, { attributes: [{ guid: A.complaintTitle, value: 'Leak' }, { guid: A.complainantName, value: 'Jane Doe' }] });
    // Numeric text for a NUMBER attribute goes as a JSON number.
    await client.updateStep(process.guid, evaluation!.guid, { attributes: [{ guid: A.unitsAffected, value: ' 12 ' }] });
    await client.updateStep(process.guid, intake!.guid, { attributes: [{ guid: A.complainantName, value: null }] });

    const after = await client.getSteps(process.guid);
    const value = (step: number, guid: string) => after[step]?.attributes.find((a) => a.guid === guid)?.value ?? null;
    expect([value(0, A.complaintTitle), value(0, A.complainantName), value(1, A.unitsAffected)]).toEqual(['Leak', null, 12]);
    expect(sent.filter((c) => c.method === 'PUT').map((c) => c.body)).toContainEqual({ attributes: [{ guid: A.unitsAffected, value: 12 }] });
  });

  it('reads the attribute types before its first update, and passes Arena’s refusal of non-numeric text on', async () => {
    const client = connect();
    const { guid } = await client.createQualityProcess({ name: 'Pump alarm', templateGuid: TEMPLATE_GUID });
    const evaluation = (await client.getSteps(guid))[1]!;
    const before = sent.length;
    const err = await client.updateStep(guid, evaluation.guid, { attributes: [{ guid: A.unitsAffected, value: 'twelve' }] }).catch((e: ArenaError) => e);
    expect(sent.slice(before).map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual(['GET /v1/settings/qualityprocesses/steps/attributes', `PUT /v1/qualityprocesses/${guid}/steps/${evaluation.guid}`]);
    expect(err).toMatchObject({ kind: 'validation', codes: [2029], message: `Arena rejected the request: The value "twelve" is not valid for additional attribute "Units Affected" (guid ${A.unitsAffected}) of Number type.` });
  });

  it('describes the template steps whatever the workspace shows of empty attributes', async () => {
    const steps = await connect().getTemplateSteps(TEMPLATE_GUID);
    expect(steps[1]?.attributes.find((a) => a.guid === A.unitsAffected)).toEqual({ guid: A.unitsAffected, name: 'Units Affected', type: 'NUMBER', required: false });
  });

  it("without owner and prefix settings, sends the default format's first prefix and creates only where the template has both defaults", async () => {
    const bare = connect({ ownerGuid: undefined, numberPrefixGuid: undefined });
    const attempt = bare.createQualityProcess({ name: 'No settings', templateGuid: TEMPLATE_GUID });
    const { noDefaultOwner, noDefaultNumberFormat } = ARENA_EMULATOR_VARIANTS[variant] as { noDefaultOwner?: boolean; noDefaultNumberFormat?: boolean };
    if (noDefaultNumberFormat) await expect(attempt).rejects.toMatchObject({ kind: 'validation', message: `No number prefix to send to Arena: ARENA_NUMBER_PREFIX_GUID is not set and the quality-process template ${TEMPLATE_GUID} has no default number format with a prefix.` });
    else if (noDefaultOwner) await expect(attempt).rejects.toMatchObject({ kind: 'validation', message: expect.stringContaining('Quality Processes cannot be created without an owner') });
    else await expect(attempt).resolves.toMatchObject({ owner: { fullName: 'Quality Owner' } });
  });
});
