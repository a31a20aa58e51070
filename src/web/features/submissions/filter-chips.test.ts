import { describe, expect, it } from 'vitest';
import { filterChips } from './filter-chips.tsx';
import { filtersOf, isFiltered, parseListState, toSearchParams } from './list-state.ts';

const chips = (query: string, names = new Map<string, string>()) => filterChips(parseListState(new URLSearchParams(query)), names).map((c) => c.text);

describe('filterChips', () => {
  it('shows no chip for a plain list, sorting and paging included', () => {
    expect(chips('page=2&limit=25&sort=submitter:asc')).toEqual([]);
  });

  it('shows what the dashboard links set: an owner and open complaints, Assigned to me → Open', () => {
    expect(chips('owner=u1&closure=open', new Map([['u1', 'Dana Reyes']]))).toEqual(['Owner: Dana Reyes', 'Open complaints only']);
    expect(chips('owner=me&closure=open')).toEqual(['Owner: Me', 'Open complaints only']);
    expect(chips('owner=none&closure=closed')).toEqual(['Owner: Nobody', 'Closed complaints only']);
    expect(chips('owner=me&clock=due_soon')).toEqual(['Reporting clock: Due soon', 'Owner: Me']);
  });

  it('shows every other filter too, in the toolbar order', () => {
    expect(chips('q=Ada&status=Denied&decision=not_reportable&range=month&deadline=week&rationale=missing')).toEqual([
      'Search: “Ada”',
      'Status: Denied',
      'Decision: Not reportable',
      'BAD: This Month',
      'Investigation deadline within a week',
      'Reportable — rationale missing',
    ]);
    expect(chips('range=custom&from=2026-01-01&to=2026-01-31')).toEqual(['BAD 2026-01-01 to 2026-01-31']);
  });

  it('shows the complaint fields in force, each removable on its own, after the date range', () => {
    const state = parseListState(new URLSearchParams('product=Infusion%20Pump%20%20IP-300&lot=LOT%2024A113&range=month'));
    const shown = filterChips(state, new Map());
    expect(shown.map((c) => c.text)).toEqual(['BAD: This Month', 'Product: Infusion Pump IP-300', 'Lot or serial number: LOT 24A113']);
    expect(shown[1]!.clear).toEqual({ product: '' });
    expect(filtersOf({ ...state, ...shown[1]!.clear })).toMatchObject({ lot: 'LOT 24A113' });
    expect(filtersOf({ ...state, ...shown[1]!.clear })).not.toHaveProperty('product');
    expect(toSearchParams(state).toString()).toBe('range=month&product=Infusion+Pump+IP-300&lot=LOT+24A113');
    expect(isFiltered(parseListState(new URLSearchParams('udi=(01)0001')))).toBe(true);
  });

  it('removing a chip clears only its own filter (a date range with its bounds)', () => {
    const [range] = filterChips(parseListState(new URLSearchParams('range=custom&from=2026-01-01')), new Map());
    expect(range!.clear).toEqual({ range: 'all', from: '', to: '' });
  });
});
