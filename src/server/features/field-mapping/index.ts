/** What other features may use of field mapping: the engine that turns a submission into Arena values. */
export { buildQualityProcessValues, coerceForAttribute } from './mapping-engine.ts';
export { type ArenaFieldValue, type MappedSubmission, arenaValuesOf, portalFactsOf, toValuePreview } from './arena-values.ts';
export type { FieldMappingRule, SubmissionAnswers } from './types.ts';
