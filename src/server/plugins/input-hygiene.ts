import type { FastifyReply, FastifyRequest } from 'fastify';
import { Invalid } from '../lib/errors.ts';

/** Deeper than this, a request is not a form a person filled in. */
const MAX_DEPTH = 32;

interface Finding {
  /** The keys from the part's top down to the value, filled in on the way back out. */
  path: string[];
  problem: string;
  /** The problem is in a field's name, not its value. */
  inName: boolean;
}

/** A NUL or any UTF-16 surrogate: text with neither (nearly all text) is fine, seen in one pass. */
// eslint-disable-next-line no-control-regex -- the NUL is the point of the pattern
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | null {
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\u0000')) return 'contains a NUL character, which is not allowed';
  // A lone UTF-16 surrogate cannot be stored as UTF-8 text.
  if (LONE_SURROGATE.test(text)) return 'contains an invalid character (a lone surrogate)';
  return null;
}

/** The first problem in a value, found without allocating anything for the values that have none. */
function walk(value: unknown, depth: number): Finding | null {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? { path: [], problem, inName: false } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return { path: [], problem: 'is nested too deeply', inName: false };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = walk(value[i], depth + 1);
      if (found) {
        found.path.unshift(String(i));
        return found;
      }
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const keyProblem = problemOf(key);
    if (keyProblem) return { path: [], problem: `has a field name that ${keyProblem}`, inName: true };
    const found = walk((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.path.unshift(key);
      return found;
    }
  }
  return null;
}

const PARTS = ['params', 'query', 'body'] as const;

/**
 * Refuses NUL characters and lone surrogates anywhere in a request's path parameters, query and
 * body, before any schema or handler sees them (PostgreSQL stores neither). 400 naming the field.
 * A callback hook: every request passes it, nearly all of them at once.
 */
export function refuseUnsafeText(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  for (const part of PARTS) {
    const found = walk(request[part], 0);
    if (!found) continue;
    const field = found.path.join('.') || (found.inName ? 'field name' : part);
    const problem = `${field === part ? `the request ${part}` : field} ${found.problem}`;
    return done(new Invalid(problem.charAt(0).toUpperCase() + problem.slice(1), { [field]: found.problem }));
  }
  done();
}
