import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createArenaClient } from '../../connectors/arena/index.ts';
import { createJotformClient } from '../../connectors/jotform/index.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID, ARENA_EMULATOR_VARIANTS, ATTRIBUTE_GUIDS, type ArenaEmulatorOptions, createArenaEmulator } from '../../emulators/arena/index.ts';
import { DEMO_AWARE_DATE_QID, type JotformEmulatorOptions, createJotformEmulator } from '../../emulators/jotform/index.ts';
import { systemClock } from '../../lib/clock.ts';
import { startSmtpSink } from '../../../../tests/support/smtp-sink.ts';
import { createDatabase, databaseServer } from '../../../../tests/support/test-app.ts';
import { type ArenaCheckDeps, checkArena } from './arena-checks.ts';
import { checkJotform } from './jotform-checks.ts';
import { type CheckLine, formatLine } from './lines.ts';
import { openPortalDatabase, readMappedAttributes } from './mappings.ts';
import { checkMail } from './run.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const text = (lines: CheckLine[]) => lines.map(formatLine);

async function jotformChecks(emulator: Partial<JotformEmulatorOptions> = {}, opts: { key?: string; formId?: string; awareDateQid?: string } = {}) {
  const emu = createJotformEmulator({ apiKey: 'right-key-0123456789', ...emulator });
  const url = await emu.listen();
  closers.push(() => emu.close());
  const jotform = createJotformClient({ apiKey: opts.key ?? 'right-key-0123456789', baseUrl: url, sleep: async () => {} });
  return text(
    await checkJotform({
      jotform,
      formId: opts.formId ?? emu.formId,
      awareDateQid: 'awareDateQid' in opts ? opts.awareDateQid : DEMO_AWARE_DATE_QID,
      timeZone: 'America/New_York',
      rereadDays: 7,
      clock: systemClock,
    }),
  );
}

const USER = { email: 'integration@test.example', password: 'the-Arena-password-1' };

async function arenaChecks(opts: { emulator?: Partial<ArenaEmulatorOptions>; password?: string; before?: (emu: ReturnType<typeof createArenaEmulator>) => void } & Partial<ArenaCheckDeps> = {}) {
  const emu = createArenaEmulator({ ...USER, ...opts.emulator });
  const url = await emu.app.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => emu.app.close());
  opts.before?.(emu);
  const arena = createArenaClient({ baseUrl: `${url}/v1`, email: USER.email, password: opts.password ?? USER.password, timeoutMs: 5_000 });
  return text(
    await checkArena({
      arena,
      email: USER.email,
      workspaceId: '898765432',
      templateGuid: ARENA_EMULATOR_TEMPLATE_GUID,
      ownerGuid: undefined,
      numberPrefixGuid: undefined,
      mappings: { none: 'no database in this test' },
      session: { kind: 'emulator' },
      ...opts,
    }),
  );
}

describe('check:outside, JotForm', () => {
  it('reads the key, time zone, form, questions, newest submission and the updated_at filter', async () => {
    expect(await jotformChecks()).toEqual([
      expect.stringMatching(/^OK JotForm key: accepted for account "\w+", [\d,]+ calls left today$/),
      'OK JotForm time zone: America/New_York, as JOTFORM_TIMEZONE says',
      expect.stringMatching(/^OK JotForm form: "Complaint Form - BTS" \d+, \d+ submissions, ENABLED$/),
      expect.stringMatching(/^OK JotForm questions: \d+ questions; the become-aware date is question \d+ "Date you became aware" \(control_datetime\)$/),
      expect.stringMatching(/^OK JotForm submission: newest \d+ of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(America\/New_York\), \d+ answers read$/),
      'OK JotForm updated_at filter: honoured: each poll reads only what changed since the last',
    ]);
  });

  it('says when JotForm ignores the updated_at filter, which is no failure', async () => {
    expect(await jotformChecks({ ignoresUpdatedAtFilter: true })).toContain(
      'OK JotForm updated_at filter: ignored by JotForm: each poll re-reads the last 7 days of submissions (SYNC_REREAD_DAYS) to catch edits',
    );
  });

  it('fails a refused key and checks nothing after it', async () => {
    expect(await jotformChecks({}, { key: 'wrong-key-0123456789' })).toEqual([
      'FAIL JotForm key: JotForm refused the API key.',
      ...['time zone', 'form', 'questions', 'submission', 'updated_at filter'].map((c) => `FAIL JotForm ${c}: not checked: the JotForm key was not accepted`),
    ]);
  });

  it('fails on a used-up daily limit', async () => {
    const [key] = await jotformChecks({ dailyLimit: 0 });
    expect(key).toBe('FAIL JotForm key: JotForm’s daily API limit is used up; calls work again after midnight US-Eastern.');
  });

  it('fails a form the key cannot see, an awareness question that is not on the form, and a time zone that differs', async () => {
    const unknownForm = await jotformChecks({}, { formId: '999' });
    expect(unknownForm[2]).toBe('FAIL JotForm form: JotForm refused access to form 999: it does not exist or the API key cannot see it.');
    expect(unknownForm[3]).toBe('FAIL JotForm questions: not checked: JOTFORM_FORM_ID 999 could not be read');

    const noQuestion = await jotformChecks({}, { awareDateQid: '77' });
    expect(noQuestion[3]).toMatch(/^FAIL JotForm questions: JOTFORM_AWARE_DATE_QID 77 is not a question of the form \(its date questions: .*"Date you became aware".*\)$/);

    const zone = await jotformChecks({ timeZone: 'Europe/Berlin' });
    expect(zone[1]).toBe(
      'FAIL JotForm time zone: the account\'s time zone is Europe/Berlin but JOTFORM_TIMEZONE is America/New_York: every submission time would be read wrong. Set JOTFORM_TIMEZONE=Europe/Berlin.',
    );
  });
});

describe('check:outside, Arena', () => {
  it('reads the sign-in, workspace, template, owner, prefix and quota, creating nothing', async () => {
    let created = -1;
    const lines = await arenaChecks({ before: (emu) => closers.push(async () => (created = emu.state.processes.size)) });
    expect(lines).toEqual([
      `OK Arena sign-in: signed in as ${USER.email}`,
      'OK Arena workspace: "Provider Quality (emulated)" 898765432 (ARENA_WORKSPACE_ID)',
      expect.stringMatching(/^OK Arena template: "Complaint Handling \(CH\) Template" \w{20}, \d+ steps with fields$/),
      expect.stringMatching(/^OK Arena owner: Quality Owner \w{20} \(the template's default owner\)$/),
      expect.stringMatching(/^OK Arena number prefix: CH- \w{20} \(the first prefix of the template's default number format\)$/),
      expect.stringMatching(/^OK Arena quota: 9,99\d requests left today; it starts again at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
      'OK Arena step attributes: no mappings checked (no database in this test)',
    ]);
    await closers.pop()?.();
    expect(created).toBe(0);
  });

  it('fails a refused sign-in with Arena’s code and the 4083 warning, without the password', async () => {
    const lines = await arenaChecks({ password: 'not-the-password-9' });
    expect(lines[0]).toMatch(/^FAIL Arena sign-in: Arena refused the credentials: The username, password or workspace ID is not valid.* \(4001\)\. Arena refused the integration user's sign-in \(4001\); next try at \d\d:\d\d UTC\. Fix the credentials before trying again: after repeated refusals Arena disables the integration account for five minutes \(4083\)\.$/);
    expect(lines.slice(1)).toEqual(['workspace', 'template', 'owner', 'number prefix', 'quota', 'step attributes'].map((c) => `FAIL Arena ${c}: not checked: Arena did not accept the sign-in`));
    expect(lines.join('\n')).not.toContain('not-the-password-9');
  });

  it('fails an unknown template, an owner who may not own processes, and a template without owner or prefix', async () => {
    const template = await arenaChecks({ templateGuid: 'ZZZZZZZZZZZZZZZZZZZZ' });
    expect(template[2]).toMatch(/^FAIL Arena template: ARENA_TEMPLATE_GUID ZZZZZZZZZZZZZZZZZZZZ names no quality-process template in Arena \(Arena rejected the request: The guid "ZZZZZZZZZZZZZZZZZZZZ" is not valid\.\)\.$/);
    expect(template[3]).toBe('FAIL Arena owner: not checked: the template could not be read');

    const owner = await arenaChecks({ ownerGuid: 'AAAAAAAAAAAAAAAAAAAA' });
    expect(owner[3]).toMatch(/^FAIL Arena owner: ARENA_OWNER_GUID AAAAAAAAAAAAAAAAAAAA is not one of Arena's quality-process owners/);

    const strict = await arenaChecks({ emulator: { variant: ARENA_EMULATOR_VARIANTS.strictest } });
    expect(strict[3]).toMatch(/^FAIL Arena owner: ARENA_OWNER_GUID is not set and the template "Complaint Handling \(CH\) Template" has no default owner/);
    expect(strict[4]).toMatch(/^FAIL Arena number prefix: ARENA_NUMBER_PREFIX_GUID is not set and the template "Complaint Handling \(CH\) Template" has no default number format with a prefix, .* Set it to one of the template's prefixes: CH- \w{20}\.$/);
  });

  it('fails when the daily quota is used up, and when Arena fails to reply', async () => {
    const quota = await arenaChecks({ emulator: { requestLimit: 1 } });
    expect(quota[5]).toMatch(/^FAIL Arena quota: no requests left of the workspace's daily quota; it starts again at .* UTC: every transfer fails until then$/);

    const down = await arenaChecks({ before: (emu) => emu.control.failNext(1, { status: 503 }) });
    expect(down[2]).toBe('FAIL Arena template: Arena is unavailable: The service is temporarily unavailable. Please try again later.');
  });

  it('checks the step attributes the field mappings write, read from DATABASE_URL', async () => {
    const db = await createDatabase(databaseServer().template);
    closers.push(() => db.drop());
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const insert = (id: string, guid: string, name: string) =>
      client.query(`insert into field_mappings (id, arena_field_guid, name, form_field_qid) values ($1, $2, $3, '[]')`, [id, guid, name]);
    await insert('m1', ATTRIBUTE_GUIDS.becomeAwareDate, 'Become Aware Date');
    const read = async () => {
      const portal = await openPortalDatabase({ DATABASE_URL: db.url, DATA_DIR: '/nonexistent', EMBEDDED_PG_PORT: undefined });
      try {
        return await readMappedAttributes(portal);
      } finally {
        if ('close' in portal) await portal.close();
      }
    };
    const good = await read();
    const ok = await arenaChecks({ mappings: good });
    expect(ok[6]).toMatch(/^OK Arena step attributes: all 1 field mappings of the database at [^ ]+ write attributes of the template's steps: Become Aware Date in ".*" \(DATE\)$/);

    await insert('m2', 'QQQQQQQQQQQQQQQQQQQQ', 'Lot number');
    await client.end();
    const bad = await arenaChecks({ mappings: await read() });
    expect(bad[6]).toBe(
      'FAIL Arena step attributes: no step of the template "Complaint Handling (CH) Template" has the attribute a field mapping writes: "Lot number" writes QQQQQQQQQQQQQQQQQQQQ. Fix those mappings on the Field mappings page.',
    );
  });
});

describe('check:outside, mail', () => {
  it('keeps mail in the outbox without SMTP_URL, connects without sending, and fails a server it cannot reach', async () => {
    expect(formatLine(await checkMail(undefined))).toBe('OK Mail: no SMTP_URL: mail kept in the outbox (status "Stored"), nothing is sent');

    const sink = await startSmtpSink();
    closers.push(() => sink.stop());
    const port = new URL(sink.url()).port;
    expect(formatLine(await checkMail(sink.url()))).toBe(`OK Mail: connected to 127.0.0.1:${port}; nothing sent`);
    expect(sink.received).toEqual([]);

    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const failed = formatLine(await checkMail(`smtp://qp:the-smtp-secret@127.0.0.1:${closed}`, 2_000));
    expect(failed).toMatch(new RegExp(`^FAIL Mail: 127\\.0\\.0\\.1:${closed}: .*ECONNREFUSED`));
    expect(failed).not.toContain('the-smtp-secret');
  });
});
