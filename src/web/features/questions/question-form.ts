import { QUESTION_TYPES, SELECTABLE_QUESTION_TYPES } from '#shared/contract/questions';
import type { SelectOption } from '../../ui/select.tsx';
import type { NewQuestion } from './api.ts';

export interface QuestionFormValues {
  text: string;
  /** Kept as typed so an empty or non-numeric entry can be reported, not silently coerced. */
  order: string;
  type: string;
}
export type QuestionFormErrors = Partial<Record<keyof QuestionFormValues, string>>;

export const TEXT_MAX = 500;
export const ORDER_MAX = 1000;

const selectable = new Set<string>(SELECTABLE_QUESTION_TYPES);

/** Every type is listed as control_<type>; only the ten selectable ones can be chosen. */
export const QUESTION_TYPE_OPTIONS: readonly SelectOption[] = QUESTION_TYPES.map((type) => ({
  value: `control_${type}`,
  label: `control_${type}`,
  disabled: !selectable.has(type),
}));

export function isSelectableType(value: string): boolean {
  return selectable.has(value.replace(/^control_/, ''));
}

export function emptyQuestionForm(nextOrder: number): QuestionFormValues {
  return { text: '', order: String(nextOrder), type: '' };
}

/** Add Question: text required, order required (a number), type required and selectable. */
export function validateQuestionForm(values: QuestionFormValues): QuestionFormErrors {
  const errors: QuestionFormErrors = {};
  const text = values.text.trim();
  if (!text) errors.text = 'Question text is required.';
  else if (text.length > TEXT_MAX) errors.text = `Question text must be at most ${TEXT_MAX} characters.`;

  const order = values.order.trim();
  if (!order) errors.order = 'Order is required.';
  else if (!/^-?\d+(\.\d+)?$/.test(order)) errors.order = 'Order must be a number.';
  else if (!Number.isInteger(Number(order))) errors.order = 'Order must be a whole number.';
  else if (Number(order) < 1 || Number(order) > ORDER_MAX) errors.order = `Order must be between 1 and ${ORDER_MAX}.`;

  if (!values.type) errors.type = 'Type is required.';
  else if (!isSelectableType(values.type)) errors.type = 'This type cannot be added here; choose an enabled one.';
  return errors;
}

export function toNewQuestion(values: QuestionFormValues): NewQuestion {
  return { text: values.text.trim(), order: Number(values.order.trim()), type: values.type };
}

/** The order a new question gets by default: after the last one. */
export function nextOrder(questions: readonly { order: number }[]): number {
  return Math.min(ORDER_MAX, questions.reduce((max, q) => Math.max(max, q.order), 0) + 1);
}
