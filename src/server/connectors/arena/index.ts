export {
  ARENA_EUROPE_URL,
  ARENA_GOVCLOUD_URL,
  ARENA_NORTH_AMERICA_URL,
  type ArenaClient,
  type ArenaClientOptions,
  type ArenaStepValue,
  type ArenaTemplateStep,
  type ArenaTemplateStepAttribute,
  type CreateQualityProcessInput,
  type QualityProcessSearch,
  type StepUpdate,
  createArenaClient,
} from './arena-client.ts';
export { ArenaError, type ArenaErrorKind } from './arena-errors.ts';
export type { ArenaAttributeDefinition, ArenaAttributeValue, ArenaQualityProcess, ArenaQualityProcessPage, ArenaStep, ArenaTemplate } from './arena-schemas.ts';
