import { describe, expect, it } from 'vitest';
import type { Question } from '#shared/contract/questions';
import type { TemplateStep } from '#shared/contract/quality-process';
import { mappableQuestions } from './api.ts';
import {
  canSave,
  chooseField,
  chooseStep,
  emptyMappingForm,
  formatExample,
  newRow,
  toMappingBody,
  toggleConcatenate,
  togglePredefined,
  validateMappingForm,
} from './mapping-form.ts';
import { keepPickOrder } from './preprocessing-select.tsx';

const GUID = 'UK8KS2YI2185DH626DQ7';
const STEPS: TemplateStep[] = [
  { guid: 'S1', name: 'Complaint Intake', order: 1, attributes: [{ guid: GUID, name: 'Complaint Title', type: 'SINGLE_LINE_TEXT', required: true }] },
];

describe('mapping form', () => {
  it('toggling Predefined either way clears the predefined value', () => {
    const filled = { ...togglePredefined(emptyMappingForm(), true), predefinedValue: 'Yes' };
    expect(togglePredefined(filled, false)).toMatchObject({ predefined: false, predefinedValue: '' });
    expect(togglePredefined({ ...filled, predefined: false }, true)).toMatchObject({ predefined: true, predefinedValue: '' });
  });

  it('toggling Concatenate either way clears the delimiter', () => {
    const filled = { ...toggleConcatenate(emptyMappingForm(), true), concatenateDelimiter: ' / ' };
    expect(toggleConcatenate(filled, false)).toMatchObject({ concatenate: false, concatenateDelimiter: '' });
    expect(toggleConcatenate({ ...filled, concatenate: false }, true)).toMatchObject({ concatenate: true, concatenateDelimiter: '' });
  });

  it("new rows read the 'answer' key with no preprocessing", () => {
    expect(newRow()).toMatchObject({ qid: '', answer: 'answer', preprocessingFunctions: [] });
    expect(emptyMappingForm().rows).toEqual([expect.objectContaining({ answer: 'answer', preprocessingFunctions: [] })]);
    expect(newRow().key).not.toBe(newRow().key);
  });

  it('can be saved only once a quality-process field (GUID) is chosen; another step drops it', () => {
    const blank = emptyMappingForm();
    expect(canSave(blank)).toBe(false);
    const stepped = chooseStep(blank, 'S1');
    expect(canSave(stepped)).toBe(false);
    const chosen = chooseField(stepped, STEPS, GUID);
    expect(chosen).toMatchObject({ arenaFieldGUID: GUID, name: 'Complaint Title' });
    expect(canSave(chosen)).toBe(true);
    expect(canSave(chooseStep(chosen, 'S2'))).toBe(false);
  });

  it('explains what is missing before anything is sent', () => {
    const base = chooseField(chooseStep(emptyMappingForm(), 'S1'), STEPS, GUID);
    const key = base.rows[0]!.key;
    expect(validateMappingForm(base)).toEqual({ row: { [key]: 'Choose a question.' } });
    expect(validateMappingForm({ ...base, rows: [] }).rows).toMatch(/at least one question/);
    expect(validateMappingForm(toggleConcatenate({ ...base, rows: [{ ...base.rows[0]!, qid: '3' }] }, true))).toEqual({ concatenateDelimiter: 'Enter a delimiter.' });
    expect(validateMappingForm(togglePredefined(base, true))).toEqual({ predefinedValue: 'Enter the predefined value.' });
  });

  it('sends a predefined mapping without questions, and switched-off options without values', () => {
    const base = chooseField(chooseStep(emptyMappingForm(), 'S1'), STEPS, GUID);
    const rows = [{ ...base.rows[0]!, qid: '3', preprocessingFunctions: ['trim', 'uppercase'] }];
    expect(toMappingBody({ ...togglePredefined({ ...base, rows }, true), predefinedValue: ' Yes ' })).toEqual({
      arenaFieldGUID: GUID, name: 'Complaint Title', predefined: true, predefinedValue: 'Yes', concatenate: false, concatenateDelimiter: null, formFieldQID: [],
    });
    expect(toMappingBody({ ...toggleConcatenate({ ...base, rows }, true), concatenateDelimiter: ' ' })).toEqual({
      arenaFieldGUID: GUID, name: 'Complaint Title', predefined: false, predefinedValue: null, concatenate: true, concatenateDelimiter: ' ',
      formFieldQID: [{ qid: '3', answer: 'answer', preprocessingFunctions: ['trim', 'uppercase'] }],
    });
  });

  it('offers no headings or buttons as questions', () => {
    const q = (qid: string, type: string): Question => ({ qid, type, order: Number(qid), text: type });
    expect(mappableQuestions([q('1', 'control_head'), q('2', 'control_fullname'), q('3', 'control_button'), q('4', 'control_email')]).map((x) => x.qid)).toEqual(['2', '4']);
  });

  it('keeps preprocessing functions in the order picked', () => {
    expect(keepPickOrder(['uppercase'], ['trim', 'uppercase'])).toEqual(['uppercase', 'trim']);
    expect(keepPickOrder(['uppercase', 'trim'], ['trim'])).toEqual(['trim']);
  });

  it('shows examples on one short line', () => {
    expect(formatExample('a\nb')).toBe('"a↵b"');
    expect(formatExample({ first: 'Jane' })).toBe('{"first":"Jane"}');
    expect(formatExample('x'.repeat(100))).toHaveLength(40);
  });
});
