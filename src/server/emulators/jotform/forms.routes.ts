import type { FastifyInstance } from 'fastify';
import { jotformTimestamp } from './account-time.ts';
import { type EmulatorContext, type IdParams, formOr401, paging, queryParam, submissionOr401 } from './context.ts';
import { sendOk } from './envelope.ts';
import { type FormTree, bracketField } from './form-body.ts';
import { applySubmissionEdit, formView, insertSubmission, nextSubmissionId, removeSubmission, submissionView } from './store.ts';
import { parseFilter, parseOrdering, sortSubmissions } from './submission-query.ts';
import type { EmuSubmission, RawAnswers, RawValue } from './types.ts';

/** `submission[qid]…` fields as raw answers; the non-numeric keys (new, flag) are returned apart. */
function rawAnswers(tree: FormTree): { answers: RawAnswers; meta: Record<string, string> } {
  const answers: Record<string, RawValue> = {};
  const meta: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (!/^\d+$/.test(key)) {
      if (typeof value === 'string') meta[key] = value;
      continue;
    }
    if (typeof value === 'string' || Array.isArray(value)) answers[key] = value;
    else {
      const parts: Record<string, string> = {};
      for (const [part, v] of Object.entries(value)) parts[part] = typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : '';
      answers[key] = parts;
    }
  }
  return { answers, meta };
}

/** The account and its forms and submissions: /user, /user/forms, /form/{id}, /form/{id}/submissions, /submission/{id}. */
export function formRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { state } = ctx;
  /**
   * The last lists of a form's submissions as filtered and sorted for a page, kept while the
   * store is unchanged: a client paging through 100,000 of them (a first sync) would otherwise
   * have the whole store filtered and sorted again for each page of 1,000. The pages are the same.
   */
  let lists: { of: Map<string, EmuSubmission>; revision: number; byQuery: Map<string, EmuSubmission[]> } | undefined;
  function matching(formId: string, filterText: string | undefined, orderby: string | undefined, direction: string | undefined): { rows: EmuSubmission[]; label: string } {
    // Invalid filters and orderings are refused every time, never taken from a kept list.
    const matches = parseFilter(filterText, ctx.ignoredFilters);
    const ordering = parseOrdering(orderby, direction);
    if (lists?.of !== state.submissions || lists.revision !== state.revision) lists = { of: state.submissions, revision: state.revision, byQuery: new Map() };
    const key = JSON.stringify([formId, filterText ?? null, ordering.field, ordering.direction]);
    let rows = lists.byQuery.get(key);
    if (!rows) {
      rows = sortSubmissions(
        [...state.submissions.values()].filter((s) => s.form_id === formId && matches(s)),
        ordering,
      );
      // A few queries at a time (the pull's created_at and updated_at walks, a list page).
      if (lists.byQuery.size >= 4) lists.byQuery.clear();
      lists.byQuery.set(key, rows);
    }
    return { rows, label: ordering.label };
  }

  // "Get user account details": only what a caller may rely on; the e-mail stays out.
  app.get('/user', async (request, reply) =>
    sendOk(request, reply, { username: state.username, name: 'Quality Team', account_type: 'https://api.jotform.com/system/plan/BRONZE', status: 'ACTIVE', time_zone: state.timeZone }),
  );

  app.get('/user/forms', async (request, reply) => {
    const { offset, limit } = paging(request);
    const all = [...state.forms.values()].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
    const page = all.slice(offset, offset + limit).map((f) => formView(state, f));
    return sendOk(request, reply, page, { resultSet: { offset, limit, orderby: 'created_at', count: page.length } });
  });

  app.get<{ Params: IdParams }>('/form/:id', async (request, reply) => {
    return sendOk(request, reply, formView(state, formOr401(ctx, request, request.params.id)));
  });

  app.get<{ Params: IdParams }>('/form/:id/submissions', async (request, reply) => {
    const form = formOr401(ctx, request, request.params.id);
    const { offset, limit } = paging(request);
    const filterText = queryParam(request, 'filter');
    const { rows, label } = matching(form.id, filterText, queryParam(request, 'orderby'), queryParam(request, 'direction'));
    const page = rows.slice(offset, offset + limit).map((s) => submissionView(state, s));
    const resultSet: Record<string, unknown> = { offset, limit, orderby: label, count: page.length };
    if (filterText) resultSet.filter = filterText;
    return sendOk(request, reply, page, { resultSet });
  });

  app.post<{ Params: IdParams }>('/form/:id/submissions', async (request, reply) => {
    const form = formOr401(ctx, request, request.params.id);
    const { answers } = rawAnswers(bracketField(request.body, 'submission'));
    const submission = insertSubmission(state, form, {
      id: nextSubmissionId(state),
      created_at: jotformTimestamp(ctx.clock.now(), state.timeZone),
      ip: request.ip,
      answers,
    });
    ctx.submitted(form, submission);
    return sendOk(request, reply, { submissionID: submission.id, URL: `https://www.jotform.com/submission/${submission.id}` });
  });

  app.get<{ Params: IdParams }>('/submission/:id', async (request, reply) => {
    return sendOk(request, reply, submissionView(state, submissionOr401(ctx, request, request.params.id)));
  });

  app.post<{ Params: IdParams }>('/submission/:id', async (request, reply) => {
    const submission = submissionOr401(ctx, request, request.params.id);
    const { answers, meta } = rawAnswers(bracketField(request.body, 'submission'));
    applySubmissionEdit(state, submission, { answers, new: meta.new, flag: meta.flag }, ctx.clock.now());
    return sendOk(request, reply, submissionView(state, submission));
  });

  app.delete<{ Params: IdParams }>('/submission/:id', async (request, reply) => {
    const submission = submissionOr401(ctx, request, request.params.id);
    removeSubmission(state, submission.id);
    return sendOk(request, reply, `Submission #${submission.id} deleted successfully.`);
  });
}
