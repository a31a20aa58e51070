/**
 * Turns a JotForm submission's answers into Arena quality-process attribute values using the
 * stored field mappings (docs/product.md, Field mapping). Pure: no I/O, no clock, never throws on
 * submission data, so the transfer service can call it inside its row lock and tests need no DB.
 */
import { isPortalFact } from '#shared/contract/field-mapping';
import { parseJotformDate } from '#shared/jotform-answer';
import { answerToText, applyPreprocessing, cutText, isPreprocessingFunction } from './preprocessing.ts';
import type { ArenaAttributeSpec, ArenaAttributeValue, FieldMappingRule, PortalFacts, SubmissionAnswers } from './types.ts';

/** How one question contributed to a mapping's value (for logs and the audit trail). */
export interface ValueSource {
  qid: string;
  /** The answer key read (`answer` unless the mapping names another, e.g. `prettyFormat`). */
  key: string;
  /** False when the submission has no entry for this qid (e.g. the question was deleted). */
  questionFound: boolean;
  /** The text after preprocessing; null when empty. */
  value: string | null;
  /** Names in the mapping that are not in the registry; they were skipped. */
  unknownFunctions: string[];
}

/** The value one mapping produced for one Arena attribute. */
export interface QualityProcessValue {
  guid: string;
  name: string;
  /** Null when the mapping produced nothing (all sources empty, or a blank predefined value). */
  value: string | null;
  /** One entry per `formFieldQID` entry, in order; empty for predefined mappings. */
  sources: ValueSource[];
}

export interface BuildOptions {
  /** The portal's own facts about the submission, read by sources named `portal.*`. */
  facts?: PortalFacts;
  /** Leave out mappings whose value is null (default false: they are kept, marked by value null). */
  omitEmpty?: boolean;
}

const DEFAULT_KEY = 'answer';
// An empty delimiter is what the form leaves after toggling Concatenate (docs/product.md, Field mapping), not a wish to
// glue words together, so it falls back to the same separator lists use.
const DEFAULT_DELIMITER = ', ';

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const blankToNull = (s: string): string | null => (s.trim() === '' ? null : s);

/**
 * The delimiter a concatenating mapping joins with. A text box cannot hold a newline or a tab,
 * so the typed escapes `\n` and `\t` stand for them.
 * @example resolveDelimiter(' \\n ') // → ' \n '; resolveDelimiter(null) // → ', '
 */
export function resolveDelimiter(delimiter: string | null | undefined): string {
  if (!delimiter) return DEFAULT_DELIMITER;
  return delimiter.replace(/\\n/g, '\n').replace(/\\t/g, '\t');
}

/**
 * Reads `answers[qid][key]` without ever touching inherited properties (a qid of "__proto__" or
 * a key of "constructor" must read as missing, not as Object internals).
 * @example readAnswer({ '3': { answer: 'x' } }, '3', 'answer') // → { questionFound: true, raw: 'x' }
 */
export function readAnswer(answers: SubmissionAnswers, qid: string, key: string): { questionFound: boolean; raw: unknown } {
  const entry = isRecord(answers) && Object.hasOwn(answers, qid) ? answers[qid] : undefined;
  if (!isRecord(entry)) return { questionFound: false, raw: undefined };
  // JotForm gives plain answers (textbox, dropdown, radio) no prettyFormat: what it displays is
  // the answer itself, so that is what a mapping from prettyFormat reads (docs/features/field-mapping.md).
  const pretty = Object.hasOwn(entry, 'prettyFormat') ? entry.prettyFormat : undefined;
  const read = key === 'prettyFormat' && (typeof pretty !== 'string' || pretty.trim() === '') ? DEFAULT_KEY : key;
  return { questionFound: true, raw: Object.hasOwn(entry, read) ? entry[read] : undefined };
}

/** A source's raw value: a portal fact when the qid names one, else the answer. */
function readSource(answers: SubmissionAnswers, facts: PortalFacts, qid: string, key: string): { questionFound: boolean; raw: unknown } {
  if (!isPortalFact(qid)) return readAnswer(answers, qid, key);
  return { questionFound: true, raw: facts[qid] ?? null };
}

/**
 * Builds the value of every mapping from a submission's answers: the predefined value when
 * predefined; otherwise each question's answer (from its key, default `answer`) is run through its
 * preprocessing functions in order and turned into text; with concatenate the non-empty texts are
 * joined by the delimiter, else the first non-empty one is used. Missing questions count as empty.
 * Values are not coerced to Arena types here; see `coerceForAttribute`.
 * @example
 * buildQualityProcessValues(
 *   [{ arenaFieldGUID: 'G1', name: 'Reporter', predefined: false, concatenate: false,
 *      formFieldQID: [{ qid: '3', answer: 'answer', preprocessingFunctions: ['fullName'] }] }],
 *   { '3': { type: 'control_fullname', text: 'Name', answer: { first: 'Jane', last: 'Doe' } } },
 * ) // → [{ guid: 'G1', name: 'Reporter', value: 'Jane Doe', sources: [{ qid: '3', key: 'answer', … }] }]
 */
export function buildQualityProcessValues(
  mappings: readonly FieldMappingRule[],
  answers: SubmissionAnswers,
  options: BuildOptions = {},
): QualityProcessValue[] {
  const values = mappings.map((m) => buildOne(m, answers, options.facts ?? {}));
  return options.omitEmpty ? values.filter((v) => v.value !== null) : values;
}

function buildOne(mapping: FieldMappingRule, answers: SubmissionAnswers, facts: PortalFacts): QualityProcessValue {
  const base = { guid: mapping.arenaFieldGUID, name: mapping.name };
  if (mapping.predefined) return { ...base, value: blankToNull(mapping.predefinedValue ?? ''), sources: [] };

  const sources = (mapping.formFieldQID ?? []).map((ref): ValueSource => {
    const key = ref.answer?.trim() || DEFAULT_KEY;
    const names = ref.preprocessingFunctions ?? [];
    const { questionFound, raw } = readSource(answers, facts, String(ref.qid), key);
    const processed = applyPreprocessing(names, raw);
    return {
      qid: String(ref.qid),
      key,
      questionFound,
      value: blankToNull(answerToText(processed)),
      unknownFunctions: names.filter((n) => !isPreprocessingFunction(n)),
    };
  });
  const texts = sources.map((s) => s.value).filter((v): v is string => v !== null);
  const value = mapping.concatenate ? blankToNull(texts.join(resolveDelimiter(mapping.concatenateDelimiter))) : (texts[0] ?? null);
  return { ...base, value, sources };
}

/**
 * Converts mapped text to what Arena accepts for an attribute of the given type; null means
 * "send nothing" (empty, not a date, not a number, no matching option).
 * - DATE: YYYY-MM-DD, MM/DD/YYYY, MM-DD-YYYY or JotForm datetime text → "YYYY-MM-DDT12:00:00Z": Arena
 *   keeps the Pacific calendar date of the instant it receives, and midday UTC is that same date
 *   in Pacific time all year (docs/features/outside-systems.md).
 * - NUMBER: a plain decimal ("1,234.5" allowed) → number.
 * - FIXED_DROP_DOWN: the possible value matching case-insensitively; multiSelect → the matches
 *   found between "," / ";" / newline separators, in text order. Without a known list the text
 *   is passed on for Arena to judge. DROP_DOWN (editable list) also keeps unmatched text.
 * - SINGLE_LINE_TEXT: line breaks collapsed to spaces, cut to maxLength (default 255).
 * - MULTI_LINE_TEXT: line breaks normalised to \n, cut to maxLength (default 4000).
 * @example coerceForAttribute('04/16/2024', { type: 'DATE' }) // → '2024-04-16T12:00:00Z'
 * @example coerceForAttribute('yes', { type: 'FIXED_DROP_DOWN', possibleValues: ['Yes', 'No'] }) // → 'Yes'
 */
export function coerceForAttribute(value: string | null | undefined, attribute: ArenaAttributeSpec): ArenaAttributeValue {
  if (typeof value !== 'string' || value.trim() === '') return null;
  switch (attribute.type) {
    case 'DATE': {
      const date = parseJotformDate(value);
      return date ? `${date.date}T12:00:00Z` : null;
    }
    case 'NUMBER':
      return parseNumber(value);
    case 'FIXED_DROP_DOWN':
      return pickOptions(value, attribute, true);
    case 'DROP_DOWN':
      return pickOptions(value, attribute, false);
    case 'SINGLE_LINE_TEXT':
      return singleLine(value, lengthLimit(attribute, 255));
    case 'MULTI_LINE_TEXT':
      return multiLine(value, lengthLimit(attribute, 4000));
    default:
      // A type this code does not know yet: send the text and let Arena validate it.
      return value.trim();
  }
}

function lengthLimit(attribute: ArenaAttributeSpec, fallback: number): number {
  const max = attribute.maxLength;
  return typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : fallback;
}

function singleLine(value: string, max: number): string | null {
  return blankToNull(cutText(value.replace(/\s*[\r\n]+\s*/g, ' ').trim(), max).trimEnd());
}

function multiLine(value: string, max: number): string | null {
  return blankToNull(cutText(value.replace(/\r\n?/g, '\n').trim(), max).trimEnd());
}

function parseNumber(value: string): number | null {
  const s = value.trim();
  // Thousands separators only in their proper places, so "1,5" is not silently read as 15.
  const plain = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s) ? s.replace(/,/g, '') : s;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(plain)) return null;
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

function pickOptions(value: string, attribute: ArenaAttributeSpec, closed: boolean): ArenaAttributeValue {
  const options = (attribute.possibleValues ?? []).filter((o) => typeof o === 'string' && o.trim() !== '');
  const keepUnmatched = !closed || options.length === 0;
  if (!attribute.multiSelect) {
    const text = singleLine(value, 255);
    const hit = options.find((o) => o.trim().toLowerCase() === text?.toLowerCase());
    return hit ?? (keepUnmatched ? text : null);
  }
  let picks = matchOptions(value, options, keepUnmatched);
  const max = attribute.maxSelections;
  if (typeof max === 'number' && max > 0) picks = picks.slice(0, max);
  return picks.length > 0 ? picks : null;
}

/**
 * Finds the options named in a separated list. Options are searched for as a whole (longest
 * first) rather than by splitting the text, so an option that itself contains a comma, such as
 * "Yes, serious", still matches.
 */
function matchOptions(value: string, options: readonly string[], keepUnmatched: boolean): string[] {
  let rest = value.toLowerCase();
  // Lower-casing can change the length of a few scripts; then unmatched parts are kept lower-cased.
  const aligned = rest.length === value.length;
  const found: { at: number; text: string }[] = [];
  for (const option of [...options].sort((a, b) => b.length - a.length)) {
    const needle = option.trim().toLowerCase();
    for (let at = rest.indexOf(needle); at >= 0; at = rest.indexOf(needle, at + 1)) {
      const before = rest.slice(0, at);
      const after = rest.slice(at + needle.length);
      if (/(^|[,;\n])\s*$/.test(before) && /^\s*($|[,;\n])/.test(after)) {
        found.push({ at, text: option });
        // Blank the match (same length, so positions stay valid) so shorter options cannot reuse it.
        rest = before + ' '.repeat(needle.length) + after;
        break;
      }
    }
  }
  if (keepUnmatched) {
    for (const m of rest.matchAll(/[^,;\n]+/g)) {
      if (m[0].trim() === '') continue; // blanked by a match above, or empty between separators
      const at = m.index ?? 0;
      const original = (aligned ? value.slice(at, at + m[0].length) : m[0]).trim();
      if (original !== '') found.push({ at, text: original });
    }
  }
  // In text order, each option once even if the text names it twice.
  const seen = new Set<string>();
  const picks: string[] = [];
  for (const { text } of found.sort((a, b) => a.at - b.at)) {
    if (seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    picks.push(text);
  }
  return picks;
}
