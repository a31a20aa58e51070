export { createJotformEmulator, type JotformEmulator, type JotformEmulatorOptions } from './emulator.ts';
export * from './fixtures.ts';
export { bulkFixtures } from './fixtures-bulk.ts';
