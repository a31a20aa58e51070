import { describe, expect, it } from 'vitest';
import { type ClosureFacts, checklistOf } from './checklist.ts';

const ready: ClosureFacts = { decision: 'reportable', decisionSigned: true, decisionStale: false, investigation: true, investigationSigned: true, reportsMissing: [], reply: true, status: 'Successful Transfer' };
const missing = (f: Partial<ClosureFacts>) => checklistOf({ ...ready, ...f }).flatMap((i) => (i.missing ? [[i.condition, i.missing]] : []));

describe('the closing checklist', () => {
  it('is complete when every condition is met; a denied complaint needs no quality process', () => {
    expect(missing({})).toEqual([]);
    expect(missing({ status: 'Denied', decision: 'not_reportable' })).toEqual([]);
  });
  it('names each missing condition in a sentence', () => {
    expect(missing({ decisionSigned: false })).toEqual([['decision', 'Sign the reportability decision.']]);
    expect(missing({ decisionSigned: false, decisionStale: true })).toEqual([['decision', 'The reportability decision changed after it was signed: sign it again.']]);
    expect(missing({ investigation: false, investigationSigned: false })).toEqual([['investigation', 'Record the investigation, or the reason there was none, and sign it.']]);
    expect(missing({ reportsMissing: ['US_MDR', 'EU_MDR'] })).toEqual([['reports', 'File the report for US MDR (21 CFR 803, manufacturer) and EU MDR (Art. 87), and record it.']]);
    expect(missing({ reply: false })).toEqual([['reply', 'Record the reply to the complainant, or why none is needed.']]);
    expect(missing({ status: 'Transfer Error' })).toEqual([['transfer', 'Create the quality process in Arena (or deny the complaint).']]);
  });
  it('an undecided complaint misses its decision, and its reports cannot be known yet', () => {
    expect(missing({ decision: null, decisionSigned: false }).map(([c]) => c)).toEqual(['decision', 'reports']);
  });
});
