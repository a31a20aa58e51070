/**
 * Shapes shared by the field-mapping engine and its preprocessing registry. Kept free of logic so
 * routes, services and tests can import them without pulling in the implementations.
 */
import type { PortalFact } from '#shared/contract/field-mapping';
import type { JotformAnswer } from '#shared/jotform-answer';

/**
 * A JotForm answer after normalisation (see `normalizeAnswer`): a plain string (textbox, radio,
 * prettyFormat), a list (checkbox, fileupload) or a flat object of strings (fullname, address,
 * datetime, phone). `null` means "no answer".
 */
export type AnswerValue = string | string[] | Record<string, string> | null;

/** What the API lists for each preprocessing function (no implementation). */
export interface PreprocessingDescriptor {
  name: string;
  description: string;
  example: { input: AnswerValue; output: AnswerValue };
}

/** One question feeding a mapping: which answer key to read and what to run over it. */
export interface MappedQuestionRef {
  qid: string;
  /** Key of the JotForm answer entry to read; `answer` when absent or blank. */
  answer?: string | null;
  /** Names from the preprocessing registry, applied in order. */
  preprocessingFunctions?: readonly string[] | null;
}

/** A field mapping as stored and as sent by the API (`POST v1/field-mapping`). */
export interface FieldMappingRule {
  arenaFieldGUID: string;
  name: string;
  predefined: boolean;
  predefinedValue?: string | null;
  concatenate: boolean;
  concatenateDelimiter?: string | null;
  formFieldQID: readonly MappedQuestionRef[];
}

/** The portal's facts a mapping can read (`qid` `portal.*`), as text or a list; absent or null when there is none. */
export type PortalFacts = Partial<Record<PortalFact, AnswerValue>>;

/** JotForm `answers`, keyed by qid. They come from JSON, so they are read defensively all the same (`readAnswer`). */
export type SubmissionAnswers = Readonly<Record<string, JotformAnswer>>;

/** Arena step attribute field types (Arena REST API documentation, "Quality Process Step Attributes"). */
export type ArenaFieldType = 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'DROP_DOWN' | 'FIXED_DROP_DOWN' | 'DATE' | 'NUMBER';

/** The part of an Arena attribute definition that decides how a value must be sent. */
export interface ArenaAttributeSpec {
  // `string & {}` keeps autocompletion for the known types while accepting new ones Arena adds.
  type: ArenaFieldType | (string & {});
  possibleValues?: readonly string[] | null;
  multiSelect?: boolean | null;
  maxSelections?: number | null;
  maxLength?: number | null;
}

/** What Arena accepts as an attribute `value`. */
export type ArenaAttributeValue = string | number | string[] | null;
