export { type ArenaEmulator, type ArenaEmulatorControl, type ArenaEmulatorOptions, createArenaEmulator } from './emulator.ts';
export { ARENA_EMULATOR_TEMPLATE_GUID, ATTRIBUTE_GUIDS, WORKSPACE as ARENA_EMULATOR_WORKSPACE } from './fixtures.ts';
export { ARENA_EMULATOR_VARIANTS, type ArenaEmulatorVariant } from './variants.ts';
