import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES, SELECTABLE_QUESTION_TYPES } from '#shared/contract/questions';
import { QUESTION_TYPE_OPTIONS, nextOrder, toNewQuestion, validateQuestionForm } from './question-form.ts';

describe('Add Question form', () => {
  it('requires text, a numeric order and a type', () => {
    expect(validateQuestionForm({ text: '  ', order: '', type: '' })).toEqual({
      text: 'Question text is required.',
      order: 'Order is required.',
      type: 'Type is required.',
    });
    expect(validateQuestionForm({ text: 'Lot', order: 'abc', type: 'control_textbox' })).toEqual({ order: 'Order must be a number.' });
    expect(validateQuestionForm({ text: 'Lot', order: '2.5', type: 'control_textbox' })).toEqual({ order: 'Order must be a whole number.' });
    expect(validateQuestionForm({ text: 'Lot', order: '0', type: 'control_textbox' }).order).toMatch(/between 1 and/);
    expect(validateQuestionForm({ text: 'Lot', order: '3', type: 'control_textbox' })).toEqual({});
  });

  it('refuses a disabled type even if it is sent', () => {
    expect(validateQuestionForm({ text: 'Pay', order: '3', type: 'control_payment' }).type).toBeDefined();
  });

  it('lists every type as control_<type>, only the ten selectable ones enabled', () => {
    expect(QUESTION_TYPE_OPTIONS.map((o) => o.label)).toEqual(QUESTION_TYPES.map((t) => `control_${t}`));
    expect(QUESTION_TYPE_OPTIONS.filter((o) => !o.disabled).map((o) => o.value)).toEqual(
      QUESTION_TYPES.filter((t) => (SELECTABLE_QUESTION_TYPES as readonly string[]).includes(t)).map((t) => `control_${t}`),
    );
    expect(QUESTION_TYPE_OPTIONS.filter((o) => !o.disabled)).toHaveLength(10);
  });

  it('sends trimmed text and a numeric order, and proposes the order after the last question', () => {
    expect(toNewQuestion({ text: ' Lot number ', order: '7', type: 'control_textbox' })).toEqual({ text: 'Lot number', order: 7, type: 'control_textbox' });
    expect(nextOrder([{ order: 3 }, { order: 9 }, { order: 4 }])).toBe(10);
    expect(nextOrder([])).toBe(1);
  });
});
