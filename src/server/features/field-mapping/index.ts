/** What other features may use of field mapping: the engine that turns a submission into Arena values. */
export { type MappedSubmission, sentValuesOf, templateValuesOf, toValuePreview } from './arena-values.ts';
export type { FieldMappingRule } from './types.ts';
