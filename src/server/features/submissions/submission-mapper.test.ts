import { describe, expect, it } from 'vitest';
import type { JotformAnswer } from '#shared/jotform-answer';
import { type JotformSubmissionLike, type MapperOptions, mapJotformSubmission, orderedAnswers, submitterOf } from './submission-mapper.ts';

const OPTS: MapperOptions = { timeZone: 'America/New_York', awareDateQid: '10', investigationDays: 30 };

const name = (answer: JotformAnswer['answer'], extra: Partial<JotformAnswer> = {}): JotformAnswer => ({ name: 'fullName', order: '3', text: 'Full Name', type: 'control_fullname', answer, ...extra });
const email = (answer: string, order = '4'): JotformAnswer => ({ name: 'email', order, text: 'Email', type: 'control_email', answer });
const awareDate = (answer: JotformAnswer['answer'], prettyFormat?: string): JotformAnswer => ({
  name: 'dateYou',
  order: '10',
  text: 'Date you became aware',
  type: 'control_datetime',
  ...(answer === undefined ? {} : { answer }),
  ...(prettyFormat === undefined ? {} : { prettyFormat }),
});

function submission(answers: Record<string, JotformAnswer>, created_at = '2024-06-12 10:15:00', extra: Partial<JotformSubmissionLike> = {}): JotformSubmissionLike {
  return { id: '6009000000007340033', form_id: '243158902746061', ip: '203.0.113.3', created_at, updated_at: null, status: 'ACTIVE', new: '1', flag: '0', notes: '', answers, ...extra };
}

describe('submitterOf', () => {
  it('is "First Middle Last" from the full-name answer, without prefix or suffix', () => {
    expect(submitterOf({ '3': name({ prefix: 'Dr.', first: 'Jane', middle: 'Q', last: 'Doe', suffix: 'Jr.' }) })).toBe('Jane Q Doe');
    expect(submitterOf({ '3': name({ first: ' Jane ', last: 'Doe' }) })).toBe('Jane Doe');
    expect(submitterOf({ '3': name({ last: 'Doe' }) })).toBe('Doe');
  });

  it('falls back to the pretty form of a full name that has no parts', () => {
    expect(submitterOf({ '3': name('Jane Doe') })).toBe('Jane Doe');
    expect(submitterOf({ '3': name({}, { prettyFormat: 'Jane Doe' }) })).toBe('Jane Doe');
  });

  it('takes the first full-name question in form order, not in key order', () => {
    const answers = { '3': name({ first: 'Second', last: 'Person' }, { order: '7' }), '20': name({ first: 'First', last: 'Person' }, { order: '2' }) };
    expect(submitterOf(answers)).toBe('First Person');
  });

  it('uses the first e-mail answer when no name was given', () => {
    expect(submitterOf({ '3': name(undefined), '4': email(' jane@example.com '), '5': email('other@example.com', '5') })).toBe('jane@example.com');
    expect(submitterOf({ '3': name({ first: '', last: '' }, { prettyFormat: '' }), '4': email('jane@example.com') })).toBe('jane@example.com');
    expect(submitterOf({ '4': email('  '), '5': email('second@example.com', '5') })).toBe('second@example.com');
  });

  it('is empty when the submission names nobody', () => {
    expect(submitterOf({})).toBe('');
    expect(submitterOf({ '1': { name: 'heading', order: '1', text: 'Complaint Form', type: 'control_head' }, '4': email('') })).toBe('');
  });
});

describe('mapJotformSubmission', () => {
  it('takes the become-aware date from the configured date question (object answer)', () => {
    const row = mapJotformSubmission(submission({ '10': awareDate({ month: '06', day: '01', year: '2024', datetime: '2024-06-01 00:00:00' }, '06-01-2024') }), OPTS);
    expect(row.becomeAwareDate).toBe('2024-06-01');
    expect(row.investigationDeadline).toBe('2024-07-01');
  });

  it('reads an MM-DD-YYYY aware-date answer, and the pretty format when the answer is missing', () => {
    expect(mapJotformSubmission(submission({ '10': awareDate('05-28-2024') }), OPTS).becomeAwareDate).toBe('2024-05-28');
    expect(mapJotformSubmission(submission({ '10': awareDate(undefined, '05-27-2024') }), OPTS).becomeAwareDate).toBe('2024-05-27');
  });

  it('reads the aware date as a field mapping reads it for Arena: a month by name too', () => {
    expect(mapJotformSubmission(submission({ '10': awareDate({ month: 'May', day: '28', year: '2024' }) }), OPTS).becomeAwareDate).toBe('2024-05-28');
  });

  it('uses the submission date when the aware date is empty, unusable or not configured', () => {
    const created = '2024-06-12 10:15:00';
    expect(mapJotformSubmission(submission({ '10': awareDate(undefined) }, created), OPTS).becomeAwareDate).toBe('2024-06-12');
    expect(mapJotformSubmission(submission({ '10': awareDate({ month: '', day: '', year: '' }) }, created), OPTS).becomeAwareDate).toBe('2024-06-12');
    expect(mapJotformSubmission(submission({ '10': awareDate('') }, created), OPTS).becomeAwareDate).toBe('2024-06-12');
    expect(mapJotformSubmission(submission({ '10': awareDate('02-30-2024') }, created), OPTS).becomeAwareDate).toBe('2024-06-12');
    expect(mapJotformSubmission(submission({}, created), OPTS).becomeAwareDate).toBe('2024-06-12');
    const unconfigured = { ...OPTS, awareDateQid: undefined };
    expect(mapJotformSubmission(submission({ '10': awareDate('05-28-2024') }, created), unconfigured).becomeAwareDate).toBe('2024-06-12');
  });

  it('takes the submission date on the Eastern calendar, not the UTC one', () => {
    const row = mapJotformSubmission(submission({}, '2024-06-30 23:30:00'), OPTS);
    expect(row.submissionDate.toISOString()).toBe('2024-07-01T03:30:00.000Z');
    expect(row.becomeAwareDate).toBe('2024-06-30');
    expect(row.investigationDeadline).toBe('2024-07-30');
  });

  it('sets the deadline INVESTIGATION_DAYS calendar days after the aware date, across months, years and leap days', () => {
    const deadline = (date: string, days = 30) => mapJotformSubmission(submission({ '10': awareDate(date) }), { ...OPTS, investigationDays: days }).investigationDeadline;
    expect(deadline('2024-02-15')).toBe('2024-03-16');
    expect(deadline('2023-02-15')).toBe('2023-03-17');
    expect(deadline('2023-12-15')).toBe('2024-01-14');
    expect(deadline('2024-03-01', 1)).toBe('2024-03-02');
    expect(deadline('2024-02-28', 1)).toBe('2024-02-29');
    expect(deadline('2024-01-01', 365)).toBe('2024-12-31');
    // A DST change in between does not shift the date.
    expect(deadline('2024-03-01', 10)).toBe('2024-03-11');
    expect(deadline('2024-10-30', 10)).toBe('2024-11-09');
  });

  it('converts created_at from Eastern time, DST included', () => {
    const at = (created: string) => mapJotformSubmission(submission({}, created), OPTS).submissionDate.toISOString();
    expect(at('2024-01-15 09:00:00')).toBe('2024-01-15T14:00:00.000Z');
    expect(at('2024-07-15 09:00:00')).toBe('2024-07-15T13:00:00.000Z');
    expect(at('2024-03-10 01:59:59')).toBe('2024-03-10T06:59:59.000Z');
    expect(at('2024-03-10 03:00:00')).toBe('2024-03-10T07:00:00.000Z');
    expect(at('2024-11-03 01:30:00')).toBe('2024-11-03T05:30:00.000Z');
    expect(at('2024-11-03 02:30:00')).toBe('2024-11-03T07:30:00.000Z');
    const utc = mapJotformSubmission(submission({}, '2024-01-15 09:00:00'), { ...OPTS, timeZone: 'UTC' });
    expect(utc.submissionDate.toISOString()).toBe('2024-01-15T09:00:00.000Z');
  });

  it('keeps the JotForm fields as JotForm sent them, and produces no workflow field', () => {
    const answers = { '3': name({ first: 'Jane', last: 'Doe' }), '10': awareDate('06-01-2024') };
    const row = mapJotformSubmission(
      submission(answers, '2024-06-12 10:15:00', { id: '42', form_id: '77', ip: null, updated_at: '2024-06-13 08:00:00', status: 'ACTIVE', new: 0, flag: 1, notes: null }),
      OPTS,
    );
    expect(row).toEqual({
      id: '42',
      formId: '77',
      ip: '',
      createdAtJf: '2024-06-12 10:15:00',
      updatedAtJf: '2024-06-13 08:00:00',
      status: 'ACTIVE',
      isNew: '0',
      flag: '1',
      notes: '',
      answers,
      submissionDate: new Date('2024-06-12T14:15:00.000Z'),
      submitter: 'Jane Doe',
      submitterSearch: 'jane doe',
      becomeAwareDate: '2024-06-01',
      investigationDeadline: '2024-07-01',
    });
  });
});

describe('orderedAnswers', () => {
  it('lists answers by their numeric question order, then qid, with the qid kept', () => {
    const answers: Record<string, JotformAnswer> = {
      '19': { name: 'submit', order: '19', text: 'Submit', type: 'control_button' },
      '3': name({ first: 'Jane', last: 'Doe' }, { prettyFormat: 'Jane Doe' }),
      '14': { name: 'complaintDescription', order: '10', text: 'Complaint Description', type: 'control_textarea', answer: 'It broke.' },
      '9': { name: 'dateOf', order: '9', text: 'Date of Event', type: 'control_datetime', answer: { month: '06', day: '01', year: '2024' }, prettyFormat: '06-01-2024' },
      '2': { name: 'heading', order: '9', text: 'Details', type: 'control_head' },
    };
    const list = orderedAnswers(answers);
    expect(list.map((a) => a.qid)).toEqual(['3', '2', '9', '14', '19']);
    expect(list[0]).toEqual({ qid: '3', order: 3, name: 'fullName', type: 'control_fullname', text: 'Full Name', answer: { first: 'Jane', last: 'Doe' }, prettyFormat: 'Jane Doe' });
    // Display-only controls stay without an answer key; no prettyFormat unless JotForm sent one.
    expect(list[1]).toEqual({ qid: '2', order: 9, name: 'heading', type: 'control_head', text: 'Details' });
    expect(list[3]).toEqual({ qid: '14', order: 10, name: 'complaintDescription', type: 'control_textarea', text: 'Complaint Description', answer: 'It broke.' });
  });
});
