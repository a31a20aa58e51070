import { type ArenaConnectionOptions, type QueryValue, createArenaHttp } from './arena-http.ts';
import {
  type ArenaAttributeDefinition,
  type ArenaQualityProcess,
  type ArenaQualityProcessPage,
  type ArenaStep,
  type ArenaTemplate,
  AttributeDefinitionList,
  QualityProcess,
  QualityProcessPage,
  Step,
  StepList,
  Template,
} from './arena-schemas.ts';

/** Arena's API hosts (reference §1): North America, Europe, AWS GovCloud. */
export const ARENA_NORTH_AMERICA_URL = 'https://api.arenasolutions.com/v1';
export const ARENA_EUROPE_URL = 'https://api.europe.arenaplm.com/v1';
export const ARENA_GOVCLOUD_URL = 'https://api.arenagov.com/v1';

export type ArenaClientOptions = ArenaConnectionOptions;

/** One field of a template step, as the field-mapping screen offers it. */
export interface ArenaTemplateStepAttribute {
  guid: string;
  name: string;
  /** Arena's fieldType: SINGLE_LINE_TEXT, MULTI_LINE_TEXT, DROP_DOWN, FIXED_DROP_DOWN, DATE, NUMBER. */
  type: string;
  required: boolean;
  possibleValues?: string[];
  multiSelect?: boolean;
}

export interface ArenaTemplateStep {
  guid: string;
  name: string;
  order: number;
  attributes: ArenaTemplateStepAttribute[];
}

export interface CreateQualityProcessInput {
  name: string;
  description?: string;
  templateGuid: string;
  /** Optional when the template has a default owner. */
  ownerGuid?: string;
  targetCompletionDateTime?: string | Date;
}

export interface QualityProcessSearch {
  /** Exact match, or a prefix with a trailing `*` (e.g. `CH-*`). */
  number?: string;
  name?: string;
  /** Exact match, or a prefix with a trailing `*`. */
  description?: string;
  /** e.g. `OPEN`, or `!COMPLETED` for "not completed". */
  status?: string;
  templateGuid?: string;
  ownerGuid?: string;
  offset?: number;
  /** 1–400, Arena's default 20. */
  limit?: number;
}

export type ArenaStepValue = string | number | string[] | null;

export interface StepUpdate {
  attributes: { guid: string; value: ArenaStepValue }[];
}

export interface ArenaClient {
  getTemplate(guid: string): Promise<ArenaTemplate>;
  getStepAttributeDefinitions(): Promise<ArenaAttributeDefinition[]>;
  /** The template's REGULAR steps in order, each attribute described by its workspace definition. */
  getTemplateSteps(templateGuid: string): Promise<ArenaTemplateStep[]>;
  createQualityProcess(input: CreateQualityProcessInput): Promise<ArenaQualityProcess>;
  /** One page of the search; `count` is the size of this page. */
  findQualityProcesses(params?: QualityProcessSearch): Promise<ArenaQualityProcessPage>;
  getQualityProcess(guid: string): Promise<ArenaQualityProcess>;
  /** The process's own steps (not the template's GUIDs), in order, with attribute values. */
  getSteps(processGuid: string): Promise<ArenaStep[]>;
  updateStep(processGuid: string, stepGuid: string, update: StepUpdate): Promise<ArenaStep>;
  deleteQualityProcess(guid: string): Promise<void>;
  /** Ends the Arena session; call on shutdown. */
  logout(): Promise<void>;
}

const seg = encodeURIComponent;

function zulu(value: string | Date): string {
  return typeof value === 'string' ? value : value.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function describeAttribute(
  ref: { guid: string; name: string | null; fieldType: string | null },
  def: ArenaAttributeDefinition | undefined,
): ArenaTemplateStepAttribute {
  return {
    guid: ref.guid,
    name: def?.name ?? ref.name ?? ref.guid,
    type: def?.fieldType ?? ref.fieldType ?? 'UNKNOWN',
    required: def?.required ?? false,
    ...(def?.possibleValues ? { possibleValues: def.possibleValues } : {}),
    ...(def?.multiSelect !== null && def?.multiSelect !== undefined ? { multiSelect: def.multiSelect } : {}),
  };
}

/** The Arena QMS REST client (reference/arena-qms-api.md), the same code against Arena and the emulator. */
export function createArenaClient(options: ArenaClientOptions): ArenaClient {
  const http = createArenaHttp(options);

  const client: ArenaClient = {
    getTemplate: (guid) => http.request({ method: 'GET', path: `/settings/qualityprocesses/templates/${seg(guid)}`, schema: Template }),

    async getStepAttributeDefinitions() {
      const list = await http.request({
        method: 'GET',
        path: '/settings/qualityprocesses/steps/attributes',
        query: { includePossibleValues: true },
        schema: AttributeDefinitionList,
      });
      return list.results;
    },

    async getTemplateSteps(templateGuid) {
      const [template, definitions] = await Promise.all([client.getTemplate(templateGuid), client.getStepAttributeDefinitions()]);
      const byGuid = new Map(definitions.map((d) => [d.guid, d]));
      const missing = new Set<string>();
      const steps = template.steps
        .filter((s) => s.type === 'REGULAR')
        .sort((a, b) => a.order - b.order)
        .map((s) => ({
          guid: s.guid,
          name: s.name,
          order: s.order,
          attributes: (s.attributes ?? []).map((ref) => {
            if (!byGuid.has(ref.guid)) missing.add(ref.guid);
            return describeAttribute(ref, byGuid.get(ref.guid));
          }),
        }));
      if (missing.size > 0) options.logger?.warn({ attributes: [...missing] }, 'Arena template references step attributes without a definition');
      return steps;
    },

    createQualityProcess: (input) =>
      http.request({
        method: 'POST',
        path: '/qualityprocesses',
        body: {
          name: input.name,
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.targetCompletionDateTime === undefined ? {} : { targetCompletionDateTime: zulu(input.targetCompletionDateTime) }),
          ...(input.ownerGuid === undefined ? {} : { owner: { guid: input.ownerGuid } }),
          template: { guid: input.templateGuid },
        },
        schema: QualityProcess,
      }),

    findQualityProcesses(params = {}) {
      const query: Record<string, QueryValue> = {
        number: params.number,
        name: params.name,
        description: params.description,
        status: params.status,
        'template.guid': params.templateGuid,
        'owner.guid': params.ownerGuid,
        offset: params.offset,
        limit: params.limit,
      };
      return http.request({ method: 'GET', path: '/qualityprocesses', query, schema: QualityProcessPage });
    },

    getQualityProcess: (guid) => http.request({ method: 'GET', path: `/qualityprocesses/${seg(guid)}`, schema: QualityProcess }),

    async getSteps(processGuid) {
      const list = await http.request({ method: 'GET', path: `/qualityprocesses/${seg(processGuid)}/steps`, schema: StepList });
      return [...list.results].sort((a, b) => a.order - b.order);
    },

    updateStep: (processGuid, stepGuid, update) =>
      http.request({
        method: 'PUT',
        path: `/qualityprocesses/${seg(processGuid)}/steps/${seg(stepGuid)}`,
        // Arena ignores a null unless told it means "blank this field".
        query: { setnull: update.attributes.some((a) => a.value === null) ? true : undefined },
        body: { attributes: update.attributes.map(({ guid, value }) => ({ guid, value })) },
        schema: Step,
      }),

    deleteQualityProcess: (guid) => http.request({ method: 'DELETE', path: `/qualityprocesses/${seg(guid)}`, schema: null }),

    logout: () => http.logout(),
  };
  return client;
}
