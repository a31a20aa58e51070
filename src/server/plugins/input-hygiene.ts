import type { FastifyRequest } from 'fastify';
import { Invalid } from '../lib/errors.ts';

/** Deeper than this, a request is not a form a person filled in. */
const MAX_DEPTH = 32;

interface Finding {
  path: string;
  problem: string;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character, which is not allowed';
  // A lone UTF-16 surrogate cannot be stored as UTF-8 text.
  if (LONE_SURROGATE.test(text)) return 'contains an invalid character (a lone surrogate)';
  return null;
}

function walk(value: unknown, path: string[], depth: number): Finding | null {
  const at = () => path.join('.');
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? { path: at(), problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return { path: at(), problem: 'is nested too deeply' };
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [key, child] of entries) {
    const keyProblem = problemOf(key);
    if (keyProblem) return { path: at() || 'field name', problem: `has a field name that ${keyProblem}` };
    const found = walk(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses NUL characters and lone surrogates anywhere in a request's path parameters, query and
 * body, before any schema or handler sees them (PostgreSQL stores neither). 400 naming the field.
 */
export async function refuseUnsafeText(request: FastifyRequest): Promise<void> {
  for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
    const found = walk(value, [], 0);
    if (!found) continue;
    const field = found.path || part;
    const problem = `${field === part ? `the request ${part}` : field} ${found.problem}`;
    throw new Invalid(problem.charAt(0).toUpperCase() + problem.slice(1), { [field]: found.problem });
  }
}
