import type { SubmissionStatus } from '#shared/contract/submissions';
import { SCENARIOS } from './fixtures-people.ts';

/** Our portal's workflow fields for one demo submission (sandbox seeding, never sent to JotForm). */
export interface DemoWorkflow {
  submissionStatus: SubmissionStatus;
  reportable: boolean;
  emailDelivered: boolean;
  followup?: string;
  chTitle?: string;
  denyReason?: string;
  /** Transfer Error rows: what Arena answers when the demo transfers them (the emulator is told to). */
  transferFailure?: { status: number; code?: number; message?: string };
  /** A reportability decision with its rationale, and the report filed this many days after the become-aware date. */
  reportability?: {
    decision: 'reportable' | 'not_reportable';
    rationale: string;
    category?: 'standard' | 'death_or_serious_deterioration' | 'public_health_threat' | 'remedial_action';
    report?: { regime: 'US_MDR' | 'US_USER_FACILITY' | 'EU_MDR'; afterDays: number; reference: string };
  };
}

/**
 * One demo submission, written relative to "now" so the sandbox always looks current.
 * created = now − days − minutes; aware date = created date − awareLag days; event date =
 * aware date − eventLag days. Rows run oldest first, so ids grow with created_at as in JotForm.
 */
export interface DemoRow {
  days: number;
  minutes: number;
  awareLag: number;
  eventLag: number;
  scenario: number;
  workflow: DemoWorkflow;
  /** updated_at = created + this many days. */
  editedAfter?: number;
  isNew?: boolean;
  flag?: boolean;
  notes?: string;
  /** emptyLot: lot number answered blank (""); noLot: lot and phone left out; xss: hostile HTML. */
  quirk?: 'emptyLot' | 'noLot' | 'xss';
}

const review = (extra: Partial<DemoWorkflow> = {}): DemoWorkflow => ({ submissionStatus: 'Pending Review', reportable: false, emailDelivered: false, ...extra });
const toTransfer = (extra: Partial<DemoWorkflow> = {}): DemoWorkflow => ({ submissionStatus: 'Pending Transfer', reportable: false, emailDelivered: false, ...extra });
const denied = (denyReason: string): DemoWorkflow => ({ submissionStatus: 'Denied', reportable: false, emailDelivered: false, denyReason });
const failed = (transferFailure: DemoWorkflow['transferFailure'], extra: Partial<DemoWorkflow> = {}): DemoWorkflow => ({
  submissionStatus: 'Transfer Error',
  reportable: false,
  emailDelivered: false,
  transferFailure,
  ...extra,
});
/** Transferred rows carry the scenario's title; Arena numbers them as it creates them. */
const transferred = (scenario: number, extra: Partial<DemoWorkflow> = {}): DemoWorkflow => ({
  submissionStatus: 'Successful Transfer',
  reportable: false,
  emailDelivered: false,
  chTitle: SCENARIOS[scenario]?.title,
  ...extra,
});

export const DEMO_ROWS: readonly DemoRow[] = [
  { days: 88, minutes: 610, awareLag: 2, eventLag: 1, scenario: 0, workflow: transferred(0, { reportable: true, emailDelivered: true, followup: 'Pump returned to the manufacturer for analysis; loaner pump issued the same day.', reportability: { decision: 'reportable', rationale: 'The pump stopped mid-infusion and the patient needed a hospital visit.', category: 'standard', report: { regime: 'US_MDR', afterDays: 21, reference: 'MW5098211' } } }) },
  { days: 84, minutes: 95, awareLag: 1, eventLag: 0, scenario: 1, workflow: transferred(1, { emailDelivered: true, followup: 'Meter replaced.' }) },
  { days: 79, minutes: 300, awareLag: 3, eventLag: 2, scenario: 2, workflow: denied('Duplicate of an earlier report for the same patient and device.') },
  { days: 75, minutes: 420, awareLag: 0, eventLag: 0, scenario: 3, editedAfter: 2, workflow: transferred(3, { reportable: true, emailDelivered: true, followup: 'Wound care team reviewed the case; supplier notified about adhesive lot FD4-0923-A.' }) },
  { days: 71, minutes: 45, awareLag: 5, eventLag: 3, scenario: 8, workflow: denied('Billing dispute, not a product or quality-of-care complaint; forwarded to the billing office.') },
  { days: 66, minutes: 515, awareLag: 1, eventLag: 0, scenario: 4, workflow: transferred(4, { emailDelivered: true }) },
  { days: 62, minutes: 200, awareLag: 2, eventLag: 1, scenario: 5, workflow: failed({ status: 503 }, { followup: 'Retry after the Arena outage.' }) },
  { days: 58, minutes: 380, awareLag: 0, eventLag: 0, scenario: 6, editedAfter: 1, flag: true, notes: 'Called reporter, photos received.', workflow: transferred(6, { reportable: true, emailDelivered: true, followup: 'Patient seen in orthopedics; brace lot quarantined pending the supplier investigation.' }) },
  { days: 54, minutes: 130, awareLag: 4, eventLag: 2, scenario: 7, workflow: transferred(7) },
  { days: 49, minutes: 600, awareLag: 1, eventLag: 0, scenario: 9, workflow: transferred(9, { emailDelivered: true, followup: 'Apology call made by the lab supervisor; phlebotomy refresher training scheduled.' }) },
  { days: 45, minutes: 75, awareLag: 2, eventLag: 1, scenario: 10, workflow: toTransfer({ reportable: true }) },
  { days: 41, minutes: 260, awareLag: 0, eventLag: 0, scenario: 11, workflow: denied('Sizing exchange resolved it; no quality concern.') },
  { days: 37, minutes: 480, awareLag: 3, eventLag: 2, scenario: 12, workflow: transferred(12) },
  { days: 33, minutes: 150, awareLag: 1, eventLag: 0, scenario: 13, editedAfter: 5, workflow: transferred(13, { reportable: true, emailDelivered: true, followup: 'Supplier complaint opened.' }) },
  // Aware 23–28 days ago: investigation deadlines (aware + 30 days) fall within the coming week.
  { days: 28, minutes: 90, awareLag: 0, eventLag: 1, scenario: 14, isNew: true, workflow: review() },
  { days: 27, minutes: 330, awareLag: 0, eventLag: 0, scenario: 15, workflow: toTransfer() },
  { days: 26, minutes: 200, awareLag: 1, eventLag: 0, scenario: 16, flag: true, workflow: failed({ status: 400, code: 2008, message: 'A value is required for the attribute "Severity".' }, { reportable: true, chTitle: SCENARIOS[16]?.title }) },
  { days: 25, minutes: 520, awareLag: 0, eventLag: 2, scenario: 0, editedAfter: 3, notes: 'Reporter prefers contact by e-mail.', workflow: review({ followup: 'Waiting for the reporter to send photos of the alarm screen.' }) },
  { days: 24, minutes: 60, awareLag: 1, eventLag: 0, scenario: 6, workflow: toTransfer({ reportable: true, followup: 'Ortho consult booked.', reportability: { decision: 'reportable', rationale: 'The brace gave way and the patient fell, fracturing a wrist.', category: 'standard' } }) },
  { days: 23, minutes: 400, awareLag: 0, eventLag: 1, scenario: 3, flag: true, workflow: review({ reportability: { decision: 'not_reportable', rationale: 'Skin redness resolved within a day; no injury and no device malfunction.' } }) },
  { days: 21, minutes: 240, awareLag: 2, eventLag: 1, scenario: 1, workflow: toTransfer() },
  { days: 18, minutes: 30, awareLag: 0, eventLag: 0, scenario: 9, workflow: denied('Reporter withdrew the complaint by phone.') },
  { days: 15, minutes: 470, awareLag: 1, eventLag: 0, scenario: 4, workflow: failed({ status: 502 }) },
  { days: 12, minutes: 180, awareLag: 3, eventLag: 1, scenario: 12, quirk: 'emptyLot', workflow: review() },
  { days: 10, minutes: 350, awareLag: 0, eventLag: 0, scenario: 5, editedAfter: 1, workflow: transferred(5, { followup: 'Replacement cushion shipped.' }) },
  { days: 8, minutes: 100, awareLag: 1, eventLag: 0, scenario: 13, workflow: toTransfer({ emailDelivered: true }) },
  { days: 6, minutes: 560, awareLag: 0, eventLag: 0, scenario: 2, isNew: true, quirk: 'xss', workflow: review() },
  { days: 5, minutes: 210, awareLag: 1, eventLag: 1, scenario: 15, isNew: true, quirk: 'noLot', workflow: review() },
  { days: 3, minutes: 420, awareLag: 0, eventLag: 0, scenario: 7, editedAfter: 1, workflow: review({ followup: 'Left voicemail.' }) },
  { days: 2, minutes: 80, awareLag: 0, eventLag: 2, scenario: 10, isNew: true, workflow: review() },
  { days: 1, minutes: 300, awareLag: 0, eventLag: 0, scenario: 16, isNew: true, flag: true, notes: 'Escalated to the nurse manager.', workflow: review({ reportable: true }) },
  { days: 0, minutes: 160, awareLag: 0, eventLag: 0, scenario: 11, isNew: true, workflow: review() },
  { days: 0, minutes: 95, awareLag: 0, eventLag: 1, scenario: 8, isNew: true, workflow: review() },
  { days: 0, minutes: 47, awareLag: 0, eventLag: 0, scenario: 14, isNew: true, workflow: review() },
];

const FIRST_ID = 6_009_000_000_000_000_000n;
const ID_STEP = 7_340_033n;

/** Demo submission ids are fixed (only dates move with the clock), so seeding can key on them. */
export function demoSubmissionId(rowIndex: number): string {
  return String(FIRST_ID + BigInt(rowIndex + 1) * ID_STEP);
}

/** submissionId → the portal's workflow fields, for seeding sandbox mode. */
export const DEMO_WORKFLOW: Readonly<Record<string, DemoWorkflow>> = Object.fromEntries(DEMO_ROWS.map((row, i) => [demoSubmissionId(i), row.workflow]));

/** The submission whose rich-text answer carries a script payload (for the browser XSS test). */
export const DEMO_XSS_SUBMISSION_ID = demoSubmissionId(DEMO_ROWS.findIndex((r) => r.quirk === 'xss'));

export const XSS_PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
