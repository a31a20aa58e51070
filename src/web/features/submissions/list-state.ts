import type { PaginationState, SortingState } from '@tanstack/react-table';
import { addDays, isCalendarDate, localDate } from '#shared/dates';
import { CLOCK_FILTERS, DECISION_FILTERS, type DecisionFilter } from '#shared/contract/reporting';
import { SUBMISSION_SORT_FIELDS, SUBMISSION_STATUSES, type SubmissionFilters, type SubmissionSortField, type SubmissionStatus } from '#shared/contract/submissions';
import { COMPLAINT_FIELDS, COMPLAINT_FIELD_MAX, type ComplaintField } from '#shared/contract/field-mapping';
import { PAGE_SIZE_OPTIONS } from '../../ui/data-table.tsx';

/** Date filter choices, in the order the control lists them. */
export const DATE_RANGES = [
  { value: 'last7', label: 'Last 7 Days' },
  { value: 'month', label: 'This Month' },
  { value: 'all', label: 'All Time' },
  { value: 'custom', label: 'Custom' },
] as const;
export type DateRange = (typeof DATE_RANGES)[number]['value'];

/**
 * Everything the list shows, kept in the URL so a reload, a shared link or the way back from a
 * submission's details lands on the same page, order and filters.
 */
export interface ListState {
  page: number;
  limit: number;
  field: SubmissionSortField;
  order: 'asc' | 'desc';
  range: DateRange;
  /** Custom range bounds, YYYY-MM-DD, possibly only one of them chosen yet. */
  from: string;
  to: string;
  search: string;
  status: SubmissionStatus | '';
  /** Reporting clock state (docs/product.md, Reporting clocks). */
  clock: (typeof CLOCK_FILTERS)[number] | '';
  /** Reportability decision (docs/product.md, Reporting clocks). */
  decision: DecisionFilter | '';
  /** The dashboard's "Deadline within a Week" card links here with `deadline=week`. */
  deadline: 'week' | '';
  /** The dashboard's "Decisions missing a rationale" card links here with `rationale=missing`. */
  rationale: 'missing' | '';
  /** Owner filter (docs/product.md, Owners): `me`, `none` or a user's id; '' is anyone. */
  owner: string;
  /** Open (not closed, as the "Assigned to me" card counts them) or closed complaints (`closure`). */
  closure: 'open' | 'closed' | '';
  /** The dashboard's "Potential reportable events" card links here with `triage=potential` (docs/features/triage.md). */
  triage: 'potential' | '';
  /** Complaint fields, each an exact value read from the form (docs/features/coding.md); '' is any. */
  product: string;
  model: string;
  lot: string;
  udi: string;
}

/** Page 1, 10 rows, newest submission first, all time. */
export const DEFAULT_LIST_STATE: ListState = { page: 1, limit: 10, field: 'submissionDate', order: 'desc', range: 'all', from: '', to: '', search: '', status: '', clock: '', decision: '', deadline: '', rationale: '', owner: '', closure: '', triage: '', product: '', model: '', lot: '', udi: '' };

const oneOf = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

/** A complaint-field filter as the server matches it: spaces collapsed and trimmed, at most 200 characters. */
export function complaintFieldValue(raw: string | null): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, COMPLAINT_FIELD_MAX);
}

export function parseListState(params: URLSearchParams): ListState {
  const s = { ...DEFAULT_LIST_STATE };
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page >= 1) s.page = page;
  const limit = Number(params.get('limit'));
  if ((PAGE_SIZE_OPTIONS as readonly number[]).includes(limit)) s.limit = limit;
  const [field, order] = (params.get('sort') ?? '').split(':');
  if (oneOf(SUBMISSION_SORT_FIELDS, field ?? null) && (order === 'asc' || order === 'desc')) {
    s.field = field as SubmissionSortField;
    s.order = order;
  }
  const range = params.get('range');
  if (oneOf(DATE_RANGES.map((r) => r.value), range)) s.range = range;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (isCalendarDate(from)) s.from = from;
  if (isCalendarDate(to)) s.to = to;
  s.search = (params.get('q') ?? '').slice(0, 100);
  const status = params.get('status');
  if (oneOf(SUBMISSION_STATUSES, status)) s.status = status;
  const clock = params.get('clock');
  if (oneOf(CLOCK_FILTERS, clock)) s.clock = clock;
  const decision = params.get('decision');
  if (oneOf(DECISION_FILTERS, decision)) s.decision = decision;
  if (params.get('deadline') === 'week') s.deadline = 'week';
  if (params.get('rationale') === 'missing') s.rationale = 'missing';
  const owner = params.get('owner')?.trim() ?? '';
  if (owner && owner.length <= 100) s.owner = owner;
  const closure = params.get('closure');
  if (closure === 'open' || closure === 'closed') s.closure = closure;
  if (params.get('triage') === 'potential') s.triage = 'potential';
  for (const f of COMPLAINT_FIELDS) s[f] = complaintFieldValue(params.get(f));
  return s;
}

/** Only what differs from the defaults goes into the URL, so a plain visit keeps a plain URL. */
export function toSearchParams(s: ListState): URLSearchParams {
  const p = new URLSearchParams();
  const d = DEFAULT_LIST_STATE;
  if (s.page !== d.page) p.set('page', String(s.page));
  if (s.limit !== d.limit) p.set('limit', String(s.limit));
  if (s.field !== d.field || s.order !== d.order) p.set('sort', `${s.field}:${s.order}`);
  if (s.range !== d.range) p.set('range', s.range);
  if (s.range === 'custom' && s.from) p.set('from', s.from);
  if (s.range === 'custom' && s.to) p.set('to', s.to);
  if (s.search.trim()) p.set('q', s.search.trim());
  if (s.status) p.set('status', s.status);
  if (s.clock) p.set('clock', s.clock);
  if (s.decision) p.set('decision', s.decision);
  if (s.deadline) p.set('deadline', s.deadline);
  if (s.rationale) p.set('rationale', s.rationale);
  if (s.owner) p.set('owner', s.owner);
  if (s.closure) p.set('closure', s.closure);
  if (s.triage) p.set('triage', s.triage);
  for (const f of COMPLAINT_FIELDS) if (s[f]) p.set(f, s[f]);
  return p;
}

/**
 * Last 7 Days is today − 7 days through today, This Month the first of the month
 * through today, sent as bad_gte / bad_lte. `null` means a custom range still lacks a bound:
 * nothing is requested or exported until both are chosen (docs/product.md, Forms).
 */
export function dateFilter(s: Pick<ListState, 'range' | 'from' | 'to'>, today: Date = new Date()): Pick<SubmissionFilters, 'bad_gte' | 'bad_lte'> | null {
  switch (s.range) {
    case 'all':
      return {};
    case 'last7': {
      return { bad_gte: addDays(localDate(today), -7), bad_lte: localDate(today) };
    }
    case 'month':
      return { bad_gte: `${localDate(today).slice(0, 8)}01`, bad_lte: localDate(today) };
    case 'custom':
      if (!s.from || !s.to) return null;
      // Bounds picked the wrong way round still mean "between these two days".
      return s.from <= s.to ? { bad_gte: s.from, bad_lte: s.to } : { bad_gte: s.to, bad_lte: s.from };
  }
}

/** The filters shared by the list and the CSV export, or null while a custom range is incomplete. */
export function filtersOf(s: ListState, today?: Date): SubmissionFilters | null {
  const dates = dateFilter(s, today);
  if (!dates) return null;
  const filters: SubmissionFilters = { ...dates };
  if (s.search.trim()) filters.search = s.search.trim();
  if (s.status) filters.status = s.status;
  if (s.clock) filters.clock = s.clock;
  if (s.decision) filters.decision = s.decision;
  if (s.deadline) filters.deadline = s.deadline;
  if (s.rationale) filters.rationale = s.rationale;
  if (s.owner) filters.owner = s.owner;
  if (s.closure) filters.closure = s.closure;
  if (s.triage) filters.triage = s.triage;
  for (const f of COMPLAINT_FIELDS) if (s[f]) filters[f] = s[f];
  return filters;
}

export interface SubmissionsListQuery extends SubmissionFilters {
  page: number;
  limit: number;
  sortBy: `${SubmissionSortField}:${'asc' | 'desc'}`;
}

/** The list request for this state, or null when no request may be made yet. */
export function listQueryOf(s: ListState, today?: Date): SubmissionsListQuery | null {
  const filters = filtersOf(s, today);
  return filters && { page: s.page, limit: s.limit, sortBy: `${s.field}:${s.order}`, ...filters };
}

/** A filter narrows the list (the sort does not): an empty list then says so and offers to clear them. */
export function isFiltered(s: ListState): boolean {
  return s.range !== DEFAULT_LIST_STATE.range || !!s.search.trim() || !!s.status || !!s.clock || !!s.decision || !!s.deadline || !!s.rationale || !!s.owner || !!s.closure || !!s.triage || COMPLAINT_FIELDS.some((f) => !!s[f]);
}

/** Every filter back to its default, those a dashboard link set included; page size and sort stay. */
export const NO_FILTERS: Pick<ListState, 'range' | 'from' | 'to' | 'search' | 'status' | 'clock' | 'decision' | 'deadline' | 'rationale' | 'owner' | 'closure' | 'triage' | ComplaintField> = {
  range: 'all',
  from: '',
  to: '',
  search: '',
  status: '',
  clock: '',
  decision: '',
  deadline: '',
  rationale: '',
  owner: '',
  closure: '',
  triage: '',
  product: '',
  model: '',
  lot: '',
  udi: '',
};

export function paginationOf(s: ListState): PaginationState {
  return { pageIndex: s.page - 1, pageSize: s.limit };
}

export function sortingOf(s: ListState): SortingState {
  return [{ id: s.field, desc: s.order === 'desc' }];
}

export const isSortField = (id: string): id is SubmissionSortField => (SUBMISSION_SORT_FIELDS as readonly string[]).includes(id);
