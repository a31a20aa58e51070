import type { Answer } from '#shared/contract/submissions';
import { AnswersList } from './answers-list.tsx';
import { answerText } from './answer-format.ts';

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

export interface ContactDetails {
  phones: string[];
  emails: string[];
}

/** A phone answer as written: JotForm's `full`, else its parts, else its pretty text. */
function phoneText(answer: Answer): string {
  const value = answer.answer;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const parts = value as Record<string, unknown>;
    if (typeof parts.full === 'string' && parts.full.trim()) return parts.full.trim();
    const joined = ['country', 'area', 'phone'].map((k) => parts[k]).filter((v): v is string => typeof v === 'string' && v.trim() !== '').join(' ');
    if (joined) return joined;
  }
  return (answer.prettyFormat ?? answerText(value)).trim();
}

/** The reporter's phone numbers and e-mail addresses, from the form's phone and e-mail answers. */
export function contactDetails(answers: readonly Answer[]): ContactDetails {
  const phones = answers.filter((a) => a.type === 'control_phone').map(phoneText).filter(Boolean);
  const emails = answers.filter((a) => a.type === 'control_email').map((a) => answerText(a.answer)).filter(Boolean);
  return { phones: [...new Set(phones)], emails: [...new Set(emails)] };
}

/** Phone and e-mail first in the complaint panel: following up starts with them. */
function ContactList({ contact }: { contact: ContactDetails }) {
  return (
    <div className="border-b border-slate-200 px-4 py-3">
    <h3 className="mb-1 text-xs font-medium tracking-wide text-slate-500 uppercase">Reporter's contact details</h3>
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
      <dt className="font-medium text-slate-600">Phone</dt>
      <dd className="wrap-anywhere">
        {contact.phones.length === 0 ? <span className="text-slate-500">Not given</span> : contact.phones.map((p, i) => (
          <span key={p}>
            {i > 0 && ', '}
            <a href={`tel:${p.replace(/[^\d+]/g, '')}`} className="font-medium text-brand-800 underline underline-offset-4">{p}</a>
          </span>
        ))}
      </dd>
      <dt className="font-medium text-slate-600">E-mail</dt>
      <dd className="wrap-anywhere">
        {contact.emails.length === 0 ? <span className="text-slate-500">Not given</span> : contact.emails.map((e, i) => (
          <span key={e}>
            {i > 0 && ', '}
            <a href={`mailto:${e}`} className="font-medium text-brand-800 underline underline-offset-4">{e}</a>
          </span>
        ))}
      </dd>
    </dl>
    </div>
  );
}

/** "The complaint": first under the header, and beside a dialog on wide screens; the reporter's contact details on top. */
export function ComplaintSummary({ answers, headingId, className }: { answers: readonly Answer[]; headingId: string; className?: string }) {
  const own = complaintAnswers(answers);
  const contact = contactDetails(answers);
  if (own.length === 0 && contact.phones.length === 0 && contact.emails.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        The complaint
      </h2>
      <div className="overflow-hidden rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
        <ContactList contact={contact} />
        {own.length > 0 && <AnswersList answers={own} />}
      </div>
    </section>
  );
}
