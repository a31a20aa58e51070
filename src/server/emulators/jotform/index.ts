export { createJotformEmulator, type JotformEmulator, type JotformEmulatorOptions, type SubmissionPatch } from './emulator.ts';
export * from './fixtures.ts';
export type { EmulatorFixtures, EmulatorState, RawAnswers } from './types.ts';
export type { WebhookDelivery } from './webhook-delivery.ts';
