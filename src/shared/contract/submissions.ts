import { z } from 'zod';
import { Id, IsoDate, PageQuery, page, sortBy } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { MAIL_STATUSES } from './mail.ts';
import { Actor, CLOCK_FILTERS, DECISION_FILTERS, ReportingFields } from './reporting.ts';
import { TRIAGE_FILTERS } from './triage.ts';

export const SUBMISSION_STATUSES = ['Pending Review', 'Pending Transfer', 'Successful Transfer', 'Denied', 'Transfer Error'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
/** Statuses in which the investigation deadline still runs: not yet transferred or denied (docs/product.md, Daily reminders). */
export const WORKFLOW_OPEN_STATUSES = ['Pending Review', 'Pending Transfer', 'Transfer Error'] as const satisfies readonly SubmissionStatus[];
/** A complaint is open until it is closed (docs/features/signatures.md); the list filters by it. */
export const CLOSURE_FILTERS = ['open', 'closed'] as const;

/** One answer of the details screen, in question order. */
export const Answer = z.object({
  qid: z.string(),
  order: z.number().int(),
  name: z.string(),
  type: z.string(),
  text: z.string(),
  answer: z.unknown().optional(),
  prettyFormat: z.string().optional(),
});
export type Answer = z.infer<typeof Answer>;

/** The user who owns a submission (docs/product.md, Owners). */
export const Owner = z.object({ id: z.string(), name: z.string() });
export type Owner = z.infer<typeof Owner>;

/** A submission as listed (without answers). */
export const SubmissionRow = z.object({
  id: z.string(),
  submissionId: z.string(),
  form_id: z.string(),
  ip: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  submissionDate: z.string(),
  submitter: z.string(),
  status: z.string(),
  submissionStatus: z.enum(SUBMISSION_STATUSES),
  new: z.string(),
  flag: z.string(),
  notes: z.string(),
  becomeAwareDate: z.string(),
  investigationDeadline: z.string(),
  reportable: z.boolean(),
  chNumber: z.string().nullable(),
  chTitle: z.string().nullable(),
  followup: z.string().nullable(),
  /** How many follow-up notes (good-faith attempts) the submission has. */
  followupAttempts: z.number().int(),
  emailDelivered: z.boolean(),
  transferError: z.string().nullable(),
  denyReason: z.string().nullable(),
  /** A reportable decision recorded without a rationale (the list's Mark → Confirm): the details page asks for one. */
  rationaleMissing: z.boolean(),
  /** Whether anyone has read its data yet (its 'viewed' audit entries: the details, the follow-ups or a mapping preview); the list marks the others "new". */
  opened: z.boolean(),
  owner: Owner.nullable(),
  /** Closed: every closing condition met and the closure signed (docs/features/signatures.md); read-only until reopened. */
  closed: z.boolean(),
  /** Complaint fields read from the form questions named for them (docs/features/coding.md); null: not given. */
  product: z.string().nullable(),
  model: z.string().nullable(),
  /** The lot or the serial number. */
  lot: z.string().nullable(),
  udi: z.string().nullable(),
  /** Answered yes to a screening question at intake: a potential reportable event (docs/features/triage.md). */
  potentialReportable: z.boolean(),
}).extend(ReportingFields.shape);
export type SubmissionRow = z.infer<typeof SubmissionRow>;

export const Submission = SubmissionRow.extend({ answers: z.array(Answer) });
export type Submission = z.infer<typeof Submission>;

export const Form = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  count: z.number().int(),
  lastSubmission: z.string().nullable(),
  /** The JotForm account's IANA time zone, on whose wall clock created_at and updated_at are written (decision 003). */
  timeZone: z.string(),
});
export type Form = z.infer<typeof Form>;

export const SUBMISSION_SORT_FIELDS = [
  'submissionDate',
  'submitter',
  'submissionStatus',
  'becomeAwareDate',
  'investigationDeadline',
  'reportable',
  'chNumber',
  'chTitle',
  'followup',
  'emailDelivered',
  'reportingDue',
] as const;
export type SubmissionSortField = (typeof SUBMISSION_SORT_FIELDS)[number];

const complaintFieldFilter = (name: string) => z.string().trim().min(1, `${name} cannot be empty`).max(200, `${name} must be at most 200 characters`).optional();

/** Filters shared by the list and the CSV export. */
export const SubmissionFilters = z.object({
  bad_gte: IsoDate.optional(),
  bad_lte: IsoDate.optional(),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  status: z.enum(SUBMISSION_STATUSES, { message: `status must be one of ${SUBMISSION_STATUSES.join(', ')}` }).optional(),
  /** Reporting clock state (docs/product.md, Reporting clocks). */
  clock: z.enum(CLOCK_FILTERS, { message: `clock must be one of ${CLOCK_FILTERS.join(', ')}` }).optional(),
  /** Reportability decision (docs/product.md, Reporting clocks). */
  decision: z.enum(DECISION_FILTERS, { message: `decision must be one of ${DECISION_FILTERS.join(', ')}` }).optional(),
  /** `week`: the dashboard's "Deadline within a Week" (not transferred or denied, investigation deadline from today to today + 7). */
  deadline: z.enum(['week'], { message: 'deadline must be week' }).optional(),
  /** `missing`: reportable decisions recorded without a rationale (docs/product.md, Reporting clocks). */
  rationale: z.enum(['missing'], { message: 'rationale must be missing' }).optional(),
  /** `me` (the signed-in user), `none` (nobody) or a user's id (docs/product.md, Owners). */
  owner: z.string().trim().min(1, 'owner must be me, none or a user id').max(100, 'owner must be me, none or a user id').optional(),
  /** `open`: not closed (as the "Assigned to me" card counts them); `closed`: closed (docs/features/signatures.md). */
  closure: z.enum(CLOSURE_FILTERS, { message: 'closure must be open or closed' }).optional(),
  /** Complaint fields, each matched exactly (docs/features/coding.md). */
  product: complaintFieldFilter('product'),
  model: complaintFieldFilter('model'),
  lot: complaintFieldFilter('lot'),
  udi: complaintFieldFilter('udi'),
  /** `potential`: flagged a potential reportable event at intake (docs/features/triage.md). */
  triage: z.enum(TRIAGE_FILTERS, { message: 'triage must be potential' }).optional(),
});
export type SubmissionFilters = z.infer<typeof SubmissionFilters>;

const submissionSort = () => sortBy(SUBMISSION_SORT_FIELDS, 'submissionDate:desc');

export const ListSubmissionsQuery = PageQuery.extend(SubmissionFilters.shape).extend({
  formId: z.string().optional(),
  sortBy: submissionSort(),
});

/** The export: the list's filters and order, without paging, so the file matches the screen. */
export const ExportSubmissionsQuery = SubmissionFilters.extend({ sortBy: submissionSort() });

const FormParams = z.object({ formId: Id });
const SubmissionParams = z.object({ id: Id });
const Row = z.object({ results: SubmissionRow });
const mustBeTrue = (field: string) => z.literal(true, { message: `${field} can only be set to true` });

/**
 * The complaint register (docs/features/coding.md): a second export beside the ten-column CSV,
 * with the decision in its three states, reporting due, owner, the complaint fields, the IMDRF
 * codes and closure; every time in it is written with its zone.
 */
export const REGISTER_FILE_NAME = 'complaint_register.csv';
export const REGISTER_HEADERS = [
  'Submission ID',
  'Submission Date',
  'Submitter Name',
  'Become-Aware Date',
  'Workflow Status',
  'Reportability Decision',
  'Reporting Due',
  'Owner',
  'Product',
  'Model',
  'Lot or Serial Number',
  'UDI',
  'IMDRF Codes',
  'IMDRF Release',
  'Closed',
  'Closed At',
  'CH-Number',
] as const;

export const CSV_FILE_NAME = 'submissions_export.csv';
export const CSV_HEADERS = [
  'Submission Date',
  'Submitter Name',
  'Form Status',
  'BAD',
  'Investigation Deadline',
  'Reportable',
  'CH-Number',
  'CH-Title',
  'Good Faith Efforts',
  'Delivered',
] as const;

export const FOLLOWUP_MAX = 5000;

/** How a good-faith effort reached (or tried to reach) the person who reported the complaint. */
export const FOLLOWUP_METHODS = ['phone', 'email', 'letter', 'in_person', 'other'] as const;
export type FollowupMethod = (typeof FOLLOWUP_METHODS)[number];
export const FOLLOWUP_METHOD_LABELS: Record<FollowupMethod, string> = { phone: 'Phone', email: 'E-mail', letter: 'Letter', in_person: 'In person', other: 'Other' };
export const FOLLOWUP_OUTCOME_MAX = 200;

/** What a good-faith effort may record beside its text, each optional (docs/product.md, Follow-ups). */
export const FollowupAttempt = z.object({
  method: z.enum(FOLLOWUP_METHODS, { message: `method must be one of ${FOLLOWUP_METHODS.join(', ')}` }).optional(),
  /** The day the attempt was made, when not the day the note is written; never in the future. */
  attemptedOn: IsoDate.optional(),
  outcome: z.string().trim().max(FOLLOWUP_OUTCOME_MAX, `outcome must be at most ${FOLLOWUP_OUTCOME_MAX} characters`).optional(),
  /** The attempt brought new information about the event: reportability is to be assessed again (docs/features/reportability-assessment.md). */
  newInformation: z.boolean({ message: 'newInformation must be true or false' }).optional(),
});
export type FollowupAttempt = z.infer<typeof FollowupAttempt>;

/** One good-faith effort: an attributed, dated, append-only note (docs/product.md, Follow-ups). */
export const FollowupNote = z.object({
  id: z.string(),
  text: z.string(),
  at: z.string(),
  author: Actor,
  method: z.enum(FOLLOWUP_METHODS).nullable(),
  attemptedOn: z.string().nullable(),
  outcome: z.string().nullable(),
  newInformation: z.boolean(),
});
export type FollowupNote = z.infer<typeof FollowupNote>;

const followupText = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} cannot be empty`)
    .max(FOLLOWUP_MAX, `${field} must be at most ${FOLLOWUP_MAX} characters`);

/** A value before or after a change, as the audit trail kept it. */
export const ChangeValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const Change = z.object({ field: z.string(), before: ChangeValue, after: ChangeValue });
/** One entry of a submission's history; actor null is JotForm (sync) or the portal itself. */
export const HistoryEntry = z.object({ at: z.string(), actor: Actor, action: z.string(), changes: z.array(Change) });
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const submissionsApi = defineApi('submissions', {
  forms: defineEndpoint({
    method: 'GET', path: '/v1/jotforms', tag: 'JotForms', summary: 'The forms the portal reviews',
    access: { capability: 'submissions' }, status: 200, response: z.object({ results: z.array(Form) }),
  }),
  list: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/:formId', tag: 'JotForms',
    summary: 'Submissions of a form, paged, sorted and filtered by become-aware date, search and status',
    access: { capability: 'submissions' }, params: FormParams, query: ListSubmissionsQuery, status: 200, response: page(SubmissionRow),
  }),
  exportCsv: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/:formId/exportSubmissionsCSV', tag: 'JotForms',
    summary: `All matching submissions as ${CSV_FILE_NAME} (text/csv) in the list's order, or {results: csv} when JSON is asked for`,
    access: { capability: 'submissions' }, params: FormParams, query: ExportSubmissionsQuery, status: 200,
    response: z.object({ results: z.string() }), produces: ['text/csv'],
  }),
  exportRegister: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/:formId/complaint-register.csv', tag: 'JotForms',
    summary: `The complaint register of all matching submissions as ${REGISTER_FILE_NAME} (text/csv), newest first, or {results: csv} when JSON is asked for`,
    access: { capability: 'submissions' }, params: FormParams, query: SubmissionFilters, status: 200,
    response: z.object({ results: z.string() }), produces: ['text/csv'],
  }),
  get: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id', tag: 'JotForms', summary: 'One submission with its answers in question order',
    access: { capability: 'submissions' }, params: SubmissionParams, status: 200, response: Submission,
  }),
  createFollowup: defineEndpoint({
    method: 'PATCH', path: '/v1/jotforms/submission/:id/create-followup', tag: 'JotForms',
    summary: 'Create or replace the follow-up (good faith efforts) text',
    access: { capability: 'submissions' }, params: SubmissionParams,
    body: FollowupAttempt.extend({ followup: followupText('followup') }),
    status: 200, response: Row,
  }),
  followups: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/followups', tag: 'JotForms',
    summary: 'Every follow-up note of a submission, newest first',
    access: { capability: 'submissions' }, params: SubmissionParams, status: 200, response: z.object({ results: z.array(FollowupNote) }),
  }),
  addFollowup: defineEndpoint({
    method: 'POST', path: '/v1/jotforms/submission/:id/followups', tag: 'JotForms',
    summary: 'Add a follow-up note (it becomes the followup shown in the list)',
    access: { capability: 'submissions' }, params: SubmissionParams, body: FollowupAttempt.extend({ text: followupText('text') }),
    status: 201, response: z.object({ results: FollowupNote }),
  }),
  history: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/history', tag: 'JotForms',
    summary: 'What happened to a submission, newest first, from the audit trail',
    access: { capability: 'submissions' }, params: SubmissionParams, status: 200, response: z.object({ results: z.array(HistoryEntry) }),
  }),
  markReportable: defineEndpoint({
    method: 'PATCH', path: '/v1/jotforms/submission/:id/mark-reportable', tag: 'JotForms',
    summary: 'Mark reportable (one way: false → true; the body may be {reportable: true} or {emailDelivered: true})',
    access: { capability: 'submissions' }, params: SubmissionParams,
    body: z.object({ reportable: mustBeTrue('reportable').optional(), emailDelivered: mustBeTrue('emailDelivered').optional() }).nullish(),
    status: 200, response: Row,
  }),
  markEmailDelivered: defineEndpoint({
    method: 'PATCH', path: '/v1/jotforms/submission/:id/mark-email-delivered', tag: 'JotForms',
    summary: 'Mark delivered (one way: false → true)',
    access: { capability: 'submissions' }, params: SubmissionParams,
    body: z.object({ emailDelivered: mustBeTrue('emailDelivered') }), status: 200, response: Row,
  }),
  sendEmailRecipient: defineEndpoint({
    method: 'POST', path: '/v1/jotforms/submission/:id/send-email-recipient', tag: 'JotForms',
    summary: 'Queue the e-mail to the active notification recipients about the submission (no free-text answers), once per submission: a repeat answers what was queued',
    access: { capability: 'submissions' }, params: SubmissionParams, status: 200,
    response: z.object({ message: z.string(), recipients: z.number().int(), mailId: z.string(), status: z.enum(MAIL_STATUSES) }),
  }),
  review: defineEndpoint({
    method: 'PATCH', path: '/v1/jotforms/submission/:id/review', tag: 'JotForms',
    summary: 'Approve (→ Pending Transfer) or deny (→ Denied, reason required) a submission pending review',
    access: { capability: 'submissions' }, params: SubmissionParams,
    body: z
      .object({
        decision: z.enum(['approve', 'deny'], { message: 'decision must be approve or deny' }),
        reason: z.string().trim().max(2000, 'reason must be at most 2000 characters').optional(),
        /**
         * Denying an undecided submission records it not reportable with the reason as its rationale;
         * without this, denying an undecided submission is refused (docs/product.md, Statuses).
         */
        notReportable: z.literal(true, { message: 'notReportable can only be true' }).optional(),
        /**
         * Approving an undecided submission sends it towards Arena without its reportability: refused
         * unless the decision is explicitly left for later, which lists it with the decisions missing
         * a rationale until one is recorded (docs/product.md, Statuses).
         */
        decideLater: z.literal(true, { message: 'decideLater can only be true' }).optional(),
      })
      .refine((b) => b.decision === 'approve' || !!b.reason, { message: 'a reason is required to deny', path: ['reason'] }),
    status: 200, response: Row,
  }),
  webhook: defineEndpoint({
    method: 'POST', path: '/v1/jotforms/webhook/:secret', tag: 'JotForms',
    summary: 'JotForm webhook: re-fetches the named submission from the JotForm API',
    access: 'public', params: z.object({ secret: z.string().max(200) }), body: z.unknown().optional(),
    status: 200, response: z.object({ received: z.boolean() }),
  }),
});

/** "1 attempt", "3 attempts": the follow-up count as the list and details show it. */
export const attemptCount = (n: number): string => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** Cut of follow-up text in the list (docs/product.md, List and CSV). */
export function truncateFollowup(text: string | null | undefined, max = 25): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
