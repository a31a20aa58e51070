/**
 * Workspace set-ups real Arena allows and the sandbox's friendly template does not show. Each is
 * documented by the vendor; tests run the connector against all of them.
 */
export interface ArenaEmulatorVariant {
  /** The template has no default owner: a create without `owner` is refused with Arena's 400. */
  noDefaultOwner?: boolean;
  /** The template has no default number format: the client must be configured with a prefix. */
  noDefaultNumberFormat?: boolean;
  /** Attributes without a value are left out of step lists and PUT replies too (a single step always leaves them out unless asked). */
  omitEmptyAttributes?: boolean;
  /**
   * The template lists no number formats (`numberFormats` and `defaultNumberFormat` null, as in the
   * active-templates sample); the workspace lists them under "GET Quality Process Number Formats".
   */
  noTemplateNumberFormats?: boolean;
  /** The workspace does not keep a target completion date sent with a create (the create sample replies with it null). */
  dropsTargetCompletion?: boolean;
}

export const ARENA_EMULATOR_VARIANTS = {
  /** The sandbox's template: a default owner and number format, every attribute listed. */
  friendly: {},
  noDefaultOwner: { noDefaultOwner: true },
  noDefaultNumberFormat: { noDefaultNumberFormat: true },
  omitEmptyAttributes: { omitEmptyAttributes: true },
  noTemplateNumberFormats: { noTemplateNumberFormats: true },
  dropsTargetCompletion: { dropsTargetCompletion: true },
  strictest: { noDefaultOwner: true, noDefaultNumberFormat: true, omitEmptyAttributes: true },
} as const satisfies Record<string, ArenaEmulatorVariant>;

export type ArenaEmulatorVariantName = keyof typeof ARENA_EMULATOR_VARIANTS;
