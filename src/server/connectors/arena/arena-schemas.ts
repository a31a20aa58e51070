/**
 * What we read from Arena's payloads (Arena REST API documentation). Unknown keys are dropped, not
 * refused: newer Arena versions add fields. Absent or null optional fields become null.
 */
import { z } from 'zod';

const orNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

const CompactUser = z.object({ guid: z.string(), fullName: orNull(z.string()) });

export const LoginResponse = z
  .object({
    // Real responses say arenaSessionId; the official doc sample prints arena_session_id.
    arenaSessionId: z.string().min(1).optional(),
    arena_session_id: z.string().min(1).optional(),
    workspaceId: orNull(z.number()),
    workspaceName: orNull(z.string()),
    workspaceRequestLimit: orNull(z.number()),
  })
  .refine((r) => r.arenaSessionId ?? r.arena_session_id, { message: 'no arenaSessionId in the login response' })
  .transform((r) => ({
    sessionId: r.arenaSessionId ?? r.arena_session_id ?? '',
    workspaceId: r.workspaceId,
    workspaceName: r.workspaceName,
    requestLimit: r.workspaceRequestLimit,
  }));

export const QualityProcess = z.object({
  guid: z.string(),
  number: z.string(),
  name: z.string(),
  description: orNull(z.string()),
  type: orNull(z.string()),
  /** OPEN, IN_PROGRESS, COMPLETED, maybe CANCELED: treat unknown values as not completed. */
  status: z.string(),
  statusMode: orNull(z.string()),
  creationDateTime: orNull(z.string()),
  completedDateTime: orNull(z.string()),
  targetCompletionDateTime: orNull(z.string()),
  creator: orNull(CompactUser),
  owner: orNull(CompactUser),
  template: orNull(z.object({ guid: z.string() })),
  currentStep: orNull(z.object({ guid: z.string(), name: orNull(z.string()) })),
});
export type ArenaQualityProcess = z.output<typeof QualityProcess>;

export const OwnerPage = z.object({
  results: z.array(z.object({ guid: z.string(), fullName: orNull(z.string()), emailAddress: orNull(z.string()) })),
});
export type ArenaOwner = z.output<typeof OwnerPage>['results'][number];

export const QualityProcessPage = z.object({ count: z.number(), results: z.array(QualityProcess) });
export type ArenaQualityProcessPage = z.output<typeof QualityProcessPage>;

const TemplateStep = z.object({
  guid: z.string(),
  name: z.string(),
  order: z.number(),
  type: z.string(),
  // Template steps only reference attributes; older docs show just {guid, name}.
  attributes: orNull(z.array(z.object({ guid: z.string(), name: orNull(z.string()), fieldType: orNull(z.string()) }))),
});

const NumberFormatRef = z.object({
  guid: z.string(),
  prefixes: orNull(z.array(z.object({ guid: z.string(), value: orNull(z.string()) }))).transform((p) => p ?? []),
});

/** "GET Quality Process Number Formats": the workspace's formats (not paged). */
export const NumberFormatList = z.object({
  results: z.array(NumberFormatRef.extend({ name: orNull(z.string()) })),
});
export type ArenaNumberFormat = z.output<typeof NumberFormatList>['results'][number];

export const Template = z.object({
  guid: z.string(),
  name: z.string(),
  shortName: orNull(z.string()),
  active: orNull(z.boolean()),
  defaultOwner: orNull(CompactUser),
  defaultNumberFormat: orNull(z.object({ guid: z.string() })),
  numberFormats: orNull(z.array(NumberFormatRef)).transform((f) => f ?? []),
  steps: orNull(z.array(TemplateStep)).transform((s) => s ?? []),
});
export type ArenaTemplate = z.output<typeof Template>;

const PossibleValue = z.union([z.string(), z.object({ value: z.string() }).transform((v) => v.value)]);

export const AttributeDefinition = z.object({
  guid: z.string(),
  name: z.string(),
  fieldType: z.string(),
  required: orNull(z.boolean()),
  multiSelect: orNull(z.boolean()),
  maxSelections: orNull(z.number()),
  maxLength: orNull(z.number()),
  possibleValues: orNull(z.array(PossibleValue)),
});
export type ArenaAttributeDefinition = z.output<typeof AttributeDefinition>;

export const AttributeDefinitionList = z.object({ results: z.array(AttributeDefinition) });

/** Text → string, multi-select → string[], NUMBER → number, unset → null; anything else is kept as JSON text. */
const AttributeValue = z
  .union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()])
  .optional()
  .transform((v) => v ?? null)
  .catch((ctx) => JSON.stringify(ctx.value));
export type ArenaAttributeValue = z.output<typeof AttributeValue>;

/** A value the portal sends for a step attribute. */
export type ArenaStepValue = string | number | string[] | null;

export const Step = z.object({
  guid: z.string(),
  name: z.string(),
  order: z.number(),
  type: z.string(),
  /** OPEN or COMPLETE (a step; the process says COMPLETED). */
  status: z.string(),
  dueDateTime: orNull(z.string()),
  completeDateTime: orNull(z.string()),
  attributes: orNull(
    z.array(z.object({ guid: z.string(), name: orNull(z.string()), fieldType: orNull(z.string()), value: AttributeValue })),
  ).transform((a) => a ?? []),
});
export type ArenaStep = z.output<typeof Step>;

export const StepList = z.object({ results: z.array(Step) });
