import type { FieldMapping, FieldMappingBody, PreprocessingFunctionName } from '#shared/contract/field-mapping';
import type { TemplateStep } from '#shared/contract/quality-process';

export const ANSWER_KEYS = ['answer', 'prettyFormat'] as const;
export type AnswerKey = (typeof ANSWER_KEYS)[number];
/** Contract limits (FieldMappingBody), so the form stops where the server would refuse. */
export const MAX_ROWS = 20;
export const MAX_FUNCTIONS = 10;
export const MAX_DELIMITER = 20;

export interface MappedRowValues {
  /** React key only; never sent. */
  key: string;
  qid: string;
  answer: AnswerKey;
  preprocessingFunctions: string[];
}

export interface MappingFormValues {
  stepGuid: string;
  arenaFieldGUID: string;
  /** The quality-process field's name, taken from the template when the field is chosen. */
  name: string;
  predefined: boolean;
  predefinedValue: string;
  concatenate: boolean;
  concatenateDelimiter: string;
  rows: MappedRowValues[];
}

export interface MappingFormErrors {
  predefinedValue?: string;
  concatenateDelimiter?: string;
  rows?: string;
  /** By row key. */
  row?: Record<string, string>;
}

let rowCounter = 0;
/** A new mapped-question row reads the 'answer' key and has no preprocessing. */
export function newRow(): MappedRowValues {
  rowCounter += 1;
  return { key: `row-${rowCounter}`, qid: '', answer: 'answer', preprocessingFunctions: [] };
}

export function emptyMappingForm(): MappingFormValues {
  return { stepGuid: '', arenaFieldGUID: '', name: '', predefined: false, predefinedValue: '', concatenate: false, concatenateDelimiter: '', rows: [newRow()] };
}

export function stepOfField(steps: readonly TemplateStep[], guid: string): TemplateStep | undefined {
  return steps.find((s) => s.attributes.some((a) => a.guid === guid));
}

export function formFromMapping(mapping: FieldMapping, steps: readonly TemplateStep[]): MappingFormValues {
  const rows = mapping.formFieldQID.map((q) => ({
    ...newRow(),
    qid: q.qid,
    answer: (ANSWER_KEYS as readonly string[]).includes(q.answer) ? (q.answer as AnswerKey) : 'answer',
    preprocessingFunctions: [...q.preprocessingFunctions],
  }));
  return {
    stepGuid: stepOfField(steps, mapping.arenaFieldGUID)?.guid ?? '',
    arenaFieldGUID: mapping.arenaFieldGUID,
    name: mapping.name,
    predefined: mapping.predefined,
    predefinedValue: mapping.predefinedValue ?? '',
    concatenate: mapping.concatenate,
    concatenateDelimiter: mapping.concatenateDelimiter ?? '',
    rows: rows.length > 0 ? rows : [newRow()],
  };
}

/** Switching Predefined either way clears the predefined value. */
export function togglePredefined(values: MappingFormValues, on: boolean): MappingFormValues {
  return { ...values, predefined: on, predefinedValue: '' };
}

/** Switching Concatenate either way clears the delimiter. */
export function toggleConcatenate(values: MappingFormValues, on: boolean): MappingFormValues {
  return { ...values, concatenate: on, concatenateDelimiter: '' };
}

/** Choosing another step drops the field chosen in the previous one. */
export function chooseStep(values: MappingFormValues, stepGuid: string): MappingFormValues {
  return stepGuid === values.stepGuid ? values : { ...values, stepGuid, arenaFieldGUID: '', name: '' };
}

export function chooseField(values: MappingFormValues, steps: readonly TemplateStep[], guid: string): MappingFormValues {
  const attribute = steps.flatMap((s) => s.attributes).find((a) => a.guid === guid);
  return { ...values, arenaFieldGUID: guid, name: attribute?.name ?? '' };
}

/** Save stays disabled until a quality-process field (its GUID) is chosen. */
export function canSave(values: MappingFormValues): boolean {
  return values.arenaFieldGUID !== '';
}

/** The rules of FieldMappingBody, in words for the person filling the form. */
export function validateMappingForm(values: MappingFormValues): MappingFormErrors {
  const errors: MappingFormErrors = {};
  if (values.predefined) {
    if (!values.predefinedValue.trim()) errors.predefinedValue = 'Enter the predefined value.';
    return errors;
  }
  if (values.rows.length === 0) errors.rows = 'Add at least one question, or make the mapping predefined.';
  const row: Record<string, string> = {};
  for (const r of values.rows) if (!r.qid) row[r.key] = 'Choose a question.';
  if (Object.keys(row).length > 0) errors.row = row;
  // A delimiter may be a single space, so it is not trimmed.
  if (values.concatenate && values.concatenateDelimiter === '') errors.concatenateDelimiter = 'Enter a delimiter.';
  return errors;
}

export function hasErrors(errors: MappingFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** What is sent: a predefined mapping carries no questions; switched-off options carry no value. */
export function toMappingBody(values: MappingFormValues): FieldMappingBody {
  const predefined = values.predefined;
  const concatenate = !predefined && values.concatenate;
  return {
    arenaFieldGUID: values.arenaFieldGUID,
    name: values.name,
    predefined,
    predefinedValue: predefined ? values.predefinedValue.trim() : null,
    concatenate,
    concatenateDelimiter: concatenate ? values.concatenateDelimiter : null,
    formFieldQID: predefined
      ? []
      : // The names were picked from the server's own registry list, so they are its names.
        values.rows.map((r) => ({ qid: r.qid, answer: r.answer, preprocessingFunctions: r.preprocessingFunctions as PreprocessingFunctionName[] })),
  };
}

/** A preprocessing example value as one short line: strings quoted, new lines shown as ↵. */
export function formatExample(value: unknown, max = 40): string {
  const text = typeof value === 'string' ? JSON.stringify(value).replace(/\\n/g, '↵') : JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
