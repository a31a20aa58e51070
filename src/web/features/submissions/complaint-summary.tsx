import type { Answer } from '#shared/contract/submissions';
import { AnswersList } from './answers-list.tsx';

/**
 * The complaint in the submitter's own words (docs/product.md, Screens): the answers naming the
 * product, its lot, what happened and how it affected them, in the form's order. Matched by the
 * question's text, so a form whose questions are worded this way needs no setting.
 */
const COMPLAINT_QUESTION = /\b(product|device|lot|batch|what happened|description|describe|detail|affect|effect|impact|injur|harm)/i;
const NEVER = new Set(['control_head', 'control_captcha', 'control_button', 'control_fileupload']);

export function complaintAnswers(answers: readonly Answer[]): Answer[] {
  return answers.filter((a) => !NEVER.has(a.type) && COMPLAINT_QUESTION.test(a.text || a.name));
}

/** "The complaint": first under the header, and beside a dialog on wide screens. */
export function ComplaintSummary({ answers, headingId, className }: { answers: readonly Answer[]; headingId: string; className?: string }) {
  const own = complaintAnswers(answers);
  if (own.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        The complaint
      </h2>
      <div className="overflow-hidden rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
        <AnswersList answers={own} />
      </div>
    </section>
  );
}
