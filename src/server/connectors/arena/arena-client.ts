import { type ArenaConnectionOptions, type ArenaConnectionStatus, type ArenaSignIn, type QueryValue, createArenaHttp } from './arena-http.ts';
import {
  type ArenaAttributeDefinition,
  type ArenaNumberFormat,
  type ArenaOwner,
  type ArenaQualityProcess,
  type ArenaQualityProcessPage,
  type ArenaStep,
  type ArenaStepValue,
  type ArenaTemplate,
  AttributeDefinitionList,
  NumberFormatList,
  OwnerPage,
  QualityProcess,
  QualityProcessPage,
  Step,
  StepList,
  Template,
} from './arena-schemas.ts';
import { ArenaError } from './arena-errors.ts';
import { defaultPrefix, listsNumberFormats, prefixList, prefixOptions } from './arena-number-prefix.ts';
import { numberTyped } from './arena-values.ts';

export interface ArenaClientOptions extends ArenaConnectionOptions {
  /** Owner of created processes (ARENA_OWNER_GUID); needed when the template has no default owner. */
  ownerGuid?: string | undefined;
  /**
   * Number-format prefix of created processes (ARENA_NUMBER_PREFIX_GUID); default the first prefix
   * of the template's default number format, or of the workspace's format named as the template's
   * short name when the template lists none.
   */
  numberPrefixGuid?: string | undefined;
}

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
  /** Optional when the template has a default owner; default the client's `ownerGuid`. */
  ownerGuid?: string;
  /** Default the client's `numberPrefixGuid`, else the first prefix of the template's default number format. */
  numberPrefixGuid?: string;
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

export interface StepUpdate {
  attributes: { guid: string; value: ArenaStepValue }[];
}

export interface ArenaClient {
  /** Signs in unless a session is held; the workspace the sign-in reached (null when the session was another instance's). */
  signIn(): Promise<ArenaSignIn | null>;
  getTemplate(guid: string): Promise<ArenaTemplate>;
  /** Everyone who may own a quality process (one list: the page documents no paging). */
  getOwners(): Promise<ArenaOwner[]>;
  /** The workspace's number formats with their prefixes. */
  getNumberFormats(): Promise<ArenaNumberFormat[]>;
  getStepAttributeDefinitions(): Promise<ArenaAttributeDefinition[]>;
  /** The template's REGULAR steps in order, each attribute described by its workspace definition. */
  getTemplateSteps(templateGuid: string): Promise<ArenaTemplateStep[]>;
  createQualityProcess(input: CreateQualityProcessInput): Promise<ArenaQualityProcess>;
  /** One page of the search; `count` is the size of this page. */
  findQualityProcesses(params?: QualityProcessSearch): Promise<ArenaQualityProcessPage>;
  getQualityProcess(guid: string): Promise<ArenaQualityProcess>;
  /** The process's own steps (not the template's GUIDs), in order, with attribute values. */
  getSteps(processGuid: string): Promise<ArenaStep[]>;
  /** Numeric text for a NUMBER attribute is sent as a number. */
  updateStep(processGuid: string, stepGuid: string, update: StepUpdate): Promise<ArenaStep>;
  deleteQualityProcess(guid: string): Promise<void>;
  /** Ends this instance's use of the Arena session; call on shutdown. */
  logout(): Promise<void>;
  /** This instance's session and what Arena last said about the daily quota. */
  status(): ArenaConnectionStatus;
  /** Tells `listener` once per sign-in back-off, when Arena refused this instance's sign-in. */
  onSignInRefused(listener: (message: string) => void): void;
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

/** The Arena QMS REST client (Arena REST API documentation), the same code against Arena and the emulator. */
export function createArenaClient(options: ArenaClientOptions): ArenaClient {
  const http = createArenaHttp(options);
  /** Field types by attribute GUID, from the last definitions read. */
  let fieldTypes: Map<string, string> | null = null;
  /** Each template's default number prefix, once worked out. */
  const defaultPrefixes = new Map<string, string>();

  async function prefixFor(templateGuid: string): Promise<string> {
    const known = defaultPrefixes.get(templateGuid);
    if (known) return known;
    const template = await client.getTemplate(templateGuid);
    const workspace = listsNumberFormats(template) ? [] : await client.getNumberFormats();
    const chosen = defaultPrefix(template, workspace);
    if (chosen) {
      defaultPrefixes.set(templateGuid, chosen.guid);
      return chosen.guid;
    }
    const why = listsNumberFormats(template)
      ? 'has no default number format with a prefix'
      : `lists no number formats and the workspace has none named "${template.shortName ?? ''}" (its prefixes: ${prefixList(prefixOptions(template, workspace))})`;
    throw new ArenaError('validation', `No number prefix to send to Arena: ARENA_NUMBER_PREFIX_GUID is not set and the quality-process template ${templateGuid} ${why}.`);
  }

  const client: ArenaClient = {
    async getTemplate(guid) {
      const template = await http.request({ method: 'GET', path: `/settings/qualityprocesses/templates/${seg(guid)}`, schema: Template });
      // A template read again may have changed its formats: the default is worked out anew.
      defaultPrefixes.delete(guid);
      return template;
    },

    async getOwners() {
      return (await http.request({ method: 'GET', path: '/settings/qualityprocesses/owners', schema: OwnerPage })).results;
    },

    async getNumberFormats() {
      return (await http.request({ method: 'GET', path: '/settings/qualityprocesses/numberformats', schema: NumberFormatList })).results;
    },

    async getStepAttributeDefinitions() {
      const list = await http.request({
        method: 'GET',
        path: '/settings/qualityprocesses/steps/attributes',
        query: { includePossibleValues: true },
        schema: AttributeDefinitionList,
      });
      fieldTypes = new Map(list.results.map((d) => [d.guid, d.fieldType]));
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

    async createQualityProcess(input) {
      const owner = input.ownerGuid ?? options.ownerGuid;
      const prefix = input.numberPrefixGuid ?? options.numberPrefixGuid ?? (await prefixFor(input.templateGuid));
      return http.request({
        method: 'POST',
        path: '/qualityprocesses',
        body: {
          name: input.name,
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.targetCompletionDateTime === undefined ? {} : { targetCompletionDateTime: zulu(input.targetCompletionDateTime) }),
          ...(owner === undefined ? {} : { owner: { guid: owner } }),
          template: { guid: input.templateGuid, numberFormat: { prefix: { guid: prefix } } },
        },
        schema: QualityProcess,
      });
    },

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

    async updateStep(processGuid, stepGuid, update) {
      if (!fieldTypes && update.attributes.some((a) => typeof a.value === 'string')) await client.getStepAttributeDefinitions();
      return http.request({
        method: 'PUT',
        path: `/qualityprocesses/${seg(processGuid)}/steps/${seg(stepGuid)}`,
        // Arena ignores a null unless told it means "blank this field".
        query: { setnull: update.attributes.some((a) => a.value === null) ? true : undefined },
        body: { attributes: numberTyped(update.attributes, fieldTypes ?? new Map()) },
        schema: Step,
      });
    },

    deleteQualityProcess: (guid) => http.request({ method: 'DELETE', path: `/qualityprocesses/${seg(guid)}`, schema: null }),

    signIn: () => http.signIn(),
    logout: () => http.logout(),
    status: () => http.status(),
    onSignInRefused: (listener) => http.onSignInRefused(listener),
  };
  return client;
}
