export {
  type ArenaClient,
  type ArenaClientOptions,
  type ArenaTemplateStep,
  type ArenaTemplateStepAttribute,
  type StepUpdate,
  createArenaClient,
} from './arena-client.ts';
export { ArenaError } from './arena-errors.ts';
export type { ArenaAttributeValue, ArenaQualityProcess, ArenaStep, ArenaStepValue, ArenaTemplate } from './arena-schemas.ts';
export { arenaAccount, createDbSessionStore } from './arena-session-db.ts';
export { type ArenaHealthMonitor, createArenaHealth } from './arena-health.ts';
export { type SetupFinding, checkNumberPrefix, checkOwner, readTemplate } from './arena-setup-check.ts';
