export { type ArenaEmulator, type ArenaEmulatorControl, type ArenaEmulatorOptions, createArenaEmulator } from './emulator.ts';
export { ARENA_EMULATOR_TEMPLATE_GUID, ATTRIBUTE_GUIDS, WORKSPACE as ARENA_EMULATOR_WORKSPACE } from './fixtures.ts';
export type { ArenaEmulatorState } from './state.ts';
export { ARENA_EMULATOR_VARIANTS, type ArenaEmulatorVariant, type ArenaEmulatorVariantName } from './variants.ts';
