import type { JotformAnswer } from '#shared/jotform-answer';
import type { EmuQuestion, RawAnswers, RawValue } from './types.ts';

/*
 * Turns raw submitted values into JotForm's `answers` entries: display-only
 * controls carry no `answer`, composites carry `prettyFormat`, `sublabels` is a JSON string,
 * an unanswered field has no `answer` while a blank text field has `answer: ""`.
 */

/** Controls that show something but take no input. */
export const DISPLAY_TYPES = new Set([
  'control_head',
  'control_button',
  'control_text',
  'control_collapse',
  'control_pagebreak',
  'control_captcha',
  'control_image',
  'control_divider',
]);

const NAME_PARTS = ['prefix', 'first', 'middle', 'last', 'suffix'];
const ADDRESS_PARTS = ['addr_line1', 'addr_line2', 'city', 'state', 'postal', 'country'];

export interface AnswerContext {
  formId: string;
  submissionId: string;
  username: string;
}

function asText(raw: RawValue): string {
  if (typeof raw === 'string') return raw;
  if (Array.isArray(raw)) return raw.join(', ');
  return Object.values(raw).join(' ');
}

function asList(raw: RawValue): string[] {
  if (typeof raw === 'string') return raw ? raw.split('\n').filter(Boolean) : [];
  if (Array.isArray(raw)) return raw.filter((v): v is string => typeof v === 'string' && v !== '');
  return Object.values(raw).filter(Boolean);
}

function filledParts(raw: RawValue, keys?: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return out;
  const source = raw as Readonly<Record<string, string>>;
  for (const key of keys ?? Object.keys(source)) {
    const v = source[key];
    if (typeof v === 'string' && v.trim() !== '') out[key] = v;
  }
  return out;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "2024-04-16" or {year, month, day} → the date answer; null when not a date. */
function dateParts(raw: RawValue): { year: string; month: string; day: string } | null {
  if (typeof raw === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
    return m ? { year: m[1] ?? '', month: m[2] ?? '', day: m[3] ?? '' } : null;
  }
  const p = filledParts(raw, ['year', 'month', 'day']);
  if (!p.year || !p.month || !p.day) return null;
  return { year: p.year, month: p.month.padStart(2, '0'), day: p.day.padStart(2, '0') };
}

function prettyDate(q: EmuQuestion, d: { year: string; month: string; day: string }): string {
  const sep = typeof q.dateSeparator === 'string' ? q.dateSeparator : '-';
  if (q.format === 'ddmmyyyy') return [d.day, d.month, d.year].join(sep);
  if (q.format === 'yyyymmdd') return [d.year, d.month, d.day].join(sep);
  return [d.month, d.day, d.year].join(sep);
}

function uploadUrl(value: string, ctx: AnswerContext): string {
  if (/^https?:\/\//.test(value)) return value;
  return `https://www.jotform.com/uploads/${ctx.username}/${ctx.formId}/${ctx.submissionId}/${encodeURIComponent(value)}`;
}

function fill(a: JotformAnswer, q: EmuQuestion, raw: RawValue, ctx: AnswerContext): void {
  switch (q.type) {
    case 'control_fullname': {
      const parts = filledParts(raw, NAME_PARTS);
      if (Object.keys(parts).length === 0) return;
      a.answer = parts;
      a.prettyFormat = NAME_PARTS.map((k) => parts[k]).filter(Boolean).join(' ');
      return;
    }
    case 'control_address': {
      const parts = filledParts(raw, ADDRESS_PARTS);
      if (Object.keys(parts).length === 0) return;
      a.answer = parts;
      a.prettyFormat = ADDRESS_PARTS.filter((k) => parts[k])
        .map((k) => `${q.sublabels?.[k] ?? k}: ${parts[k]}`)
        .join(', ');
      return;
    }
    case 'control_datetime': {
      const d = dateParts(raw);
      if (!d) return;
      a.answer = { month: d.month, day: d.day, year: d.year, datetime: `${d.year}-${d.month}-${d.day} 00:00:00` };
      a.prettyFormat = prettyDate(q, d);
      return;
    }
    case 'control_phone': {
      const full = typeof raw === 'string' ? raw : (filledParts(raw).full ?? '');
      if (!full) return;
      a.answer = { full };
      a.prettyFormat = full;
      return;
    }
    case 'control_checkbox': {
      const list = asList(raw);
      if (list.length === 0) return;
      a.answer = list;
      a.prettyFormat = list.join('; ');
      return;
    }
    case 'control_fileupload': {
      const urls = asList(raw).map((v) => uploadUrl(v, ctx));
      if (urls.length === 0) return;
      a.answer = urls;
      a.prettyFormat = urls.map((u) => decodeURIComponent(u.split('/').pop() ?? u)).join(', ');
      return;
    }
    case 'control_matrix': {
      const cells = filledParts(raw);
      if (Object.keys(cells).length === 0) return;
      a.answer = cells;
      a.prettyFormat = Object.entries(cells)
        .map(([row, value]) => `<b>${escapeHtml(row)}</b>: ${escapeHtml(value)}`)
        .join('<br>');
      return;
    }
    default: {
      const text = asText(raw);
      a.answer = text;
      // A rich-text textarea stores HTML; JotForm echoes it as the pretty form.
      if (q.type === 'control_textarea' && q.wysiwyg === 'Yes' && text) a.prettyFormat = text;
    }
  }
}

/** The entry of `answers` for one question. */
export function answerFor(q: EmuQuestion, raw: RawValue | undefined, ctx: AnswerContext): JotformAnswer {
  const a: JotformAnswer = { name: q.name, order: q.order, text: q.text, type: q.type };
  // JSON-encoded in an answer, unlike in its question.
  if (q.sublabels) a.sublabels = JSON.stringify(q.sublabels);
  if (q.type === 'control_datetime' && typeof q.timeFormat === 'string') a.timeFormat = q.timeFormat;
  if (DISPLAY_TYPES.has(q.type) || raw === undefined) return a;
  fill(a, q, raw, ctx);
  return a;
}

export function buildAnswers(questions: Iterable<EmuQuestion>, raw: RawAnswers, ctx: AnswerContext): Record<string, JotformAnswer> {
  const out: Record<string, JotformAnswer> = {};
  for (const q of questions) out[q.qid] = answerFor(q, raw[q.qid], ctx);
  return out;
}

/** The webhook's `rawRequest`: `q<qid>_<name>` keys, composites as objects, plus form metadata. */
export function rawRequestOf(formId: string, questions: Iterable<EmuQuestion>, answers: Record<string, JotformAnswer>): Record<string, unknown> {
  const out: Record<string, unknown> = { slug: `submit/${formId}`, path: `/submit/${formId}`, submitSource: 'form', buildDate: '1732271172685', timeToSubmit: '94' };
  for (const q of questions) {
    const a = answers[q.qid];
    if (!a || a.answer === undefined) continue;
    if (q.type === 'control_fileupload') out[q.name] = a.answer;
    else if (q.type === 'control_datetime' && typeof a.answer === 'object' && !Array.isArray(a.answer)) {
      const { month, day, year } = a.answer;
      out[`q${q.qid}_${q.name}`] = { month, day, year };
    } else out[`q${q.qid}_${q.name}`] = a.answer;
  }
  return out;
}

/** The webhook's `pretty`: "Label:Value, Label:Value". */
export function prettySummary(answers: Record<string, JotformAnswer>): string {
  return Object.values(answers)
    .filter((a) => a.answer !== undefined && a.answer !== '')
    .sort((x, y) => Number(x.order) - Number(y.order))
    .map((a) => `${a.text}:${a.prettyFormat ?? (Array.isArray(a.answer) ? a.answer.join(', ') : String(a.answer))}`)
    .join(', ');
}
