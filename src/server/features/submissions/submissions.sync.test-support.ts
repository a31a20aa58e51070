import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { type JotformClient, createJotformClient } from '../../connectors/jotform/jotform-client.ts';
import { submissions, syncState, systemLogs } from '../../db/schema/index.ts';
import { type JotformEmulator, createJotformEmulator } from '../../emulators/jotform/emulator.ts';
import { demoQuestions } from '../../emulators/jotform/fixtures-form.ts';
import { DEMO_AWARE_DATE_QID, DEMO_FORM_ID, demoFixtures } from '../../emulators/jotform/fixtures.ts';
import { fixedClock } from '../../lib/clock.ts';

export const KEY = 'jotform-test-key-0123456789abcdef';
export const SECRET = 'webhook-secret-0123456789abcdef';
export const OTHER_FORM_ID = '250000000000099';
export const DEMO_COUNT = 34;

/** A JotForm wall time read as a plain number of ms, for comparing two JotForm times. */
export const wallMs = (jotformTime: string) => Date.parse(`${jotformTime.replace(' ', 'T')}Z`);

export type Row = typeof submissions.$inferSelect;

/**
 * The sync and webhook of one test file against the JotForm emulator (the demo form and a second,
 * empty one), through the real client; the app listens on a port so the emulator can post
 * webhooks to it. Registers the file's hooks; the getters are valid once beforeAll has run.
 */
export function jotformSyncSuite() {
  const clock = fixedClock('2025-06-15T16:00:00.000Z');
  let emulator: JotformEmulator;
  let client: JotformClient;
  let t: TestApp;
  let appUrl: string;
  let headers: Record<string, string>;
  /** Ids handed to the onInserted hook, one list per call. */
  const insertedCalls: string[][] = [];
  /** Called when the sync asks JotForm for the form: the sync lock is held from then on. */
  let onGetForm: (() => void) | undefined;

  const sync = () => t.app.services.sync;
  const rows = (): Promise<Row[]> => t.database.db.select().from(submissions).orderBy(asc(submissions.id));
  const rowOf = async (id: string): Promise<Row | undefined> => (await t.database.db.select().from(submissions).where(eq(submissions.id, id)))[0];
  const logs = () => t.database.db.select().from(systemLogs).orderBy(asc(systemLogs.id));
  const cursor = async () => (await t.database.db.select().from(syncState).where(eq(syncState.key, `jotform:${DEMO_FORM_ID}:cursor`)))[0]?.value as { createdAfter?: string; updatedAfter?: string } | undefined;
  /** The emulator requests made since `from`, as paths with their query read. */
  const requestsSince = (from: number) =>
    emulator.state.requests.slice(from).map((r) => {
      const url = new URL(r.url, 'http://emulator');
      const filter = url.searchParams.get('filter');
      return { method: r.method, path: url.pathname, status: r.status, filter: filter ? (JSON.parse(filter) as Record<string, string>) : null, query: url.searchParams };
    });
  const demoIds = () => [...emulator.state.submissions.values()].filter((s) => s.form_id === DEMO_FORM_ID).map((s) => s.id);

  beforeAll(async () => {
    const fixtures = demoFixtures(clock.now());
    fixtures.forms.push({ id: OTHER_FORM_ID, title: 'Staff Survey', created_at: '2025-01-02 09:00:00', questions: demoQuestions(), submissions: [] });
    emulator = createJotformEmulator({ apiKey: KEY, clock, fixtures });
    client = createJotformClient({ baseUrl: await emulator.listen(), apiKey: KEY, sleep: async () => {}, timeoutMs: 10_000 });
    const source: JotformClient = {
      ...client,
      getForm: (formId) => {
        onGetForm?.();
        return client.getForm(formId);
      },
    };
    t = await createTestApp({
      clock,
      deps: {
        formId: DEMO_FORM_ID,
        awareDateQid: DEMO_AWARE_DATE_QID,
        webhookSecret: SECRET,
        outside: { jotform: source },
      },
    });
    t.app.services.sync.onInserted(async (ids) => void insertedCalls.push([...ids]));
    appUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    headers = await t.as('staff');
  });
  afterAll(async () => {
    await t?.close();
    await emulator?.close();
  });
  beforeEach(() => {
    emulator.failNext(0, 200);
    emulator.setLatency(0);
    onGetForm = undefined;
    insertedCalls.length = 0;
  });

  return {
    clock,
    insertedCalls,
    get emulator(): JotformEmulator {
      return emulator;
    },
    /** The real JotForm client on the emulator, without the onGetForm hook. */
    get client(): JotformClient {
      return client;
    },
    get t(): TestApp {
      return t;
    },
    get appUrl(): string {
      return appUrl;
    },
    /** A signed-in staff member's headers. */
    get headers(): Record<string, string> {
      return headers;
    },
    /** Sets what to call when the next syncs ask JotForm for the form (reset before each test). */
    onGetForm(hook: (() => void) | undefined) {
      onGetForm = hook;
    },
    sync,
    rows,
    rowOf,
    logs,
    cursor,
    requestsSince,
    demoIds,
  };
}
