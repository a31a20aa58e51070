import type { Answer } from '#shared/contract/submissions';
import { addDays } from '#shared/dates';
import { type JotformAnswer, parseJotformDate } from '#shared/jotform-answer';
import { zonedTimeToUtc } from '../../lib/time-zone.ts';

/** The parts of a JotForm submission the portal keeps (the connector's parsed payload fits it). */
export interface JotformSubmissionLike {
  id: string;
  form_id: string;
  ip?: string | null | undefined;
  created_at: string;
  updated_at?: string | null | undefined;
  status?: string | null | undefined;
  new?: string | number | null | undefined;
  flag?: string | number | null | undefined;
  notes?: string | null | undefined;
  answers?: Record<string, JotformAnswer> | null | undefined;
}

export interface MapperOptions {
  timeZone: string;
  awareDateQid?: string | undefined;
  investigationDays: number;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(', ');
  if (value && typeof value === 'object') return Object.values(value).map(textOf).filter(Boolean).join(' ');
  return value == null ? '' : String(value);
}

/** The submitter: the first full-name answer ("First Middle Last"), else the first e-mail. */
export function submitterOf(answers: Record<string, JotformAnswer>): string {
  const ordered = orderedAnswers(answers);
  const fullName = ordered.find((a) => a.type === 'control_fullname' && a.answer != null);
  if (fullName) {
    const a = fullName.answer;
    if (a && typeof a === 'object' && !Array.isArray(a)) {
      const o = a as Record<string, unknown>;
      const name = [o.first, o.middle, o.last].map(textOf).filter(Boolean).join(' ');
      if (name) return name;
    }
    const text = textOf(fullName.prettyFormat ?? a);
    if (text) return text;
  }
  const email = ordered.find((a) => a.type === 'control_email' && typeof a.answer === 'string' && a.answer.trim());
  return email ? textOf(email.answer) : '';
}

/** Answers as the details screen lists them: in question order, with their qid. */
export function orderedAnswers(answers: Record<string, JotformAnswer>): Answer[] {
  return Object.entries(answers)
    .map(([qid, a]) => ({
      qid,
      order: Number(a.order ?? 0) || 0,
      name: a.name ?? '',
      type: a.type ?? '',
      text: a.text ?? '',
      ...(a.answer !== undefined ? { answer: a.answer } : {}),
      ...(typeof a.prettyFormat === 'string' ? { prettyFormat: a.prettyFormat } : {}),
    }))
    .sort((x, y) => x.order - y.order || Number(x.qid) - Number(y.qid));
}

/** The JotForm-owned columns of a submission row; workflow columns are never produced here. */
export function mapJotformSubmission(s: JotformSubmissionLike, opts: MapperOptions) {
  const answers = s.answers ?? {};
  const submissionDate = zonedTimeToUtc(s.created_at, opts.timeZone) ?? new Date(`${s.created_at.slice(0, 10)}T12:00:00Z`);
  const awareAnswer = opts.awareDateQid ? answers[opts.awareDateQid] : undefined;
  const aware = awareAnswer ? parseJotformDate(awareAnswer.answer ?? awareAnswer.prettyFormat)?.date : null;
  // Without a usable aware-date answer, the provider became aware on the day it was submitted.
  const becomeAwareDate = aware ?? s.created_at.slice(0, 10);
  const submitter = submitterOf(answers);
  return {
    id: String(s.id),
    formId: String(s.form_id),
    ip: s.ip ?? '',
    createdAtJf: s.created_at,
    updatedAtJf: s.updated_at ?? null,
    status: s.status ?? 'ACTIVE',
    isNew: String(s.new ?? '0'),
    flag: String(s.flag ?? '0'),
    notes: s.notes ?? '',
    answers,
    submissionDate,
    submitter,
    submitterSearch: submitter.toLowerCase(),
    becomeAwareDate,
    investigationDeadline: addDays(becomeAwareDate, opts.investigationDays),
  };
}
export type JotformColumns = ReturnType<typeof mapJotformSubmission>;
