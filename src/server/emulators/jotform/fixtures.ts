import { JOTFORM_HOME_ZONE, jotformDay, jotformTimestamp } from './account-time.ts';
import { DEMO_FORM_ID, DEMO_FORM_TITLE, DEMO_QID, DEMO_USERNAME, IMPACT_ROWS, demoQuestions } from './fixtures-form.ts';
import { type DemoPerson, type DemoScenario, PEOPLE, SCENARIOS, emailOf, phoneOf } from './fixtures-people.ts';
import { DEMO_ROWS, type DemoRow, XSS_PAYLOAD, demoSubmissionId } from './fixtures-submissions.ts';
import type { EmulatorFixtures, RawAnswers, RawValue, SubmissionFixture } from './types.ts';

export { DEMO_AWARE_DATE_QID, DEMO_FORM_ID, DEMO_QID } from './fixtures-form.ts';
export { DEMO_WORKFLOW, DEMO_XSS_SUBMISSION_ID, type DemoWorkflow, XSS_PAYLOAD } from './fixtures-submissions.ts';

const DAY_MS = 86_400_000;
/** The demo form was built a little before its oldest submission. */
const FORM_AGE_DAYS = 120;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The rich-text answer: a short HTML timeline with bold, lists and line breaks. */
function richDetails(scenario: DemoScenario, person: DemoPerson, hostile: boolean): string | undefined {
  if (hostile) return `<p>The strap came off during the <b>first</b> treatment.</p>${XSS_PAYLOAD}`;
  if (!scenario.timeline) return undefined;
  const items = scenario.timeline.map((t) => `<li>${escapeHtml(t)}</li>`).join('');
  return `<p><b>Timeline</b></p><ul>${items}</ul><p>Reported by ${escapeHtml(person.first)}<br>Best time to call: mornings</p>`;
}

interface AnswerInput {
  person: DemoPerson;
  personIndex: number;
  scenario: DemoScenario;
  eventDate: string;
  awareDate: string;
  quirk?: DemoRow['quirk'];
}

function rawAnswers({ person, personIndex, scenario, eventDate, awareDate, quirk }: AnswerInput): RawAnswers {
  const q = DEMO_QID;
  const a: Record<string, RawValue> = {
    [q.fullName]: { first: person.first, last: person.last },
    [q.email]: emailOf(person),
    [q.phone]: phoneOf(personIndex + 1),
    [q.address]: { addr_line1: person.street, city: person.city, state: person.state, postal: person.postal, country: 'United States' },
    [q.reporterType]: person.reporter,
    [q.eventDate]: eventDate,
    [q.awareDate]: awareDate,
    [q.product]: scenario.product,
    [q.issues]: scenario.issues,
    [q.description]: scenario.description,
    [q.died]: scenario.screening?.includes('died') ? 'Yes' : 'No',
    [q.injured]: scenario.screening?.includes('injured') ? 'Yes' : 'No',
    [q.malfunctioned]: scenario.screening?.includes('malfunctioned') ? 'Yes' : 'No',
  };
  if (scenario.lot) a[q.lotNumber] = scenario.lot;
  const rich = richDetails(scenario, person, quirk === 'xss');
  if (rich) a[q.richDetails] = rich;
  if (scenario.impact) a[q.impact] = Object.fromEntries(IMPACT_ROWS.map((row, i) => [row, scenario.impact?.[i] ?? 'None']));
  if (scenario.uploads) a[q.attachments] = scenario.uploads;
  if (quirk === 'emptyLot') a[q.lotNumber] = '';
  if (quirk === 'noLot') {
    delete a[q.lotNumber];
    delete a[q.phone];
  }
  return a;
}

function demoSubmission(row: DemoRow, index: number, now: Date, timeZone: string): SubmissionFixture {
  const created = new Date(now.getTime() - row.days * DAY_MS - row.minutes * 60_000);
  const aware = new Date(created.getTime() - row.awareLag * DAY_MS);
  const event = new Date(aware.getTime() - row.eventLag * DAY_MS);
  const edited = row.editedAfter === undefined ? null : new Date(Math.min(created.getTime() + row.editedAfter * DAY_MS, now.getTime() - 60_000));
  const person = PEOPLE[index % PEOPLE.length] as DemoPerson;
  const scenario = SCENARIOS[row.scenario % SCENARIOS.length] as DemoScenario;
  return {
    id: demoSubmissionId(index),
    created_at: jotformTimestamp(created, timeZone),
    updated_at: edited ? jotformTimestamp(edited, timeZone) : null,
    ip: `203.0.113.${(index * 37) % 250 + 3}`,
    status: 'ACTIVE',
    new: row.isNew ? '1' : '0',
    flag: row.flag ? '1' : '0',
    notes: row.notes ?? '',
    answers: rawAnswers({ person, personIndex: index, scenario, eventDate: jotformDay(event, timeZone), awareDate: jotformDay(aware, timeZone), quirk: row.quirk }),
  };
}

/**
 * The demo account: the form "Complaint Form - BTS" with its questions and submissions dated
 * relative to `now` and written in the account's `timeZone` (deterministic for given values).
 */
export function demoFixtures(now: Date, timeZone = JOTFORM_HOME_ZONE): EmulatorFixtures {
  return {
    username: DEMO_USERNAME,
    forms: [
      {
        id: DEMO_FORM_ID,
        title: DEMO_FORM_TITLE,
        created_at: jotformTimestamp(new Date(now.getTime() - FORM_AGE_DAYS * DAY_MS), timeZone),
        questions: demoQuestions(),
        submissions: DEMO_ROWS.map((row, i) => demoSubmission(row, i, now, timeZone)),
      },
    ],
  };
}

/** Realistic answers for the n-th submission added at run time (sandbox "new complaint", tests). */
export function demoRawAnswers(n: number, now: Date, timeZone = JOTFORM_HOME_ZONE): RawAnswers {
  const personIndex = (n * 7 + 3) % PEOPLE.length;
  const today = jotformDay(now, timeZone);
  return rawAnswers({
    person: PEOPLE[personIndex] as DemoPerson,
    personIndex: personIndex + 40,
    scenario: SCENARIOS[(n * 5 + 1) % SCENARIOS.length] as DemoScenario,
    eventDate: jotformDay(new Date(now.getTime() - DAY_MS), timeZone),
    awareDate: today,
  });
}
