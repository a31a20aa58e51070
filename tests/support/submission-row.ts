import type { SubmissionRow } from '#shared/contract/submissions';

/** The demo form's id, as the rows below carry it. */
export const SUBMISSION_FORM_ID = '243158902746061';

/** A submission as the list API answers it: pending review, not transferred; `overrides` set the rest. */
export function submissionRow(overrides: Partial<SubmissionRow> = {}): SubmissionRow {
  return {
    id: '6001',
    submissionId: '6001',
    form_id: SUBMISSION_FORM_ID,
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
    chTitle: null,
    followup: null,
    emailDelivered: false,
    transferError: null,
    denyReason: null,
    ...overrides,
  };
}
