import { describe, expect, it } from 'vitest';
import type { ArenaStep, ArenaTemplateStep } from '../../connectors/arena/index.ts';
import { arenaDate, renderSteps, renderValue } from './step-values.ts';
import { mappedValues, stepUpdates } from './transfer-values.ts';

const step = (over: Partial<ArenaStep>): ArenaStep => ({
  guid: 'S1',
  name: 'Intake',
  order: 1,
  type: 'REGULAR',
  status: 'OPEN',
  dueDateTime: null,
  completeDateTime: null,
  attributes: [],
  ...over,
});
const template: ArenaTemplateStep[] = [
  { guid: 'T1', name: 'Intake', order: 1, attributes: [{ guid: 'A', name: 'Aware', type: 'DATE', required: true }, { guid: 'B', name: 'Name', type: 'SINGLE_LINE_TEXT', required: false }] },
  { guid: 'T2', name: 'Evaluation', order: 2, attributes: [{ guid: 'C', name: 'Reportable?', type: 'FIXED_DROP_DOWN', required: false, possibleValues: ['Yes', 'No'] }] },
];

describe('rendering step values', () => {
  it.each([
    ['2025-01-08T08:00:00Z', '2025-01-08'], // 00:00 Pacific (winter)
    ['2025-01-09T07:59:59Z', '2025-01-08'], // 23:59:59 Pacific (winter)
    ['2025-07-04T07:00:00Z', '2025-07-04'], // 00:00 Pacific (summer)
    ['2025-07-04T00:00:00Z', '2025-07-03'], // UTC midnight is the evening before in Pacific time
    ['2025-07-04T12:00:00Z', '2025-07-04'], // midday UTC, as the portal sends a date
  ])('reads the Arena date %s as %s', (value, date) => {
    expect(arenaDate(value)).toBe(date);
  });

  it('renders lists, numbers, empty values and text', () => {
    expect(renderValue(['Pain', 'Rash'], 'FIXED_DROP_DOWN')).toBe('Pain, Rash');
    expect(renderValue(3.5, 'NUMBER')).toBe('3.5');
    expect(renderValue(null, 'DATE')).toBe('');
    expect(renderValue('2025-01-09T07:59:59Z', null)).toBe('2025-01-08');
    expect(renderValue('Leak at the connector', 'MULTI_LINE_TEXT')).toBe('Leak at the connector');
  });

  it('keeps REGULAR steps and names unnamed attributes from the template', () => {
    const steps = [step({ attributes: [{ guid: 'A', name: null, fieldType: 'DATE', value: '2025-01-08T08:00:00Z' }] }), step({ guid: 'S9', name: 'Approve', type: 'SIGNOFF' })];
    expect(renderSteps(steps, template)).toEqual([{ name: 'Intake', attributes: [{ name: 'Aware', value: '2025-01-08' }, { name: 'Name', value: '' }] }]);
  });

  it('shows the attributes Arena left out of the list as empty, in the template order, then any others', () => {
    const steps = [
      step({ attributes: [{ guid: 'B', name: 'Name', fieldType: 'SINGLE_LINE_TEXT', value: 'Jane Doe' }, { guid: 'X', name: 'Extra', fieldType: 'NUMBER', value: 4 }] }),
      step({ guid: 'S2', name: 'Evaluation', order: 2, attributes: [] }),
    ];
    expect(renderSteps(steps, template)).toEqual([
      { name: 'Intake', attributes: [{ name: 'Aware', value: '' }, { name: 'Name', value: 'Jane Doe' }, { name: 'Extra', value: '4' }] },
      { name: 'Evaluation', attributes: [{ name: 'Reportable?', value: '' }] },
    ]);
  });
});

describe('transfer values', () => {
  const answers = { '3': { type: 'control_fullname', answer: { first: 'Jane', last: 'Doe' } }, '10': { answer: { month: '01', day: '08', year: '2025' } } };
  const submission = { answers, reportingDecision: null, reportingCategory: null, reportingRegimes: null, chTitle: null, becomeAwareDate: '2025-01-08', investigationDeadline: '2025-02-07' };
  const rules = [
    { arenaFieldGUID: 'A', name: 'Aware', predefined: false, concatenate: false, formFieldQID: [{ qid: '10', preprocessingFunctions: ['dateISO'] }] },
    { arenaFieldGUID: 'B', name: 'Name', predefined: false, concatenate: false, formFieldQID: [{ qid: '3', preprocessingFunctions: ['fullName'] }] },
    { arenaFieldGUID: 'C', name: 'Reportable', predefined: true, predefinedValue: 'Maybe', concatenate: false, formFieldQID: [] },
    { arenaFieldGUID: 'GONE', name: 'Removed field', predefined: true, predefinedValue: 'x', concatenate: false, formFieldQID: [] },
  ];

  it('coerces values per attribute type and reports what it could not send', () => {
    expect(mappedValues(rules, submission, template)).toEqual({
      values: [
        { guid: 'A', name: 'Aware', value: '2025-01-08T12:00:00Z' },
        { guid: 'B', name: 'Name', value: 'Jane Doe' },
      ],
      skipped: ['Reportable?', 'Removed field'],
    });
  });

  it('sends one update per open step that carries a value, using the template when Arena omits empty attributes', () => {
    const { values } = mappedValues(rules, submission, template);
    const updates = stepUpdates([step({ guid: 'P1' }), step({ guid: 'P2', name: 'Evaluation', order: 2 }), step({ guid: 'P3', status: 'COMPLETE' })], template, values);
    expect(updates).toEqual([{ stepGuid: 'P1', update: { attributes: [{ guid: 'A', value: '2025-01-08T12:00:00Z' }, { guid: 'B', value: 'Jane Doe' }] } }]);
  });
});
