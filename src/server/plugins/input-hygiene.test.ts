import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Invalid } from '../lib/errors.ts';
import { refuseUnsafeText } from './input-hygiene.ts';

/** What the hook replies to a request of these parts: nothing (it goes on), or the 400's message and details. */
function check(parts: { params?: unknown; query?: unknown; body?: unknown }) {
  let outcome: { message: string; details: unknown } | 'passed' | undefined;
  refuseUnsafeText({ params: {}, query: {}, body: undefined, ...parts } as FastifyRequest, {} as FastifyReply, (err?: Error) => {
    outcome = err ? { message: err.message, details: (err as Invalid).details } : 'passed';
  });
  return outcome;
}

describe('the input check every request passes', () => {
  it('lets ordinary text through at once, emoji and accented letters included', () => {
    expect(check({ params: { id: '123' }, query: { search: 'Zoë 😀', page: '2' }, body: { notes: ['a', { b: 'ç' }], n: 3, ok: true, none: null } })).toBe('passed');
  });

  it('names the path of a bad value deep in the body, array positions included', () => {
    expect(check({ body: { a: [{ b: 'x' }, { b: 'y\u0000' }] } })).toEqual({
      message: 'A.1.b contains a NUL character, which is not allowed',
      details: { 'a.1.b': 'contains a NUL character, which is not allowed' },
    });
  });

  it('names the object holding a bad field name, or "field name" at the top', () => {
    expect(check({ body: { outer: { '\uD800': 'x' } } })).toEqual({
      message: 'Outer has a field name that contains an invalid character (a lone surrogate)',
      details: { outer: 'has a field name that contains an invalid character (a lone surrogate)' },
    });
    expect(check({ query: { 'a\u0000': '1' } })).toEqual({
      message: 'Field name has a field name that contains a NUL character, which is not allowed',
      details: { 'field name': 'has a field name that contains a NUL character, which is not allowed' },
    });
  });

  it('refuses a whole part that is bad text, and nesting no form has', () => {
    expect(check({ body: '\uDC00' })).toEqual({
      message: 'The request body contains an invalid character (a lone surrogate)',
      details: { body: 'contains an invalid character (a lone surrogate)' },
    });
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    const outcome = check({ body: deep });
    expect(outcome).toMatchObject({ details: { [Array.from({ length: 33 }, () => '0').join('.')]: 'is nested too deeply' } });
  });
});
