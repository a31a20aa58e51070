import type { Form, Submission, SubmissionRow } from '#shared/contract/submissions';

/** The reviewed JotForm form of the test fixtures. */
export const FORM_ID = '243158902746061';

/** GET /v1/jotforms's entry for the reviewed form. */
export function reviewedForm(overrides: Partial<Form> = {}): Form {
  return { id: FORM_ID, title: 'Complaint Form - BTS', status: 'ENABLED', count: 1, lastSubmission: null, timeZone: 'America/New_York', ...overrides };
}

/** A submission as listed: pending review, nothing done to it yet. */
export function submissionRow(overrides: Partial<SubmissionRow> = {}): SubmissionRow {
  return {
    id: '6001',
    submissionId: '6001',
    form_id: FORM_ID,
    ip: '203.0.113.5',
    created_at: '2025-03-04 10:20:30',
    updated_at: null,
    submissionDate: '2025-03-04T15:20:30.000Z',
    submitter: 'Ada Lovelace',
    status: 'ACTIVE',
    submissionStatus: 'Pending Review',
    new: '1',
    flag: '0',
    notes: '',
    becomeAwareDate: '2025-03-04',
    investigationDeadline: '2025-04-03',
    reportable: false,
    chNumber: null,
    owner: null,
    closed: false,
    product: null,
    model: null,
    lot: null,
    udi: null,
    potentialReportable: false,
    chTitle: null,
    followup: null,
    followupAttempts: 0,
    emailDelivered: false,
    transferError: null,
    denyReason: null,
    rationaleMissing: false,
    // Opened already: a row nobody has opened is marked "new".
    opened: true,
    // Undecided under the default regime (US_MDR): the shortest clock, 5 work days from the become-aware date.
    reportingClocks: [{ regime: 'US_MDR', due: '2025-03-11', reportedOn: null }],
    reportingDue: '2025-03-11',
    clock: 'overdue',
    decision: 'undecided',
    ...overrides,
  };
}

/** A submission with its answers, as on the details screen. */
export function submission(overrides: Partial<Submission> = {}): Submission {
  return { ...submissionRow(overrides), answers: [], ...overrides };
}

/** One page of a paged list reply (`limit` 10 unless given). */
export function pageOf<T>(results: T[], extra: { page?: number; limit?: number; totalResults?: number } = {}) {
  const limit = extra.limit ?? 10;
  const totalResults = extra.totalResults ?? results.length;
  return { results, page: extra.page ?? 1, limit, totalPages: Math.max(1, Math.ceil(totalResults / limit)), totalResults };
}
