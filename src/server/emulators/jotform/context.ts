import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { notAuthorized } from './envelope.ts';
import type { EmuForm, EmuSubmission, EmulatorState } from './types.ts';

/** What the route modules share: the state, the clock and the new-submission hook. */
export interface EmulatorContext {
  state: EmulatorState;
  clock: Clock;
  /** Filter fields the submissions list ignores (an API that does not honour them). */
  ignoredFilters: readonly string[];
  /** Called after a submission arrives over HTTP; delivers the webhooks in the background. */
  submitted(form: EmuForm, submission: EmuSubmission): void;
}

export interface IdParams {
  id: string;
}

/** First value of a query parameter. */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** Paging as JotForm reads it: bad numbers fall back to the defaults, limit is capped at 1000. */
export function paging(request: FastifyRequest): { offset: number; limit: number } {
  const offset = Number.parseInt(queryParam(request, 'offset') ?? '', 10);
  const limit = Number.parseInt(queryParam(request, 'limit') ?? '', 10);
  return {
    offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
    limit: Number.isFinite(limit) && limit > 0 ? Math.min(limit, 1000) : 20,
  };
}

/** Unknown or foreign forms are a 401 in JotForm, never a 404. */
export function formOr401(ctx: EmulatorContext, request: FastifyRequest, id: string): EmuForm {
  const form = ctx.state.forms.get(id);
  if (!form) throw notAuthorized(request);
  return form;
}

export function submissionOr401(ctx: EmulatorContext, request: FastifyRequest, id: string): EmuSubmission {
  const submission = ctx.state.submissions.get(id);
  if (!submission) throw notAuthorized(request);
  return submission;
}
