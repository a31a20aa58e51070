import { describe, expect, it } from 'vitest';
import type { Assessment, Assessments, QuestionSets } from '#shared/contract/reporting-assessments';
import type { Reportability } from '#shared/contract/reporting';
import { QUESTION_SET_V1 } from '#shared/reporting/question-set-v1';
import type { QuestionVersion } from '#shared/reporting/assessment';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';
import { TEST_JWT_SECRET, testConfig } from '../../../../tests/support/test-app.ts';
import { buildApp } from '../../app.ts';

const f = complaintFile();
const assessments = (id: string) => `/v1/jotforms/submission/${id}/assessments`;
const assess = (id: string, body: object) => f.send('POST', assessments(id), body);
/** A decision, signed by the staff member as every decision is. */
const decide = async (id: string, body: object) => f.send('PUT', `/v1/jotforms/submission/${id}/reportability`, { ...body, signature: await f.sign('Reportability decided') });

/** US: a malfunction that could hurt if it recurred, nothing else. EU: a serious deterioration that was anticipated, device possibly the cause. */
const MALFUNCTION_ANTICIPATED = {
  us_mfr_death: false,
  us_mfr_serious_injury: false,
  us_mfr_malfunction: true,
  us_mfr_remedial_action: false,
  us_mfr_fda_request: false,
  eu_death: false,
  eu_serious_deterioration: true,
  eu_unanticipated: false,
  eu_public_health_threat: false,
  eu_causal: true,
  eu_expected_side_effect: false,
};
/** Every test answered no: not reportable anywhere (the conditional questions are not asked). */
const NOTHING = { us_mfr_death: false, us_mfr_serious_injury: false, us_mfr_malfunction: false, eu_death: false, eu_serious_deterioration: false, eu_public_health_threat: false };

describe('GET /v1/reporting/questions (REPORTING_REGIMES=US_MDR,EU_MDR)', () => {
  it('gives the current version: a set per regime the portal runs, each question with its help and source', async () => {
    const res = await f.send('GET', '/v1/reporting/questions');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<QuestionSets>();
    expect(body.version).toBe(1);
    expect(body.sets.map((s) => s.regime)).toEqual(['US_MDR', 'EU_MDR']);
    expect(body.sets[0]!.questions[0]).toMatchObject({ id: 'us_mfr_death', source: '21 CFR 803.50(a)(1)' });
    expect(body.sets[1]!.questions.find((q) => q.id === 'eu_unanticipated')).toMatchObject({ source: 'MDR Art. 87(5)', askedIf: [['eu_serious_deterioration']] });
    // Thanksgiving 2025 and Juneteenth, as the clocks skip them.
    expect(body.holidays).toEqual(expect.arrayContaining(['2025-06-19', '2025-11-27']));
    expect((await f.send('GET', '/v1/reporting/questions?version=9')).statusCode).toBe(404);
  });
});

describe('POST …/assessments', () => {
  it('refuses answers that leave a question asked unanswered, or name a question of no set', async () => {
    const partial = await assess(f.ids.friday, { answers: { us_mfr_death: false } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toMatch(/unanswered: us_mfr_serious_injury, us_mfr_malfunction, eu_death/);
    const unknown = await assess(f.ids.friday, { answers: { ...NOTHING, us_uf_death: true } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Not a question of version 1: us_uf_death/);
    const notBoolean = await assess(f.ids.friday, { answers: { ...NOTHING, eu_death: 'yes' } });
    expect(notBoolean.statusCode).toBe(400);
  });

  it('answers each regime with its outcome and due date from the become-aware date, and keeps the answers with their version', async () => {
    const res = await assess(f.ids.friday, { answers: MALFUNCTION_ANTICIPATED });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<Assessment>();
    expect(a).toMatchObject({ version: 1, awareDate: '2025-06-13', awareDateReason: null, decision: null, answers: MALFUNCTION_ANTICIPATED });
    // 803.50(a)(2): 30 calendar days from Friday 06-13; Art. 87(3): 15 days.
    expect(a.outcomes).toEqual([
      { regime: 'US_MDR', reportable: true, category: 'standard', due: '2025-07-13', basis: '21 CFR 803.50(a)(2): 30 calendar days', recipients: ['FDA'] },
      { regime: 'EU_MDR', reportable: true, category: 'standard', due: '2025-06-28', basis: 'MDR Art. 87(3): 15 days', recipients: ['The competent authority of the Member State where the incident occurred (through EUDAMED)'] },
    ]);
    // Sent twice before a decision (a double-clicked Continue): one assessment.
    expect((await assess(f.ids.friday, { answers: MALFUNCTION_ANTICIPATED })).json<Assessment>().id).toBe(a.id);
    expect((await f.send('GET', assessments(f.ids.friday))).json<Assessments>().results).toHaveLength(1);
  });

  it('drops the answer to a question that is not asked', async () => {
    const res = await assess(f.ids.early, { answers: { ...NOTHING, us_mfr_remedial_action: true } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Assessment>().answers).toEqual(NOTHING);
  });
});

describe('a decision on an assessment', () => {
  it('follows the outcome: the clocks of the regimes found reportable, each with its own category', async () => {
    const [a] = (await f.send('GET', assessments(f.ids.friday))).json<Assessments>().results;
    // Not reportable against a reportable outcome needs a reason; a category or regimes of its own are refused.
    const noReason = await decide(f.ids.friday, { decision: 'not_reportable', rationale: 'The pump worked when tested.', assessmentId: a!.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/outcome is reportable: recording a different decision needs the reason why/);
    const ownCategory = await decide(f.ids.friday, { decision: 'reportable', rationale: 'Malfunction, could recur.', assessmentId: a!.id, category: 'standard' });
    expect(ownCategory.statusCode).toBe(400);

    const res = await decide(f.ids.friday, { decision: 'reportable', rationale: 'The pump stopped mid-infusion; it could recur.', assessmentId: a!.id });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<Reportability>();
    expect(r.current).toMatchObject({ decision: 'reportable', assessmentId: a!.id, reason: null, regimes: ['US_MDR', 'EU_MDR'], categories: { US_MDR: 'standard', EU_MDR: 'standard' } });
    expect(r.reportingClocks).toEqual([
      { regime: 'US_MDR', due: '2025-07-13', reportedOn: null },
      { regime: 'EU_MDR', due: '2025-06-28', reportedOn: null },
    ]);
    const [finalised] = (await f.send('GET', assessments(f.ids.friday))).json<Assessments>().results;
    expect(finalised!.decision).toMatchObject({ id: r.current!.id, decision: 'reportable' });
  });

  it('differs from the outcome only with a reason; reportable against a not-reportable outcome runs every regime\'s shortest clock', async () => {
    const a = (await assess(f.ids.saturday, { answers: NOTHING })).json<Assessment>();
    expect(a.outcomes.map((o) => o.reportable)).toEqual([false, false]);
    const without = await decide(f.ids.saturday, { decision: 'reportable', rationale: 'Reported as a fall after the alarm.', assessmentId: a.id });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toMatch(/outcome is not reportable/);
    const tooShort = await decide(f.ids.saturday, { decision: 'reportable', rationale: 'Reported as a fall after the alarm.', assessmentId: a.id, reason: 'why' });
    expect(tooShort.statusCode).toBe(400);

    const res = await decide(f.ids.saturday, { decision: 'reportable', rationale: 'Reported as a fall after the alarm.', assessmentId: a.id, reason: 'The ward nurse reports a fall; our answers may understate it.' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<Reportability>();
    expect(r.current).toMatchObject({ reason: 'The ward nurse reports a fall; our answers may understate it.', category: null, categories: {} });
    // Saturday 06-14: US 5 work days (Juneteenth skipped) → 06-23; EU 2 days → 06-16.
    expect(r.reportingClocks.map((c) => [c.regime, c.due])).toEqual([
      ['US_MDR', '2025-06-23'],
      ['EU_MDR', '2025-06-16'],
    ]);
  });

  it('not reportable always needs a rationale, even when the outcome says so', async () => {
    const [a] = (await f.send('GET', assessments(f.ids.early))).json<Assessments>().results;
    const none = await decide(f.ids.early, { decision: 'not_reportable', assessmentId: a!.id });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Rationale is required', details: { rationale: 'rationale is required' } });
    const res = await decide(f.ids.early, { decision: 'not_reportable', rationale: 'Cosmetic scratch on the housing; nobody was hurt.', assessmentId: a!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Reportability>()).toMatchObject({ decision: 'not_reportable', reportingClocks: [] });
  });
});

describe('the awareness date', () => {
  const answers = { ...NOTHING, us_mfr_death: true, us_mfr_remedial_action: false, us_mfr_fda_request: false, eu_death: true, eu_causal: true, eu_expected_side_effect: false };

  it('defaults to the become-aware date; another date needs a reason, is not in the future, and shows in the history', async () => {
    const id = f.ids.deadlineSoon;
    const noReason = await assess(id, { answers, awareDate: '2025-05-18' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Changing the awareness date from 2025-05-20 needs a reason/);
    expect((await assess(id, { answers, awareDate: '2025-06-16', awareDateReason: 'Told by phone before the form came in.' })).statusCode).toBe(400);

    const res = await assess(id, { answers, awareDate: '2025-05-18', awareDateReason: 'The clinic phoned us on Sunday, before the form came in.' });
    expect(res.statusCode, res.body).toBe(201);
    // A death: US 30 calendar days from 05-18; EU 10 days.
    expect(res.json<Assessment>()).toMatchObject({ awareDate: '2025-05-18', awareDateReason: 'The clinic phoned us on Sunday, before the form came in.' });
    expect(res.json<Assessment>().outcomes.map((o) => [o.regime, o.category, o.due])).toEqual([
      ['US_MDR', 'death_or_serious_deterioration', '2025-06-17'],
      ['EU_MDR', 'death_or_serious_deterioration', '2025-05-28'],
    ]);
    expect(await f.row(id)).toMatchObject({ becomeAwareDate: '2025-05-18', investigationDeadline: '2025-06-17' });
    const history = (await f.send('GET', `/v1/jotforms/submission/${id}/history`)).json<{ results: { action: string; actor: { name: string } | null; changes: { field: string; before: unknown; after: unknown }[] }[] }>().results;
    const change = history.find((h) => h.action === 'change awareness date');
    expect(change?.actor?.name).toBe('Dana Reyes');
    expect(change?.changes).toEqual(
      expect.arrayContaining([
        { field: 'becomeAwareDate', before: '2025-05-20', after: '2025-05-18' },
        { field: 'reason', before: null, after: 'The clinic phoned us on Sunday, before the form came in.' },
      ]),
    );

    // An edit in JotForm re-syncs the submission; the date the handler set stays.
    f.emulator.editSubmission(id, { notes: 'Called back' });
    await f.t.app.services.sync.syncOnce();
    expect(await f.row(id)).toMatchObject({ notes: 'Called back', becomeAwareDate: '2025-05-18', investigationDeadline: '2025-06-17' });
  });
});

describe('new information', () => {
  it('a follow-up bringing new information asks for a new assessment; the new one keeps the old', async () => {
    const id = f.ids.deadlineSoon;
    expect((await f.send('GET', assessments(id))).json<Assessments>().newInformation).toBeNull();
    const note = await f.send('POST', `/v1/jotforms/submission/${id}/followups`, { text: 'The patient was readmitted on Monday.', method: 'phone', newInformation: true });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().results.newInformation).toBe(true);
    const asked = (await f.send('GET', assessments(id))).json<Assessments>();
    expect(asked.newInformation).toMatchObject({ by: { name: 'Dana Reyes' } });

    const again = await assess(id, { answers: { ...NOTHING, us_mfr_serious_injury: true, us_mfr_remedial_action: false, us_mfr_fda_request: false } });
    expect(again.statusCode, again.body).toBe(201);
    const after = (await f.send('GET', assessments(id))).json<Assessments>();
    expect(after.newInformation).toBeNull();
    expect(after.results.map((a) => a.answers.us_mfr_death)).toEqual([false, true]);
  });
});

describe('a new version of the questions', () => {
  /** Version 2 as a later release might publish it: the US malfunction question reworded. */
  const V2: QuestionVersion = {
    ...QUESTION_SET_V1,
    version: 2,
    published: '2025-06-15',
    sets: QUESTION_SET_V1.sets.map((s) => ({ ...s, questions: s.questions.map((q) => (q.id === 'us_mfr_malfunction' ? { ...q, text: 'Did the device fail in a way that could hurt someone if it happened again?' } : q)) })),
  };

  it('is asked from then on, while every earlier assessment keeps its version, answers and outcome', async () => {
    const before = (await f.send('GET', assessments(f.ids.friday))).json<Assessments>();
    const next = await buildApp({ config: testConfig({ REPORTING_REGIMES: 'US_MDR,EU_MDR' }), db: f.t.database.db, jwtSecret: TEST_JWT_SECRET, clock: f.clock, questionVersions: [QUESTION_SET_V1, V2] });
    try {
      const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => next.inject({ method, url, headers: f.staff, ...(payload ? { payload } : {}) });
      expect((await send('GET', assessments(f.ids.friday))).json()).toEqual(before);
      const questions = (await send('GET', '/v1/reporting/questions')).json<QuestionSets>();
      expect(questions.version).toBe(2);
      expect(questions.sets[0]!.questions[2]!.text).toBe('Did the device fail in a way that could hurt someone if it happened again?');
      const v1 = (await send('GET', '/v1/reporting/questions?version=1')).json<QuestionSets>();
      expect(v1.sets[0]!.questions[2]!.text).toMatch(/^Has the device malfunctioned/);

      const fresh = await send('POST', assessments(f.ids.friday), { answers: MALFUNCTION_ANTICIPATED });
      expect(fresh.statusCode, fresh.body).toBe(201);
      expect(fresh.json<Assessment>().version).toBe(2);
      const all = (await send('GET', assessments(f.ids.friday))).json<Assessments>().results;
      expect(all.map((a) => a.version)).toEqual([2, 1]);
      expect(all[1]).toEqual(before.results[0]);
      // Only the newest assessment is decided on.
      const stale = await send('PUT', `/v1/jotforms/submission/${f.ids.friday}/reportability`, { decision: 'reportable', rationale: 'The pump stopped mid-infusion; it could recur.', assessmentId: before.results[0]!.id, signature: await f.sign('Reportability decided') });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/followed by a newer one/);
    } finally {
      await next.close();
    }
  });
});
