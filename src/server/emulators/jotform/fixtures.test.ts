import { describe, expect, it } from 'vitest';
import { SUBMISSION_STATUSES } from '#shared/contract/submissions';
import { formatJotformDate, parseJotformDateTime } from '../../connectors/jotform/jotform-time.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createJotformEmulator } from './emulator.ts';
import { DEMO_AWARE_DATE_QID, DEMO_FORM_ID, DEMO_QID, DEMO_WORKFLOW, DEMO_XSS_SUBMISSION_ID, XSS_PAYLOAD, demoFixtures } from './fixtures.ts';

const NOW = new Date('2025-05-20T16:30:00Z');
const DAY = 86_400_000;
const fixtures = demoFixtures(NOW);
const demoForm = fixtures.forms[0]!;
const emulator = createJotformEmulator({ apiKey: 'k', clock: fixedClock(NOW) });
const submissions = [...emulator.state.submissions.values()];
const daysAgo = (jotformTime: string) => (NOW.getTime() - parseJotformDateTime(jotformTime)!.getTime()) / DAY;
const calendarDaysAgo = (date: string) => Math.round((Date.parse(formatJotformDate(NOW)) - Date.parse(date)) / DAY);

describe('demo fixtures', () => {
  it('holds the complaint form with a 15-digit id and at least 30 submissions', () => {
    expect(DEMO_FORM_ID).toMatch(/^\d{15}$/);
    expect(demoForm).toMatchObject({ id: DEMO_FORM_ID, title: 'Complaint Form - BTS' });
    expect(submissions.length).toBeGreaterThanOrEqual(30);
    expect(submissions.every((s) => /^\d{19}$/.test(s.id))).toBe(true);
  });

  it('is deterministic for a given now and keeps ids fixed across days', () => {
    expect(demoFixtures(NOW)).toEqual(fixtures);
    const later = demoFixtures(new Date(NOW.getTime() + 3 * DAY));
    expect(later.forms[0]!.submissions.map((s) => s.id)).toEqual(demoForm.submissions.map((s) => s.id));
  });

  it('has ids growing with created_at, as JotForm assigns them', () => {
    const byCreated = [...demoForm.submissions].sort((a, b) => a.created_at.localeCompare(b.created_at)).map((s) => s.id);
    expect(byCreated).toEqual(demoForm.submissions.map((s) => s.id));
  });

  it('spreads created_at over the last 90 days with recent ones and some edits', () => {
    const ages = submissions.map((s) => daysAgo(s.created_at));
    expect(Math.max(...ages)).toBeLessThanOrEqual(90);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(ages.filter((d) => d <= 7).length).toBeGreaterThanOrEqual(5);
    expect(submissions.filter((s) => s.created_at.startsWith(formatJotformDate(NOW).slice(0, 7))).length).toBeGreaterThanOrEqual(3);
    const edited = submissions.filter((s) => s.updated_at !== null);
    expect(edited.length).toBeGreaterThanOrEqual(3);
    expect(edited.every((s) => s.updated_at! > s.created_at && daysAgo(s.updated_at!) > 0)).toBe(true);
    expect(new Set(submissions.map((s) => s.new))).toEqual(new Set(['0', '1']));
    expect(new Set(submissions.map((s) => s.flag))).toEqual(new Set(['0', '1']));
    expect(submissions.some((s) => s.notes !== '')).toBe(true);
  });

  it('has open complaints whose investigation deadline (aware date + 30) falls within the next week', () => {
    const due = submissions.filter((s) => {
      const aware = s.answers[DEMO_AWARE_DATE_QID]?.answer as { datetime: string } | undefined;
      const status = DEMO_WORKFLOW[s.id]?.submissionStatus;
      const ago = aware ? calendarDaysAgo(aware.datetime.slice(0, 10)) : -1;
      return ago >= 23 && ago <= 30 && status !== 'Successful Transfer' && status !== 'Denied';
    });
    expect(due.length).toBeGreaterThanOrEqual(4);
  });

  it('covers every answer type the details screen renders', () => {
    const types = new Set(submissions.flatMap((s) => Object.values(s.answers).map((a) => a.type)));
    for (const t of ['control_head', 'control_fullname', 'control_email', 'control_phone', 'control_address', 'control_datetime', 'control_textarea', 'control_dropdown', 'control_radio', 'control_checkbox', 'control_textbox', 'control_matrix', 'control_fileupload', 'control_captcha', 'control_button']) {
      expect(types).toContain(t);
    }
    const answered = (qid: string) => submissions.filter((s) => s.answers[qid]?.answer !== undefined);
    expect(answered(DEMO_QID.attachments).length).toBeGreaterThan(0);
    expect(answered(DEMO_QID.impact).every((s) => /<b>.*<\/b>.*<br>/.test(s.answers[DEMO_QID.impact]!.prettyFormat ?? ''))).toBe(true);
    expect(submissions.some((s) => /<ul><li>/.test(s.answers[DEMO_QID.richDetails]?.prettyFormat ?? ''))).toBe(true);
    expect(submissions.every((s) => Array.isArray(s.answers[DEMO_QID.issues]?.answer))).toBe(true);
    expect(submissions.some((s) => s.answers[DEMO_QID.lotNumber]?.answer === '')).toBe(true);
    expect(submissions.some((s) => !('answer' in (s.answers[DEMO_QID.phone] ?? {})))).toBe(true);
  });

  it('puts the script payload in exactly one submission’s HTML answer', () => {
    const hostile = submissions.filter((s) => JSON.stringify(s.answers).includes('onerror'));
    expect(hostile.map((s) => s.id)).toEqual([DEMO_XSS_SUBMISSION_ID]);
    expect(hostile[0]?.answers[DEMO_QID.richDetails]?.prettyFormat).toContain(XSS_PAYLOAD);
  });

  it('uses only invented contact data: example domains and 555 numbers', () => {
    for (const s of submissions) {
      expect(s.answers[DEMO_QID.email]?.answer).toMatch(/@example\.(com|org|net)$/);
      const phone = s.answers[DEMO_QID.phone]?.answer as { full: string } | undefined;
      if (phone) expect(phone.full).toMatch(/^\(555\) 555-01\d\d$/);
    }
  });

  it('gives every demo submission workflow fields covering all five statuses', () => {
    expect(Object.keys(DEMO_WORKFLOW).sort()).toEqual(submissions.map((s) => s.id).sort());
    const flows = Object.values(DEMO_WORKFLOW);
    for (const status of SUBMISSION_STATUSES) expect(flows.filter((w) => w.submissionStatus === status).length).toBeGreaterThanOrEqual(3);
    expect(flows.filter((w) => w.reportable).length).toBeGreaterThanOrEqual(3);
    expect(flows.filter((w) => w.emailDelivered).length).toBeGreaterThanOrEqual(3);
    expect(flows.filter((w) => w.followup && w.followup.length > 25).length).toBeGreaterThanOrEqual(2);
    expect(flows.filter((w) => w.followup && w.followup.length <= 25).length).toBeGreaterThanOrEqual(1);
    for (const w of flows) {
      expect(w.chTitle !== undefined || w.submissionStatus !== 'Successful Transfer').toBe(true);
      expect(w.transferFailure !== undefined).toBe(w.submissionStatus === 'Transfer Error');
      expect(w.denyReason !== undefined).toBe(w.submissionStatus === 'Denied');
    }
  });
});
