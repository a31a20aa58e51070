/**
 * Workspace set-ups real Arena allows and the sandbox's friendly template does not show. Each is
 * documented by the vendor; tests run the connector against all of them.
 */
export interface ArenaEmulatorVariant {
  /** The template has no default owner: a create without `owner` is refused with Arena's 400. */
  noDefaultOwner?: boolean;
  /** The template has no default number format: the client must be configured with a prefix. */
  noDefaultNumberFormat?: boolean;
  /** Attributes without a value are left out of step lists and PUT answers too (a single step always leaves them out unless asked). */
  omitEmptyAttributes?: boolean;
}

export const ARENA_EMULATOR_VARIANTS = {
  /** The sandbox's template: a default owner and number format, every attribute listed. */
  friendly: {},
  noDefaultOwner: { noDefaultOwner: true },
  noDefaultNumberFormat: { noDefaultNumberFormat: true },
  omitEmptyAttributes: { omitEmptyAttributes: true },
  strictest: { noDefaultOwner: true, noDefaultNumberFormat: true, omitEmptyAttributes: true },
} as const satisfies Record<string, ArenaEmulatorVariant>;

export type ArenaEmulatorVariantName = keyof typeof ARENA_EMULATOR_VARIANTS;
