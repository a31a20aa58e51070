/**
 * The fixed registry of preprocessing functions a field mapping may run over a JotForm answer
 * (docs/product.md, Field mapping). Pure and total: no function throws, whatever JSON it is handed.
 *
 * Bad-input policy, per function (also stated in each description the API lists):
 * - Text functions (trim, uppercase, lowercase, stripHtml, joinList, truncate255, firstLine)
 *   return any shape they do not transform unchanged, so a chain never loses data silently.
 * - Extracting functions (fullName, addressLine, dateISO, dateUS, phoneDigits, yesNo) return null
 *   when the input holds no value of their kind, so "first non-empty" mappings fall through to
 *   the next question instead of sending garbage to Arena.
 */
import { jotformDateText, parseJotformDate } from '#shared/jotform-answer';
import type { AnswerValue, PreprocessingDescriptor } from './types.ts';

type Impl = (value: AnswerValue) => AnswerValue;
type Text = string | string[] | Record<string, string>;

// Deep enough for every JotForm shape; the cap keeps hostile nesting from recursing without end.
const MAX_DEPTH = 4;

/**
 * Turns any JSON a JotForm answer key may hold into an `AnswerValue`: numbers and booleans become
 * strings, nested values are flattened to text, null/undefined become null.
 * @example normalizeAnswer({ first: 'Jane', age: 41 }) // → { first: 'Jane', age: '41' }
 */
export function normalizeAnswer(raw: unknown): AnswerValue {
  return normalize(raw, 0);
}

function normalize(raw: unknown, depth: number): AnswerValue {
  if (raw === null || raw === undefined) return null;
  if (Array.isArray(raw)) return raw.map((x) => scalar(x, depth + 1)).filter((x): x is string => x !== null);
  if (typeof raw === 'object') {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) {
      const s = scalar(v, depth + 1);
      if (s !== null) out[k] = s;
    }
    return out;
  }
  return scalar(raw, depth);
}

function scalar(raw: unknown, depth: number): string | null {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') return String(raw);
  if (raw === null || typeof raw !== 'object' || depth >= MAX_DEPTH) return null;
  return answerToText(normalize(raw, depth));
}

const nonEmpty = (xs: readonly string[]): string[] => xs.filter((x) => x.trim() !== '');
const NAME_KEYS = ['prefix', 'first', 'middle', 'last', 'suffix'];
const ADDRESS_KEYS = ['addr_line1', 'addr_line2', 'city', 'state', 'postal', 'country'];

/**
 * The text of an answer: lists joined with ", ", objects rendered like JotForm's prettyFormat
 * (a date as the portal writes it, `jotformDateText`; a name with spaces, a phone by `full`, else
 * non-empty values with ", ").
 * @example answerToText(['Rash', '', 'Fever']) // → 'Rash, Fever'
 */
export function answerToText(value: AnswerValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return nonEmpty(value).join(', ');
  const date = jotformDateText(value);
  if (date) return date;
  if (value.full?.trim()) return value.full;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => NAME_KEYS.includes(k))) {
    return nonEmpty(NAME_KEYS.map((k) => value[k] ?? '')).map((s) => s.trim()).join(' ');
  }
  return nonEmpty(Object.values(value)).join(', ');
}

/** A date written YYYY-MM-DD, as the US writes it: MM/DD/YYYY. */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

// Applies a string transform to a string, to each list item and to each object value.
function mapText(value: AnswerValue, fn: (s: string) => string): AnswerValue {
  if (value === null) return null;
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map(fn);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v)]));
}

/** Cuts to `max` code points, so an emoji or accented letter is never split in half. */
export function cutText(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length <= max ? s : chars.slice(0, max).join('');
}

// Private-use characters mark line and item boundaries while tags are removed; input copies of
// them are dropped first so they cannot forge boundaries.
const LINE = '\uE000';
const ITEM = '\uE001';
const BLOCK_TAG = /<\/?(?:p|div|h[1-6]|tr|table|thead|tbody|tfoot|ul|ol|dl|blockquote|section|article|header|footer|pre|hr)\b[^>]*>/gi;
const ITEM_TAG = /<\/?(?:li|td|th|dt|dd)\b[^>]*>/gi;
const ENTITIES = new Map(Object.entries({
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', copy: '©', reg: '®', trade: '™', deg: '°', bull: '•',
}));

function decodeEntities(s: string): string {
  return s.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (!body.startsWith('#')) return ENTITIES.get(body.toLowerCase()) ?? whole;
    const cp = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : whole;
  });
}

/**
 * HTML (e.g. a prettyFormat) to plain text: block boundaries and <br> become newlines, list items
 * and table cells are joined with "; ", entities are decoded. The result is text, never markup.
 * @example htmlToText('<ul><li>Rash</li><li>Fever &amp; chills</li></ul>') // → 'Rash; Fever & chills'
 */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/[\uE000\uE001]/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\b[^>]*>/gi, LINE)
    .replace(BLOCK_TAG, LINE)
    .replace(ITEM_TAG, ITEM)
    .replace(/<\/?[a-z][^>]*>/gi, '')
    // Whitespace next to a boundary is markup indentation, not content.
    .replace(/\s*([\uE000\uE001])\s*/g, '$1')
    .replace(/\r\n?|\n/g, LINE);
  return marked
    .split(LINE)
    .map((line) => line.split(ITEM).map((part) => decodeEntities(part).replace(/\s+/g, ' ').trim()).filter(Boolean).join('; '))
    .filter(Boolean)
    .join('\n');
}

// 'reportable' and 'not reportable' are the portal's reportability decision (portal.decision).
const YES = new Set(['yes', 'y', 'true', 't', '1', 'on', 'checked', 'x', 'reportable']);
const NO = new Set(['no', 'n', 'false', 'f', '0', 'off', 'unchecked', 'not reportable']);

function yesNo(value: AnswerValue): AnswerValue {
  if (Array.isArray(value)) return value.length === 1 ? yesNo(value[0] ?? null) : null;
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  return YES.has(word) ? 'Yes' : NO.has(word) ? 'No' : null;
}

function fullName(value: AnswerValue): AnswerValue {
  if (typeof value === 'string') return value;
  if (value === null || Array.isArray(value)) return null;
  const name = nonEmpty([value.first ?? '', value.middle ?? '', value.last ?? '']).map((s) => s.trim()).join(' ');
  return name || null;
}

function addressLine(value: AnswerValue): AnswerValue {
  if (typeof value === 'string') return value;
  if (value === null || Array.isArray(value)) return null;
  const extra = Object.keys(value).filter((k) => !ADDRESS_KEYS.includes(k));
  const line = nonEmpty([...ADDRESS_KEYS, ...extra].map((k) => value[k] ?? '')).map((s) => s.trim()).join(', ');
  return line || null;
}

function phoneDigits(value: AnswerValue): AnswerValue {
  if (value === null || Array.isArray(value)) return null;
  // An object carries the number in `full`; older phone fields split it over area/phone.
  const text = typeof value === 'string' ? value : value.full?.trim() ? value.full : Object.values(value).join('');
  const digits = text.replace(/\D/g, '');
  return digits || null;
}

function dateAs(style: 'iso' | 'us'): Impl {
  return (value) => {
    const d = parseJotformDate(value);
    return d ? (style === 'iso' ? d.date : usDate(d.date)) : null;
  };
}

function firstLine(value: AnswerValue): AnswerValue {
  if (typeof value === 'string') return value.split(/\r\n?|\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  if (Array.isArray(value)) return value.find((x) => x.trim() !== '') ?? value;
  return value;
}

function joinList(value: AnswerValue): AnswerValue {
  if (value === null || typeof value === 'string') return value;
  return nonEmpty(Array.isArray(value) ? value : Object.values(value)).join(', ');
}

function def<N extends string>(name: N, description: string, input: Text, output: AnswerValue, apply: Impl) {
  return { name, description, example: { input, output }, apply };
}

// Order is part of the API (the UI lists them as given), so new functions go at the end.
const REGISTRY = [
  def('trim', 'Removes leading and trailing whitespace (of each item or part). Other shapes pass unchanged.', '  Jane  ', 'Jane', (v) => mapText(v, (s) => s.trim())),
  def('uppercase', 'Converts text (each item or part) to upper case.', 'Jane Doe', 'JANE DOE', (v) => mapText(v, (s) => s.toUpperCase())),
  def('lowercase', 'Converts text (each item or part) to lower case.', 'Jane@Example.COM', 'jane@example.com', (v) => mapText(v, (s) => s.toLowerCase())),
  def('stripHtml', 'Removes HTML tags and decodes entities; <br> and paragraphs become new lines, list items and table cells are joined with "; ".', '<p>Rash<br>Fever &amp; chills</p><ul><li>A</li><li>B</li></ul>', 'Rash\nFever & chills\nA; B', (v) => mapText(v, htmlToText)),
  def('fullName', 'Name object to "First Middle Last" (prefix and suffix left out); text passes unchanged; null when there is no name.', { prefix: 'Dr.', first: 'Jane', middle: 'A', last: 'Doe' }, 'Jane A Doe', fullName),
  def('joinList', 'Joins the non-empty items of a list (or parts of an object) with ", "; text passes unchanged.', ['Rash', 'Fever'], 'Rash, Fever', joinList),
  def('dateISO', 'A date (JotForm date object, MM-DD-YYYY, MM/DD/YYYY or YYYY-MM-DD [time]) as YYYY-MM-DD; null when not a date.', { month: '04', day: '16', year: '2024' }, '2024-04-16', dateAs('iso')),
  def('dateUS', 'A date (same inputs as dateISO) as MM/DD/YYYY; null when not a date.', '2024-04-16 00:00:00', '04/16/2024', dateAs('us')),
  def('phoneDigits', 'Keeps only the digits of a phone number (text or phone object); null when there are none.', { full: '(123) 123-1234' }, '1231231234', phoneDigits),
  def('truncate255', 'Cuts text to 255 characters; a list or object is first turned into text.', 'x'.repeat(300), 'x'.repeat(255), (v) => (v === null ? null : cutText(answerToText(v), 255))),
  def('addressLine', 'Address object to one line "street, line 2, city, state, postal, country"; text passes unchanged; null when empty.', { addr_line1: '1 Main St', city: 'Springfield', state: 'IL', postal: '62701' }, '1 Main St, Springfield, IL, 62701', addressLine),
  def('firstLine', 'The first non-blank line of text, or the first non-blank item of a list. Objects pass unchanged.', 'Leak at connector\nSecond line', 'Leak at connector', firstLine),
  def('yesNo', 'Yes/No from yes, y, true, 1, on, checked, x, reportable (and no, n, false, 0, off, unchecked, not reportable); null for anything else.', 'true', 'Yes', yesNo),
];

/** Names of the registered preprocessing functions. */
export type PreprocessingName = (typeof REGISTRY)[number]['name'];

// A Map, not an object, so names like "constructor" or "__proto__" are never found.
const BY_NAME = new Map<string, Impl>(REGISTRY.map((f) => [f.name, f.apply]));

/**
 * The registry as the API lists it (`GET v1/field-mapping/preprocessing-functions` → `{ results }`),
 * in a stable order, without implementations.
 * @example PREPROCESSING_FUNCTIONS[0] // → { name: 'trim', description: '…', example: { input: '  Jane  ', output: 'Jane' } }
 */
export const PREPROCESSING_FUNCTIONS: readonly PreprocessingDescriptor[] = Object.freeze(
  REGISTRY.map(({ name, description, example }) => Object.freeze({ name, description, example: Object.freeze(example) })),
);

/**
 * Whether `name` is a registered preprocessing function (for validating mapping bodies).
 * @example isPreprocessingFunction('dateISO') // → true; isPreprocessingFunction('eval') // → false
 */
export function isPreprocessingFunction(name: unknown): name is PreprocessingName {
  return typeof name === 'string' && BY_NAME.has(name);
}

/**
 * Runs the named functions over a value in order. The value is normalised first, so raw JSON
 * from JotForm is safe; unknown names are skipped (bodies are validated on save, and a function
 * removed later must not break transfers of old mappings).
 * @example applyPreprocessing(['stripHtml', 'uppercase'], '<b>rash</b>') // → 'RASH'
 */
export function applyPreprocessing(names: readonly string[], value: unknown): AnswerValue {
  let current = normalizeAnswer(value);
  for (const name of names) {
    const fn = BY_NAME.get(name);
    if (fn) current = fn(current);
  }
  return current;
}
