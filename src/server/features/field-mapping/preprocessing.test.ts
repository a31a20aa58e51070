import { describe, expect, it } from 'vitest';
import {
  PREPROCESSING_FUNCTIONS,
  answerToText,
  applyPreprocessing,
  cutText,
  htmlToText,
  isPreprocessingFunction,
  normalizeAnswer,
} from './preprocessing.ts';

const run = (name: string, value: unknown) => applyPreprocessing([name], value);

describe('registry', () => {
  it('lists at least the functions the product names, in a stable order, each with an example', () => {
    const names = PREPROCESSING_FUNCTIONS.map((f) => f.name);
    expect(names.slice(0, 10)).toEqual(['trim', 'uppercase', 'lowercase', 'stripHtml', 'fullName', 'joinList', 'dateISO', 'dateUS', 'phoneDigits', 'truncate255']);
    expect(new Set(names).size).toBe(names.length);
    for (const f of PREPROCESSING_FUNCTIONS) {
      expect(Object.keys(f).sort()).toEqual(['description', 'example', 'name']);
      expect(f.description.length).toBeGreaterThan(10);
    }
  });

  it.each(PREPROCESSING_FUNCTIONS.map((f) => [f.name, f] as const))('%s: its documented example is true', (name, f) => {
    expect(run(name, f.example.input)).toEqual(f.example.output);
  });

  it('is JSON-serialisable and frozen (the API sends it as is; callers cannot alter it)', () => {
    expect(JSON.parse(JSON.stringify({ results: PREPROCESSING_FUNCTIONS })).results).toHaveLength(PREPROCESSING_FUNCTIONS.length);
    expect(Object.isFrozen(PREPROCESSING_FUNCTIONS)).toBe(true);
    expect(Object.isFrozen(PREPROCESSING_FUNCTIONS[0])).toBe(true);
  });

  it('isPreprocessingFunction knows only registered names', () => {
    expect(isPreprocessingFunction('dateISO')).toBe(true);
    for (const bad of ['DateISO', 'eval', 'constructor', '__proto__', 'toString', '', 42, null, undefined]) {
      expect(isPreprocessingFunction(bad)).toBe(false);
    }
  });
});

describe('applyPreprocessing', () => {
  it('applies functions in order (order matters)', () => {
    expect(applyPreprocessing(['stripHtml', 'truncate255'], `<b>${'a'.repeat(300)}</b>`)).toBe('a'.repeat(255));
    // Truncating first cuts inside the markup, so the closing tag never comes out.
    expect(applyPreprocessing(['truncate255', 'stripHtml'], `<b>${'a'.repeat(300)}</b>`)).toBe('a'.repeat(252));
    expect(applyPreprocessing(['firstLine', 'uppercase'], 'a\nb')).toBe('A');
    expect(applyPreprocessing(['joinList', 'firstLine'], ['x', 'y'])).toBe('x, y');
    expect(applyPreprocessing(['firstLine', 'joinList'], ['x', 'y'])).toBe('x');
  });

  it('skips unknown names and returns the normalised value for an empty list', () => {
    expect(applyPreprocessing(['nope', 'uppercase', 'constructor'], 'a')).toBe('A');
    expect(applyPreprocessing([], 42)).toBe('42');
    expect(applyPreprocessing([], undefined)).toBeNull();
  });

  it('never throws on any JSON a JotForm answer may hold', () => {
    const nasty: unknown[] = [null, undefined, 0, true, '', [], {}, [null, 1, { a: 'b' }], { a: null, b: [1, 2], c: { d: { e: { f: { g: 'deep' } } } } }, Symbol('s'), () => 1];
    for (const f of PREPROCESSING_FUNCTIONS) for (const v of nasty) expect(() => run(f.name, v)).not.toThrow();
  });
});

describe('normalizeAnswer and answerToText', () => {
  it('normalises scalars, lists and objects to strings', () => {
    expect(normalizeAnswer(12)).toBe('12');
    expect(normalizeAnswer(false)).toBe('false');
    expect(normalizeAnswer([1, null, 'a', ['b', 'c']])).toEqual(['1', 'a', 'b, c']);
    expect(normalizeAnswer({ a: 1, b: null, c: { x: 'y' } })).toEqual({ a: '1', c: 'y' });
    expect(normalizeAnswer(Symbol('s'))).toBeNull();
  });

  it('renders each answer shape as text', () => {
    expect(answerToText(null)).toBe('');
    expect(answerToText(['Rash', ' ', 'Fever'])).toBe('Rash, Fever');
    expect(answerToText({ month: '04', day: '16', year: '2024', datetime: '2024-04-16 00:00:00' })).toBe('2024-04-16');
    expect(answerToText({ month: '04', day: '16', year: '2024', hour: '2', min: '30', ampm: 'PM' })).toBe('2024-04-16 14:30');
    expect(answerToText({ first: 'Jane', last: 'Doe', suffix: 'Jr.' })).toBe('Jane Doe Jr.');
    expect(answerToText({ full: '(123) 123-1234' })).toBe('(123) 123-1234');
    expect(answerToText({ addr_line1: '1 Main St', addr_line2: '', city: 'Springfield' })).toBe('1 Main St, Springfield');
    expect(answerToText({ month: '', day: '', year: '', datetime: '' })).toBe('');
  });
});

describe('text functions (other shapes pass unchanged)', () => {
  it('trim: string, each list item, each object part; null stays null', () => {
    expect(run('trim', '  a b  ')).toBe('a b');
    expect(run('trim', [' a ', 'b '])).toEqual(['a', 'b']);
    expect(run('trim', { first: ' Jane ', last: 'Doe ' })).toEqual({ first: 'Jane', last: 'Doe' });
    expect(run('trim', null)).toBeNull();
  });

  it('uppercase and lowercase: every shape', () => {
    expect(run('uppercase', 'straße')).toBe('STRASSE');
    expect(run('uppercase', ['a', 'b'])).toEqual(['A', 'B']);
    expect(run('uppercase', { state: 'il' })).toEqual({ state: 'IL' });
    expect(run('lowercase', 'ABC')).toBe('abc');
    expect(run('lowercase', ['A'])).toEqual(['a']);
    expect(run('lowercase', { x: 'Y' })).toEqual({ x: 'y' });
    expect(run('lowercase', null)).toBeNull();
  });

  it('stripHtml: tags, entities, line and item boundaries', () => {
    expect(run('stripHtml', 'plain text')).toBe('plain text');
    expect(run('stripHtml', 'a<br>b<br/>c<BR />d')).toBe('a\nb\nc\nd');
    expect(run('stripHtml', '<p>One</p><p>Two</p>')).toBe('One\nTwo');
    expect(run('stripHtml', 'Symptoms:\n<ul>\n  <li>Rash</li>\n  <li>Fever</li>\n</ul>done')).toBe('Symptoms:\nRash; Fever\ndone');
    expect(run('stripHtml', '<table><tr><th></th><th>Good</th></tr><tr><td>Care</td><td>X</td></tr></table>')).toBe('Good\nCare; X');
    expect(run('stripHtml', '&lt;b&gt; &amp;amp; &quot;q&quot; &#39;s&#39; &#x263A; caf&eacute; &nbsp;x')).toBe('<b> &amp; "q" \'s\' ☺ caf&eacute; x');
    expect(run('stripHtml', 'a<script>alert(1)</script><style>p{}</style><!-- c -->b')).toBe('ab');
    expect(run('stripHtml', '<a href="https://x.test/f.png" target="_blank">f.png</a>')).toBe('f.png');
    expect(run('stripHtml', '1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
    expect(run('stripHtml', '&#0; &#xD800; &#99999999;')).toBe('&#0; &#xD800; &#99999999;');
    expect(run('stripHtml', 'x\uE000y\uE001z')).toBe('xyz');
  });

  it('stripHtml: lists and objects element-wise; null stays null', () => {
    expect(run('stripHtml', ['<b>a</b>', 'b'])).toEqual(['a', 'b']);
    expect(run('stripHtml', { k: '<i>v</i>' })).toEqual({ k: 'v' });
    expect(run('stripHtml', null)).toBeNull();
    expect(htmlToText('')).toBe('');
  });

  it('joinList: list and object to text; text passes unchanged', () => {
    expect(run('joinList', ['a', '', ' ', 'b'])).toBe('a, b');
    expect(run('joinList', [])).toBe('');
    expect(run('joinList', { a: 'x', b: '', c: 'z' })).toBe('x, z');
    expect(run('joinList', 'already text')).toBe('already text');
    expect(run('joinList', null)).toBeNull();
  });

  it('truncate255: cuts text and flattened shapes without splitting characters', () => {
    expect(run('truncate255', 'short')).toBe('short');
    expect(run('truncate255', '😀'.repeat(300))).toBe('😀'.repeat(255));
    expect(run('truncate255', ['a', 'b'])).toBe('a, b');
    expect(run('truncate255', { first: 'Jane', last: 'Doe' })).toBe('Jane Doe');
    expect(run('truncate255', null)).toBeNull();
    expect(cutText('abc', 2)).toBe('ab');
  });

  it('firstLine: first non-blank line or item; objects pass unchanged', () => {
    expect(run('firstLine', '\n  \n first \r\nsecond')).toBe('first');
    expect(run('firstLine', '   ')).toBe('');
    expect(run('firstLine', ['', 'b', 'c'])).toBe('b');
    expect(run('firstLine', ['', ' '])).toEqual(['', ' ']);
    expect(run('firstLine', { a: 'b' })).toEqual({ a: 'b' });
    expect(run('firstLine', null)).toBeNull();
  });
});

describe('extracting functions (null when there is nothing of their kind)', () => {
  it('fullName: name object, text passes, bad shapes give null', () => {
    expect(run('fullName', { prefix: 'Dr.', first: ' Jane ', middle: '', last: 'Doe', suffix: 'Jr.' })).toBe('Jane Doe');
    expect(run('fullName', { first: 'Jane', middle: 'Q', last: 'Doe' })).toBe('Jane Q Doe');
    expect(run('fullName', { last: 'Doe' })).toBe('Doe');
    expect(run('fullName', 'Jane Doe')).toBe('Jane Doe');
    expect(run('fullName', { first: '', last: '' })).toBeNull();
    expect(run('fullName', { city: 'Springfield' })).toBeNull();
    expect(run('fullName', ['Jane'])).toBeNull();
    expect(run('fullName', null)).toBeNull();
  });

  it('addressLine: address object in field order, text passes, bad shapes give null', () => {
    const address = { country: 'United States', city: 'Springfield', addr_line1: '1 Main St', addr_line2: 'Apt 2', state: 'IL', postal: '62701' };
    expect(run('addressLine', address)).toBe('1 Main St, Apt 2, Springfield, IL, 62701, United States');
    expect(run('addressLine', { city: 'Springfield', county: 'Sangamon' })).toBe('Springfield, Sangamon');
    expect(run('addressLine', '1 Main St')).toBe('1 Main St');
    expect(run('addressLine', { city: ' ' })).toBeNull();
    expect(run('addressLine', ['x'])).toBeNull();
    expect(run('addressLine', null)).toBeNull();
  });

  it('dateISO and dateUS: every accepted shape', () => {
    const inputs: unknown[] = [
      { month: '04', day: '16', year: '2024', datetime: '2024-04-16 00:00:00' },
      { month: '4', day: '16', year: '2024' },
      { month: 'April', day: '16', year: '2024' },
      { datetime: '2024-04-16 10:30:00' },
      '04-16-2024',
      '4/16/2024',
      '2024-04-16',
      '2024-04-16 13:45:00',
      '2024-04-16T08:00:00Z',
      '04-16-2024 10:30 AM',
    ];
    for (const input of inputs) {
      expect(run('dateISO', input)).toBe('2024-04-16');
      expect(run('dateUS', input)).toBe('04/16/2024');
    }
  });

  it('dateISO and dateUS: bad input gives null', () => {
    const bad: unknown[] = ['', 'soon', '13-01-2024', '02-30-2024', '2023-02-29', '2024-04-16 garbage', '16.04.2024', ['2024-04-16'], { month: '', day: '', year: '' }, { month: 'Smarch', day: '1', year: '2024' }, null, 0];
    for (const input of bad) {
      expect(run('dateISO', input)).toBeNull();
      expect(run('dateUS', input)).toBeNull();
    }
    expect(run('dateISO', '02-29-2024')).toBe('2024-02-29');
    expect(run('dateISO', '0999-01-01')).toBeNull();
  });

  it('phoneDigits: text, {full}, split phone objects; null without digits', () => {
    expect(run('phoneDigits', '+1 (123) 123-1234')).toBe('11231231234');
    expect(run('phoneDigits', { full: '(123) 123-1234' })).toBe('1231231234');
    expect(run('phoneDigits', { area: '123', phone: '123-1234' })).toBe('1231231234');
    expect(run('phoneDigits', 'none')).toBeNull();
    expect(run('phoneDigits', ['123'])).toBeNull();
    expect(run('phoneDigits', null)).toBeNull();
  });

  it('yesNo: recognised words, one-item lists; null otherwise', () => {
    for (const y of ['Yes', ' y ', 'TRUE', '1', 'on', 'checked', 'x']) expect(run('yesNo', y)).toBe('Yes');
    for (const n of ['no', 'N', 'false', '0', 'off', 'unchecked']) expect(run('yesNo', n)).toBe('No');
    expect(run('yesNo', ['Yes'])).toBe('Yes');
    for (const bad of ['', 'maybe', ['Yes', 'No'], [], { a: 'yes' }, null]) expect(run('yesNo', bad)).toBeNull();
  });
});
