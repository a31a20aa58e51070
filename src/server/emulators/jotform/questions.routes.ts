import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type EmulatorContext, type IdParams, formOr401 } from './context.ts';
import { badRequest, notAuthorized, sendOk } from './envelope.ts';
import { bracketField, stringProps } from './form-body.ts';
import { nextOrder, questionView, takeQid } from './store.ts';
import type { EmuForm, EmuQuestion } from './types.ts';

interface QuestionParams extends IdParams {
  qid: string;
}

/** JotForm keeps every property as a string; sublabels stays an object of strings. */
function normalise(input: Record<string, unknown>): Record<string, string | Record<string, string>> {
  const out: Record<string, string | Record<string, string>> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'object' && !Array.isArray(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([sk, sv]) => [sk, String(sv)]));
    } else out[k] = Array.isArray(v) ? v.map(String).join('|') : String(v);
  }
  return out;
}

function nameFrom(text: string): string {
  const words = text.toLowerCase().match(/[a-z0-9]+/g)?.slice(0, 2) ?? [];
  return words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('') || 'question';
}

function createQuestion(form: EmuForm, input: Record<string, unknown>): EmuQuestion {
  const props = normalise(input);
  const type = props.type;
  if (typeof type !== 'string' || !type.startsWith('control_')) throw badRequest('Question type is required (control_…)');
  const text = typeof props.text === 'string' ? props.text : '';
  const order = typeof props.order === 'string' && /^\d+$/.test(props.order) ? props.order : nextOrder(form);
  const name = typeof props.name === 'string' && props.name ? props.name : nameFrom(text);
  const question: EmuQuestion = { ...props, qid: takeQid(form), order, type, text, name };
  form.questions.set(question.qid, question);
  return question;
}

function questionOr401(form: EmuForm, request: FastifyRequest, qid: string): EmuQuestion {
  const q = form.questions.get(qid);
  // JotForm replies 404 only for unknown routes; an unknown id inside a known route is a 401.
  if (!q) throw notAuthorized(request);
  return q;
}

/** Questions: list, read one, add (PUT JSON / POST form), edit (POST form), delete. */
export function questionRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: IdParams }>('/form/:id/questions', async (request, reply) => {
    const form = formOr401(ctx, request, request.params.id);
    const content = form.questions.size === 0 ? [] : Object.fromEntries([...form.questions].map(([qid, q]) => [qid, questionView(q)]));
    return sendOk(request, reply, content);
  });

  app.get<{ Params: QuestionParams }>('/form/:id/question/:qid', async (request, reply) => {
    const form = formOr401(ctx, request, request.params.id);
    return sendOk(request, reply, questionView(questionOr401(form, request, request.params.qid)));
  });

  // The reply is keyed by the request's own keys, with qid and order as numbers (a real capture).
  app.put<{ Params: IdParams }>('/form/:id/questions', async (request, reply) => {
    const form = formOr401(ctx, request, request.params.id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const questions = body.questions ?? body;
    if (!questions || typeof questions !== 'object') throw badRequest('questions must be an object or an array');
    const entries = Array.isArray(questions) ? questions.map((q, i) => [String(i), q] as const) : Object.entries(questions);
    if (entries.length === 0) throw badRequest('No questions to add');
    const invalid = entries.find(([, q]) => !q || typeof q !== 'object' || typeof (q as { type?: unknown }).type !== 'string');
    if (invalid) throw badRequest(`Question ${invalid[0]} has no type`);
    const content: Record<string, unknown> = {};
    for (const [key, input] of entries) {
      const q = createQuestion(form, input as Record<string, unknown>);
      content[key] = { ...questionView(q), qid: Number(q.qid), order: Number(q.order) };
    }
    return sendOk(request, reply, content);
  });

  app.post<{ Params: IdParams }>('/form/:id/questions', async (request, reply) => {
    const form = formOr401(ctx, request, request.params.id);
    return sendOk(request, reply, questionView(createQuestion(form, bracketField(request.body, 'question'))));
  });

  app.post<{ Params: QuestionParams }>('/form/:id/question/:qid', async (request, reply) => {
    const form = formOr401(ctx, request, request.params.id);
    const q = questionOr401(form, request, request.params.qid);
    const { qid: _ignored, ...props } = stringProps(bracketField(request.body, 'question'));
    if (props.order !== undefined && !/^\d+$/.test(props.order)) throw badRequest('order must be a whole number');
    Object.assign(q, props);
    return sendOk(request, reply, questionView(q));
  });

  app.delete<{ Params: QuestionParams }>('/form/:id/question/:qid', async (request, reply) => {
    const form = formOr401(ctx, request, request.params.id);
    const q = questionOr401(form, request, request.params.qid);
    form.questions.delete(q.qid);
    return sendOk(request, reply, `QuestionID #${q.qid} successfully deleted.`);
  });
}
