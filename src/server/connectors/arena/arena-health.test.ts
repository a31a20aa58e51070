import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createArenaEmulator } from '../../emulators/arena/emulator.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID as TEMPLATE_GUID, NUMBER_PREFIX_GUID, QA_MANAGER, QUALITY_OWNER } from '../../emulators/arena/fixtures.ts';
import { ARENA_EMULATOR_VARIANTS, type ArenaEmulatorVariant } from '../../emulators/arena/variants.ts';
import { fixedClock } from '../../lib/clock.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { createArenaClient } from './arena-client.ts';
import { createArenaHealth } from './arena-health.ts';
import type { ArenaSetupToCheck } from './arena-setup-check.ts';

const EMAIL = 'integration@provider.example';
const PASSWORD = 'S3cret-integration-password';
const clock = fixedClock('2025-03-10T18:00:00Z');
const NOT_AN_OWNER = 'ZZZZZZZZZZZZZZZZZZZZ';

function recordingLog() {
  const entries: { label: 'success' | 'error'; description: string }[] = [];
  const log: SystemLog = {
    success: async (_process, description) => void entries.push({ label: 'success', description }),
    error: async (_process, description) => void entries.push({ label: 'error', description }),
  };
  return { log, entries };
}

describe('Arena set-up check', () => {
  const emulators: { app: { close(): Promise<void> } }[] = [];
  async function arenaAt(variant: ArenaEmulatorVariant, port = 0): Promise<string> {
    const emulator = createArenaEmulator({ email: EMAIL, password: PASSWORD, clock, variant, requestLimit: 500 });
    emulators.push(emulator);
    return `${await emulator.app.listen({ host: '127.0.0.1', port })}/v1`;
  }
  function monitor(baseUrl: string, setup: Partial<ArenaSetupToCheck> = {}) {
    const { log, entries } = recordingLog();
    const client = createArenaClient({ baseUrl, email: EMAIL, password: PASSWORD, clock });
    return { entries, health: createArenaHealth({ client, setup: { templateGuid: TEMPLATE_GUID, ...setup }, log, clock, retryMs: 10 }) };
  }
  let friendly: string;
  let strictest: string;

  beforeAll(async () => {
    friendly = await arenaAt(ARENA_EMULATOR_VARIANTS.friendly);
    strictest = await arenaAt(ARENA_EMULATOR_VARIANTS.strictest);
  });
  afterAll(() => Promise.all(emulators.map((e) => e.app.close())));

  it('finds nothing wrong with the defaults of a friendly template, and reports session and quota', async () => {
    const { health, entries } = monitor(friendly);
    expect(health.arenaHealth()).toEqual({ checkedAt: null, ok: false, problems: [], session: 'none', requestsRemaining: null, resetsAt: null, signInPaused: null });
    expect(await health.check()).toEqual({
      checkedAt: clock.now(),
      ok: true,
      problems: [],
      session: 'active',
      requestsRemaining: expect.any(Number),
      resetsAt: new Date('2025-03-11T07:00:00Z'),
      signInPaused: null,
    });
    expect(entries).toEqual([]);
  });

  it('says that every create will fail without an owner or prefix where the template has no default, once in the log', async () => {
    const { health, entries } = monitor(strictest);
    const { ok, problems } = await health.check();
    expect(ok).toBe(false);
    expect(problems).toEqual([
      'ARENA_OWNER_GUID is not set and the template "Complaint Handling (CH) Template" has no default owner, so Arena will refuse every new quality process ("Quality Processes cannot be created without an owner"). Set ARENA_OWNER_GUID to one of Arena\'s quality-process owners.',
      `ARENA_NUMBER_PREFIX_GUID is not set and the template "Complaint Handling (CH) Template" has no default number format with a prefix, so Arena will refuse every new quality process. Set it to one of the template's prefixes: CH- ${NUMBER_PREFIX_GUID}.`,
    ]);
    await health.check();
    expect(entries).toEqual(problems.map((description) => ({ label: 'error', description })));
  });

  it('accepts a configured owner and prefix Arena knows', async () => {
    const { health } = monitor(strictest, { ownerGuid: QA_MANAGER.guid, numberPrefixGuid: NUMBER_PREFIX_GUID });
    expect(await health.check()).toMatchObject({ ok: true, problems: [] });
  });

  it('names a wrong owner, prefix or template', async () => {
    const wrong = await monitor(friendly, { ownerGuid: NOT_AN_OWNER, numberPrefixGuid: QUALITY_OWNER.guid }).health.check();
    expect(wrong.problems).toEqual([
      `ARENA_OWNER_GUID ${NOT_AN_OWNER} is not one of Arena's quality-process owners, so Arena will refuse every new quality process. Use the GUID of a user listed under Settings › Quality Processes › Owners.`,
      `ARENA_NUMBER_PREFIX_GUID ${QUALITY_OWNER.guid} is not a number prefix of the template "Complaint Handling (CH) Template" (its prefixes: CH- ${NUMBER_PREFIX_GUID}), so Arena will refuse every new quality process.`,
    ]);
    const template = await monitor(friendly, { templateGuid: NOT_AN_OWNER }).health.check();
    expect(template.problems).toEqual([`ARENA_TEMPLATE_GUID ${NOT_AN_OWNER} names no quality-process template in Arena (Arena rejected the request: The guid "${NOT_AN_OWNER}" is not valid.).`]);
  });

  it('logs the return to a good set-up', async () => {
    const { log, entries } = recordingLog();
    const setup = { templateGuid: TEMPLATE_GUID, ownerGuid: NOT_AN_OWNER as string | undefined };
    const health = createArenaHealth({ client: createArenaClient({ baseUrl: friendly, email: EMAIL, password: PASSWORD, clock }), setup, log, clock });
    await health.check();
    setup.ownerGuid = undefined;
    await health.check();
    expect(entries.map((e) => e.label)).toEqual(['error', 'success']);
    expect(entries[1]?.description).toBe('Arena set-up checked: the template, owner and number prefix are accepted.');
  });

  it('starts in the background: an unreachable Arena never holds up the start, and is checked again', async () => {
    const gone = createArenaEmulator({ email: EMAIL, password: PASSWORD });
    const url = `${await gone.app.listen({ host: '127.0.0.1', port: 0 })}/v1`;
    await gone.app.close();
    const { health, entries } = monitor(url);
    health.start();
    expect(health.arenaHealth().checkedAt).toBeNull();
    await vi.waitFor(() => expect(health.arenaHealth().checkedAt).not.toBeNull());
    expect(health.arenaHealth()).toMatchObject({ ok: false, session: 'none', problems: [expect.stringMatching(/^The Arena set-up could not be checked: Arena could not be reached: .*ECONNREFUSED/)] });

    await arenaAt(ARENA_EMULATOR_VARIANTS.friendly, Number(new URL(url).port));
    await vi.waitFor(() => expect(health.arenaHealth().ok).toBe(true));
    health.stop();
    expect(entries.map((e) => e.label)).toEqual(['error', 'success']);
  });
});
