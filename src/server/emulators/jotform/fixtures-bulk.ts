import { JOTFORM_HOME_ZONE, jotformTimestamp } from './account-time.ts';
import { DEMO_FORM_ID, DEMO_FORM_TITLE, DEMO_USERNAME, demoQuestions } from './fixtures-form.ts';
import { demoRawAnswers } from './fixtures.ts';
import type { EmulatorFixtures, SubmissionFixture } from './types.ts';

/** Ids far above the demo's and the run-time ones, growing with time like JotForm's. */
const FIRST_BULK_ID = 6_020_000_000_000_000_000n;

/**
 * The demo form with years of submissions (a first sync's test and the bench): `count` of them,
 * one every `spacingMs` up to `now`, oldest first, their answers cycling through the demo's people
 * and scenarios. Built in the emulator's own store, never in the portal's database.
 */
export function bulkFixtures(count: number, now: Date, opts: { spacingMs?: number; timeZone?: string } = {}): EmulatorFixtures {
  const spacing = opts.spacingMs ?? 3_600_000;
  const timeZone = opts.timeZone ?? JOTFORM_HOME_ZONE;
  const submissions: SubmissionFixture[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(now.getTime() - (count - i) * spacing);
    submissions.push({ id: String(FIRST_BULK_ID + BigInt(i)), created_at: jotformTimestamp(at, timeZone), new: '0', answers: demoRawAnswers(i, at, timeZone) });
  }
  const created = new Date(now.getTime() - (count + 1) * spacing);
  return { username: DEMO_USERNAME, forms: [{ id: DEMO_FORM_ID, title: DEMO_FORM_TITLE, created_at: jotformTimestamp(created, timeZone), questions: demoQuestions(), submissions }] };
}
