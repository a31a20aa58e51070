import { describe, expect, it } from 'vitest';
import { truncateFollowup } from '#shared/contract/submissions';
import { DEFAULT_LIST_STATE, type ListState, dateFilter, filtersOf, listQueryOf, parseListState, toSearchParams } from './list-state.ts';
import { chNumberShown, deadlineUrgency } from './format.ts';

const state = (patch: Partial<ListState> = {}): ListState => ({ ...DEFAULT_LIST_STATE, ...patch });
// Local noon, so the test means the same calendar day in every time zone.
const TODAY = new Date(2025, 2, 4, 12, 0, 0);

describe('date filter → bad_gte / bad_lte (docs/product.md, List and CSV)', () => {
  it('sends nothing for All Time, the default', () => {
    expect(DEFAULT_LIST_STATE.range).toBe('all');
    expect(dateFilter(state(), TODAY)).toEqual({});
  });

  it('Last 7 Days is today − 7 days through today, as YYYY-MM-DD', () => {
    expect(dateFilter(state({ range: 'last7' }), TODAY)).toEqual({ bad_gte: '2025-02-25', bad_lte: '2025-03-04' });
    // Across a year boundary.
    expect(dateFilter(state({ range: 'last7' }), new Date(2025, 0, 3, 12))).toEqual({ bad_gte: '2024-12-27', bad_lte: '2025-01-03' });
  });

  it('This Month is the first of the month through today', () => {
    expect(dateFilter(state({ range: 'month' }), TODAY)).toEqual({ bad_gte: '2025-03-01', bad_lte: '2025-03-04' });
  });

  it('Custom needs both dates: with one or none there is no request (null)', () => {
    expect(dateFilter(state({ range: 'custom' }), TODAY)).toBeNull();
    expect(dateFilter(state({ range: 'custom', from: '2025-01-01' }), TODAY)).toBeNull();
    expect(dateFilter(state({ range: 'custom', to: '2025-01-31' }), TODAY)).toBeNull();
    expect(listQueryOf(state({ range: 'custom', from: '2025-01-01' }), TODAY)).toBeNull();
    expect(filtersOf(state({ range: 'custom', to: '2025-01-31' }), TODAY)).toBeNull();
    expect(dateFilter(state({ range: 'custom', from: '2025-01-01', to: '2025-01-31' }), TODAY)).toEqual({ bad_gte: '2025-01-01', bad_lte: '2025-01-31' });
    // Picked the wrong way round: still the days between them.
    expect(dateFilter(state({ range: 'custom', from: '2025-01-31', to: '2025-01-01' }), TODAY)).toEqual({ bad_gte: '2025-01-01', bad_lte: '2025-01-31' });
  });
});

describe('list query', () => {
  it('defaults to page 1, 10 rows, submissionDate descending (docs/product.md, List and CSV)', () => {
    expect(listQueryOf(state(), TODAY)).toEqual({ page: 1, limit: 10, sortBy: 'submissionDate:desc' });
  });

  it('carries paging, sort, search and status with the date filter', () => {
    expect(listQueryOf(state({ page: 3, limit: 25, field: 'submitter', order: 'asc', range: 'month', search: '  CH-0001 ', status: 'Transfer Error' }), TODAY)).toEqual({
      page: 3,
      limit: 25,
      sortBy: 'submitter:asc',
      bad_gte: '2025-03-01',
      bad_lte: '2025-03-04',
      search: 'CH-0001',
      status: 'Transfer Error',
    });
  });

  it('round-trips through the URL and keeps defaults out of it', () => {
    expect(toSearchParams(state()).toString()).toBe('');
    const s = state({ page: 2, limit: 15, field: 'investigationDeadline', order: 'asc', range: 'custom', from: '2025-01-01', to: '2025-02-01', search: 'ada', status: 'Denied' });
    expect(parseListState(toSearchParams(s))).toEqual(s);
  });

  it('ignores values the server would refuse', () => {
    const parsed = parseListState(new URLSearchParams('page=-1&limit=11&sort=password:asc&range=decade&from=yesterday&status=Lost'));
    expect(parsed).toEqual(DEFAULT_LIST_STATE);
  });
});

describe('cells', () => {
  it('cuts the follow-up at 25 characters with an ellipsis (docs/product.md, List and CSV)', () => {
    expect(truncateFollowup('Pump returned to the manufacturer for analysis')).toBe('Pump returned to the manu…');
    expect(truncateFollowup('Exactly twenty-five chars')).toBe('Exactly twenty-five chars');
    expect(truncateFollowup(null)).toBe('');
  });

  it('shows the CH-Number only for Successful Transfer, else a dash', () => {
    expect(chNumberShown({ submissionStatus: 'Successful Transfer', chNumber: 'CH-000101' })).toBe('CH-000101');
    expect(chNumberShown({ submissionStatus: 'Transfer Error', chNumber: 'CH-000101' })).toBe('-');
    expect(chNumberShown({ submissionStatus: 'Successful Transfer', chNumber: null })).toBe('-');
  });

  it('flags open work whose deadline is within a week or past', () => {
    const today = '2025-03-04';
    expect(deadlineUrgency({ submissionStatus: 'Pending Review', investigationDeadline: '2025-03-11' }, today)).toBe('soon');
    expect(deadlineUrgency({ submissionStatus: 'Pending Review', investigationDeadline: '2025-03-12' }, today)).toBeNull();
    expect(deadlineUrgency({ submissionStatus: 'Pending Review', investigationDeadline: '2025-03-04' }, today)).toBe('soon');
    expect(deadlineUrgency({ submissionStatus: 'Transfer Error', investigationDeadline: '2025-03-03' }, today)).toBe('overdue');
    expect(deadlineUrgency({ submissionStatus: 'Successful Transfer', investigationDeadline: '2025-03-03' }, today)).toBeNull();
  });
});
