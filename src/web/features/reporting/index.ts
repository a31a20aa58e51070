// The reporting feature's public surface: what the submission screens and the dashboard show of it.
export { reportingKeys } from './api.ts';
export { CLOCK_FILTER_TEXT, DECISION_TEXT } from './clock-format.ts';
export { ReportingDue } from './clock-label.tsx';
export { type DecideRequest, ReportabilitySection } from './reportability-section.tsx';
export { AddRationaleDialog, RationaleOffer } from './add-rationale.tsx';
