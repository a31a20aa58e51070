import { afterAll, beforeAll, expect } from 'vitest';
import type { SubmissionRow } from '#shared/contract/submissions';
import { DEMO_FORM_ID, DEMO_QID } from '../../src/server/emulators/jotform/fixtures.ts';
import { fixedClock } from '../../src/server/lib/clock.ts';
import { type Emulators, startEmulators } from './emulators.ts';
import type { Meaning } from '#shared/contract/signatures';
import { signature } from './signing.ts';
import { type TestApp, bearer, createTestApp } from './test-app.ts';

/** Sunday 2025-06-15, noon in New York (the JotForm account's zone): "today" is 2025-06-15. */
export const TODAY = '2025-06-15';
export const LIST = `/v1/jotforms/${DEMO_FORM_ID}`;
export const EXPORT = `/v1/jotforms/${DEMO_FORM_ID}/exportSubmissionsCSV`;

/** Submissions of the complaint-file tests, by the become-aware date their reporter gave. */
export const AWARE = {
  /** Friday: US 5 work days skip Juneteenth (Thu 06-19) → 06-23; EU 2 days → 06-15 (today). */
  friday: '2025-06-13',
  /** Long ago: every clock overdue (US 06-06, EU 06-03). */
  early: '2025-06-01',
  /** Saturday: US 5 work days → 06-23; EU 2 days → 06-16. */
  saturday: '2025-06-14',
  /** Investigation deadline (30 days) 2025-06-19: within the week. */
  deadlineSoon: '2025-05-20',
} as const;

type Headers = Record<string, string>;

/**
 * The demo form synced into a database of its own with REPORTING_REGIMES=US_MDR,EU_MDR, plus one
 * submission per AWARE date; a staff member and the super_admin signed in. Registers the file's
 * beforeAll/afterAll; the getters are valid once they have run.
 */
export function complaintFile() {
  const clock = fixedClock('2025-06-15T16:00:00.000Z');
  let emu: Emulators;
  let t: TestApp;
  let staff: Headers;
  let admin: Headers;
  let staffUser: { id: string; email: string; name: string };
  const ids = {} as Record<keyof typeof AWARE, string>;

  beforeAll(async () => {
    emu = await startEmulators({ clock });
    for (const [key, date] of Object.entries(AWARE)) {
      const added = await emu.jotform.addSubmission({ [DEMO_QID.awareDate]: date });
      ids[key as keyof typeof AWARE] = added.id;
    }
    t = await createTestApp({ clock, env: { REPORTING_REGIMES: 'US_MDR,EU_MDR' }, deps: emu.deps });
    await t.app.ready();
    await t.app.services.sync.syncOnce();
    const user = await t.createUser('staff', { name: 'Dana Reyes', email: 'dana.reyes@example.org' });
    staffUser = { id: user.id, email: user.email, name: 'Dana Reyes' };
    staff = bearer((await t.login(user.email, user.password)).access);
    admin = await t.as('super_admin');
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const send = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: Headers = staff) =>
    t.request({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const list = async (query: string): Promise<{ results: SubmissionRow[]; totalResults: number }> => {
    const res = await send('GET', `${LIST}?limit=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  return {
    clock,
    ids,
    get t() {
      return t;
    },
    get emulator() {
      return emu.jotform;
    },
    get staff() {
      return staff;
    },
    get admin() {
      return admin;
    },
    get staffUser() {
      return staffUser;
    },
    send,
    list,
    /** A signature of the staff member (or of `headers`' user with their password) for one signed action. */
    sign: (meaning: Meaning, headers: Headers = staff, password?: string) => signature((o) => t.request(o), headers, meaning, password),
    row: async (id: string): Promise<SubmissionRow> => (await send('GET', `/v1/jotforms/submission/${id}`)).json(),
  };
}
