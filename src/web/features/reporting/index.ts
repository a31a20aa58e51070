// The reporting feature's public surface: what the submission screens and the dashboard show of it.
export { type AfterReportingWrite, reportingKeys, useDecide } from './api.ts';
export { CLOCK_FILTER_TEXT, CLOCK_TEXT, DECISION_TEXT } from './clock-format.ts';
export { ClockBadge, ReportingDue } from './clock-label.tsx';
export { type DecisionDraft, decideBody } from './decision-fields.tsx';
export { MarkReportableDialog } from './mark-reportable-dialog.tsx';
export { type DecideRequest, ReportabilitySection } from './reportability-section.tsx';
