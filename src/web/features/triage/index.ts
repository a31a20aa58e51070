// The triage feature's public surface: the screening questions' section of the field-mapping screen and the list's badge.
export { ScreeningQuestionsSection } from './screening-questions-section.tsx';
export { PotentialReportableBadge } from './potential-reportable-badge.tsx';
