/** What other features may use of field mapping: the engine that turns answers into Arena values. */
export { buildQualityProcessValues, coerceForAttribute } from './mapping-engine.ts';
export type { FieldMappingRule, SubmissionAnswers } from './types.ts';
