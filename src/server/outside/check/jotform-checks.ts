import type { JotformClient } from '../../connectors/jotform/index.ts';
import { formatJotformDateTime } from '../../connectors/jotform/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { type CheckLine, attempt, failLine, notChecked, okLine } from './lines.ts';

export interface JotformCheckDeps {
  jotform: Pick<JotformClient, 'getUser' | 'getForm' | 'getQuestions' | 'getSubmissions' | 'limitLeft'>;
  formId: string;
  /** JOTFORM_AWARE_DATE_QID. */
  awareDateQid: string | undefined;
  /** JOTFORM_TIMEZONE. */
  timeZone: string;
  /** SYNC_REREAD_DAYS. */
  rereadDays: number;
  clock: Clock;
}

const KEY = 'JotForm key';
const ZONE = 'JotForm time zone';
const FORM = 'JotForm form';
const QUESTIONS = 'JotForm questions';
const SUBMISSION = 'JotForm submission';
const FILTER = 'JotForm updated_at filter';

/**
 * Read-only checks of JotForm as the portal will use it: the key, the account's time zone, the
 * form, its questions, its newest submission, and whether the `updated_at` filter is honoured.
 */
export async function checkJotform(d: JotformCheckDeps): Promise<CheckLine[]> {
  const found: { zone?: CheckLine } = {};
  const key = await attempt(KEY, async () => {
    const user = await d.jotform.getUser();
    const left = d.jotform.limitLeft();
    const accountZone = user.time_zone;
    found.zone = !accountZone
      ? okLine(ZONE, `JotForm did not say; JOTFORM_TIMEZONE ${d.timeZone} is assumed`)
      : accountZone === d.timeZone
        ? okLine(ZONE, `${accountZone}, as JOTFORM_TIMEZONE says`)
        : failLine(ZONE, `the account's time zone is ${accountZone} but JOTFORM_TIMEZONE is ${d.timeZone}: every submission time would be read wrong. Set JOTFORM_TIMEZONE=${accountZone}.`);
    return okLine(KEY, `accepted for account "${user.username}"${left === null ? '' : `, ${left.toLocaleString('en-US')} calls left today`}`);
  });
  const zone = found.zone;
  if (!key.ok || !zone) return [key, ...notChecked([ZONE, FORM, QUESTIONS, SUBMISSION, FILTER], 'the JotForm key was not accepted')];

  let count = 0;
  const form = await attempt(FORM, async () => {
    const f = await d.jotform.getForm(d.formId);
    count = Number(f.count) || 0;
    const what = `"${f.title}" ${f.id}, ${count.toLocaleString('en-US')} submissions`;
    if (f.status !== 'ENABLED') return failLine(FORM, `${what}, but its status is ${f.status}: JotForm takes no new submissions on it`);
    return okLine(FORM, `${what}, ${f.status}`);
  });
  if (!form.ok) return [key, zone, form, ...notChecked([QUESTIONS, SUBMISSION, FILTER], `JOTFORM_FORM_ID ${d.formId} could not be read`)];

  const questions = await attempt(QUESTIONS, async () => {
    const list = await d.jotform.getQuestions(d.formId);
    if (!d.awareDateQid) {
      return failLine(QUESTIONS, `${list.length} questions, but JOTFORM_AWARE_DATE_QID is not set: no submission would get a become-aware date or an investigation deadline`);
    }
    const aware = list.find((q) => q.qid === d.awareDateQid);
    if (!aware) {
      const dates = list.filter((q) => /date/i.test(q.type)).map((q) => `${q.qid} "${q.text}"`);
      return failLine(QUESTIONS, `JOTFORM_AWARE_DATE_QID ${d.awareDateQid} is not a question of the form (its date questions: ${dates.join(', ') || 'none'})`);
    }
    return okLine(QUESTIONS, `${list.length} questions; the become-aware date is question ${aware.qid} "${aware.text}" (${aware.type})`);
  });

  const submission = await attempt(SUBMISSION, async () => {
    const { submissions } = await d.jotform.getSubmissions(d.formId, { limit: 1, orderby: 'created_at', direction: 'DESC' });
    const newest = submissions[0];
    if (!newest) return okLine(SUBMISSION, 'none yet: the form has no submissions');
    const answered = Object.values(newest.answers).filter((a) => a.answer !== undefined && a.answer !== '').length;
    return okLine(SUBMISSION, `newest ${newest.id} of ${newest.created_at} (${d.timeZone}), ${answered} answers read`);
  });

  const filter = await attempt(FILTER, async () => {
    // Nothing can have been updated after a moment two days ahead: any row back means the filter is ignored.
    const future = formatJotformDateTime(new Date(d.clock.now().getTime() + 2 * 86_400_000), d.timeZone);
    const { submissions } = await d.jotform.getSubmissions(d.formId, { limit: 1, filter: { 'updated_at:gt': future } });
    if (submissions.length > 0) return okLine(FILTER, `ignored by JotForm: each poll re-reads the last ${d.rereadDays} days of submissions (SYNC_REREAD_DAYS) to catch edits`);
    if (count === 0) return okLine(FILTER, 'not known until the form has a submission; the first poll after one finds out');
    return okLine(FILTER, 'honoured: each poll reads only what changed since the last');
  });

  return [key, zone, form, questions, submission, filter];
}
