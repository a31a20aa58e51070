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
export type { ArenaConnectionStatus, ArenaSignIn } from './arena-http.ts';
export type { ArenaAttributeDefinition, ArenaAttributeValue, ArenaOwner, ArenaQualityProcess, ArenaQualityProcessPage, ArenaStep, ArenaTemplate } from './arena-schemas.ts';
export type { ArenaSessionStore } from './arena-session-store.ts';
export { arenaAccount, createDbSessionStore } from './arena-session-db.ts';
export { type ArenaHealth, type ArenaHealthMonitor, createArenaHealth } from './arena-health.ts';
export { type ArenaSetupToCheck, type SetupFinding, checkNumberPrefix, checkOwner, readTemplate } from './arena-setup-check.ts';
