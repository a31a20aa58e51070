/**
 * Workspace set-ups real Arena allows and the sandbox's friendly template does not show. Each is
 * documented (Arena REST API documentation: creating a quality process, its steps);
 * tests run the connector against all of them.
 */
export interface ArenaEmulatorVariant {
  /** The template has no default owner: a create without `owner` is refused with Arena's 400. */
  noDefaultOwner?: boolean;
  /** The template's number format has no default: a create without `numberFormat.prefix` is refused (3176). */
  noDefaultNumberFormat?: boolean;
  /**
   * Attributes without a value are left out of step lists, of PUT answers and of a single step
   * unless it is asked for with `includeEmptyAdditionalAttributes=true`.
   */
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
