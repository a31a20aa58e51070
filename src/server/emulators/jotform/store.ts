import type { JotformAnswer } from '#shared/jotform-answer';
import { JOTFORM_HOME_ZONE, jotformDay, jotformTimestamp } from './account-time.ts';
import { answerFor, buildAnswers } from './answers.ts';
import type { EmuForm, EmuQuestion, EmuSubmission, EmulatorFixtures, EmulatorState, RawAnswers, SubmissionFixture } from './types.ts';

/** JotForm ids grow with time; new ones are spaced like real ones, never reused. */
const SUBMISSION_ID_STEP = 1_000_003n;
const FIRST_SUBMISSION_ID = 6_010_000_000_000_000_000n;

export function createState(fixtures: EmulatorFixtures, dailyLimit: number, now: Date, timeZone: string): EmulatorState {
  const state: EmulatorState = {
    username: fixtures.username,
    forms: new Map(),
    submissions: new Map(),
    revision: 0,
    dailyLimit,
    limitLeft: dailyLimit,
    quotaDay: jotformDay(now, JOTFORM_HOME_ZONE),
    timeZone,
    requests: [],
  };
  for (const f of fixtures.forms) {
    const form: EmuForm = {
      id: f.id,
      title: f.title,
      status: f.status ?? 'ENABLED',
      created_at: f.created_at,
      updated_at: null,
      questions: new Map(f.questions.map((q) => [q.qid, { ...q }])),
      webhooks: new Map((f.webhooks ?? []).map((url, i) => [String(i), url])),
      lastQid: Math.max(0, ...f.questions.map((q) => Number(q.qid) || 0)),
    };
    state.forms.set(form.id, form);
    for (const s of f.submissions) insertSubmission(state, form, s);
  }
  return state;
}

export function insertSubmission(state: EmulatorState, form: EmuForm, s: SubmissionFixture): EmuSubmission {
  const ctx = { formId: form.id, submissionId: s.id, username: state.username };
  const submission: EmuSubmission = {
    id: s.id,
    form_id: form.id,
    ip: s.ip ?? '203.0.113.10',
    created_at: s.created_at,
    updated_at: s.updated_at ?? null,
    status: s.status ?? 'ACTIVE',
    new: s.new ?? '1',
    flag: s.flag ?? '0',
    notes: s.notes ?? '',
    answers: buildAnswers(form.questions.values(), s.answers, ctx),
    raw: s.answers,
  };
  state.submissions.set(submission.id, submission);
  state.revision += 1;
  return submission;
}

/** Deletes a submission, as DELETE /submission/{id} does. */
export function removeSubmission(state: EmulatorState, id: string): void {
  state.submissions.delete(id);
  state.revision += 1;
}

export function nextSubmissionId(state: EmulatorState): string {
  let max = FIRST_SUBMISSION_ID;
  for (const id of state.submissions.keys()) {
    const n = BigInt(id);
    if (n > max) max = n;
  }
  return String(max + SUBMISSION_ID_STEP);
}

/** Replaces answers of the given qids and bumps updated_at, as an edit in JotForm's inbox does. */
export function applySubmissionEdit(
  state: EmulatorState,
  submission: EmuSubmission,
  patch: { answers?: RawAnswers; status?: string; new?: string; flag?: string; notes?: string },
  now: Date,
): EmuSubmission {
  const form = state.forms.get(submission.form_id);
  if (patch.answers && form) {
    const ctx = { formId: form.id, submissionId: submission.id, username: state.username };
    submission.raw = { ...submission.raw, ...patch.answers };
    for (const [qid, value] of Object.entries(patch.answers)) {
      const q = form.questions.get(qid);
      if (q) submission.answers[qid] = answerFor(q, value, ctx);
    }
  }
  if (patch.status !== undefined) submission.status = patch.status;
  if (patch.new !== undefined) submission.new = patch.new;
  if (patch.flag !== undefined) submission.flag = patch.flag;
  if (patch.notes !== undefined) submission.notes = patch.notes;
  submission.updated_at = jotformTimestamp(now, state.timeZone);
  state.revision += 1;
  return submission;
}

/**
 * The submission as the API shows it: labels and order follow the form's current questions,
 * a question added later appears unanswered, a deleted one keeps its stored answer.
 */
export function submissionView(state: EmulatorState, s: EmuSubmission): Record<string, unknown> {
  const form = state.forms.get(s.form_id);
  const answers: Record<string, JotformAnswer> = {};
  for (const [qid, a] of Object.entries(s.answers)) {
    const q = form?.questions.get(qid);
    answers[qid] = q ? { ...a, name: q.name, order: q.order, text: q.text } : a;
  }
  for (const q of form?.questions.values() ?? []) {
    if (!answers[q.qid]) answers[q.qid] = answerFor(q, undefined, { formId: s.form_id, submissionId: s.id, username: state.username });
  }
  const { raw: _raw, ...rest } = s;
  return { ...rest, answers };
}

export function formView(state: EmulatorState, form: EmuForm): Record<string, unknown> {
  let count = 0;
  let unread = 0;
  let last: string | null = null;
  for (const s of state.submissions.values()) {
    if (s.form_id !== form.id || s.status === 'DELETED') continue;
    count++;
    if (s.new === '1') unread++;
    if (!last || s.created_at > last) last = s.created_at;
  }
  return {
    id: form.id,
    username: state.username,
    title: form.title,
    height: '539',
    status: form.status,
    created_at: form.created_at,
    updated_at: form.updated_at,
    last_submission: last,
    new: String(unread),
    count: String(count),
    type: 'LEGACY',
    favorite: '0',
    archived: '0',
    url: `https://form.jotform.com/${form.id}`,
  };
}

export function questionView(q: EmuQuestion): EmuQuestion {
  return { ...q, ...(q.sublabels ? { sublabels: { ...q.sublabels } } : {}) };
}

export function takeQid(form: EmuForm): string {
  form.lastQid += 1;
  return String(form.lastQid);
}

export function nextOrder(form: EmuForm): string {
  let max = 0;
  for (const q of form.questions.values()) max = Math.max(max, Number(q.order) || 0);
  return String(max + 1);
}

/** The webhook map as JotForm encodes it: an object, or `[]` when empty (a PHP empty array). */
export function webhookView(form: EmuForm): Record<string, string> | [] {
  return form.webhooks.size === 0 ? [] : Object.fromEntries(form.webhooks);
}
