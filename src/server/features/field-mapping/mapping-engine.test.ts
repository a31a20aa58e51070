import { describe, expect, it } from 'vitest';
import { buildQualityProcessValues, coerceForAttribute, readAnswer, resolveDelimiter } from './mapping-engine.ts';
import type { FieldMappingRule, MappedQuestionRef, SubmissionAnswers } from './types.ts';

// Answer shapes as captured from JotForm (JotForm API documentation, "Submissions").
const ANSWERS = {
  '1': { name: 'heading', order: '1', text: 'Complaint Form', type: 'control_head' },
  '3': { text: 'Full Name', type: 'control_fullname', answer: { first: 'Jane', last: 'Doe' }, prettyFormat: 'Jane Doe' },
  '4': { text: 'Email', type: 'control_email', answer: ' jane@example.com ' },
  '6': {
    text: 'Date of Event',
    type: 'control_datetime',
    answer: { month: '04', day: '16', year: '2024', datetime: '2024-04-16 00:00:00' },
    prettyFormat: '04-16-2024',
  },
  '7': { text: 'Symptoms', type: 'control_checkbox', answer: ['Rash', 'Fever'], prettyFormat: 'Rash; Fever' },
  '9': { text: 'Phone', type: 'control_phone', answer: { full: '(123) 123-1234' }, prettyFormat: '(123) 123-1234' },
  '12': { text: 'Description', type: 'control_textarea', answer: '<p>Leak at <b>luer</b></p><p>Second &amp; last</p>', prettyFormat: '<p>Leak</p>' },
  '13': { text: 'Lot', type: 'control_textbox', answer: '   ' },
  '14': { text: 'Unanswered', type: 'control_textbox' },
};

const q = (qid: string, preprocessingFunctions: string[] = [], answer = 'answer'): MappedQuestionRef => ({ qid, answer, preprocessingFunctions });
const mapping = (formFieldQID: MappedQuestionRef[], extra: Partial<FieldMappingRule> = {}): FieldMappingRule => ({
  arenaFieldGUID: 'GUID1',
  name: 'Field',
  predefined: false,
  predefinedValue: null,
  concatenate: false,
  concatenateDelimiter: null,
  formFieldQID,
  ...extra,
});
const valueOf = (m: FieldMappingRule, answers: SubmissionAnswers = ANSWERS) => buildQualityProcessValues([m], answers)[0]?.value;

describe('buildQualityProcessValues', () => {
  it('uses the predefined value and ignores questions', () => {
    const [v] = buildQualityProcessValues([mapping([q('4')], { predefined: true, predefinedValue: 'TBD', name: 'Reportable?' })], ANSWERS);
    expect(v).toEqual({ guid: 'GUID1', name: 'Reportable?', value: 'TBD', sources: [] });
    expect(valueOf(mapping([q('4')], { predefined: true, predefinedValue: '  ' }))).toBeNull();
    expect(valueOf(mapping([q('4')], { predefined: true, predefinedValue: null }))).toBeNull();
  });

  it('reads the answer key by default and turns shapes into text', () => {
    expect(valueOf(mapping([q('4')]))).toBe(' jane@example.com ');
    expect(valueOf(mapping([q('7')]))).toBe('Rash, Fever');
    expect(valueOf(mapping([q('3')]))).toBe('Jane Doe');
    expect(valueOf(mapping([q('6')]))).toBe('2024-04-16');
    expect(valueOf(mapping([q('9')]))).toBe('(123) 123-1234');
    expect(valueOf(mapping([{ qid: '7' }]))).toBe('Rash, Fever');
    expect(valueOf(mapping([{ qid: '7', answer: ' ', preprocessingFunctions: null }]))).toBe('Rash, Fever');
  });

  it('reads prettyFormat when the mapping names it; a plain answer (dropdown, textbox) has none and gives its answer', () => {
    expect(valueOf(mapping([q('7', [], 'prettyFormat')]))).toBe('Rash; Fever');
    expect(valueOf(mapping([q('6', ['dateISO'], 'prettyFormat')]))).toBe('2024-04-16');
    const [v] = buildQualityProcessValues([mapping([q('4', [], 'prettyFormat')])], ANSWERS);
    expect(v?.value).toBe(' jane@example.com ');
    expect(v?.sources).toEqual([{ qid: '4', key: 'prettyFormat', questionFound: true, value: ' jane@example.com ', unknownFunctions: [] }]);
    const dropdown = { '20': { type: 'control_dropdown', text: 'Product', answer: 'Infusion Pump IP-300' } };
    expect(buildQualityProcessValues([mapping([q('20', [], 'prettyFormat')])], dropdown)[0]?.value).toBe('Infusion Pump IP-300');
  });

  it('reads the portal’s facts for sources named portal.*, and nothing when the fact is not known', () => {
    const facts = { 'portal.decision': 'Not reportable', 'portal.regimes': ['US MDR', 'EU MDR'], 'portal.chTitle': null };
    const read = (qid: string, fns: string[] = []) => buildQualityProcessValues([mapping([q(qid, fns)])], ANSWERS, { facts })[0]?.value;
    expect(read('portal.decision', ['yesNo'])).toBe('No');
    expect(read('portal.regimes')).toBe('US MDR, EU MDR');
    expect(read('portal.chTitle')).toBeNull();
    expect(read('portal.category')).toBeNull();
  });

  it('runs preprocessing in order, and the order matters', () => {
    expect(valueOf(mapping([q('4', ['trim', 'uppercase'])]))).toBe('JANE@EXAMPLE.COM');
    expect(valueOf(mapping([q('12', ['stripHtml'])]))).toBe('Leak at luer\nSecond & last');
    expect(valueOf(mapping([q('12', ['stripHtml', 'firstLine'])]))).toBe('Leak at luer');
    expect(valueOf(mapping([q('12', ['firstLine', 'stripHtml'])]))).toBe('Leak at luer\nSecond & last');
    expect(valueOf(mapping([q('7', ['joinList', 'uppercase'])]))).toBe('RASH, FEVER');
    expect(valueOf(mapping([q('7', ['firstLine', 'lowercase'])]))).toBe('rash');
  });

  it('uses the first non-empty value without concatenate', () => {
    const m = mapping([q('14'), q('13', ['trim']), q('99'), q('4', ['trim']), q('3', ['fullName'])]);
    const [v] = buildQualityProcessValues([m], ANSWERS);
    expect(v?.value).toBe('jane@example.com');
    expect(v?.sources.map((s) => [s.qid, s.questionFound, s.value])).toEqual([
      ['14', true, null],
      ['13', true, null],
      ['99', false, null],
      ['4', true, 'jane@example.com'],
      ['3', true, 'Jane Doe'],
    ]);
  });

  it('falls through to the next question when an extracting function finds nothing', () => {
    const answers = { ...ANSWERS, '20': { type: 'control_textbox', answer: 'last week' } };
    expect(valueOf(mapping([q('20', ['dateISO']), q('6', ['dateISO'])]), answers)).toBe('2024-04-16');
  });

  it('concatenates non-empty values with the delimiter, skipping empty and missing parts', () => {
    const m = mapping([q('3', ['fullName']), q('13'), q('14'), q('99'), q('4', ['trim'])], { concatenate: true, concatenateDelimiter: ' | ' });
    expect(valueOf(m)).toBe('Jane Doe | jane@example.com');
    expect(valueOf({ ...m, concatenateDelimiter: ' ' })).toBe('Jane Doe jane@example.com');
    expect(valueOf({ ...m, concatenateDelimiter: '\\n' })).toBe('Jane Doe\njane@example.com');
    expect(valueOf({ ...m, concatenateDelimiter: null })).toBe('Jane Doe, jane@example.com');
    expect(valueOf({ ...m, concatenateDelimiter: '' })).toBe('Jane Doe, jane@example.com');
    expect(valueOf(mapping([q('13'), q('99')], { concatenate: true, concatenateDelimiter: '-' }))).toBeNull();
  });

  it('treats missing questions, answers and whole answer sets as empty', () => {
    expect(valueOf(mapping([q('99')]))).toBeNull();
    expect(valueOf(mapping([q('1')]))).toBeNull();
    expect(valueOf(mapping([q('14')]))).toBeNull();
    expect(valueOf(mapping([]))).toBeNull();
    expect(valueOf(mapping([q('4')]), {})).toBeNull();
    // Stored JSON the type does not describe: read as empty all the same.
    expect(valueOf(mapping([q('4')]), null as unknown as SubmissionAnswers)).toBeNull();
    expect(valueOf(mapping([q('4')]), { '4': 'not an entry' } as unknown as SubmissionAnswers)).toBeNull();
  });

  it('never reads inherited properties', () => {
    expect(readAnswer(ANSWERS, '__proto__', 'answer')).toEqual({ questionFound: false, raw: undefined });
    expect(readAnswer(ANSWERS, '4', 'constructor')).toEqual({ questionFound: true, raw: undefined });
    expect(valueOf(mapping([q('toString')]))).toBeNull();
  });

  it('reports unknown preprocessing names and skips them', () => {
    const [v] = buildQualityProcessValues([mapping([q('4', ['trim', 'shout'])])], ANSWERS);
    expect(v?.value).toBe('jane@example.com');
    expect(v?.sources[0]?.unknownFunctions).toEqual(['shout']);
  });

  it('keeps empty mappings marked with null by default and omits them with omitEmpty', () => {
    const ms = [mapping([q('4')], { arenaFieldGUID: 'A' }), mapping([q('99')], { arenaFieldGUID: 'B' })];
    expect(buildQualityProcessValues(ms, ANSWERS).map((v) => [v.guid, v.value])).toEqual([
      ['A', ' jane@example.com '],
      ['B', null],
    ]);
    expect(buildQualityProcessValues(ms, ANSWERS, { omitEmpty: true }).map((v) => v.guid)).toEqual(['A']);
  });

  it('resolveDelimiter turns typed escapes into characters', () => {
    expect(resolveDelimiter(' \\n ')).toBe(' \n ');
    expect(resolveDelimiter('\\t')).toBe('\t');
    expect(resolveDelimiter(undefined)).toBe(', ');
  });
});

describe('coerceForAttribute', () => {
  it('gives null for empty input of any type', () => {
    for (const type of ['DATE', 'NUMBER', 'FIXED_DROP_DOWN', 'DROP_DOWN', 'SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT', 'OTHER']) {
      expect(coerceForAttribute(null, { type })).toBeNull();
      expect(coerceForAttribute('  ', { type })).toBeNull();
    }
  });

  it('DATE: accepted date texts to midday UTC of that date; anything else null', () => {
    for (const s of ['2025-01-08', '01/08/2025', '01-08-2025', '2025-01-08 00:00:00', '2025-01-08T08:00:00Z', '1/8/2025']) {
      expect(coerceForAttribute(s, { type: 'DATE' })).toBe('2025-01-08T12:00:00Z');
    }
    for (const s of ['tomorrow', '2025-13-01', '31/01/2025', '08.01.2025']) expect(coerceForAttribute(s, { type: 'DATE' })).toBeNull();
  });

  it('NUMBER: plain decimals to numbers; anything else null', () => {
    expect(coerceForAttribute(' 42 ', { type: 'NUMBER' })).toBe(42);
    expect(coerceForAttribute('-3.5', { type: 'NUMBER' })).toBe(-3.5);
    expect(coerceForAttribute('1,234.5', { type: 'NUMBER' })).toBe(1234.5);
    expect(coerceForAttribute('.5', { type: 'NUMBER' })).toBe(0.5);
    expect(coerceForAttribute('1e3', { type: 'NUMBER' })).toBe(1000);
    for (const s of ['1,5', '12 kg', '0x10', 'NaN', 'Infinity', '1e999', '--1']) expect(coerceForAttribute(s, { type: 'NUMBER' })).toBeNull();
  });

  it('FIXED_DROP_DOWN single: the matching possible value case-insensitively, else null', () => {
    const attr = { type: 'FIXED_DROP_DOWN', multiSelect: false, possibleValues: ['Yes', 'No', 'TBD'] };
    expect(coerceForAttribute(' yes ', attr)).toBe('Yes');
    expect(coerceForAttribute('tbd', attr)).toBe('TBD');
    expect(coerceForAttribute('Maybe', attr)).toBeNull();
    expect(coerceForAttribute('Yes, No', attr)).toBeNull();
    expect(coerceForAttribute('Maybe', { type: 'FIXED_DROP_DOWN' })).toBe('Maybe');
  });

  it('FIXED_DROP_DOWN multiSelect: matches split on , ; or new lines, in text order, once each', () => {
    const attr = { type: 'FIXED_DROP_DOWN', multiSelect: true, possibleValues: ['Rash', 'Fever', 'Yes, serious', 'Yes'] };
    expect(coerceForAttribute('fever; rash, Other', attr)).toEqual(['Fever', 'Rash']);
    expect(coerceForAttribute('Rash\nRASH\nFever', attr)).toEqual(['Rash', 'Fever']);
    expect(coerceForAttribute('Yes, serious; Yes', attr)).toEqual(['Yes, serious', 'Yes']);
    expect(coerceForAttribute('rashes', attr)).toBeNull();
    expect(coerceForAttribute('Rash, Fever', { ...attr, maxSelections: 1 })).toEqual(['Rash']);
    expect(coerceForAttribute('a; b', { type: 'FIXED_DROP_DOWN', multiSelect: true })).toEqual(['a', 'b']);
  });

  it('DROP_DOWN (editable list): canonical case when listed, the text otherwise', () => {
    const attr = { type: 'DROP_DOWN', possibleValues: ['Patient', 'Caregiver'] };
    expect(coerceForAttribute('patient', attr)).toBe('Patient');
    expect(coerceForAttribute('Nurse', attr)).toBe('Nurse');
    expect(coerceForAttribute('caregiver; Nurse', { ...attr, multiSelect: true })).toEqual(['Caregiver', 'Nurse']);
  });

  it('SINGLE_LINE_TEXT: line breaks collapsed, cut to 255 (or maxLength)', () => {
    expect(coerceForAttribute('  Leak\r\n  at\n\nconnector ', { type: 'SINGLE_LINE_TEXT' })).toBe('Leak at connector');
    expect(coerceForAttribute('x'.repeat(300), { type: 'SINGLE_LINE_TEXT' })).toBe('x'.repeat(255));
    expect(coerceForAttribute('abcdef', { type: 'SINGLE_LINE_TEXT', maxLength: 3 })).toBe('abc');
    expect(coerceForAttribute('abcdef', { type: 'SINGLE_LINE_TEXT', maxLength: -1 })).toBe('abcdef');
  });

  it('MULTI_LINE_TEXT: line breaks kept as \\n, cut to 4000 (or maxLength)', () => {
    expect(coerceForAttribute(' a\r\nb\rc ', { type: 'MULTI_LINE_TEXT' })).toBe('a\nb\nc');
    expect(coerceForAttribute('y'.repeat(5000), { type: 'MULTI_LINE_TEXT' })).toBe('y'.repeat(4000));
    expect(coerceForAttribute('abc', { type: 'MULTI_LINE_TEXT', maxLength: 2 })).toBe('ab');
  });

  it('passes trimmed text for a type it does not know', () => {
    expect(coerceForAttribute(' v ', { type: 'CURRENCY' })).toBe('v');
  });
});
