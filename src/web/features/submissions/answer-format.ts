import DOMPurify from 'dompurify';
import type { Answer } from '#shared/contract/submissions';
import { jotformDateText } from '#shared/jotform-answer';

/**
 * prettyFormat HTML comes from the public internet and carries health information (docs/product.md, Screens):
 * it is sanitised before it reaches the DOM. A private DOMPurify instance keeps our hook off
 * any other caller. Images, media and form controls go too: a remote image is a tracking pixel
 * that would tell a sender when staff read their complaint, and the CSP would block it anyway.
 */
const purify = typeof window === 'undefined' ? null : DOMPurify(window);
purify?.addHook('afterSanitizeAttributes', (node) => {
  // Links open outside the portal and send no referrer (the URL names the submission).
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const FORBID_TAGS = ['img', 'picture', 'source', 'video', 'audio', 'svg', 'math', 'iframe', 'object', 'embed', 'style', 'link', 'form', 'input', 'button', 'textarea', 'select'];

export function sanitizeHtml(html: string): string {
  if (!purify) return '';
  return purify.sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style'], ALLOW_DATA_ATTR: false });
}

/** Captcha and button answers are not shown. */
const HIDDEN_TYPES = new Set(['control_captcha', 'control_button']);
const HEAD_TYPE = 'control_head';

export type AnswerView = { kind: 'html'; html: string } | { kind: 'text'; text: string } | { kind: 'empty' };

/** An answer value as text: arrays and objects (address, name, matrix) joined with commas. */
export function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const parts = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return parts
    .map(answerText)
    .filter((part) => part !== '')
    .join(', ');
}

const textOfHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();

/**
 * A date answer in the one date format (JotForm's prettyFormat follows the form's setting, often
 * month first); else prettyFormat (sanitised HTML) when there is one, else the answer as text,
 * else empty.
 */
export function answerView(answer: Pick<Answer, 'answer' | 'prettyFormat'> & { type?: string }): AnswerView {
  const date = answer.type === 'control_datetime' ? jotformDateText(answer.answer) : null;
  if (date) return { kind: 'text', text: date };
  if (answer.prettyFormat?.trim()) {
    const html = sanitizeHtml(answer.prettyFormat);
    // prettyFormat that was nothing but a payload leaves nothing to read.
    if (textOfHtml(html)) return { kind: 'html', html };
  }
  const text = answerText(answer.answer);
  return text ? { kind: 'text', text } : { kind: 'empty' };
}

export interface AnswerSection {
  /** The control_head text; the answers before the first head have none. */
  title: string | null;
  key: string;
  answers: Answer[];
}

/** Answers in question order, split into sections at each heading, hidden types left out. */
export function answerSections(answers: readonly Answer[]): AnswerSection[] {
  const sorted = [...answers].sort((a, b) => a.order - b.order);
  const sections: AnswerSection[] = [];
  let current: AnswerSection | null = null;
  for (const a of sorted) {
    if (HIDDEN_TYPES.has(a.type)) continue;
    if (a.type === HEAD_TYPE) {
      current = { title: a.text, key: a.qid, answers: [] };
      sections.push(current);
      continue;
    }
    if (!current) {
      current = { title: null, key: 'start', answers: [] };
      sections.push(current);
    }
    current.answers.push(a);
  }
  return sections;
}
